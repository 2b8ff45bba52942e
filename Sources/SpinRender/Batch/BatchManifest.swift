#if canImport(FoundationEssentials)
// FoundationEssentials has JSONDecoder without ICU: loading all of Foundation would add
// milliseconds to every start of the tool, even for commands that never read JSON.
import FoundationEssentials
#else
import Foundation
#endif
import Motion

/// A batch manifest: many renders described with the command line's own options.
///
/// The file is JSON, either an array of entries or an object:
///
/// ```json
/// {
///   "defaults": { "fps": 50, "appearance": "dark" },
///   "entries": [
///     { "mode": "explicit", "output": "out/explicit.gif" },
///     { "mode": "preview", "scale": 3, "rotate-at": [0.5], "transparent": true,
///       "output": "out/preview@3x.gif" }
///   ]
/// }
/// ```
///
/// Each key is a long option name without its dashes. A string or number is the option's
/// value; `true` gives a flag and `false` leaves it out; an array gives a repeatable option once
/// per element. `defaults` apply to every entry that does not set the key itself. Every entry
/// needs an `output`; relative outputs are resolved against the manifest's folder, so a
/// manifest means the same from any working directory. Entries are written as GIF, WebP, SVG, APNG or MP4 (by the
/// extension or the `format` key), so an output with another extension (`x.png`) is refused; one
/// without an extension is allowed. The key `source` names a SwiftUI `.swift` file to render
/// instead of the built-in example (with `view` to choose its view), also resolved against the
/// manifest's folder and allowed in `defaults`. The key `reference` (an entry's own, not in
/// `defaults`) names a file or frame folder the written output is compared with, resolved the
/// same way; with it, `ignore` (a string `"x,y,w,h"` or an array of them) and `mask` (a PNG
/// path) leave pixels out of that comparison, as `compare --ignore` and `--mask` do. Values are checked later, by the same
/// code that checks the command line, so an entry's messages are the command line's.
public struct BatchManifest: Hashable, Sendable {
    /// One entry: its output, its source and the settings it gives.
    public struct Entry: Hashable, Sendable {
        /// 1-based position in the manifest, the number messages and the summary use.
        public var number: Int
        /// The output path as the manifest gives it.
        public var output: String
        /// The output resolved against the manifest's folder.
        public var resolvedOutput: String
        /// The entry's SwiftUI source file (`source`, from the entry or the defaults) resolved
        /// against the manifest's folder; `nil` renders the built-in example (`mode`).
        public var resolvedSource: String?
        /// What the written output is compared with (`reference`: a GIF, WebP, PNG or frame
        /// folder) resolved against the manifest's folder; `nil` when the entry is only rendered.
        public var resolvedReference: String? = nil
        /// `ignore`: rectangles of pixels left out of the comparison with the reference, as
        /// `compare --ignore X,Y,W,H` leaves them out; empty for none.
        public var ignoredRectangles: [PixelRectangle] = []
        /// `mask`: a PNG whose pixels with alpha above 0 are left out of the comparison, as
        /// `compare --mask` reads it, resolved against the manifest's folder; `nil` for none.
        public var resolvedMask: String? = nil
        /// The entry's settings (defaults merged, `output`, `source` and `reference` excluded), applied
        /// through ``BatchRenderer/entryOptions``.
        public var values: SettingValues

        /// The settings as command-line words, keys sorted, e.g.
        /// `["--mode", "preview", "--rotate-at", "0.5", "--transparent"]`.
        public var arguments: [String] {
            values.texts.keys.sorted().flatMap { key in
                let texts = values.texts[key]!
                return texts.isEmpty ? ["--\(key)"] : texts.flatMap { ["--\(key)", $0] }
            }
        }
    }

    /// The manifest's path as given.
    public var path: String
    /// The entries in manifest order.
    public var entries: [Entry]

    /// A manifest of `entries` read from `path`.
    init(path: String, entries: [Entry]) {
        self.path = path
        self.entries = entries
    }

