// Independent reference computations for the Motion tests: written from the definitions, not
// from the module's code, so the tests compare two derivations.
import Glibc

/// A point of the cubic Bézier P0 = (0,0), P1, P2, P3 = (1,1) by de Casteljau's construction.
func deCasteljau(_ s: Double, _ p1: (Double, Double), _ p2: (Double, Double)) -> (x: Double, y: Double) {
    func lerp(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
        (a.0 + (b.0 - a.0) * s, a.1 + (b.1 - a.1) * s)
    }
    let p0 = (0.0, 0.0), p3 = (1.0, 1.0)
    let a = lerp(p0, p1), b = lerp(p1, p2), c = lerp(p2, p3)
    let d = lerp(a, b), e = lerp(b, c)
    let f = lerp(d, e)
    return (f.0, f.1)
}

/// y at x on the timing curve: dense sampling to bracket x, then bisection on the parameter.
func referenceCurveValue(atTime x: Double, _ p1: (Double, Double), _ p2: (Double, Double)) -> Double {
    let samples = 10_000
    var low = 0.0, high = 1.0
    for i in 0..<samples {
        let s0 = Double(i) / Double(samples), s1 = Double(i + 1) / Double(samples)
        if deCasteljau(s0, p1, p2).x <= x && deCasteljau(s1, p1, p2).x >= x {
            low = s0
            high = s1
            break
        }
    }
    for _ in 0..<100 {
        let middle = (low + high) / 2
        if deCasteljau(middle, p1, p2).x < x { low = middle } else { high = middle }
    }
    return deCasteljau((low + high) / 2, p1, p2).y
}

/// Position of a unit-mass spring released at rest from 0 towards 1, from stiffness k and
/// damping c: the textbook solution with α = c/2 and the three cases of α² against k.
func referenceSpringPosition(stiffness k: Double, damping c: Double, atSeconds t: Double) -> Double {
    let alpha = c / 2
    let discriminant = alpha * alpha - k
    if abs(discriminant) < 1e-9 * k {
        return 1 - (1 + alpha * t) * exp(-alpha * t)
    } else if discriminant < 0 {
        let w = (-discriminant).squareRoot()
        return 1 - exp(-alpha * t) * (cos(w * t) + alpha / w * sin(w * t))
    } else {
        let q = discriminant.squareRoot()
        let r1 = -alpha + q, r2 = -alpha - q
        // x = 1 + A e^(r1 t) + B e^(r2 t), A + B = −1, r1 A + r2 B = 0.
        let a = r2 / (r1 - r2), b = -r1 / (r1 - r2)
        return 1 + a * exp(r1 * t) + b * exp(r2 * t)
    }
}

/// The same spring integrated numerically (classical Runge–Kutta, 1e-5 s steps).
func integratedSpringPosition(stiffness k: Double, damping c: Double, atSeconds t: Double) -> Double {
    var x = 0.0, v = 0.0
    let steps = Int((t / 1e-5).rounded())
    let h = t / Double(steps)
    func acceleration(_ x: Double, _ v: Double) -> Double { -k * (x - 1) - c * v }
    for _ in 0..<steps {
        let k1x = v, k1v = acceleration(x, v)
        let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return x
}

/// `abs(a - b) <= tolerance`, for `#expect`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
