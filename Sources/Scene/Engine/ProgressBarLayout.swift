import Motion
import Raster

/// Where the parts of a ``ProgressContent`` go, in points from its frame's top-left corner.
///
/// The linear bar (a determinate value, or `.progressViewStyle(.linear)`): SwiftUI draws a
/// `UIProgressView` of the default style, a track 4 pt tall (`UIProgressView`'s intrinsic
/// height since iOS 14; it was 2 pt before) with fully rounded ends, in the system fill colour
/// (`UIColor.systemFill`: (120, 120, 128) at 20 % opacity in light appearance, 36 % in dark,
/// Apple's UI element colours), and the tint (`tint(_:)`, else the accent colour, #007AFF
/// light, #0A84FF dark) over the first `fraction` of its width, with rounded ends too. The bar
/// takes the width it is offered (10 pt, SwiftUI's placeholder, when none is, or its label's
/// width); `controlSize` does not change it (the bar has one size on iOS). A title sits above
/// the bar, leading-aligned, 4 pt over it, in the primary colour (the layout of SwiftUI's
/// `ProgressView("Downloading…", value:)` in Apple's `ProgressView` documentation).
///
/// The circular indicator (no value, or `.progressViewStyle(.circular)`): ``ActivityIndicator``
/// at its control size, with the label centred under it, 8 pt below, in the secondary colour.
/// The spacings are read off Apple's documentation images, not measured on a device.
struct ProgressBarLayout {
    /// The track's height, in points.
    static let trackHeight = 4.0
    /// Between a linear bar's title and the bar, in points.
    static let linearLabelSpacing = 4.0
    /// Between a circular indicator and its label, in points.
    static let circularLabelSpacing = 8.0

    /// Whether the linear bar is drawn.
    let linear: Bool
    /// The frame's size.
    let size: AnimatablePoint
    /// The indicator's (bar or spinner) rectangle.
    let indicator: Rect
    /// The label's rectangle, if there is a label.
    let labelFrame: Rect?

    init(_ bar: ProgressContent, _ environment: ViewEnvironment, _ proposal: Proposal) {
        linear = bar.style == .linear || (bar.style == .automatic && bar.fraction != nil)
        let labelSize = bar.label.map { label in
            EngineLayout.size(of: label, Proposal(width: proposal.width, height: nil), environment)
        }
        if linear {
            let width = proposal.width ?? max(labelSize?.x ?? 0, EngineLayout.placeholderSide)
            var top = 0.0
            if let labelSize {
                labelFrame = Rect(x: 0, y: 0, width: min(width, labelSize.x), height: labelSize.y)
                top = labelSize.y + Self.linearLabelSpacing
            } else {
                labelFrame = nil
            }
            indicator = Rect(x: 0, y: top, width: width, height: Self.trackHeight)
            size = AnimatablePoint(x: width, y: top + Self.trackHeight)
        } else {
            let side = ActivityIndicator(controlSize: environment.controlSize).fittingSize.width
            let width = max(side, labelSize?.x ?? 0)
            indicator = Rect(x: (width - side) / 2, y: 0, width: side, height: side)
            if let labelSize {
                labelFrame = Rect(x: (width - labelSize.x) / 2, y: side + Self.circularLabelSpacing,
                                  width: labelSize.x, height: labelSize.y)
                size = AnimatablePoint(x: width, y: side + Self.circularLabelSpacing + labelSize.y)
            } else {
                labelFrame = nil
                size = AnimatablePoint(x: side, y: side)
            }
        }
    }

    /// `UIColor.systemFill` for the appearance whose primary colour is `primary`.
    static func trackColour(primary: RGBA8) -> RGBA8 {
        RGBA8(r: 120, g: 120, b: 128, a: primary == .black ? 51 : 92)
    }
}

extension Rect {
    /// The centre's x.
    var midX: Double { origin.x + width / 2 }
    /// The centre's y.
    var midY: Double { origin.y + height / 2 }
}

extension ProgressBarLayout {
    /// A rectangle with fully rounded ends (radius half its shorter side), in device pixels.
    static func capsule(_ rect: Rect) -> Path {
        let radius = min(rect.width, rect.height) / 2
        return Path.polyline(ShapeContour.roundedRectanglePieces(rect, radius: radius), reversed: false)
    }
}
