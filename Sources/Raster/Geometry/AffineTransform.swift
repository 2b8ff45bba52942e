import Glibc

/// A 2-D affine transform `p' = (a·x + c·y + tx, b·x + d·y + ty)`, the layout of Core Graphics'
/// `CGAffineTransform`.
///
/// In the y-down screen space used throughout, a positive rotation angle turns clockwise on
/// screen, as SwiftUI's `rotationEffect` does.
public struct AffineTransform: Hashable, Sendable {
    /// Matrix entries, as `CGAffineTransform` names them.
    public var a, b, c, d, tx, ty: Double

    /// Creates a transform from its six entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (`x`, `y`).
    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A uniform or non-uniform scale about the origin.
    public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation about the origin by `radians`; positive is clockwise on a y-down screen.
    public static func rotation(radians: Double) -> AffineTransform {
        let (s, c) = (sin(radians), cos(radians))
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self` followed by `next`: `p ↦ next(self(p))`.
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c,
            b: a * next.b + b * next.d,
            c: c * next.a + d * next.c,
            d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx,
            ty: tx * next.b + ty * next.d + next.ty)
    }

    /// The transform that undoes this one, or `nil` when it is singular (determinant 0: it
    /// squashes the plane onto a line or a point).
    public var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        let (ia, ib, ic, id) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Applies the transform to a point.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The largest factor by which the transform stretches a length (largest singular value):
    /// used to flatten curves finely enough in device space.
    public var maximumScale: Double {
        let s1 = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        let disc = (max(0, s1 * s1 - 4 * det * det)).squareRoot()
        return ((s1 + disc) / 2).squareRoot()
    }
}
