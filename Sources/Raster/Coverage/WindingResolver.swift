/// The rule that decides which points a path encloses (Core Graphics' and SwiftUI's
/// `FillStyle(eoFill:)`; SVG's `fill-rule`).
public enum FillRule: String, Hashable, Sendable {
    /// A point is inside when the outline winds around it a non-zero number of times (the
    /// default of SwiftUI's `fill`, `FillStyle()`).
    case nonZero
    /// A point is inside when a ray from it crosses the outline an odd number of times
    /// (`FillStyle(eoFill: true)`).
    case evenOdd

    /// Whether a winding number is inside under this rule.
    @inline(__always)
    func contains(winding: Int) -> Bool {
        switch self {
        case .nonZero: winding != 0
        case .evenOdd: winding & 1 != 0
        }
    }
}

extension CoverageRasterizer {
    /// Adds polygons that may overlap, cross themselves and wind either way, filled under
    /// `rule` with exact-area coverage.
    ///
    /// ``addPolygon(_:)`` sums signed areas, which is exact only where the outline winds 0 or
    /// ±1 times. Here the polygons are first cut into horizontal strips at every vertex and
    /// every crossing of two edges, so that inside a strip no two edges cross and the regions
    /// between neighbouring edges are trapezoids of one winding number each (the trapezoidal
    /// decomposition of a polygon, as in Seidel's and Bentley–Ottmann's sweeps). The trapezoids
    /// the rule keeps are disjoint, so adding them with one orientation gives each pixel its
    /// exact covered area, under either rule, however the outlines overlap.
    ///
    /// - Parameters:
    ///   - polygons: closed polygons (closing edge implied) in the coordinates `transform` maps
    ///     to device pixels.
    ///   - transform: path coordinates to device pixels.
    ///   - rule: non-zero or even-odd.
    public mutating func addPolygons(_ polygons: [[Point]], transform: AffineTransform = .identity, rule: FillRule) {
        var edges: [ResolverEdge] = []
        var ys: [Double] = []
        for polygon in polygons where polygon.count >= 2 {
            var previous = Self.snap(transform.apply(polygon[polygon.count - 1]))
            for vertex in polygon {
                let current = Self.snap(transform.apply(vertex))
                defer { previous = current }
                guard previous.y != current.y, previous.x.isFinite, previous.y.isFinite,
                      current.x.isFinite, current.y.isFinite else { continue }
                edges.append(previous.y < current.y
                    ? ResolverEdge(x0: previous.x, y0: previous.y, x1: current.x, y1: current.y, winding: 1)
                    : ResolverEdge(x0: current.x, y0: current.y, x1: previous.x, y1: previous.y, winding: -1))
                ys.append(current.y)
                ys.append(previous.y)
            }
        }
        guard !edges.isEmpty else { return }
        // Strips outside the canvas's rows add nothing visible.
        let top = 0.0, bottom = Double(height)
        ys = Array(Set(ys.map { min(max($0, top), bottom) })).sorted()
        edges.sort { $0.y0 < $1.y0 }
        var trapezoids: [Trapezoid] = []
        var active: [Int] = []
        var next = 0
        for index in 0..<(ys.count - 1) {
            let ya = ys[index], yb = ys[index + 1]
            active.removeAll { edges[$0].y1 <= ya }
            while next < edges.count, edges[next].y0 <= ya {
                if edges[next].y1 > ya { active.append(next) }
                next += 1
            }
            guard active.count >= 2 else { continue }
            Self.resolveStrip(ya, yb, active, edges, rule, into: &trapezoids)
        }
        accumulateEdges { accumulator, cells in
            for t in trapezoids {
                accumulator.addEdge(from: Point(x: t.leftTop, y: t.top), to: Point(x: t.leftBottom, y: t.bottom), cells: cells)
                accumulator.addEdge(from: Point(x: t.rightBottom, y: t.bottom), to: Point(x: t.rightTop, y: t.top), cells: cells)
            }
        }
    }

    /// The trapezoids of one strip that `rule` keeps; the strip is cut further where edges cross.
    private static func resolveStrip(_ ya: Double, _ yb: Double, _ active: [Int], _ edges: [ResolverEdge], _ rule: FillRule,
                                     into trapezoids: inout [Trapezoid]) {
        var cuts: [Double] = []
        let order = active.sorted { edges[$0].x(at: ya) < edges[$1].x(at: ya) }
        // A pair out of order at the bottom crossed inside the strip.
        var crossed = false
        var lastBottom = -Double.infinity
        for index in order {
            let x = edges[index].x(at: yb)
            if x < lastBottom - 1e-9 { crossed = true; break }
            lastBottom = max(lastBottom, x)
        }
        if crossed {
            for i in 0..<order.count {
                let a = edges[order[i]]
                let ab = a.x(at: yb)
                for j in (i + 1)..<order.count {
                    let b = edges[order[j]]
                    let bb = b.x(at: yb)
                    guard ab > bb else { continue }
                    // x_a(y) − x_b(y) goes from ≤ 0 at ya to > 0 at yb: one root.
                    let da = a.x(at: ya) - b.x(at: ya), db = ab - bb
                    let y = snap(ya + (yb - ya) * (-da) / (db - da))
                    if y > ya && y < yb { cuts.append(y) }
                }
            }
            cuts = Array(Set(cuts)).sorted()
        }
        var top = ya
        for bottom in cuts + [yb] {
            let middle = (top + bottom) / 2
            let sorted = active.sorted { edges[$0].x(at: middle) < edges[$1].x(at: middle) }
            var winding = 0
            var left: ResolverEdge?
            for index in sorted {
                let edge = edges[index]
                let wasInside = rule.contains(winding: winding)
                winding += edge.winding
                let isInside = rule.contains(winding: winding)
                if !wasInside && isInside {
                    left = edge
                } else if wasInside && !isInside, let l = left {
                    trapezoids.append(Trapezoid(top: top, bottom: bottom, leftTop: l.x(at: top), leftBottom: l.x(at: bottom),
                                                rightTop: edge.x(at: top), rightBottom: edge.x(at: bottom)))
                    left = nil
                }
            }
            top = bottom
        }
    }
}

/// An edge going down, with the winding it adds (+1 drawn downwards, −1 upwards).
struct ResolverEdge {
    var x0, y0, x1, y1: Double
    var winding: Int

    @inline(__always)
    func x(at y: Double) -> Double {
        if y <= y0 { return x0 }
        if y >= y1 { return x1 }
        return x0 + (x1 - x0) * (y - y0) / (y1 - y0)
    }
}

/// A piece of a strip inside the fill: between `top` and `bottom`, bounded by two edges.
struct Trapezoid {
    var top, bottom, leftTop, leftBottom, rightTop, rightBottom: Double
}
