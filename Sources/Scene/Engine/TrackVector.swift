import Motion

/// The value of an engine track of any kind: a number in `x`, a point in `x` and `y`, a colour
/// in all four components (red, green, blue, alpha).
///
/// Numbers, points and colours share this one type so that the engine's tracks are one generic
/// instantiation, `AnimatedTrack<TrackVector>`: each distinct instantiation costs every run a
/// run-time `VectorArithmetic` conformance lookup of about 0.23 M instructions (its metadata is
/// made from its mangled name). The arithmetic is component-wise, and unused components stay
/// zero, so every component is computed exactly as by `Double`, `AnimatablePoint` and
/// `AnimatableColor` themselves.
struct TrackVector: VectorArithmetic, Hashable {
    var x = 0.0, y = 0.0, z = 0.0, w = 0.0

    init(x: Double = 0, y: Double = 0, z: Double = 0, w: Double = 0) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    init(_ number: Double) { self.init(x: number) }

    init(_ point: AnimatablePoint) { self.init(x: point.x, y: point.y) }

    init(_ colour: AnimatableColor) { self.init(x: colour.r, y: colour.g, z: colour.b, w: colour.a) }

    static var zero: TrackVector { TrackVector() }

    static func + (lhs: TrackVector, rhs: TrackVector) -> TrackVector {
        TrackVector(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z, w: lhs.w + rhs.w)
    }

    static func - (lhs: TrackVector, rhs: TrackVector) -> TrackVector {
        TrackVector(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z, w: lhs.w - rhs.w)
    }

    mutating func scale(by factor: Double) {
        x *= factor
        y *= factor
        z *= factor
        w *= factor
    }
}

extension AnimatedTrack where Value == TrackVector {
    /// The presented number of a number track at `time`, in seconds.
    func number(atSeconds time: Double) -> Double { value(atSeconds: time).x }

    /// The presented point of a point track at `time`, in seconds.
    func point(atSeconds time: Double) -> AnimatablePoint {
        let value = value(atSeconds: time)
        return AnimatablePoint(x: value.x, y: value.y)
    }

    /// The presented colour of a colour track at `time`, in seconds.
    func colour(atSeconds time: Double) -> AnimatableColor {
        let value = value(atSeconds: time)
        return AnimatableColor(r: value.x, g: value.y, b: value.z, a: value.w)
    }
}
