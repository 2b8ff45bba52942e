import Motion
import Raster

/// An app's asset catalogue (`.xcassets`), as read for `--assets`: its colour sets and image
/// sets by name. The source file names assets (`Color("Brand")`, `Image("logo")`) but does not
/// hold them; the catalogue is the app's other half.
///
/// Names are the catalogue's: a set's folder name without its extension, prefixed with the
/// names of the enclosing groups that provide a namespace (`Brand/Primary`), as
/// `UIColor(named:)` and `Image(_:bundle:)` look them up (Apple, "Asset Catalog Format
/// Reference": "Folder" → `provides-namespace`). Colours are read whole when the catalogue is
/// read (a colour set is a few numbers); an image set's PNG files only when the source draws
/// it, through ``loadImage``.
public struct AssetCatalog: Sendable {
    /// A colour set: its sRGB colour for the light (any) appearance and, when the set has one,
    /// for the dark appearance (`appearances: [{appearance: luminosity, value: dark}]`).
    public struct ColorSet: Hashable, Sendable {
        /// The colour in the light appearance (the set's universal colour), sRGB 0…1.
        public var light: ColorValue
        /// The colour in the dark appearance; `nil` when the set has none (the light one is used).
        public var dark: ColorValue?

        /// A colour set.
        public init(light: ColorValue, dark: ColorValue? = nil) {
            self.light = light
            self.dark = dark
        }

        /// The colour as a view tree holds it: one value, or one per appearance.
        public var value: ColorValue {
            guard let dark, dark != light else { return light }
            return .appearance(light: light, dark: dark)
        }
    }

    /// An image set: its PNG files by scale factor, where they are.
    public struct ImageSet: Hashable, Sendable {
        /// One file of the set.
        public struct File: Hashable, Sendable {
            /// The file's path, as the catalogue was given plus the set's folder.
            public var path: String
            /// Its scale factor: 1, 2 or 3 (`"scale": "2x"`); 1 for a single-scale image.
            public var scale: Double

            /// A file.
            public init(path: String, scale: Double) {
                self.path = path
                self.scale = scale
            }
        }

        /// The files, in ascending scale.
        public var files: [File]
        /// `properties.template-rendering-intent`: `true` for `template`, `false` for
        /// `original`, `nil` when the set leaves it to the code (`Image` draws it as is).
        public var template: Bool?

        /// An image set.
        public init(files: [File], template: Bool? = nil) {
            self.files = files.sorted { $0.scale < $1.scale }
            self.template = template
        }
    }

    /// Why an asset could not be read: one line naming the file and the problem.
    public struct LoadFailure: Error, Hashable, Sendable {
        /// The message, e.g. `Assets.xcassets/logo.imageset/logo@2x.png: not a PNG file`.
        public var message: String

        /// A failure.
        public init(_ message: String) { self.message = message }
    }

    /// The colour sets by name.
    public var colors: [String: ColorSet]
    /// The colour sets that hold no colour for an iPhone: every well left empty, as Xcode's app
    /// template writes `AccentColor` (`{"idiom": "universal"}` without a `color`). Code that
    /// names one draws its stand-in, with a warning that says the set is empty.
    public var emptyColorSets: Set<String> = []
    /// The image sets by name.
    public var images: [String: ImageSet]
    /// Reads one PNG file of an image set (the codec lives above this module).
    public var loadImage: @Sendable (String) throws(LoadFailure) -> RGBAImage

    /// A catalogue.
    public init(colors: [String: ColorSet] = [:], images: [String: ImageSet] = [:],
                loadImage: @escaping @Sendable (String) throws(LoadFailure) -> RGBAImage = { path throws(LoadFailure) in
                    throw LoadFailure("\(path): no image reader")
                }) {
        self.colors = colors
        self.images = images
        self.loadImage = loadImage
    }

    /// No catalogue: every asset is missing (the render without `--assets`).
    public static let empty = AssetCatalog()

    /// Whether the catalogue holds no asset at all.
    public var isEmpty: Bool { colors.isEmpty && images.isEmpty && emptyColorSets.isEmpty }

    /// The name of the set a generated symbol stands for (`.brandPrimary` for "BrandPrimary",
    /// "brand-primary" or "Brand Primary"), `nil` when none matches.
    ///
    /// Xcode 15 generates a `ColorResource` / `ImageResource` constant for each colour and image
    /// set (Apple, Xcode 15 Release Notes, "Asset Catalogs"; the `ColorResource` and
    /// `ImageResource` types of DeveloperToolsSupport; build setting
    /// `ASSETCATALOG_COMPILER_GENERATE_ASSET_SYMBOLS`), named from the set's name in lower camel
    /// case: the first letter lowered, separators dropped with the next letter raised, and for
    /// a colour a trailing "Color" dropped (`someBlueColor` is `.someBlue`, as Xcode's output
    /// shows). The generator's exact rule is not published, so a symbol matches a set whose
    /// name equals it ignoring case and every character that is not a letter or a digit (with
    /// `droppingSuffix` also without that suffix); the exact name wins, then the first in name
    /// order; a set in a namespace matches by its whole name or its last part.
    public static func setName(forSymbol symbol: String, among names: some Sequence<String>, droppingSuffix suffix: String? = nil) -> String? {
        let sorted = names.sorted()
        if sorted.contains(symbol) { return symbol }
        let key = symbolKey(symbol)
        func keys(_ name: String) -> [String] {
            var keys = [symbolKey(name), symbolKey(lastComponent(name))]
            if let suffix = suffix?.lowercased() {
                keys += keys.filter { $0.hasSuffix(suffix) && $0.count > suffix.count }.map { String($0.dropLast(suffix.count)) }
            }
            return keys
        }
        return sorted.first { keys($0).first == key } ?? sorted.first { keys($0).contains(key) }
    }

