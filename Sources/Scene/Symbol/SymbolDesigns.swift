import Glibc
import Raster

/// The skeletons of the library's symbols: our own drawings, not Apple's artwork, proportioned
/// like SF Symbols' (docs/symbols.md).
///
/// Units are ``RaysSymbol``'s template units (1/100 of the font size at the Small scale), y
/// down, about the glyph's centre. Circle-bound symbols have a skeleton radius of 38, so that at
/// Regular their outer edge (38 + 7.62 / 2 = 41.8) meets `rays`' measured outer tip radius
/// (41.75); open symbols keep within the same ±42 box. Strokes are inked at the weight's width,
/// so every symbol thickens with the weight as `rays` does.
public enum SymbolDesigns {
    /// The parts of `name` that are variable-colour layers, by their index in ``parts(_:)``, in
    /// the order `.variableColor` lights them: SF Symbols annotates `wifi`'s arcs as variable,
    /// lit from the innermost out (WWDC22 "Adopt Variable Color in SF Symbols"); the dot stays.
    /// Empty for the other symbols of the library, on which `.variableColor` changes nothing
    /// ("Variable color animations affect only symbols containing variable color layers",
    /// Apple's `VariableColorSymbolEffect`).
    public static func variableLayers(_ name: SymbolName) -> [Int] {
        switch name {
        case .wifi: [2, 0, 1]
        default: []
        }
    }