    /// Reads and checks the manifest file at `path`; its keys are the settings of
    /// ``BatchRenderer/entryOptions``, `output`, `source`, and an entry's `reference`, `ignore` and `mask`.
    ///
    /// - Throws: ``SpinRenderError`` `.missingInput` when the file cannot be read,
    ///   `.badData` when it is not JSON, has no entries, or an entry has an unknown key,
    ///   a value of the wrong type, a number no `Double` can hold (`1e400`), no output, an
    ///   output with an extension other than `.gif`, `.webp` or `.svg` (any case), or an output another entry also
    ///   writes. The message names the file, the entry and the key.
    public init(contentsOf path: String) throws(SpinRenderError) {
        self = try Self.parse(try InputFile.read(path, maximumBytes: 64 << 20), path: path)
    }

    /// Checks manifest bytes; `path` names the manifest in messages and anchors relative outputs.
    ///
    /// - Throws: ``SpinRenderError`` `.badData` as ``init(contentsOf:)`` does.
    public static func parse(_ bytes: [UInt8], path: String) throws(SpinRenderError) -> BatchManifest {
        let schema = Dictionary(uniqueKeysWithValues: BatchRenderer.entryOptions.map { ($0.name, $0.kind) })
        func bad(_ message: String) -> SpinRenderError { SpinRenderError(.badData, "\(path): \(message)") }
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch let error as JSONValue.NumberOutOfRange {
            throw bad("\(place(of: error.codingPath)): the number \(error.literal.map { "\($0) " } ?? "")is out of range "
                + "(a number must be 0 or between about 5e-324 and 1.8e308 in magnitude)")
        } catch let error as DecodingError {
            throw bad("not valid JSON: \(describe(error)) (a JSON checker such as 'python3 -m json.tool' shows where)")
        } catch {
            throw bad("not valid JSON: \(error)")
        }
        var defaults: [String: JSONValue] = [:]
        let list: [JSONValue]
        switch document {
        case .array(let items):
            list = items
        case .object(let top):
            for key in top.keys.sorted() where key != "entries" && key != "defaults" {
                throw bad("unknown top-level key '\(Echo.cut(key))'; expected 'entries' and optionally 'defaults'")
            }
            guard case .array(let items)? = top["entries"] else {
                throw bad(top["entries"] == nil ? "no 'entries' array" : "'entries' must be an array of objects")
            }
            list = items
            if let value = top["defaults"] {
                guard case .object(let object) = value else { throw bad("'defaults' must be an object") }
                for key in object.keys.sorted() where !["source", "ignore", "mask"].contains(key) {
                    if key == "output" { throw bad("defaults: key 'output': every entry names its own output") }
                    _ = try texts(for: key, object[key]!, schema: schema) { bad("defaults: \($0)") }
                }
                defaults = object
            }
        default:
            throw bad("expected an array of entries or an object with 'entries', found \(document.typeName)")
        }
        if list.isEmpty { throw bad("the manifest has no entries") }
        let folder = OutputFile.folder(of: path)
        var entries: [Entry] = []
        var writers: [String: Int] = [:]
        for (index, item) in list.enumerated() {
            let number = index + 1
            guard case .object(var object) = item else {
                throw bad("entry \(number): expected an object of options, found \(item.typeName)")
            }
            for key in object.keys.sorted() where !["output", "source", "reference", "ignore", "mask"].contains(key) {
                _ = try texts(for: key, object[key]!, schema: schema) { bad("entry \(number): \($0)") }
            }
            guard let outputValue = object.removeValue(forKey: "output") else {
                throw bad("entry \(number): key 'output' is missing")
            }
            guard case .string(let output) = outputValue else {
                throw bad("entry \(number): key 'output': expected a file path string, found \(outputValue.typeName)")
            }
            if output.isEmpty {
                throw bad("entry \(number): key 'output' is an empty string; name the GIF to write, like \"spinner.gif\"")
            }
            if output.utf8.contains(0) {
                throw bad("entry \(number): key 'output': a path cannot contain a NUL character (\\u0000)")
            }
            if output == "-" {
                throw bad("entry \(number): key 'output': standard output ('-') cannot take a batch's files; name a file")
            }
            let resolved = output.hasPrefix("/") || folder == "." ? output : folder + "/" + output
            // An entry is written as GIF, WebP, SVG, APNG or MP4: a name promising another format would mislabel it.
            if let suffix = OutputFile.foreignExtension(resolved, expected: ""), OutputFormat.forPath(resolved) == nil {
                throw bad("entry \(number): key 'output': the value '\(Echo.cut(output, limit: Echo.pathLimit))' is invalid: an entry is written as GIF, WebP, SVG, PNG (APNG) or MP4, not '\(suffix)'; give a path ending in .gif, .webp, .svg, .png or .mp4")
            }
            let file = InputFile.canonicalPath(resolved)
            if let other = writers[file] {
                throw bad("entry \(number): key 'output': '\(Echo.cut(output, limit: Echo.pathLimit))' is also the output of entry \(other)")
            }
            writers[file] = number
            var values = SettingValues()
            var merged = defaults.merging(object) { _, entry in entry }
            var resolvedSource: String?
            if let sourceValue = merged.removeValue(forKey: "source") {
                guard case .string(let source) = sourceValue, !source.isEmpty, !source.utf8.contains(0) else {
                    throw bad("entry \(number): key 'source': expected the path of a .swift file, like \"Spinner.swift\"")
                }
                resolvedSource = source.hasPrefix("/") || folder == "." ? source : folder + "/" + source
            }
            var resolvedReference: String?
            if let referenceValue = merged.removeValue(forKey: "reference") {
                guard case .string(let reference) = referenceValue, !reference.isEmpty, !reference.utf8.contains(0) else {
                    throw bad("entry \(number): key 'reference': expected the path of a GIF, WebP, PNG or frame folder to compare the output with")
                }
                resolvedReference = reference.hasPrefix("/") || folder == "." ? reference : folder + "/" + reference
            }
            var rectangles: [PixelRectangle] = []
            if let ignoreValue = merged.removeValue(forKey: "ignore") {
                var texts: [String] = []
                switch ignoreValue {
                case .string(let text): texts = [text]
                case .array(let items):
                    for item in items {
                        guard case .string(let text) = item else {
                            throw bad("entry \(number): key 'ignore': expected \"x,y,w,h\" strings, found \(item.typeName)")
                        }
                        texts.append(text)
                    }
                default:
                    throw bad("entry \(number): key 'ignore': expected \"x,y,w,h\" or an array of them, found \(ignoreValue.typeName)")
                }
                for text in texts {
                    switch PixelRectangle.parse(text) {
                    case .success(let rectangle): rectangles.append(rectangle)
                    case .failure(let error):
                        throw bad("entry \(number): key 'ignore': the value '\(Echo.cut(text))' is invalid: \(error.reason)")
                    }
                }
            }
            var resolvedMask: String?
            if let maskValue = merged.removeValue(forKey: "mask") {
                guard case .string(let mask) = maskValue, !mask.isEmpty, !mask.utf8.contains(0) else {
                    throw bad("entry \(number): key 'mask': expected the path of a PNG, like \"mask.png\"")
                }
                resolvedMask = mask.hasPrefix("/") || folder == "." ? mask : folder + "/" + mask
            }
            // What is left out of a comparison means nothing without one.
            if resolvedReference == nil, let key = !rectangles.isEmpty ? "ignore" : resolvedMask != nil ? "mask" : nil {
                throw bad("entry \(number): key '\(key)' applies to the comparison with a 'reference'; give the entry a 'reference' or leave out '\(key)'")
            }
            for key in merged.keys.sorted() {
                values.texts[key] = try texts(for: key, merged[key]!, schema: schema) { bad("entry \(number): \($0)") }
            }
            entries.append(Entry(number: number, output: output, resolvedOutput: resolved, resolvedSource: resolvedSource,
                                 resolvedReference: resolvedReference, ignoredRectangles: rectangles, resolvedMask: resolvedMask,
                                 values: values))
        }
        return BatchManifest(path: path, entries: entries)
    }