    /// `name` lower-cased with every character that is not a letter or a digit left out.
    static func symbolKey(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    static func lastComponent(_ name: String) -> String {
        name.split(separator: "/").last.map(String.init) ?? name
    }

    /// The names in `names` closest to `name` (edit distance ignoring case, at most `count`, only
    /// those within half the name's length): what a warning about a missing asset offers.
    public static func closest(to name: String, among names: some Sequence<String>, count: Int = 3) -> [String] {
        let lowered = name.lowercased()
        let limit = max(2, name.count / 2)
        return names.map { (name: $0, distance: Spelling.editDistance(lowered, $0.lowercased())) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
            .prefix(count).map(\.name)
    }
}

/// An image from an asset catalogue as a view draws it (`Image("logo")`): its bitmaps by scale
/// factor, of which the render takes the one for its scale.
///
/// SwiftUI draws a bitmap image at its natural size in points, its pixel size divided by its
/// scale factor (Apple, `UIImage.size`: "the logical dimensions of the image … in points";
/// `UIImage.scale`), choosing the file for the screen's scale (Apple, "Asset Catalog Format
/// Reference", "Image Set": the `scale` of each image). A missing image has no bitmaps and is
/// of size zero, as a device draws `Image` with an unknown name.
public struct BitmapImage: Hashable, Sendable {
    /// The asset's name (`logo`).
    public var name: String
    /// The bitmaps, in ascending scale.
    public var variants: [BitmapVariant]
    /// `renderingMode(.template)` (or the set's template rendering intent): only the alpha is
    /// drawn, in the foreground colour.
    public var template: Bool
    /// Whether a resized image is smoothed (bilinear, box-filtered when much reduced); `false`
    /// for `interpolation(.none)`, which draws each texel as a sharp block (Apple,
    /// `Image.Interpolation.none`), as pixel art wants.
    public var smooth: Bool
    /// Where the image is written (`Image("logo")`), for a refusal that points at it.
    public var mark = SourceMark.unknown

    /// An image.
    public init(name: String, variants: [BitmapVariant], template: Bool = false, smooth: Bool = true) {
        self.name = name
        self.variants = variants.sorted { $0.scale < $1.scale }
        self.template = template
        self.smooth = smooth
    }

    /// The bitmap drawn at `displayScale` pixels per point: the one of that scale, else the
    /// nearest (the larger of two as near, which loses less detail), scaled to the screen.
    /// `nil` for a missing image.
    public func variant(forScale displayScale: Double) -> BitmapVariant? {
        variants.min { a, b in
            let da = abs(a.scale - displayScale), db = abs(b.scale - displayScale)
            return da != db ? da < db : a.scale > b.scale
        }
    }

    /// The natural size in points at `displayScale`: the chosen bitmap's pixels over its scale.
    public func pointSize(forScale displayScale: Double) -> (width: Double, height: Double) {
        guard let variant = variant(forScale: displayScale) else { return (0, 0) }
        return (Double(variant.pixels.width) / variant.scale, Double(variant.pixels.height) / variant.scale)
    }
}

/// One bitmap of an image set and its scale factor.
public struct BitmapVariant: Hashable, Sendable {
    /// Pixels per point: 1, 2 or 3.
    public var scale: Double
    /// The pixels (shared, compared by the file they came from).
    public var pixels: BitmapPixels

    /// A variant.
    public init(scale: Double, pixels: BitmapPixels) {
        self.scale = scale
        self.pixels = pixels
    }
}

/// A decoded bitmap, shared by every tree that draws it and compared by its source (the file
/// it was read from): view trees are hashed often, and hashing the pixels would cost a pass
/// over them each time.
public final class BitmapPixels: Hashable, Sendable {
    /// Where the pixels came from (the file's path): the identity.
    public let source: String
    /// The pixels, straight alpha.
    public let image: RGBAImage
    /// The same pixels premultiplied, as the compositor takes them.
    public let premultiplied: [UInt8]

    /// Pixels read from `source`.
    public init(source: String, image: RGBAImage) {
        self.source = source
        self.image = image
        var bytes = image.pixels
        for i in Swift.stride(from: 0, to: bytes.count, by: 4) {
            let a = UInt16(bytes[i + 3])
            for c in 0..<3 { bytes[i + c] = UInt8((UInt16(bytes[i + c]) * a + 127) / 255) }
        }
        premultiplied = bytes
    }

    /// Width in pixels.
    public var width: Int { image.width }
    /// Height in pixels.
    public var height: Int { image.height }

    public static func == (a: BitmapPixels, b: BitmapPixels) -> Bool { a.source == b.source && a.width == b.width && a.height == b.height }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(width)
        hasher.combine(height)
    }
}
