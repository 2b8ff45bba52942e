import Raster

/// The outline of `shape` laid out in `rect` (points), flattened to closed polygons in device
/// pixels (`scale` pixels per point), chords within ``CoverageRasterizer/defaultTolerance``.
///
/// Fills of `Rectangle`, `Color`, `Circle` (the largest circle centred in the rect, as SwiftUI's
/// `Circle`), `Capsule` (corner radius half the shorter side) and `RoundedRectangle` (radius
/// clamped to half the shorter side). Strokes and trims are not drawn yet: they give no
/// polygons.
func outline(of shape: ShapeView, in rect: Rect, scale: Double) -> [[Point]] {
    guard case .fill = shape.paint, shape.trimFrom <= 0, shape.trimTo >= 1, rect.width > 0, rect.height > 0 else {
        return []
    }
    var path = Path()
    let shorter = min(rect.width, rect.height)
    switch shape.kind {
    case .rectangle:
        path = .rectangle(rect)
    case .circle:
        path.addArc(center: rect.center, radius: shorter / 2, startRadians: 0, sweepRadians: -2 * Double.pi)
        path.closeSubpath()
    case .capsule:
        path = roundedRectangle(rect, radius: shorter / 2)
    case let .roundedRectangle(cornerRadius):
        path = roundedRectangle(rect, radius: min(max(0, cornerRadius), shorter / 2))
    }
    return path.flattened(by: .scale(x: scale, y: scale), tolerance: CoverageRasterizer.defaultTolerance)
}

/// A rectangle with circular corners, wound as `Path.rectangle` (counter-clockwise on screen).
private func roundedRectangle(_ rect: Rect, radius r: Double) -> Path {
    guard r > 0 else { return .rectangle(rect) }
    let half = Double.pi / 2
    var path = Path()
    path.move(to: Point(x: rect.minX, y: rect.minY + r))
    path.addLine(to: Point(x: rect.minX, y: rect.maxY - r))
    path.addArc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startRadians: 2 * half, sweepRadians: -half)
    path.addLine(to: Point(x: rect.maxX - r, y: rect.maxY))
    path.addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startRadians: half, sweepRadians: -half)
    path.addLine(to: Point(x: rect.maxX, y: rect.minY + r))
    path.addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startRadians: 0, sweepRadians: -half)
    path.addLine(to: Point(x: rect.minX + r, y: rect.minY))
    path.addArc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startRadians: -half, sweepRadians: -half)
    path.closeSubpath()
    return path
}
