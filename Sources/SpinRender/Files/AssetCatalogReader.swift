#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import PNGCodec
import Raster
import Scene

/// Reads an app's asset catalogue (`--assets`): the colour sets whole, and each image set's
/// list of PNG files, checked to exist and to start with a PNG header of a size the memory
/// limit allows; the pixels are decoded when the source draws the image.
///
/// The format is Xcode's (Apple, "Asset Catalog Format Reference"): a `.xcassets` folder of
/// groups (folders, whose `Contents.json` may set `properties.provides-namespace`) and sets,
/// each a folder with a `Contents.json`:
///
/// - `NAME.colorset`: `colors`, each `{"idiom", "appearances"?, "color": {"color-space",
///   "components": {"red", "green", "blue", "alpha"}}}`. Components are written as Xcode
///   writes them in its three input modes: floating point (`"0.500"`), 8-bit integers
///   (`"128"`) or hexadecimal (`"0x80"`); an integer from 0 to 255 is a byte (so `"1"` is
///   1/255), except for alpha, which Xcode writes as a fraction, where `"0"` and `"1"` are 0
///   and 1. Colour spaces `srgb`, `extended-srgb` (clamped to 0…1), `extended-linear-srgb`,
///   `display-p3` (converted to sRGB as `Color(.displayP3, …)` is), `gray-gamma-22` and
///   `extended-gray` (`white`); `{"platform": "ios", "reference": "systemBlueColor"}` is the
///   UIKit colour. The entry with `appearances: [{appearance: luminosity, value: dark}]` is
///   the dark colour; the one without appearances (or `value: light`) the light one. Entries
///   for other idioms than `universal` and `iphone`, for high contrast, or for the Display P3
///   gamut when an sRGB one exists are not read (the render is an iPhone's, in sRGB).
/// - `NAME.imageset`: `images`, each `{"idiom", "scale": "1x"|"2x"|"3x", "filename"}`; an
///   entry without a file is an empty slot; `properties.template-rendering-intent`.
///
/// Other set kinds (`.appiconset`, `.symbolset`, `.dataset` …) are passed over.
public enum AssetCatalogReader {
    /// The deepest nesting of groups read.
    public static let maximumDepth = 32
    /// The most sets one catalogue may hold.
    public static let maximumSets = 20_000

    /// The catalogues at `paths`, merged (a name in a later one replaces an earlier one's).
    ///
    /// - Parameters:
    ///   - paths: each a `.xcassets` folder or a folder holding some (each read).
    ///   - maximumImageBytes: the most one decoded image may take (`--max-memory`).
    /// - Throws: ``SpinRenderError`` with `.missingInput` for a path or a file a set names that
    ///   does not exist or cannot be read, `.badData` for a folder that is no catalogue, a
    ///   `Contents.json` that is not JSON or not a set's, a component that is not a number, a
    ///   file that is not a PNG or whose pixels would take more than `maximumImageBytes`; the
    ///   message names the file and the problem.
    public static func read(_ paths: [String], maximumImageBytes: Int = MemoryEstimate.defaultLimitBytes) throws(SpinRenderError) -> AssetCatalog {
        var colors: [String: AssetCatalog.ColorSet] = [:]
        var emptyColors: Set<String> = []
        var images: [String: AssetCatalog.ImageSet] = [:]
        for path in paths {
            for catalogue in try catalogues(at: path) {
                var walk = Walk(maximumImageBytes: maximumImageBytes)
                try walk.folder(catalogue, prefix: "", depth: 0)
                colors.merge(walk.colors) { $1 }
                // A later catalogue's set replaces an earlier one's, empty or not.
                emptyColors.subtract(walk.colors.keys)
                for name in walk.emptyColors { colors[name] = nil }
                emptyColors.formUnion(walk.emptyColors)
                images.merge(walk.images) { $1 }
            }
        }
        var catalogue = AssetCatalog(colors: colors, images: images) { path throws(AssetCatalog.LoadFailure) in
            try decode(path, maximumImageBytes: maximumImageBytes)
        }
        catalogue.emptyColorSets = emptyColors
        return catalogue
    }

    /// The `.xcassets` folders `path` names: itself, or those directly inside it.
    static func catalogues(at path: String) throws(SpinRenderError) -> [String] {
        let shown = Echo.cut(path, limit: Echo.pathLimit)
        guard try InputFile.existsOrThrows(path) else {
            throw SpinRenderError(.missingInput, "\(shown): no such asset catalogue (--assets takes a .xcassets folder or a folder holding one)")
        }
        guard InputFile.isDirectory(path) else {
            throw SpinRenderError(.badData, "\(shown): not a folder; --assets takes a .xcassets folder or a folder holding one")
        }
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        if trimmed.lowercased().hasSuffix(".xcassets") { return [trimmed] }
        let inside = try InputFile.list(trimmed).filter { $0.lowercased().hasSuffix(".xcassets") && InputFile.isDirectory(trimmed + "/" + $0) }
        guard !inside.isEmpty else {
            throw SpinRenderError(.badData, "\(shown): holds no .xcassets folder; --assets takes a .xcassets folder or a folder holding one")
        }
        return inside.map { trimmed + "/" + $0 }
    }