    /// The texts of one key (`[]` for a flag set to `true`, `nil` for one set to `false`), or
    /// the error `fail` makes of what is wrong.
    static func texts(for key: String, _ value: JSONValue, schema: [String: Setting<RenderSettings>.Kind],
                      fail: (String) -> SpinRenderError) throws(SpinRenderError) -> [String]? {
        guard let kind = schema[key] else {
            let near = (Array(schema.keys) + ["output"]).filter {
                $0.hasPrefix(key) || key.hasPrefix($0) || Spelling.editDistance($0, key) <= 2
            }.sorted()
            let hint = near.isEmpty ? "" : "; did you mean '\(near[0])'?"
            let dashes = key.hasPrefix("-") ? "; write option names without dashes" : ""
            throw fail("unknown key '\(Echo.cut(key))'\(dashes.isEmpty ? hint : dashes)")
        }
        switch (kind, value) {
        case (.flag, .bool(let on)):
            return on ? [] : nil
        case (.flag, _):
            throw fail("key '\(key)': expected true or false, found \(value.typeName)")
        case (_, .string(let text)):
            return [text]
        case (_, .number(let number)):
            return [Spelling.number(number)]
        case (.repeatable, .array(let items)):
            var texts: [String] = []
            for item in items {
                switch item {
                case .string(let text): texts.append(text)
                case .number(let number): texts.append(Spelling.number(number))
                default: throw fail("key '\(key)': expected an array of strings or numbers, found \(item.typeName) in it")
                }
            }
            return texts
        case (.repeatable, _):
            throw fail("key '\(key)': expected a string, a number or an array of them, found \(value.typeName)")
        case (.option, _):
            throw fail("key '\(key)': expected a string or a number, found \(value.typeName)")
        }
    }

