import Raster

/// Light or dark appearance (SwiftUI `ColorScheme`).
public enum Appearance: String, CaseIterable, Hashable, Sendable {
    case light, dark
}

/// Which generation of Apple's system colours to use: `.orange` changed in iOS 26.
public enum SystemColorGeneration: String, CaseIterable, Hashable, Sendable {
    /// iOS 13 – 18: orange #FF9500 light, #FF9F0A dark.
    case iOS13 = "ios13"
    /// iOS 26: orange (255, 141, 40) light, (255, 146, 48) dark.
    case iOS26 = "ios26"
}

/// The resolved colours of the documentation's views (Apple's Human Interface Guidelines
/// colour tables), all sRGB.
public struct SystemPalette: Hashable, Sendable {
    /// `Color.primary`: black in light appearance, white in dark.
    public var primary: RGBA8
    /// `Color.orange` of the chosen generation and appearance.
    public var orange: RGBA8
    /// `Color.secondary` (the border): (60, 60, 67) light or (235, 235, 245) dark at 60 % opacity.
    public var secondary: RGBA8
    /// The window background: white in light appearance, black in dark.
    public var background: RGBA8
    /// The colour generation the palette was made for.
    public var generation: SystemColorGeneration

    /// The palette for an appearance and colour generation.
    public init(appearance: Appearance, generation: SystemColorGeneration = .iOS13) {
        let sixtyPercent = UInt8(153)   // 0.6 × 255
        self.generation = generation
        switch appearance {
        case .light:
            primary = .black
            background = .white
            secondary = RGBA8(r: 60, g: 60, b: 67, a: sixtyPercent)
            orange = generation == .iOS13 ? RGBA8(r: 0xFF, g: 0x95, b: 0x00) : RGBA8(r: 255, g: 141, b: 40)
        case .dark:
            primary = .white
            background = .black
            secondary = RGBA8(r: 235, g: 235, b: 245, a: sixtyPercent)
            orange = generation == .iOS13 ? RGBA8(r: 0xFF, g: 0x9F, b: 0x0A) : RGBA8(r: 255, g: 146, b: 48)
        }
    }
}