    /// One catalogue's walk: the sets found so far, and the folders seen (a symbolic link back
    /// to a folder above would otherwise be walked again and again).
    private struct Walk {
        let maximumImageBytes: Int
        var colors: [String: AssetCatalog.ColorSet] = [:]
        var emptyColors: Set<String> = []
        var images: [String: AssetCatalog.ImageSet] = [:]
        var count = 0
        var seen: Set<String> = []

        init(maximumImageBytes: Int) { self.maximumImageBytes = maximumImageBytes }

        mutating func folder(_ folder: String, prefix: String, depth: Int) throws(SpinRenderError) {
            guard depth <= maximumDepth else {
                throw SpinRenderError(.badData, "\(Echo.cut(folder, limit: Echo.pathLimit)): groups nested more than \(maximumDepth) deep")
            }
            guard seen.insert(InputFile.canonicalPath(folder)).inserted else { return }
            for entry in try InputFile.list(folder) {
                let path = folder + "/" + entry
                guard InputFile.isDirectory(path) else { continue }
                let lowered = entry.lowercased()
                if lowered.hasSuffix(".colorset") || lowered.hasSuffix(".imageset") {
                    count += 1
                    guard count <= maximumSets else {
                        throw SpinRenderError(.badData, "\(Echo.cut(folder, limit: Echo.pathLimit)): more than \(maximumSets) sets in one catalogue")
                    }
                    let name = prefix + String(entry.dropLast(9))
                    if lowered.hasSuffix(".colorset") {
                        if let set = try colorSet(path) {
                            colors[name] = set
                            emptyColors.remove(name)
                        } else {
                            colors[name] = nil
                            emptyColors.insert(name)
                        }
                    } else {
                        images[name] = try imageSet(path, maximumImageBytes: maximumImageBytes)
                    }
                } else if !lowered.contains(".") || lowered.hasSuffix(".spriteatlas") {
                    // A group; with `provides-namespace` its name is part of its sets' names.
                    var inner = prefix
                    let contents = path + "/Contents.json"
                    if InputFile.exists(contents), case let .object(root) = try json(contents),
                       case let .object(properties)? = root["properties"], properties["provides-namespace"] == .bool(true) {
                        inner += entry + "/"
                    }
                    try self.folder(path, prefix: inner, depth: depth + 1)
                }
            }
        }
    }

