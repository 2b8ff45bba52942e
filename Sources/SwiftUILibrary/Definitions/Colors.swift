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

    /// Components in this space as sRGB components (0…1, clamped: a Display P3 colour outside
    /// sRGB's gamut is clipped, as an sRGB display shows it).
    ///
    /// sRGB's transfer function (IEC 61966-2-1), which Display P3 shares; Display P3 to sRGB
    /// through CIE XYZ (D65) with the matrices of CSS Color Module Level 4 (W3C, §"Sample code
    /// for color conversions": `lin_P3_to_XYZ`, `XYZ_to_lin_sRGB`).
    func sRGB(_ red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ v: Double) -> Double {
            let c = min(1, max(0, v))
            return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
        }
        switch self {
        case .sRGB:
            return (red, green, blue)
        case .sRGBLinear:
            return (encoded(red), encoded(green), encoded(blue))
        case .displayP3:
            let (r, g, b) = (linear(red), linear(green), linear(blue))
            let x = 0.4865709486482162 * r + 0.26566769316909306 * g + 0.1982172852343625 * b
            let y = 0.2289745640697488 * r + 0.6917385218365064 * g + 0.079286914093745 * b
            let z = 0.0 * r + 0.04511338185890264 * g + 1.043944368900976 * b
            return (encoded(3.2409699419045226 * x - 1.537383177570094 * y - 0.4986107602930034 * z),
                    encoded(-0.9692436362808796 * x + 1.8759675015077202 * y + 0.04155505740717559 * z),
                    encoded(0.05563007969699366 * x - 0.20397695888897652 * y + 1.0569715142428786 * z))
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

    func defineUIKitColors() {
        let uiColor = NativeType("UIColor", summary: "UIKit's colours: `.systemGray6`, `.label`, `.secondarySystemBackground` …")
        for name in Self.uiKitDynamicNames { uiColor.constant(name, .native(UIColorBox(color: .system(name)))) }
        for (name, r, g, b, a) in Self.uiKitFixed { uiColor.constant(name, .native(UIColorBox(color: .rgb(red: r, green: g, blue: b, opacity: a)))) }
        uiColor.constant("tintColor", .native(UIColorBox(color: .system("accentColor"))))
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
        uiColor.method("withAlphaComponent", [NativeParameter(nil, .double)], result: .named("UIColor")) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver?.dereferenced, let box = native as? UIColorBox else { throw call.error("expected a UIColor") }
            let alpha = min(1, max(0, try call.number(0)))
            if case let .rgb(r, g, b, _) = box.color { return .native(UIColorBox(color: .rgb(red: r, green: g, blue: b, opacity: alpha))) }
            return .native(UIColorBox(color: .opacity(box.color, alpha)))
        }
        native.add(uiColor)

        uiColor.initializer([NativeParameter("named", .string)]) { call throws(Interrupt) in
            let name = try call.string(0)
            throw call.error("asset catalogue colours are not supported: 'UIColor(named: \"\(name)\")' comes from the app's asset catalogue, which the source does not hold; write its components, e.g. 'UIColor(red:green:blue:alpha:)'", argument: 0)
        }
        guard let color = native.types["Color"] else { return }
        color.initializer([NativeParameter(nil, .string)]) { call throws(Interrupt) in
            let name = try call.string(0)
            throw call.error("asset catalogue colours are not supported: 'Color(\"\(name)\")' comes from the app's asset catalogue, which the source does not hold; write its components, e.g. 'Color(red:green:blue:)'", argument: 0)
        }
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