    /// The parts of `name`; empty for `rays`, which ``RaysSymbol`` draws from its measured masters.
    public static func parts(_ name: SymbolName) -> [SymbolPart] {
        switch name {
        case .rays: []
        case .circle: [stroke(ring(.zero, 38))]
        case .circleFill: [SymbolPart(.dot(.zero, radius: 38))]
        case .circleDashed:
            [stroke((0..<8).map { k in arc(.zero, 38, Double(k) * 45 + 9, Double(k) * 45 + 36) })]
        case .circleDotted:
            // Sixteen dots on the ring, one at the top; each grows with the weight as a stroke's
            // round end does.
            (0..<16).map { k in SymbolPart(.dot(SymbolSegment.point(.zero, 38, -90 + Double(k) * 22.5), radius: 1)) }
        case .checkmark: [stroke(polyline(check))]
        case .checkmarkCircle: [stroke(ring(.zero, 38), .secondary), stroke(polyline(smallCheck))]
        case .checkmarkCircleFill:
            [SymbolPart(.dot(.zero, radius: 38), layer: .secondary), SymbolPart(.stroke(polyline(smallCheck)), knockout: true)]
        case .xmark: [stroke([.line(P(-27, -27), P(27, 27)), .line(P(27, -27), P(-27, 27))])]
        case .plus: [stroke([.line(P(-34, 0), P(34, 0)), .line(P(0, -34), P(0, 34))])]
        case .chevronLeft: [stroke(polyline([P(12, -34), P(-14, 0), P(12, 34)]))]
        case .chevronRight: [stroke(polyline([P(-12, -34), P(14, 0), P(-12, 34)]))]
        case .arrowRight: [stroke([.line(P(-34, 0), P(33, 0))] + polyline([P(8, -25), P(34, 0), P(8, 25)]))]
        case .arrowLeft: [stroke([.line(P(34, 0), P(-33, 0))] + polyline([P(-8, -25), P(-34, 0), P(-8, 25)]))]
        case .arrowDown: [stroke([.line(P(0, -34), P(0, 33))] + polyline([P(-25, 8), P(0, 34), P(25, 8)]))]
        case .arrowUp: [stroke([.line(P(0, 34), P(0, -33))] + polyline([P(-25, -8), P(0, -34), P(25, -8)]))]
        case .magnifyingglass: [stroke(ring(P(-7, -7), 25) + [.line(P(11, 11), P(34, 34))])]
        case .ellipsis: [-28.0, 0, 28].map { SymbolPart(.dot(P($0, 0), radius: 5)) }
        // The ring of `circle` around `ellipsis`'s dots drawn smaller; filled, the dots are cut
        // out of the disc (as `checkmark.circle` and `.fill` hold `checkmark`).
        case .ellipsisCircle:
            [stroke(ring(.zero, 38), .secondary)] + [-17.0, 0, 17].map { SymbolPart(.dot(P($0, 0), radius: 3)) }
        case .ellipsisCircleFill:
            [SymbolPart(.dot(.zero, radius: 38), layer: .secondary)] + [-17.0, 0, 17].map { SymbolPart(.dot(P($0, 0), radius: 3), knockout: true) }
        case .lineHorizontal3: [-24.0, 0, 24].map { y in stroke([.line(P(-34, y), P(34, y))]) }
        case .lineHorizontal3Decrease:
            [(-24.0, 34.0), (0, 22), (24, 10)].map { y, x in stroke([.line(P(-x, y), P(x, y))]) }
        case .heartFill: [SymbolPart(.fill(heart(lobe: 18, spread: 16, lobeY: -10, tipY: 34)))]
        case .heart: [stroke(heart(lobe: 18, spread: 16, lobeY: -10, tipY: 34))]
        case .waveform:
            // Seven round-capped bars, tallest in the middle, uneven as a voice's level.
            zip([-36.0, -24, -12, 0, 12, 24, 36], [8.0, 18, 30, 14, 36, 20, 10]).map { x, half in
                stroke([.line(P(x, -half), P(x, half))])
            }
        case .suitHeart: [stroke(heart(lobe: 16, spread: 14, lobeY: -14, tipY: 34))]
        case .suitHeartFill: [SymbolPart(.fill(heart(lobe: 16, spread: 14, lobeY: -14, tipY: 34)))]
        case .star: [stroke(closed(star))]
        case .starFill: [SymbolPart(.fill(closed(star)))]
        case .hexagonFill:
            [SymbolPart(.fill(closed((0..<6).map { SymbolSegment.point(.zero, 38, -90 + Double($0) * 60) })))]
        case .sunMaxFill:
            [SymbolPart(.dot(.zero, radius: 15))] + [stroke((0..<8).map { k in
                let angle = -90 + Double(k) * 45
                return .line(SymbolSegment.point(.zero, 26, angle), SymbolSegment.point(.zero, 37, angle))
            }, .secondary)]
        case .sparkles:
            [SymbolPart(.fill(sparkle(P(-10, 8), 28, 7))), SymbolPart(.fill(sparkle(P(20, -24), 14, 3.5))),
             SymbolPart(.fill(sparkle(P(28, 26), 9, 2.5)), layer: .secondary)]
        case .arrowClockwise:
            [stroke([arc(P(0, 3), 31, 300, 625)] + chevronHead(P(0, 3), 31, 625))]
        case .arrow2Circlepath: [stroke(twoCirclepath)]
        case .arrowTriangle2Circlepath:
            [stroke([arc(.zero, 30, 200, 322), arc(.zero, 30, 20, 142)]),
             SymbolPart(.fill(triangleHead(.zero, 30, 322))), SymbolPart(.fill(triangleHead(.zero, 30, 142)))]
        case .arrow2CirclepathCircle:
            [stroke(ring(.zero, 38), .secondary), stroke(twoCirclepath.map { $0.scaled(0.6) })]
        case .arrow2CirclepathCircleFill:
            [SymbolPart(.dot(.zero, radius: 38), layer: .secondary),
             SymbolPart(.stroke(twoCirclepath.map { $0.scaled(0.6) }), knockout: true)]
        case .wifi:
            [30.0, 46].map { r in stroke([arc(P(0, 22), r, 225, 315)], .secondary) }
                + [stroke([arc(P(0, 22), 14, 225, 315)]), SymbolPart(.dot(P(0, 22), radius: 4))]
        case .mic: [stroke(micBody)] + micHolder
        case .micFill: [SymbolPart(.fill(micBody))] + micHolder
        case .hourglass:
            [stroke([.line(P(-24, -36), P(24, -36)), .line(P(-24, 36), P(24, 36))]
                    + polyline([P(-19, -36), P(-19, -26), P(-3, 0), P(-19, 26), P(-19, 36)])
                    + polyline([P(19, -36), P(19, -26), P(3, 0), P(19, 26), P(19, 36)])),
             SymbolPart(.fill(closed([P(-10, 29), P(0, 18), P(10, 29)])), layer: .secondary)]
        case .airplayaudio: airplay
        case .airplayaudioBadgeExclamationmark:
            airplay + [SymbolPart(.dot(P(28, -26), radius: 13), layer: .secondary),
                       SymbolPart(.stroke([.line(P(28, -33), P(28, -27))]), knockout: true),
                       SymbolPart(.dot(P(28, -17), radius: 0), knockout: true)]
        case .cart:
            [stroke(polyline([P(-38, -30), P(-28, -30), P(-18, 14), P(30, 14)])
                    + polyline([P(-25, -18), P(37, -18), P(32, 4), P(-20, 4)])),
             SymbolPart(.dot(P(-13, 28), radius: 4)), SymbolPart(.dot(P(25, 28), radius: 4))]
        case .bell:
            [stroke([arc(P(0, -6), 21, 180, 360)]
                    + polyline([P(21, -6), P(23, 12), P(32, 21), P(-32, 21), P(-23, 12), P(-21, -6)])
                    + [.line(P(0, -33), P(0, -29))]),
             stroke([arc(P(0, 27), 7, 0, 180)], .secondary)]
        case .bubbleLeftFill:
            [SymbolPart(.fill([
                .line(P(-22, -30), P(22, -30)), arc(P(22, -16), 14, 270, 360), .line(P(36, -16), P(36, 4)),
                arc(P(22, 4), 14, 0, 90), .line(P(22, 18), P(-12, 18)), .line(P(-12, 18), P(-34, 34)),
                .line(P(-34, 34), P(-36, 8)), .line(P(-36, 8), P(-36, -16)), arc(P(-22, -16), 14, 180, 270),
            ]))]
        case .clock: [stroke(ring(.zero, 38), .secondary), stroke(polyline([P(0, -22), P(0, 0), P(15, 10)]))]
        case .hurricane:
            [stroke(ring(.zero, 10)), stroke([arc(P(6, -3), 28, 180, 300), arc(P(-6, 3), 28, 0, 120)])]
        case .playFill: [SymbolPart(.fill(closed([P(-20, -32), P(32, 0), P(-20, 32)])))]
        case .power: [stroke([arc(P(0, 4), 31, 300, 600), .line(P(0, -36), P(0, -6))])]
        case .gyroscope:
            // A wheel on a vertical spindle, and a tilted ring around it.
            [stroke(ring(P(0, -2), 20)), stroke([.line(P(0, -36), P(0, 26)), .line(P(-12, 36), P(12, 36)), .line(P(0, 26), P(0, 36))]),
             stroke(closed(ellipse(P(0, -2), 37, 13, -22)), .secondary)]
        case .clockArrowCirclepath:
            // A clock's hands inside a circle turning back: the arrow runs anticlockwise, its
            // head at the upper end of the gap on the left.
            [stroke([arc(.zero, 31, 200, 515)] + chevronHead(.zero, 31, 200, anticlockwise: true)),
             stroke(polyline([P(0, -17), P(0, 0), P(11, 8)]))]
        case .globe:
            // The outline, a meridian (two arcs through the poles, 16 from the axis at the
            // equator: radius 53.125 about (∓37.125, 0)), the equator and two parallels.
            [stroke(ring(.zero, 38)),
             stroke([arc(P(-37.125, 0), 53.125, -45.66, 45.66), arc(P(37.125, 0), 53.125, 134.34, 225.66),
                     .line(P(-38, 0), P(38, 0)),
                                                         .line(P(-32, -20), P(32, -20)), .line(P(-32, 20), P(32, 20))])]
        case .cloudSunRainFill:
            // A sun behind the cloud's upper right, the cloud, and three drops slanting down.
            [SymbolPart(.dot(P(18, -24), radius: 11), layer: .secondary),
             stroke((0..<5).map { k in
                 let angle = 180 + Double(k) * 45
                 return .line(SymbolSegment.point(P(18, -24), 16, angle), SymbolSegment.point(P(18, -24), 22, angle))
             }, .secondary),
             SymbolPart(.dot(P(-17, 0), radius: 13)), SymbolPart(.dot(P(1, -8), radius: 17)), SymbolPart(.dot(P(21, 3), radius: 10)),
             SymbolPart(.fill(closed([P(-17, 0), P(21, 0), P(21, 13), P(-17, 13)]))),
             stroke([.line(P(-14, 22), P(-19, 34)), .line(P(1, 22), P(-4, 34)), .line(P(16, 22), P(11, 34))], .secondary)]
        case .personCropCircleBadgePlus:
            // A head and shoulders in a circle cut open at the lower right, where a plus sits.
            [stroke([arc(.zero, 38, 72, 378)]),
             stroke(ring(P(0, -10), 11) + [arc(P(0, 30), 22, 205, 335)]),
             stroke([.line(P(28, 17), P(28, 39)), .line(P(17, 28), P(39, 28))], .secondary)]
        }
    }

