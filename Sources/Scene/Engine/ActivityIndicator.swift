import Glibc
import Raster

/// `ProgressView()` on iOS: the indeterminate circular activity indicator.
///
/// Geometry, opacities, colours and timing are those of Flutter's `CupertinoActivityIndicator`
/// (`packages/flutter/lib/src/cupertino/activity_indicator.dart`, values "extracted from the
/// native component"): 8 ticks 45° apart, tick 0 pointing straight up and tick `i` turned `i`
/// × 45° clockwise; each tick a rounded rectangle from r/3 to r from the centre, 2r/10 wide,
/// corner radius r/10 (so a capsule); alphas 47, 47, 47, 47, 72, 97, 122, 147 out of 255; one
/// revolution per second in 8 discrete steps. Flutter paints tick `i` with alpha
/// `_kAlphaValues[(i − ⌊8 · phase⌋) mod 8]`, so at t = 0 the brightest tick (147) is tick 7,
/// one step counter-clockwise of the top, and the fading tail trails it anticlockwise; every
/// 1/8 s the pattern moves one tick clockwise, so at t = 1/8 s the brightest tick is the top one.
///
/// Sizes: the regular indicator is 20 × 20 pt (r = 10, Flutter's `_kDefaultIndicatorRadius`
/// and UIKit's medium style); `.controlSize(.large)` is 37 × 37 pt, the size UIKit's large
/// activity indicator style takes by default ("20 × 20 or 37 × 37, depending on its style",
/// markmeretzky.com's UIActivityIndicatorView notes). On iOS the circular style has only these
/// two sizes, so `.mini` and `.small` draw the regular one and `.extraLarge` the large one.
public struct ActivityIndicator: Hashable, Sendable {
    /// Number of ticks.
    public static let tickCount = 8
    /// Alpha of each tick, out of 255, for steps 0…7 behind the pattern's start (Flutter's
    /// `_kAlphaValues`).
    public static let tickAlphas: [UInt8] = [47, 47, 47, 47, 72, 97, 122, 147]
    /// Steps per second: one revolution per second in ``tickCount`` steps.
    public static let stepsPerSecond = 8.0
    /// Seconds after which the tick pattern repeats: one revolution, 8 steps.
    public static let patternPeriodSeconds = Double(tickCount) / stepsPerSecond
    /// Radius of the regular indicator, in points (a 20 × 20 pt frame).
    public static let regularRadius = 10.0
    /// Radius of the large indicator, in points (a 37 × 37 pt frame).
    public static let largeRadius = 18.5

    /// Outer radius of the ticks, in points (half the frame's side).
    public var radius: Double

    /// An indicator of `radius` points (the frame is 2·radius square).
    public init(radius: Double = ActivityIndicator.regularRadius) {
        self.radius = radius
    }

    /// The indicator for a `controlSize`: `.large` and `.extraLarge` give the large one, the
    /// others the regular one.
    public init(controlSize: ControlSize) {
        switch controlSize {
        case .large, .extraLarge: radius = ActivityIndicator.largeRadius
        case .mini, .small, .regular: radius = ActivityIndicator.regularRadius
        }
    }

    /// The indicator's ideal size, in points: 2·radius on each side.
    public var fittingSize: (width: Double, height: Double) { (2 * radius, 2 * radius) }

    /// The colour of the ticks before their alpha when no tint is set: #3C3C44 in light
    /// appearance, #EBEBF5 in dark (Flutter's `_kActiveTickColor`, from iOS 13.2).
    public static func defaultColor(for appearance: Appearance) -> RGBA8 {
        switch appearance {
        case .light: RGBA8(r: 0x3C, g: 0x3C, b: 0x44)
        case .dark: RGBA8(r: 0xEB, g: 0xEB, b: 0xF5)
        }
    }

    /// The step of the pattern at `seconds`: ⌊8·t⌋ mod 8, 0…7.
    ///
    /// A time within 1 ns below a step boundary counts as the next step, so that frame times
    /// computed with rounding error (k / 8 s as a sum of frame durations) land on their step.
    public static func step(atSeconds seconds: Double) -> Int {
        let scaled = (seconds * stepsPerSecond + 1e-9 * stepsPerSecond).rounded(.down)
        // A time past 2⁵³ steps (a delay of 10³⁰⁰ s) is a whole number of steps already; its
        // step is taken by remainder, without converting it to an `Int` that cannot hold it.
        guard abs(scaled) < 0x1p53 else {
            guard scaled.isFinite else { return 0 }
            let remainder = scaled.truncatingRemainder(dividingBy: Double(tickCount))
            return (Int(remainder) + tickCount) % tickCount
        }
        let steps = Int(scaled)
        return ((steps % tickCount) + tickCount) % tickCount
    }

    /// The opacity (0…1) of tick `index` (0 at the top, clockwise) at `seconds`.
    public static func opacity(ofTick index: Int, atSeconds seconds: Double) -> Double {
        let behind = ((index - step(atSeconds: seconds)) % tickCount + tickCount) % tickCount
        return Double(tickAlphas[behind]) / 255
    }

    /// One tick's outline and opacity.
    public struct Tick: Hashable, Sendable {
        /// Tick number: 0 points straight up, then clockwise.
        public var index: Int
        /// Closed polygons in device pixels, for `CoverageRasterizer.addPolygon`.
        public var polygons: [[Point]]
        /// Opacity 0…1 to multiply the tick colour's alpha by.
        public var opacity: Double
    }

    /// The outline of tick `index` about `centre`, in device pixels.
    ///
    /// - Parameters:
    ///   - index: 0…7, 0 straight up, clockwise.
    ///   - centre: the indicator's centre, in device pixels.
    ///   - scale: device pixels per point.
    /// - Returns: one closed polygon, counter-clockwise on screen as ``outline(of:in:scale:)``'s,
    ///   flattened within `CoverageRasterizer.defaultTolerance`.
    public func tickOutline(_ index: Int, centre: Point, scale: Double) -> [[Point]] {
        let r = radius * scale
        let upright = Rect(x: -r / 10, y: -r, width: r / 5, height: r - r / 3)
        let path = Path.polyline(ShapeContour.roundedRectanglePieces(upright, radius: r / 10), reversed: false)
        let turn = AffineTransform.rotation(radians: Double(index) * 2 * Double.pi / Double(ActivityIndicator.tickCount))
            .concatenating(.translation(x: centre.x, y: centre.y))
        return path.flattened(by: turn, tolerance: CoverageRasterizer.defaultTolerance).map { $0.reversed() }
    }

    /// Every tick at `seconds`: its outline about `centre` (device pixels) and its opacity.
    ///
    /// - Parameters:
    ///   - seconds: time since the indicator appeared.
    ///   - centre: the indicator's centre, in device pixels.
    ///   - scale: device pixels per point (a `scaleEffect` multiplies it).
    public func ticks(atSeconds seconds: Double, centre: Point, scale: Double) -> [Tick] {
        (0..<ActivityIndicator.tickCount).map { index in
            Tick(index: index, polygons: tickOutline(index, centre: centre, scale: scale),
                 opacity: ActivityIndicator.opacity(ofTick: index, atSeconds: seconds))
        }
    }
}