    /// A `Contents.json`, read and parsed.
    static func json(_ path: String) throws(SpinRenderError) -> JSONValue {
        let bytes = try InputFile.read(path, maximumBytes: 1 << 20)
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw SpinRenderError(.badData, "\(Echo.cut(path, limit: Echo.pathLimit)): not valid JSON: \(BatchManifest.describe(error))")
        } catch {
            throw SpinRenderError(.badData, "\(Echo.cut(path, limit: Echo.pathLimit)): not valid JSON: \(error)")
        }
    }

    // MARK: Colour sets

    /// A colour set's colours; `nil` for a set whose iPhone entries hold no colour (each an
    /// empty well, `{"idiom": "universal"}`, as Xcode's app template writes `AccentColor` until
    /// a colour is chosen).
    static func colorSet(_ folder: String) throws(SpinRenderError) -> AssetCatalog.ColorSet? {
        let path = folder + "/Contents.json"
        let shown = Echo.cut(path, limit: Echo.pathLimit)
        func bad(_ message: String) -> SpinRenderError { SpinRenderError(.badData, "\(shown): \(message)") }
        guard InputFile.exists(path) else { throw SpinRenderError(.missingInput, "\(shown): no such file; a colour set holds its colours there") }
        guard case let .object(root) = try json(path), case let .array(entries)? = root["colors"] else {
            throw bad("expected an object with a \"colors\" array, as Xcode writes a colour set")
        }
        var light: (rank: Int, value: ColorValue)?
        var dark: (rank: Int, value: ColorValue)?
        for (index, item) in entries.enumerated() {
            guard case let .object(entry) = item else { throw bad("colors[\(index)]: expected an object") }
            let idiom = entry["idiom"].flatMap { if case let .string(text) = $0 { text } else { nil } } ?? "universal"
            guard idiom == "universal" || idiom == "iphone" else { continue }
            var appearance = "any"
            var skipped = false
            if case let .array(appearances)? = entry["appearances"] {
                for case let .object(item) in appearances {
                    guard case let .string(kind)? = item["appearance"], case let .string(value)? = item["value"] else { continue }
                    if kind == "luminosity" { appearance = value } else if kind == "contrast" && value == "high" { skipped = true }
                }
            }
            if skipped { continue }
            var rank = idiom == "iphone" ? 2 : 0
            if case let .string(gamut)? = entry["display-gamut"] { rank += gamut == "display-P3" ? 0 : 1 } else { rank += 1 }
            // An entry without a colour is a well left empty (Xcode writes the idiom alone).
            guard let colorEntry = entry["color"] else { continue }
            guard case let .object(color) = colorEntry else { throw bad("colors[\(index)]: expected a \"color\" object") }
            let value: ColorValue
            do throws(ComponentError) {
                value = try colorValue(color)
            } catch {
                throw bad("colors[\(index)]: \(error.message)")
            }
            switch appearance {
            case "dark": if dark == nil || rank > dark!.rank { dark = (rank, value) }
            case "light", "any": if light == nil || rank > light!.rank || (appearance == "light" && rank == light!.rank) { light = (rank, value) }
            default: continue
            }
        }
        guard let light = light ?? dark else { return nil }
        return AssetCatalog.ColorSet(light: light.value, dark: dark?.value)
    }

    struct ComponentError: Error {
        var message: String
    }

    /// A colour entry's `color` object as sRGB.
    static func colorValue(_ color: [String: JSONValue]) throws(ComponentError) -> ColorValue {
        if case let .string(reference)? = color["reference"] {
            // A system colour by its UIKit name (`systemBlueColor` → `systemBlue`).
            let name = reference.hasSuffix("Color") ? String(reference.dropLast(5)) : reference
            guard SystemPalette(appearance: .light).named(name) != nil else {
                throw ComponentError(message: "the system colour '\(reference)' is not one spinrender knows")
            }
            return .system(name)
        }
        guard case let .object(components)? = color["components"] else { throw ComponentError(message: "expected \"components\"") }
        let space: String
        if case let .string(text)? = color["color-space"] { space = text } else { space = "srgb" }
        func component(_ key: String, alpha: Bool = false) throws(ComponentError) -> Double {
            guard let value = components[key] else { throw ComponentError(message: "the component \"\(key)\" is missing") }
            guard let number = Self.component(value, alpha: alpha) else {
                throw ComponentError(message: "the component \"\(key)\" is not a number from 0 to 1, an integer from 0 to 255 or a hexadecimal byte such as \"0x80\"")
            }
            return number
        }
        let alpha = components["alpha"] == nil ? 1 : min(1, max(0, try component("alpha", alpha: true)))
        let (r, g, b): (Double, Double, Double)
        switch space {
        case "srgb", "extended-srgb":
            (r, g, b) = (try component("red"), try component("green"), try component("blue"))
        case "extended-linear-srgb":
            (r, g, b) = ColorSpaceConversion.linearToSRGB(try component("red"), try component("green"), try component("blue"))
        case "display-p3":
            (r, g, b) = ColorSpaceConversion.displayP3ToSRGB(try component("red"), try component("green"), try component("blue"))
        case "gray-gamma-22", "extended-gray":
            let white = try component("white")
            (r, g, b) = (white, white, white)
        default:
            throw ComponentError(message: "the colour space '\(space)' is not read; use sRGB, extended sRGB or Display P3")
        }
        func clamped(_ v: Double) -> Double { min(1, max(0, v)) }
        return .rgb(red: clamped(r), green: clamped(g), blue: clamped(b), opacity: alpha)
    }

    /// A component as Xcode writes it: a fraction (`"0.500"`), an 8-bit integer (`"128"`) or a
    /// hexadecimal byte (`"0x80"`), as a string or a JSON number; `nil` when it is none.
    static func component(_ value: JSONValue, alpha: Bool) -> Double? {
        let text: String
        switch value {
        case let .number(number): text = String(number)
        case let .string(string): text = String(string.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        default: return nil
        }
        let lowered = text.lowercased()
        if lowered.hasPrefix("0x") {
            guard let byte = Int(lowered.dropFirst(2), radix: 16), (0...255).contains(byte) else { return nil }
            return Double(byte) / 255
        }
        if !text.contains(".") && !lowered.contains("e"), let integer = Int(text) {
            guard (0...255).contains(integer) else { return nil }
            return alpha && integer <= 1 ? Double(integer) : Double(integer) / 255
        }
        guard let number = Double(text), number.isFinite, abs(number) <= 1_000 else { return nil }
        return number
    }

    // MARK: Image sets

    static func imageSet(_ folder: String, maximumImageBytes: Int) throws(SpinRenderError) -> AssetCatalog.ImageSet {
        let path = folder + "/Contents.json"
        let shown = Echo.cut(path, limit: Echo.pathLimit)
        func bad(_ message: String) -> SpinRenderError { SpinRenderError(.badData, "\(shown): \(message)") }
        guard InputFile.exists(path) else { throw SpinRenderError(.missingInput, "\(shown): no such file; an image set lists its images there") }
        guard case let .object(root) = try json(path), case let .array(entries)? = root["images"] else {
            throw bad("expected an object with an \"images\" array, as Xcode writes an image set")
        }
        var files: [AssetCatalog.ImageSet.File] = []
        var ranks: [Double: Int] = [:]
        for (index, item) in entries.enumerated() {
            guard case let .object(entry) = item else { throw bad("images[\(index)]: expected an object") }
            guard case let .string(fileName)? = entry["filename"] else { continue }  // an empty slot
            let idiom = entry["idiom"].flatMap { if case let .string(text) = $0 { text } else { nil } } ?? "universal"
            guard idiom == "universal" || idiom == "iphone" else { continue }
            if case .array? = entry["appearances"] { continue }  // dark and high-contrast images: the any one is drawn
            var scale = 1.0
            if case let .string(text)? = entry["scale"] {
                guard let factor = ["1x": 1.0, "2x": 2.0, "3x": 3.0][text] else { throw bad("images[\(index)]: the scale '\(text)' is not 1x, 2x or 3x") }
                scale = factor
            }
            guard !fileName.isEmpty, !fileName.contains("/"), fileName != "..", !fileName.utf8.contains(0) else {
                throw bad("images[\(index)]: the file name '\(Echo.cut(fileName))' is not a file of the set's folder")
            }
            let file = folder + "/" + fileName
            let fileShown = Echo.cut(file, limit: Echo.pathLimit)
            guard try InputFile.existsOrThrows(file) else {
                throw SpinRenderError(.missingInput, "\(fileShown): no such file, named by \(shown)")
            }
            let rank = idiom == "iphone" ? 1 : 0
            if let known = ranks[scale], known >= rank { continue }
            // A vector or photo (PDF, SVG, JPEG, HEIC) is refused where the source draws it
            // (``decode(_:maximumImageBytes:)``): an app's catalogue holds many, and a loader
            // that draws none of them renders with the catalogue.
            guard Self.isPNG(fileName) else {
                ranks[scale] = rank
                files.removeAll { $0.scale == scale }
                files.append(AssetCatalog.ImageSet.File(path: file, scale: scale))
                continue
            }
            let head = try InputFile.head(file, count: 33)
            guard let size = PNGDecoder.declaredSize(head) else {
                throw SpinRenderError(.badData, "\(fileShown): not a PNG file (no PNG signature and header)")
            }
            let bytes = size.width.multipliedReportingOverflow(by: size.height)
            guard size.width > 0, size.height > 0, !bytes.overflow, bytes.partialValue <= maximumImageBytes / 4 else {
                throw SpinRenderError(.badData, "\(fileShown): an image of \(size.width) × \(size.height) pixels would take more than the memory limit (--max-memory) allows")
            }
            ranks[scale] = rank
            files.removeAll { $0.scale == scale }
            files.append(AssetCatalog.ImageSet.File(path: file, scale: scale))
        }
        var template: Bool?
        if case let .object(properties)? = root["properties"], case let .string(intent)? = properties["template-rendering-intent"] {
            template = intent == "template"
        }
        return AssetCatalog.ImageSet(files: files, template: template)
    }

    /// Whether an image set's file is read as a PNG, by its name's extension.
    static func isPNG(_ fileName: String) -> Bool { fileName.lowercased().hasSuffix(".png") }

    /// One PNG of an image set, decoded; a file of another format (a PDF, an SVG) is refused.
    static func decode(_ path: String, maximumImageBytes: Int) throws(AssetCatalog.LoadFailure) -> RGBAImage {
        let shown = Echo.cut(path, limit: Echo.pathLimit)
        guard isPNG(path) else { throw .init("\(shown): only PNG images are read; export the image as PNG") }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maximumBytes: max(1 << 20, maximumImageBytes)) } catch { throw .init(error.message) }
        do {
            return try PNGDecoder.decode(bytes, limits: PNGDecodingLimits(maxMemoryBytes: maximumImageBytes))
        } catch {
            throw .init("\(shown): not a readable PNG: \(error.description)")
        }
    }
}
