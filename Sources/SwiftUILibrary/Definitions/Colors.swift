import Glibc
import Scene
import SwiftCode

// UIKit's colours as SwiftUI code uses them (`Color(.systemGray6)`, `Color(uiColor: .label)`,
// `Color(UIColor.systemBlue)`), and `Color`'s colour-space initialisers
// (`Color(.sRGB, red:green:blue:opacity:)`, `Color(.displayP3, …)`, `Color(.sRGBLinear, …)`).

/// A `UIColor`.
struct UIColorBox: NativeValue, Equatable {
    var color: ColorValue
    var nativeTypeName: String { "UIColor" }
}

/// `Color.RGBColorSpace`.
enum RGBColorSpace: String, Equatable {
    case sRGB, sRGBLinear, displayP3

    /// Components in this space as sRGB components (``Scene/ColorSpaceConversion``).
    func sRGB(_ red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        switch self {
        case .sRGB: (red, green, blue)
        case .sRGBLinear: ColorSpaceConversion.linearToSRGB(red, green, blue)
        case .displayP3: ColorSpaceConversion.displayP3ToSRGB(red, green, blue)
        }
    }
}

extension SwiftUILibrary {
    /// UIKit's dynamic colours by name (``Scene/SystemColors``) and its fixed ones.
    static let uiKitDynamicNames = [
        "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint", "systemTeal", "systemCyan", "systemBlue",
        "systemIndigo", "systemPurple", "systemPink", "systemBrown", "systemGray", "systemGray2", "systemGray3", "systemGray4",
        "systemGray5", "systemGray6", "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "placeholderText", "link",
        "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill", "systemBackground",
        "secondarySystemBackground", "tertiarySystemBackground", "systemGroupedBackground", "secondarySystemGroupedBackground",
        "tertiarySystemGroupedBackground", "separator", "opaqueSeparator", "lightText", "darkText",
    ]

    /// UIKit's fixed colours (`UIColor.red` is pure red, unlike `systemRed`), sRGB components
    /// from UIKit's documentation of each ("a color object whose RGB values are 1.0, 0.0, and
    /// 0.0 and whose alpha value is 1.0").
    static let uiKitFixed: [(String, Double, Double, Double, Double)] = [
        ("black", 0, 0, 0, 1), ("darkGray", 1 / 3, 1 / 3, 1 / 3, 1), ("lightGray", 2 / 3, 2 / 3, 2 / 3, 1), ("white", 1, 1, 1, 1),
        ("gray", 0.5, 0.5, 0.5, 1), ("red", 1, 0, 0, 1), ("green", 0, 1, 0, 1), ("blue", 0, 0, 1, 1), ("cyan", 0, 1, 1, 1),
        ("yellow", 1, 1, 0, 1), ("magenta", 1, 0, 1, 1), ("orange", 1, 0.5, 0, 1), ("purple", 0.5, 0, 0.5, 1),
        ("brown", 0.6, 0.4, 0.2, 1), ("clear", 0, 0, 0, 0),
    ]

    /// `UIScreen.main`: the screen the preview shows, its `bounds` the size a preview offers its
    /// root (``rootProposal``, the device's screen in points), `scale` 3 (an iPhone's).
    func defineScreen() {
        let screen = NativeType("UIScreen", summary: "`UIScreen.main.bounds`: the preview's screen, in points (deprecated in iOS 16, still common).")
        let value = Value.native(Boxed(value: 0, typeName: "UIScreen"))
        screen.staticMembers["main"] = .property(.named("UIScreen"), { _ throws(Interrupt) in value })
        for name in ["bounds", "nativeBounds"] {
            screen.property(name, type: .named("CGRect")) { [unowned self] _ throws(Interrupt) in
                let factor = name == "bounds" ? 1.0 : 3
                return .native(CGRectValue(x: 0, y: 0, width: rootProposal.width * factor, height: rootProposal.height * factor))
            }
        }
        screen.property("scale", type: .double) { _ throws(Interrupt) in .double(3) }
        screen.property("nativeScale", type: .double) { _ throws(Interrupt) in .double(3) }
        native.add(screen)
    }

    /// SF Pro's vertical metrics in ems, as `UIFont` reports them on iOS (the font's `hhea`
    /// table: ascender 1950 and descender −494 of 2048 units, cap height 1443, x-height 1054;
    /// `UIFont.systemFont(ofSize: 17)` gives an ascender of 16.19 pt, a descender of −4.10 pt and
    /// a line height of 20.29 pt).
    static let uiFontMetrics = (ascender: 1950.0 / 2048, descender: -494.0 / 2048, capHeight: 1443.0 / 2048, xHeight: 1054.0 / 2048)