    // MARK: Building blocks

    // swift-format-ignore: AlwaysUseLowerCamelCase
    // A point, as the designs write hundreds of them.
    static func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    static func stroke(_ segments: [SymbolSegment], _ layer: SymbolLayer = .primary) -> SymbolPart {
        SymbolPart(.stroke(segments), layer: layer)
    }

    static func arc(_ c: Point, _ r: Double, _ from: Double, _ to: Double) -> SymbolSegment {
        .arc(centre: c, radius: r, fromDegrees: from, toDegrees: to)
    }

    static func ring(_ c: Point, _ r: Double) -> [SymbolSegment] { [arc(c, r, 0, 360)] }

    /// Lines through the points in order.
    static func polyline(_ points: [Point]) -> [SymbolSegment] {
        zip(points, points.dropFirst()).map { .line($0, $1) }
    }

    /// Lines through the points and back to the first.
    static func closed(_ points: [Point]) -> [SymbolSegment] { polyline(points + [points[0]]) }

    static let check = [P(-30, 4), P(-10, 26), P(30, -26)]
    static let smallCheck = [P(-16, 1), P(-5, 14), P(17, -15)]

    /// A five-pointed star, a point straight up, inner radius 0.42 of the outer.
    static let star = (0..<10).map { k in SymbolSegment.point(P(0, 2), k % 2 == 0 ? 38 : 16, -90 + Double(k) * 36) }

