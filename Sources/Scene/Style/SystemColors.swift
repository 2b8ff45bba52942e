import Raster

/// iOS's system colours and UIKit's semantic colours by name, light and dark, in sRGB: what
/// `Color.mint`, `Color(.systemGray4)`, `Color(uiColor: .secondaryLabel)` and
/// `UIColor.systemBackground` resolve to.
///
/// Sources: the system colours (`systemRed` … `systemBrown`, `systemGray` … `systemGray6`) are
/// Apple's Human Interface Guidelines colour table (Color → Specifications, iOS default light
/// and dark); the semantic colours (`label`, `secondaryLabel`, `systemFill`,
/// `systemBackground` …) are UIKit's iOS 13 values read from `resolvedColor(with:)` in each
/// appearance, as tabulated in Noah Gilmore's "Backwards compatibility for iOS 13 system
/// colors" (2019) and its ColorCompatibility library. Alpha is given where UIKit's colour is
/// translucent (`secondaryLabel` is (60, 60, 67) at 60 %).
///
/// `quinary`, SwiftUI's fifth content level (`.foregroundStyle(.quinary)`, iOS 16), has no
/// UIKit colour (UIKit's label colours stop at `quaternaryLabel`) and Apple documents no value
/// for it. It is taken from SwiftUI's own table of iOS content levels as OpenSwiftUI
/// reconstructs it (`DefaultSystemColorDefinition_PhoneTV`, audited for iOS 18): black at 5 %
/// in light, white at 5 % in dark. That table's second to fourth levels are exactly the
/// `secondaryLabel`, `tertiaryLabel` and `quaternaryLabel` values here, which is why its fifth is
/// taken as iOS's.
public enum SystemColors {
    /// (light, dark) per name; both the UIKit name (`systemMint`, `label`) and, for the colours
    /// SwiftUI names too, SwiftUI's (`mint`).
    public static let table: [String: (light: RGBA8, dark: RGBA8)] = {
        func c(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ alpha: Double = 1) -> RGBA8 {
            RGBA8(r: r, g: g, b: b, a: UInt8((alpha * 255).rounded()))
        }
        var table: [String: (light: RGBA8, dark: RGBA8)] = [
            "systemRed": (c(255, 59, 48), c(255, 69, 58)),
            "systemOrange": (c(255, 149, 0), c(255, 159, 10)),
            "systemYellow": (c(255, 204, 0), c(255, 214, 10)),
            "systemGreen": (c(52, 199, 89), c(48, 209, 88)),
            "systemMint": (c(0, 199, 190), c(99, 230, 226)),
            "systemTeal": (c(48, 176, 199), c(64, 200, 224)),
            "systemCyan": (c(50, 173, 230), c(100, 210, 255)),
            "systemBlue": (c(0, 122, 255), c(10, 132, 255)),
            "systemIndigo": (c(88, 86, 214), c(94, 92, 230)),
            "systemPurple": (c(175, 82, 222), c(191, 90, 242)),
            "systemPink": (c(255, 45, 85), c(255, 55, 95)),
            "systemBrown": (c(162, 132, 94), c(172, 142, 104)),
            "systemGray": (c(142, 142, 147), c(142, 142, 147)),
            "systemGray2": (c(174, 174, 178), c(99, 99, 102)),
            "systemGray3": (c(199, 199, 204), c(72, 72, 74)),
            "systemGray4": (c(209, 209, 214), c(58, 58, 60)),
            "systemGray5": (c(229, 229, 234), c(44, 44, 46)),
            "systemGray6": (c(242, 242, 247), c(28, 28, 30)),
            "label": (c(0, 0, 0), c(255, 255, 255)),
            "secondaryLabel": (c(60, 60, 67, 0.6), c(235, 235, 245, 0.6)),
            "tertiaryLabel": (c(60, 60, 67, 0.3), c(235, 235, 245, 0.3)),
            "quaternaryLabel": (c(60, 60, 67, 0.18), c(235, 235, 245, 0.16)),
            "quinary": (c(0, 0, 0, 0.05), c(255, 255, 255, 0.05)),
            "placeholderText": (c(60, 60, 67, 0.3), c(235, 235, 245, 0.3)),
            "link": (c(0, 122, 255), c(9, 132, 255)),
            "systemFill": (c(120, 120, 128, 0.2), c(120, 120, 128, 0.36)),
            "secondarySystemFill": (c(120, 120, 128, 0.16), c(120, 120, 128, 0.32)),
            "tertiarySystemFill": (c(118, 118, 128, 0.12), c(118, 118, 128, 0.24)),
            "quaternarySystemFill": (c(116, 116, 128, 0.08), c(118, 118, 128, 0.18)),
            "systemBackground": (c(255, 255, 255), c(0, 0, 0)),
            "secondarySystemBackground": (c(242, 242, 247), c(28, 28, 30)),
            "tertiarySystemBackground": (c(255, 255, 255), c(44, 44, 46)),
            "systemGroupedBackground": (c(242, 242, 247), c(0, 0, 0)),
            "secondarySystemGroupedBackground": (c(255, 255, 255), c(28, 28, 30)),
            "tertiarySystemGroupedBackground": (c(242, 242, 247), c(44, 44, 46)),
            "separator": (c(60, 60, 67, 0.29), c(84, 84, 88, 0.6)),
            "opaqueSeparator": (c(198, 198, 200), c(56, 56, 58)),
            "lightText": (c(255, 255, 255, 0.6), c(255, 255, 255, 0.6)),
            "darkText": (c(0, 0, 0), c(0, 0, 0)),
        ]
        for name in ["mint", "teal", "cyan", "indigo", "brown"] {
            table[name] = table["system" + name.prefix(1).uppercased() + name.dropFirst()]
        }
        return table
    }()
}