    /// `UIFont`, as loaders size themselves by it: `preferredFont(forTextStyle:)` at the default
    /// Dynamic Type size (the text styles' sizes), `systemFont(ofSize:weight:)`,
    /// `boldSystemFont(ofSize:)`; its `pointSize`, `lineHeight`, `ascender`, `descender`,
    /// `capHeight`, `xHeight` and `leading` from SF Pro's metrics; `Font(_:)` turns it into a font.
    func defineUIFont() {
        let uiFont = NativeType("UIFont", summary: "UIKit's fonts: `UIFont.preferredFont(forTextStyle: .body).lineHeight` …")
        let style = uiFont.nested(NativeType("TextStyle", summary: "`UIFont.TextStyle`: `.largeTitle` … `.caption2`."))
        for name in Self.textStyles.keys.sorted() { style.constant(name, .native(Boxed(value: name, typeName: "UIFont.TextStyle"))) }
        native.types["UIFont.TextStyle"] = style
        let weight = uiFont.nested(NativeType("Weight", summary: "`UIFont.Weight`."))
        for (name, value) in Self.weightNames { weight.constant(name, .native(Boxed(value: value, typeName: "UIFont.Weight"))) }
        native.types["UIFont.Weight"] = weight
        func font(_ value: FontValue) -> Value { .native(Boxed(value: value, typeName: "UIFont")) }
        func size(_ call: NativeCall) throws(Interrupt) -> Double {
            let points = try call.number(0)
            guard points.isFinite, points >= 0, points <= 10_000 else { throw call.error("expected a point size from 0 to 10000", argument: 0) }
            return points
        }
        uiFont.staticMethod("preferredFont", [NativeParameter("forTextStyle", .named("UIFont.TextStyle"))], result: .named("UIFont")) { call throws(Interrupt) in
            let name = try call.native(0, Boxed<String>.self, "a text style").value
            return font(Self.textStyles[name] ?? FontValue(pointSize: 17))
        }
        uiFont.staticMethod("systemFont", [NativeParameter("ofSize", .double)], result: .named("UIFont")) { call throws(Interrupt) in
            font(FontValue(pointSize: try size(call)))
        }
        uiFont.staticMethod("systemFont", [NativeParameter("ofSize", .double), NativeParameter("weight", .named("UIFont.Weight"))],
                            result: .named("UIFont")) { call throws(Interrupt) in
            font(FontValue(pointSize: try size(call), weight: try call.native(1, Boxed<SymbolWeight>.self, "a weight").value))
        }
        uiFont.staticMethod("boldSystemFont", [NativeParameter("ofSize", .double)], result: .named("UIFont")) { call throws(Interrupt) in
            font(FontValue(pointSize: try size(call), weight: .bold))
        }
        let metrics = Self.uiFontMetrics
        let properties: [(String, (Double) -> Double)] = [
            ("pointSize", { $0 }), ("ascender", { $0 * metrics.ascender }), ("descender", { $0 * metrics.descender }),
            ("lineHeight", { $0 * (metrics.ascender - metrics.descender) }), ("capHeight", { $0 * metrics.capHeight }),
            ("xHeight", { $0 * metrics.xHeight }), ("leading", { _ in 0 }),
        ]
        for (name, measure) in properties {
            uiFont.property(name, type: .double) { call throws(Interrupt) in
                guard case let .native(value)? = call.receiver?.dereferenced, let font = value as? Boxed<FontValue> else {
                    throw call.error("expected a UIFont")
                }
                return .double(measure(font.value.pointSize))
            }
        }
        native.add(uiFont)
        native.types["Font"]?.initializer([NativeParameter(nil, .named("UIFont"))]) { call throws(Interrupt) in
            .native(Boxed(value: try call.native(0, Boxed<FontValue>.self, "a UIFont").value, typeName: "Font"))
        }
    }

