import Glibc
import Raster

/// The nine SF Symbols weights, lightest first.
///
/// Only Ultralight, Regular and Black are measured masters of the SF Symbols template; the others are
/// interpolated linearly by their position in this list, as variable symbols interpolate
/// between the template's masters.
public enum SymbolWeight: String, CaseIterable, Hashable, Sendable {
    case ultralight, thin, light, regular, medium, semibold, bold, heavy, black

    /// Position on the weight axis: ultralight 0 … black 8.
    public var axisPosition: Double { Double(SymbolWeight.allCases.firstIndex(of: self)!) }
}

/// SF Symbols' symbol scale (`Image.Scale`): the glyph's size relative to the text it sits in.
public enum SymbolScale: String, CaseIterable, Hashable, Sendable {
    case small, medium, large

    /// Factor applied to the template's Small master: the template's own demo grows 1.264×
    /// from small to medium, and large is ≈ 1.3 × medium (Apple, `Image.Scale`).
    public var factor: Double {
        switch self {
        case .small: 1
        case .medium: 1.264
        case .large: 1.264 * 1.3
        }
    }
}

/// The geometry of SF Symbols' `rays` glyph, measured from the public SF Symbols
/// template export (Regular and Small masters at 100 pt); Apple's artwork is not used.
///
/// Eight equal capsules (segments stroked with round caps) 45° apart, the first pointing
/// straight up, none touching, no centre disc. All lengths are in points.
public struct RaysSymbol: Hashable, Sendable {
    /// Number of rays.
    public static let rayCount = 8
    /// Angle between neighbouring rays, in degrees.
    public static let raySpacingDegrees = 45.0

    /// Per-100-pt measurements of one master (Small scale), in template units.
    struct Master {
        var rayWidth: Double
        var centreLineFrom: Double
        var centreLineTo: Double
        var advance: Double
    }

    /// Ultralight, Regular and Black masters at axis positions 0, 3 and 8.
    static let masters: [(position: Double, master: Master)] = [
        (0, Master(rayWidth: 2.49, centreLineFrom: 27.44, centreLineTo: 39.35, advance: 94.85)),
        (3, Master(rayWidth: 7.62, centreLineFrom: 26.17, centreLineTo: 37.94, advance: 97.12)),
        (8, Master(rayWidth: 12.60, centreLineFrom: 30.47, centreLineTo: 41.94, advance: 110.50)),
    ]

    /// The font size the symbol is drawn at, in points (body text on iOS: 17).
    public var pointSize: Double
    /// The symbol weight.
    public var weight: SymbolWeight
    /// The symbol scale.
    public var scale: SymbolScale

    /// Width of each ray (the capsule's diameter), in points.
    public let rayWidth: Double
    /// Distance from the glyph centre to the inner end of each ray's centre line, in points.
    public let centreLineFrom: Double
    /// Distance from the glyph centre to the outer end of each ray's centre line, in points.
    public let centreLineTo: Double
    /// Horizontal advance of the glyph: the image frame's width, in points.
    public let advance: Double

    /// Creates the glyph for a font size, weight and symbol scale.
    ///
    /// - Parameters:
    ///   - pointSize: font size in points (> 0); 17 is iOS body text.
    ///   - weight: interpolated between the three measured masters.
    ///   - scale: small, medium (the default of `Image`) or large.
    public init(pointSize: Double = 17, weight: SymbolWeight = .regular, scale: SymbolScale = .medium) {
        self.pointSize = pointSize
        self.weight = weight
        self.scale = scale
        let position = weight.axisPosition
        let masters = RaysSymbol.masters
        let upper = masters.firstIndex { $0.position >= position } ?? masters.count - 1
        let lower = max(0, upper - 1)
        let (p0, m0) = masters[lower], (p1, m1) = masters[upper]
        let t = p1 == p0 ? 0 : (position - p0) / (p1 - p0)
        func mix(_ path: KeyPath<Master, Double>) -> Double { m0[keyPath: path] + (m1[keyPath: path] - m0[keyPath: path]) * t }
        let unit = pointSize / 100 * scale.factor
        rayWidth = mix(\.rayWidth) * unit
        centreLineFrom = mix(\.centreLineFrom) * unit
        centreLineTo = mix(\.centreLineTo) * unit
        advance = mix(\.advance) * unit
    }

    /// Distance from the centre to the innermost point of each ray, in points.
    public var innerTipRadius: Double { centreLineFrom - rayWidth / 2 }
    /// Distance from the centre to the outermost point of each ray, in points.
    public var outerTipRadius: Double { centreLineTo + rayWidth / 2 }
    /// The image frame: advance × ink height (twice the outer tip radius), in points.
    public var frameSize: (width: Double, height: Double) { (advance, 2 * outerTipRadius) }

    /// The direction of ray `index` (0 points straight up) after turning the glyph by
    /// `rotationDegrees` clockwise, as a unit vector in y-down coordinates.
    public static func rayDirection(index: Int, rotationDegrees: Double) -> Point {
        let radians = (Double(index) * raySpacingDegrees + rotationDegrees) * Double.pi / 180
        return Point(x: sin(radians), y: -cos(radians))
    }

    /// The glyph as a path: eight capsules about `centre`, turned clockwise by
    /// `rotationDegrees` and scaled about the centre by `scaleFactor`, in points.
    public func path(centre: Point, rotationDegrees: Double = 0, scaleFactor: Double = 1) -> Path {
        var path = Path()
        for index in 0..<RaysSymbol.rayCount {
            let direction = RaysSymbol.rayDirection(index: index, rotationDegrees: rotationDegrees)
            path.append(.capsule(from: centre + direction * (centreLineFrom * scaleFactor),
                                 to: centre + direction * (centreLineTo * scaleFactor),
                                 radius: rayWidth / 2 * scaleFactor))
        }
        return path
    }
}