    /// A four-pointed sparkle about `c`: points at `outer` on the axes, waist at `inner` between.
    static func sparkle(_ c: Point, _ outer: Double, _ inner: Double) -> [SymbolSegment] {
        closed((0..<8).map { k in SymbolSegment.point(c, k % 2 == 0 ? outer : inner, -90 + Double(k) * 45) })
    }

    /// A heart: two lobes of radius `lobe` at ±`spread`, meeting above, and the lines tangent to
    /// them from the tip.
    static func heart(lobe r: Double, spread s: Double, lobeY: Double, tipY: Double) -> [SymbolSegment] {
        let left = P(-s, lobeY), right = P(s, lobeY), tip = P(0, tipY)
        func tangent(_ c: Point, _ side: Double) -> Double {
            let d = tip - c
            return (atan2(d.y, d.x) + side * acos(r / d.length)) * 180 / Double.pi
        }
        let rise = (r * r - s * s).squareRoot()
        let cuspLeft = atan2(-rise, s) * 180 / Double.pi + 360, cuspRight = atan2(-rise, -s) * 180 / Double.pi + 360
        let leftFrom = tangent(left, 1), rightTo = tangent(right, -1) + 360
        return [
            .line(tip, SymbolSegment.point(left, r, leftFrom)),
            arc(left, r, leftFrom, cuspLeft),
            arc(right, r, cuspRight, rightTo),
            .line(SymbolSegment.point(right, r, rightTo), tip),
        ]
    }

    /// A chevron arrowhead at the end of a clockwise arc, pointing along it (at the start of the
    /// arc, pointing back along it, when `anticlockwise`).
    static func chevronHead(_ c: Point, _ r: Double, _ degrees: Double, anticlockwise: Bool = false) -> [SymbolSegment] {
        let end = SymbolSegment.point(c, r, degrees)
        let a = degrees * Double.pi / 180
        let sign = anticlockwise ? -1.0 : 1
        let along = P(-sin(a) * sign, cos(a) * sign), out = P(cos(a), sin(a))
        let tip = end + along * 4
        return polyline([tip - along * 12 + out * 12, tip, tip - along * 12 - out * 12])
    }

    /// An ellipse about `c` with semi-axes `rx` and `ry`, turned by `tilt` degrees (clockwise on
    /// screen), as 48 points.
    static func ellipse(_ c: Point, _ rx: Double, _ ry: Double, _ tilt: Double) -> [Point] {
        let t = tilt * Double.pi / 180
        return (0..<48).map { k in
            let a = Double(k) * 2 * Double.pi / 48
            let x = rx * cos(a), y = ry * sin(a)
            return P(c.x + x * cos(t) - y * sin(t), c.y + x * sin(t) + y * cos(t))
        }
    }

    /// A triangular arrowhead on the end of a clockwise arc: its base across the end.
    static func triangleHead(_ c: Point, _ r: Double, _ degrees: Double) -> [SymbolSegment] {
        let end = SymbolSegment.point(c, r, degrees)
        let a = degrees * Double.pi / 180
        let along = P(-sin(a), cos(a)), out = P(cos(a), sin(a))
        return closed([end + out * 9, end + along * 13, end - out * 9])
    }

    static let twoCirclepath: [SymbolSegment] =
        [arc(.zero, 30, 200, 330)] + chevronHead(.zero, 30, 330) + [arc(.zero, 30, 20, 150)] + chevronHead(.zero, 30, 150)

    static let micBody: [SymbolSegment] = [
        arc(P(0, -24), 12, 180, 360), .line(P(12, -24), P(12, -6)), arc(P(0, -6), 12, 0, 180), .line(P(-12, -6), P(-12, -24)),
    ]

    static let micHolder: [SymbolPart] = [stroke([arc(P(0, -8), 22, 0, 180), .line(P(0, 14), P(0, 30)), .line(P(-12, 30), P(12, 30))])]

    static let airplay: [SymbolPart] = [
        stroke([arc(P(0, -2), 34, 135, 405)], .secondary), stroke([arc(P(0, -2), 18, 135, 405)]),
        SymbolPart(.fill(closed([P(0, 14), P(15, 36), P(-15, 36)]))),
    ]
}