    /// `Color(hex:)` (and `Color(hexString:)`, its other usual spelling): not SwiftUI's, but an
    /// extension nearly every app declares in a file of its own, so a loader file pasted alone
    /// uses it undeclared. Read as those extensions read it (the widely copied one: `#RGB`,
    /// `#RRGGBB`, `#AARRGGBB`; an integer `0xRRGGBB`), with a note; a file that declares its own
    /// initialiser uses its own.
    func defineHexColours() {
        guard let color = native.types["Color"] else { return }
        let reading = "read as apps usually declare it (#RGB, #RRGGBB, #AARRGGBB, 0xRRGGBB)"
        // Captures the library unowned, as every definition does: a local function would hold it
        // strongly, and the library holds the definitions that call this one, so it would never
        // be freed.
        let remember = { [unowned self] (call: NativeCall, spelling: String) in
            let note = if let failure = call.evaluator.extensionInitializerFailure {
                "the file's own 'Color(\(spelling):)' stops at \(failure.location.line):\(failure.location.column) (\(failure.message)): \(reading)"
            } else {
                "'Color(\(spelling):)' is not SwiftUI's and the file does not declare it: \(reading)"
            }
            if !notes.contains(note) { notes.append(note) }
        }
        func colour(_ value: UInt64, digits: Int, opacity: Double) -> Value {
            var a: UInt64 = 255, r: UInt64, g: UInt64, b: UInt64
            switch digits {
            case 3: (r, g, b) = ((value >> 8) * 17, (value >> 4 & 0xF) * 17, (value & 0xF) * 17)
            case 8: (a, r, g, b) = (value >> 24, value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
            default: (r, g, b) = (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
            }
            return .native(ColorBox(color: .rgb(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255,
                                                opacity: Double(a) / 255 * opacity)))
        }
        for label in ["opacity", "alpha"] {
            for spelling in ["hex", "hexString"] {
                color.initializer([NativeParameter(spelling, .string), NativeParameter(label, .double, default: .double(1))]) { [unowned self] call throws(Interrupt) in
                    let digits = try call.string(0).filter(\.isHexDigit)
                    guard [3, 6, 8].contains(digits.count), let value = UInt64(digits, radix: 16) else {
                        throw call.error("expected 3, 6 or 8 hexadecimal digits, as '#RRGGBB'", argument: 0)
                    }
                    remember(call, spelling)
                    return colour(value, digits: digits.count, opacity: try number(call, 1, in: 0...1, label))
                }
            }
            color.initializer([NativeParameter("hex", .int), NativeParameter(label, .double, default: .double(1))]) { [unowned self] call throws(Interrupt) in
                guard case let .int(value) = call[0].dereferenced, value >= 0, value <= 0xFFFFFF else {
                    throw call.error("expected a colour 0x000000 to 0xFFFFFF", argument: 0)
                }
                remember(call, "hex")
                return colour(UInt64(value), digits: 6, opacity: try number(call, 1, in: 0...1, label))
            }
        }
    }

    func defineUIKitColors() {
        let uiColor = NativeType("UIColor", summary: "UIKit's colours: `.systemGray6`, `.label`, `.secondarySystemBackground` …")
        for name in Self.uiKitDynamicNames { uiColor.constant(name, .native(UIColorBox(color: .system(name)))) }
        for (name, r, g, b, a) in Self.uiKitFixed { uiColor.constant(name, .native(UIColorBox(color: .rgb(red: r, green: g, blue: b, opacity: a)))) }
        uiColor.constant("tintColor", .native(UIColorBox(color: .system("accentColor"))))
        // Xcode's colour literal: in an iOS file, a `UIColor` (`_ColorLiteralType`), components 0 to 1.
        native.addFunction("#colorLiteral", NativeFunction([NativeParameter("red", .double), NativeParameter("green", .double),
                                                            NativeParameter("blue", .double), NativeParameter("alpha", .double)],
                                                           result: .named("UIColor")) { call throws(Interrupt) in
            .native(UIColorBox(color: .rgb(red: try call.number(0), green: try call.number(1), blue: try call.number(2), opacity: try call.number(3))))
        })
        uiColor.initializer([NativeParameter("red", .double), NativeParameter("green", .double), NativeParameter("blue", .double),
                             NativeParameter("alpha", .double)]) { call throws(Interrupt) in
            .native(UIColorBox(color: .rgb(red: try call.number(0), green: try call.number(1), blue: try call.number(2), opacity: try call.number(3))))
        }
        uiColor.initializer([NativeParameter("displayP3Red", .double), NativeParameter("green", .double), NativeParameter("blue", .double),
                             NativeParameter("alpha", .double)]) { call throws(Interrupt) in
            let (r, g, b) = RGBColorSpace.displayP3.sRGB(try call.number(0), try call.number(1), try call.number(2))
            return .native(UIColorBox(color: .rgb(red: r, green: g, blue: b, opacity: try call.number(3))))
        }
        uiColor.initializer([NativeParameter("white", .double), NativeParameter("alpha", .double)]) { call throws(Interrupt) in
            let white = try call.number(0)
            return .native(UIColorBox(color: .rgb(red: white, green: white, blue: white, opacity: try call.number(1))))
        }
        uiColor.initializer([NativeParameter("hue", .double), NativeParameter("saturation", .double), NativeParameter("brightness", .double),
                             NativeParameter("alpha", .double)]) { call throws(Interrupt) in
            let (r, g, b) = Self.rgb(hue: min(1, max(0, try call.number(0))), saturation: min(1, max(0, try call.number(1))),
                                     brightness: min(1, max(0, try call.number(2))))
            return .native(UIColorBox(color: .rgb(red: r, green: g, blue: b, opacity: try call.number(3))))
        }
        // `UIColor { traits in … }` and `UIColor(dynamicProvider:)`: UIKit asks the provider for
        // the colour of each trait collection it draws in. It is asked here for the light and
        // the dark appearance, and the pair resolves where the colour is drawn, as an asset
        // catalogue's colour set with a dark variant does.
        let style = NativeType("UIUserInterfaceStyle", summary: "`.light`, `.dark` or `.unspecified`.")
        for name in ["light", "dark", "unspecified"] { style.constant(name, .native(Boxed(value: name, typeName: "UIUserInterfaceStyle"))) }
        native.add(style)
        let traits = NativeType("UITraitCollection", summary: "What a dynamic `UIColor`'s provider reads: `userInterfaceStyle`.")
        traits.property("userInterfaceStyle", type: .named("UIUserInterfaceStyle")) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver?.dereferenced, let box = native as? Boxed<String> else { throw call.error("expected a UITraitCollection") }
            return .native(Boxed(value: box.value, typeName: "UIUserInterfaceStyle"))
        }
        native.add(traits)
        // `UIColor(Color)` (iOS 14): the SwiftUI colour, as UIKit draws it.
        uiColor.initializer([NativeParameter(nil, .named("Color"))]) { call throws(Interrupt) in
            .native(UIColorBox(color: try call.native(0, ColorBox.self, "a Color").color))
        }
        for label in ["dynamicProvider", nil] {
            uiColor.initializer([NativeParameter(label, .function(parameters: [.named("UITraitCollection")], result: .named("UIColor")))]) { call throws(Interrupt) in
                func provided(_ appearance: String) throws(Interrupt) -> ColorValue {
                    let value = try call.call(0, [.native(Boxed(value: appearance, typeName: "UITraitCollection"))])
                    guard case let .native(native) = value.dereferenced, let box = native as? UIColorBox else {
                        throw call.error("a dynamic UIColor's provider returns a UIColor, not a value of type '\(value.typeName)'", argument: 0)
                    }
                    return box.color
                }
                let (light, dark) = (try provided("light"), try provided("dark"))
                return .native(UIColorBox(color: light == dark ? light : .appearance(light: light, dark: dark)))
            }
        }
        uiColor.method("withAlphaComponent", [NativeParameter(nil, .double)], result: .named("UIColor")) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver?.dereferenced, let box = native as? UIColorBox else { throw call.error("expected a UIColor") }
            let alpha = min(1, max(0, try call.number(0)))
            if case let .rgb(r, g, b, _) = box.color { return .native(UIColorBox(color: .rgb(red: r, green: g, blue: b, opacity: alpha))) }
            return .native(UIColorBox(color: .opacity(box.color, alpha)))
        }
        native.add(uiColor)

        guard let color = native.types["Color"] else { return }
        let space = NativeType("RGBColorSpace", summary: "`Color.RGBColorSpace`: `.sRGB`, `.sRGBLinear`, `.displayP3`.")
        for value in [RGBColorSpace.sRGB, .sRGBLinear, .displayP3] { space.constant(value.rawValue, .native(Boxed(value: value, typeName: "Color.RGBColorSpace"))) }
        color.nestedTypes["RGBColorSpace"] = space
        native.types["Color.RGBColorSpace"] = space
        for label in ["uiColor", nil] {
            color.initializer([NativeParameter(label, .named("UIColor"))]) { call throws(Interrupt) in
                .native(ColorBox(color: try call.native(0, UIColorBox.self, "a UIColor").color))
            }
        }
        color.initializer([NativeParameter(nil, .named("Color.RGBColorSpace")), NativeParameter("red", .double), NativeParameter("green", .double),
                           NativeParameter("blue", .double), NativeParameter("opacity", .double, default: .double(1))]) { [unowned self] call throws(Interrupt) in
            let space = try boxed(call, 0, RGBColorSpace.self, "a Color.RGBColorSpace")
            let (r, g, b) = space.sRGB(try call.number(1), try call.number(2), try call.number(3))
            return .native(ColorBox(color: .rgb(red: r, green: g, blue: b, opacity: min(1, max(0, try call.number(4))))))
        }
        color.initializer([NativeParameter(nil, .named("Color.RGBColorSpace")), NativeParameter("white", .double),
                           NativeParameter("opacity", .double, default: .double(1))]) { [unowned self] call throws(Interrupt) in
            let space = try boxed(call, 0, RGBColorSpace.self, "a Color.RGBColorSpace")
            let white = try call.number(1)
            let (r, g, b) = space.sRGB(white, white, white)
            return .native(ColorBox(color: .rgb(red: r, green: g, blue: b, opacity: min(1, max(0, try call.number(2))))))
        }
    }
}
