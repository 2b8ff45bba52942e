import Glibc
import Raster

/// Shapes drawn through a general path: every outline other than the four built-in ones the
/// exact stroke constructions of ``outline(of:in:scale:)`` draw, every shape modifier, dashes,
/// joins and the even-odd rule.
///
/// The outline is SwiftUI's path of the shape in its frame (points, origin at the frame's
/// top-left corner), moved by the shape modifiers, flattened in device pixels, trimmed by
/// length (`trim(from:to:)`, as `Path.trimmedPath(from:to:)`), then filled under its rule or
/// stroked (``Stroker``: the union of each segment's band, each join's wedge and each cap,
/// filled non-zero, so overlaps count once), all through
/// ``CoverageRasterizer/addPolygons(_:transform:rule:)``'s exact-area trapezoids.
extension ShapeView {
    /// Whether the exact constructions of ``outline(of:in:scale:)`` draw this shape: a
    /// circle, capsule, rectangle or circular rounded rectangle with no shape modifier, filled
    /// non-zero or stroked solid with miter joins (their only corners are a rectangle's right
    /// angles, which a miter limit of √2 or more keeps mitred).
    public var isBuiltInOutline: Bool {
        switch kind {
        case .circle, .capsule, .rectangle, .roundedRectangle: break
        default: return false
        }
        guard transforms.isEmpty, !strokesInside, fillRule == .nonZero else { return false }
        if case let .stroke(_, style) = paint {
            return style.dash.isEmpty && (style.lineJoin == .miter && style.miterLimit >= 2.0.squareRoot() || kind != .rectangle)
        }
        return true
    }

    /// The outline in a `width × height` frame (points, origin at its top-left corner), after
    /// the shape modifiers; `data` stands in for a custom shape's `animatableData` and `inset`
    /// is added to the insets (half the line width for `strokeBorder`).
    public func path(width: Double, height: Double, data: [Double]? = nil, inset extra: Double = 0) -> Path {
        var rect = Rect(x: 0, y: 0, width: width, height: height)
        var insetTotal = extra
        for case let .inset(amount) in transforms { insetTotal += amount }
        rect = rect.outset(dx: -insetTotal, dy: -insetTotal)
        var path = Path()
        if rect.width >= 0, rect.height >= 0 {
            let shorter = min(rect.width, rect.height)
            switch kind {
            case .circle:
                path.addEllipse(in: Rect(x: rect.center.x - shorter / 2, y: rect.center.y - shorter / 2, width: shorter, height: shorter))
            case .ellipse:
                path.addEllipse(in: rect)
            case .rectangle:
                path.addRect(rect)
            case .capsule:
                path.addRoundedRect(rect, radii: CornerRadii(width: shorter / 2, height: shorter / 2), style: .circular)
            case .continuousCapsule:
                path.addRoundedRect(rect, radii: CornerRadii(width: shorter / 2, height: shorter / 2), style: .continuous)
            case let .roundedRectangle(radius):
                let r = max(0, radius - insetTotal)
                path.addRoundedRect(rect, radii: CornerRadii(width: r, height: r), style: .circular)
            case let .styledRectangle(radii, style):
                path.addRoundedRect(rect, radii: radii.inset(by: insetTotal), style: style)
            case let .custom(shape):
                path = shape.provider.path(in: rect, data: data ?? shape.animatableData)
            }
        }
        // Scale, rotation and offset act on the outline in the frame, anchors in the frame.
        for transform in transforms {
            let map: AffineTransform
            switch transform {
            case .inset: continue
            case let .scale(x, y, anchor):
                let (ax, ay) = (anchor.x * width, anchor.y * height)
                map = AffineTransform.translation(x: -ax, y: -ay).concatenating(.scale(x: x, y: y)).concatenating(.translation(x: ax, y: ay))
            case let .rotation(degrees, anchor):
                let (ax, ay) = (anchor.x * width, anchor.y * height)
                map = AffineTransform.translation(x: -ax, y: -ay).concatenating(.rotation(radians: degrees * Double.pi / 180))
                    .concatenating(.translation(x: ax, y: ay))
            case let .offset(x, y):
                map = .translation(x: x, y: y)
            }
            path = path.applying(map)
        }
        return path
    }

    /// The polygons to fill, in device pixels about the frame's top-left corner, and their rule.
    ///
    /// - Parameters:
    ///   - width, height: the frame in points.
    ///   - scale: pixels per point.
    ///   - data: the custom shape's animatable values at this moment.
    ///   - style: the stroke style at this moment (its line width and dash phase animate).
    ///   - tolerance: flattening tolerance in these pixels.
    public func coverage(width: Double, height: Double, scale: Double, data: [Double]?, style: StrokeStyle?,
                         tolerance: Double) -> (polygons: [[Point]], rule: FillRule) {
        let device = AffineTransform.scale(x: scale, y: scale)
        let from = min(max(trimFrom, 0), 1), to = min(max(trimTo, 0), 1)
        let whole = from == 0 && to == 1
        guard to > from else { return ([], .nonZero) }
        switch paint {
        case .fill:
            let subpaths = path(width: width, height: height, data: data).subpaths(by: device, tolerance: tolerance)
            if whole { return (subpaths.map(\.points), fillRule) }
            let lines = subpaths.map { $0.isClosed ? $0.points + [$0.points[0]] : $0.points }
            return (Path.trim(lines, from: from, to: to), fillRule)
        case .stroke(_, let declared):
            let style = style ?? declared
            let halfWidth = style.lineWidth * scale / 2
            guard halfWidth > 0 else { return ([], .nonZero) }
            var subpaths = path(width: width, height: height, data: data, inset: strokesInside ? style.lineWidth / 2 : 0)
                .subpaths(by: device, tolerance: tolerance)
            if !whole {
                let lines = subpaths.map { $0.isClosed ? $0.points + [$0.points[0]] : $0.points }
                subpaths = Path.trim(lines, from: from, to: to).map { Path.FlatSubpath(points: $0, isClosed: false) }
            }
            return (strokePolygons(subpaths, style: style, scale: scale, tolerance: tolerance), .nonZero)
        }
    }
}

/// The outlines of `style`'s stroke along `subpaths` (already flattened, in device units of
/// `scale` per point): dashed as its pattern says, then stroked with its caps, joins and miter
/// limit, to be filled under the non-zero rule. What `stroke(style:)` draws and what
/// `Path.strokedPath(_:)` returns (at scale 1).
public func strokePolygons(_ subpaths: [Path.FlatSubpath], style: StrokeStyle, scale: Double, tolerance: Double) -> [[Point]] {
    var subpaths = subpaths
    if !style.dash.isEmpty {
        subpaths = Stroker.dashed(subpaths, pattern: style.dash.map { $0 * scale }, phase: style.dashPhase * scale)
    }
    let cap: StrokeCap = switch style.lineCap {
    case .butt: .butt
    case .round: .round
    case .square: .square
    }
    let stroker = Stroker(halfWidth: style.lineWidth * scale / 2, cap: cap, join: style.lineJoin, miterLimit: style.miterLimit,
                          tolerance: tolerance)
    return stroker.polygons(subpaths)
}
