import Motion
import Raster

/// The animated values of a shape's gradient, by key (templates) or track (ops): its geometry,
/// its stops' locations four to a track, and the colours of its stops.
///
/// A gradient of more than ``maximumAnimatedStops`` stops animates its geometry only: its stops
/// take their new colours and locations at once.
struct GradientKeys<Key: Sendable>: Sendable {
    var geometry: Key
    /// One track per four stops; empty when the stops do not animate.
    var locations: [Key]
    /// One colour track per stop; empty when the stops do not animate.
    var stops: [Key]

    /// How many stops animate.
    static var maximumAnimatedStops: Int { 8 }

    func map<Other>(_ transform: (Key) -> Other) -> GradientKeys<Other> {
        GradientKeys<Other>(geometry: transform(geometry), locations: locations.map(transform), stops: stops.map(transform))
    }
}

/// How a gradient's values ride on the engine's tracks.
///
/// SwiftUI's gradient shape styles are animatable: a change of a `LinearGradient`'s start and
/// end points, an `AngularGradient`'s centre and angles, a `RadialGradient`'s centre and radii,
/// or of the stops' colours and locations, animates with the transaction that made it, stop by
/// stop in the order written. A change of the gradient's kind or of its number of stops takes
/// effect at once: the values are then not one another's counterparts.
enum GradientTracks {
    /// The geometry as four numbers: start and end points (linear), centre and angles in degrees
    /// (angular), centre and radii in points (radial); the kind tells them apart.
    static func vector(_ geometry: GradientPaint.Geometry) -> PropertyValue {
        switch geometry {
        case let .linear(start, end): .vector(TrackVector(x: start.x, y: start.y, z: end.x, w: end.y), kind: 0)
        case let .angular(center, startDegrees, endDegrees): .vector(TrackVector(x: center.x, y: center.y, z: startDegrees, w: endDegrees), kind: 1)
        case let .radial(center, startRadius, endRadius): .vector(TrackVector(x: center.x, y: center.y, z: startRadius, w: endRadius), kind: 2)
        }
    }

    /// `geometry`'s kind with the values of `vector`.
    static func geometry(_ geometry: GradientPaint.Geometry, _ vector: TrackVector) -> GradientPaint.Geometry {
        switch geometry {
        case .linear: .linear(start: UnitPoint(x: vector.x, y: vector.y), end: UnitPoint(x: vector.z, y: vector.w))
        case .angular: .angular(center: UnitPoint(x: vector.x, y: vector.y), startDegrees: vector.z, endDegrees: vector.w)
        case .radial: .radial(center: UnitPoint(x: vector.x, y: vector.y), startRadius: max(0, vector.z), endRadius: max(0, vector.w))
        }
    }

    /// The locations of `stops`, four to a vector (unused components zero), kinded by the count.
    static func locations(_ stops: [GradientPaint.Stop]) -> [PropertyValue] {
        Swift.stride(from: 0, to: stops.count, by: 4).map { first in
            func at(_ i: Int) -> Double { first + i < stops.count ? stops[first + i].location : 0 }
            return .vector(TrackVector(x: at(0), y: at(1), z: at(2), w: at(3)), kind: stops.count)
        }
    }
}

extension ViewEngine {
    /// A shape's gradient at `time`: its geometry and stops from their tracks where they
    /// animate, its own values where they do not, stop colours resolved for `palette`.
    func gradientShading(_ gradient: GradientPaint, _ op: DrawOp, atSeconds time: Double, alpha: UInt8) -> GradientShading {
        guard let keys = op.shapeKeys?.gradient else { return GradientShading(gradient, palette: palette, alpha: alpha) }
        let geometry = GradientTracks.geometry(gradient.geometry, colours[keys.geometry].value(atSeconds: time))
        guard !keys.stops.isEmpty else {
            return GradientShading(geometry: geometry, stops: gradient.stops.map { (palette.resolve($0.color), $0.location) }, alpha: alpha)
        }
        let locations = keys.locations.flatMap { track -> [Double] in
            let v = colours[track].value(atSeconds: time)
            return [v.x, v.y, v.z, v.w]
        }
        let stops = keys.stops.enumerated().map { index, track in (colours[track].colour(atSeconds: time).rgba8, locations[index]) }
        return GradientShading(geometry: geometry, stops: stops, alpha: alpha)
    }
}
