import Synchronization

/// `Font.Design`: the system font's designs.
public enum FontDesign: String, CaseIterable, Hashable, Sendable {
    case `default`, rounded, monospaced, serif
}

/// `Font.Weight`, with the OpenType `usWeightClass` each maps to (ultraLight 100 … black 900,
/// the CSS / OpenType scale SF Pro's nine weights sit on).
public enum FontWeight: Int, CaseIterable, Hashable, Sendable, Comparable {
    case ultraLight = 100, thin = 200, light = 300, regular = 400, medium = 500, semibold = 600, bold = 700,
         heavy = 800, black = 900

    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.rawValue < b.rawValue }
}

/// One font file of the stack.
public struct FontFaceFile: Hashable, Sendable {
    /// Its path in the Debian package.
    public var path: String
    /// Its `usWeightClass`.
    public var weight: Int
    /// Whether it is the italic of its family.
    public var italic: Bool
    /// The Debian package that installs it.
    public var package: String
}

/// The open faces that stand in for Apple's system fonts, found at their Debian paths (no
/// fontconfig), opened once each on first use.
///
/// SF Pro, SF Pro Rounded, SF Mono, New York and Apple Color Emoji cannot be shipped; the
/// stand-ins are:
///
/// | design | face | package | licence | weights |
/// |---|---|---|---|---|
/// | `.default` | Inter | `fonts-inter` | SIL OFL 1.1 | all nine, with italics |
/// | `.rounded` | Quicksand | `fonts-quicksand` | SIL OFL 1.1 | 300, 400, 500, 700 |
/// | `.monospaced` | DejaVu Sans Mono | `fonts-dejavu-core` | Bitstream Vera (permissive) | 400, 700 |
/// | `.serif` | DejaVu Serif | `fonts-dejavu-core` | Bitstream Vera (permissive) | 400, 700 |
/// | emoji | Noto Color Emoji | `fonts-noto-color-emoji` | SIL OFL 1.1 | colour bitmaps |
///
/// Inter was drawn for screens in the same neo-grotesque model as SF Pro (large x-height,
/// open apertures, tabular figures); Quicksand is the rounded-terminal sans in Debian closest to
/// SF Pro Rounded's shapes. A weight the family lacks uses the nearest it has (a tie goes to
/// the heavier); an italic it lacks is synthesized by shearing the upright outlines by 0.2126
/// (12°, FreeType's `FT_GlyphSlot_Oblique`).
public final class FontLibrary: Sendable {
    /// The one library of the process.
    public static let shared = FontLibrary()

    /// Every face file, indexed by the numbers ``face(design:weight:italic:)`` returns.
    public static let files: [FontFaceFile] = {
        var files: [FontFaceFile] = []
        let inter = "/usr/share/fonts/opentype/inter/Inter-"
        let interNames = [100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium", 600: "SemiBold",
                          700: "Bold", 800: "ExtraBold", 900: "Black"]
        for weight in stride(from: 100, through: 900, by: 100) {
            let name = interNames[weight]!
            files.append(FontFaceFile(path: inter + name + ".otf", weight: weight, italic: false, package: "fonts-inter"))
            files.append(FontFaceFile(path: inter + (weight == 400 ? "Italic" : name + "Italic") + ".otf", weight: weight,
                                      italic: true, package: "fonts-inter"))
        }
        for (weight, name) in [(300, "Light"), (400, "Regular"), (500, "Medium"), (700, "Bold")] {
            files.append(FontFaceFile(path: "/usr/share/fonts/truetype/quicksand/Quicksand-\(name).ttf", weight: weight,
                                      italic: false, package: "fonts-quicksand"))
        }
        for family in ["DejaVuSansMono", "DejaVuSerif"] {
            files.append(FontFaceFile(path: "/usr/share/fonts/truetype/dejavu/\(family).ttf", weight: 400, italic: false,
                                      package: "fonts-dejavu-core"))
            files.append(FontFaceFile(path: "/usr/share/fonts/truetype/dejavu/\(family)-Bold.ttf", weight: 700, italic: false,
                                      package: "fonts-dejavu-core"))
        }
        files.append(FontFaceFile(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", weight: 400, italic: false,
                                  package: "fonts-noto-color-emoji"))
        return files
    }()

    /// The number of the emoji face in ``files``.
    public static let emojiFace = files.count - 1

    /// The shear (x += shear · y up) of a synthesized italic: FreeType's `FT_GlyphSlot_Oblique`, 0x0366A / 0x10000.
    public static let syntheticObliqueShear = Double(0x0366A) / Double(0x10000)

    private static func family(_ design: FontDesign) -> Range<Int> {
        switch design {
        case .default: 0..<18
        case .rounded: 18..<22
        case .monospaced: 22..<24
        case .serif: 24..<26
        }
    }

    private let faces: Mutex<[Int: Result<Typeface, TypographyError>]> = Mutex([:])

    /// The face drawing `design` at `weight`: its number in ``files`` and whether the italic
    /// must be synthesized (the family has none).
    public static func face(design: FontDesign, weight: FontWeight, italic: Bool) -> (index: Int, syntheticItalic: Bool) {
        let range = family(design)
        let hasItalic = files[range].contains { $0.italic }
        let wantItalic = italic && hasItalic
        let candidates = range.filter { files[$0].italic == wantItalic }
        let best = candidates.min { a, b in
            let da = abs(files[a].weight - weight.rawValue), db = abs(files[b].weight - weight.rawValue)
            return da != db ? da < db : files[a].weight > files[b].weight
        }!
        return (best, italic && !hasItalic)
    }

    /// The opened face number `index` of ``files``.
    ///
    /// - Throws: ``TypographyError`` naming the file and its package when it is missing or unreadable.
    public func typeface(_ index: Int) throws(TypographyError) -> Typeface {
        let result = faces.withLock { faces in
            if let known = faces[index] { return known }
            let file = Self.files[index]
            let opened: Result<Typeface, TypographyError>
            do throws(TypographyError) {
                opened = .success(try Typeface(path: file.path, package: file.package))
            } catch {
                opened = .failure(TypographyError(
                    operation: error.operation, code: error.code,
                    description: "the font \(file.path) cannot be opened (\(error.description)); install the Debian package \(file.package) (make deps)"))
            }
            faces[index] = opened
            return opened
        }
        return try result.get()
    }

    /// Face `index` if it opens, for drawing after ``typeface(_:)`` has succeeded once.
    public func openedTypeface(_ index: Int) -> Typeface? { try? typeface(index) }

    /// The characters of `text` that neither the default design's regular face nor the emoji
    /// face draws (Korean, Chinese, Japanese, Arabic … with the packaged fonts), each once in
    /// order: a layout draws each as the face's missing-glyph box, where a device draws it
    /// with its system fonts. Controls, joiners and variation selectors draw nothing anyway
    /// and are not counted. Empty when the faces cannot be opened (that is reported apart).
    public func uncoveredCharacters(in text: String) -> [Character] {
        guard let primary = openedTypeface(Self.face(design: .default, weight: .regular, italic: false).index) else { return [] }
        let emoji = openedTypeface(Self.emojiFace)
        var found: [Character] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0x200D || (0xFE00...0xFE0F).contains(value)
                || (0x1F3FB...0x1F3FF).contains(value) || (0xE0000...0xE007F).contains(value) || (0x200B...0x200F).contains(value) { continue }
            guard primary.glyph(for: scalar) == nil, emoji?.glyph(for: scalar) == nil else { continue }
            let character = Character(scalar)
            if !found.contains(character) { found.append(character) }
        }
        return found
    }
}