    /// `a/./b/../c` → `a/c`, for ``InputFile/canonicalPath(_:)``.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// Where a JSON value sits, as the other messages name it: `entry 2: key 'fps'`,
    /// `defaults: key 'rotate-at'`, `entry 1: key 'rotate-at', element 3`.
    static func place(of codingPath: [any CodingKey]) -> String {
        var path = codingPath[...]
        var parts: [String] = []
        if path.first?.stringValue == "entries", path.count > 1, let index = path.dropFirst().first?.intValue {
            parts.append("entry \(index + 1)")
            path = path.dropFirst(2)
        } else if let index = path.first?.intValue {
            parts.append("entry \(index + 1)")
            path = path.dropFirst()
        } else if path.first?.stringValue == "defaults", path.count > 1 {
            parts.append("defaults")
            path = path.dropFirst()
        }
        var field = ""
        for key in path {
            if let index = key.intValue {
                field += field.isEmpty ? "element \(index + 1)" : ", element \(index + 1)"
            } else {
                field += field.isEmpty ? "key '\(key.stringValue)'" : ", key '\(key.stringValue)'"
            }
        }
        if !field.isEmpty { parts.append(field) }
        return parts.isEmpty ? "the top level" : parts.joined(separator: ": ")
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { "\($0)" } ?? ""
            return underlying.isEmpty ? context.debugDescription : underlying
        default:
            return "\(error)"
        }
    }
}

/// Any JSON value, decoded without losing the difference between `true` and `1`.
enum JSONValue: Hashable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var object: [String: JSONValue] = [:]
            // JSONDecoder keeps the first of a key given twice and does not say so: the
            // manifest's documentation states it, since catching it would need our own parser.
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(object)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let value = try? single.decode(Bool.self) { self = .bool(value) }
        else if let value = try? single.decode(Double.self) { self = .number(value) }
        else {
            do {
                self = .string(try single.decode(String.self))
            } catch DecodingError.typeMismatch {
                // Not null, a boolean, a string or a container, and yet no Double: a number
                // beyond the range of Double, such as 1e400 or 1e-400.
                throw NumberOutOfRange(codingPath: decoder.codingPath, literal: Self.numberLiteral(in: single))
            }
        }
    }

    /// A JSON number that no `Double` can hold.
    struct NumberOutOfRange: Error {
        /// Where it is in the document.
        var codingPath: [any CodingKey]
        /// The number as written, when the decoder's error tells it.
        var literal: String?
    }

    /// The number's text from the decoder's error, e.g. `1e400`; `nil` when the error's wording
    /// does not show it (it is not public API, so this only decorates the message).
    static func numberLiteral(in container: any SingleValueDecodingContainer) -> String? {
        do {
            _ = try container.decode(Double.self)
            return nil
        } catch {
            let text = Substring("\(error)")
            let marker = "parsed: \""
            guard let start = text.indices.first(where: { text[$0...].hasPrefix(marker) }) else { return nil }
            let rest = text[start...].dropFirst(marker.count)
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            let literal = rest[..<end]
            guard !literal.isEmpty, literal.count <= 40,
                  literal.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
            return String(literal)
        }
    }

    /// "a string", "a number" …, for messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
