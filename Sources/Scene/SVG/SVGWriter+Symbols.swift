import Glibc
import Raster

extension SVGText {
    /// A path's outline as SVG path data, in the path's own units: lines as `L`, circular arcs
    /// as `A` (split in halves, since one `A` cannot draw a whole circle), Bézier curves as `Q` and
    /// `C`, subpaths closed by `Z`.
    static func pathData(_ path: Path) -> String {
        var d = ""
        var open = false
        for element in path.elements {
            switch element {
            case let .move(p):
                d += "M" + list([p.x, p.y])
                open = true
            case let .line(p):
                d += (open ? "L" : "M") + list([p.x, p.y])
                open = true
            case let .arc(c, r, start, sweep):
                let from = Point(x: c.x + r * cos(start), y: c.y + r * sin(start))
                d += (open ? "L" : "M") + list([from.x, from.y])
                open = true
                let pieces = abs(sweep) > Double.pi ? 2 : 1
                for i in 1...pieces {
                    let angle = start + sweep * Double(i) / Double(pieces)
                    let to = Point(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
                    // A positive sweep turns clockwise on a y-down screen: SVG's sweep flag 1.
                    d += "A" + list([r, r]) + " 0 0 " + (sweep > 0 ? "1 " : "0 ") + list([to.x, to.y])
                }
            case let .quadCurve(control, to):
                d += "Q" + list([control.x, control.y]) + " " + list([to.x, to.y])
            case let .cubicCurve(control1, control2, to):
                d += "C" + list([control1.x, control1.y]) + " " + list([control2.x, control2.y]) + " " + list([to.x, to.y])
            case .close:
                d += "Z"
                open = false
            }
        }
        return d
    }
}
