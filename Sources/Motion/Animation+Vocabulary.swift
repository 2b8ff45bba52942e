// SwiftUI's names for animations, with its default values (Apple's documentation of
// `Animation`). Each spells itself as written, leaving out arguments equal to their defaults.

extension Animation {
    // MARK: Timing curves

    /// Constant speed for 0.35 s (SwiftUI `.linear`).
    public static var linear: Animation { named(.linear, "linear") }
    /// Starts slowly, 0.35 s (SwiftUI `.easeIn`).
    public static var easeIn: Animation { named(.easeIn, "easeIn") }
    /// Ends slowly, 0.35 s (SwiftUI `.easeOut`).
    public static var easeOut: Animation { named(.easeOut, "easeOut") }
    /// Starts and ends slowly, 0.35 s (SwiftUI `.easeInOut`).
    public static var easeInOut: Animation { named(.easeInOut, "easeInOut") }

    /// Constant speed for `duration` seconds (SwiftUI `linear(duration:)`).
    public static func linear(duration: Double) -> Animation { timed(.linear, "linear", duration) }
    /// Starts slowly, `duration` seconds (SwiftUI `easeIn(duration:)`).
    public static func easeIn(duration: Double) -> Animation { timed(.easeIn, "easeIn", duration) }
    /// Ends slowly, `duration` seconds (SwiftUI `easeOut(duration:)`).
    public static func easeOut(duration: Double) -> Animation { timed(.easeOut, "easeOut", duration) }
    /// Starts and ends slowly, `duration` seconds (SwiftUI `easeInOut(duration:)`).
    public static func easeInOut(duration: Double) -> Animation { timed(.easeInOut, "easeInOut", duration) }

    /// A cubic Bézier timing curve with control points (c0x, c0y) and (c1x, c1y), x in 0…1
    /// (SwiftUI `timingCurve(_:_:_:_:duration:)`, default duration 0.35 s).
    public static func timingCurve(
        _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double = defaultDurationSeconds
    ) -> Animation {
        let spelling = spell("timingCurve", [
            (nil, c0x, nil), (nil, c0y, nil), (nil, c1x, nil), (nil, c1y, nil),
            ("duration", duration, defaultDurationSeconds),
        ])
        return Animation(base: .curve(UnitCurve(c0x, c0y, c1x, c1y), durationSeconds: duration), spelling: spelling)
    }

    private static func named(_ curve: UnitCurve, _ name: String) -> Animation {
        Animation(base: .curve(curve, durationSeconds: defaultDurationSeconds), spelling: "." + name)
    }

    private static func timed(_ curve: UnitCurve, _ name: String, _ duration: Double) -> Animation {
        Animation(base: .curve(curve, durationSeconds: duration), spelling: ".\(name)(duration: \(Spelling.number(duration)))")
    }

    // MARK: Springs

    /// SwiftUI's `.spring`: response 0.5 s, damping fraction 0.825.
    public static var spring: Animation {
        let spring = Spring(response: Spring.defaultResponse, dampingRatio: Spring.defaultDampingFraction)
        return Animation(base: .spring(spring, blendDurationSeconds: 0), spelling: ".spring")
    }

    /// A spring by `response` (seconds) and `dampingFraction` (SwiftUI
    /// `spring(response:dampingFraction:blendDuration:)`, defaults 0.5, 0.825, 0).
    public static func spring(response: Double = Spring.defaultResponse, dampingFraction: Double = Spring.defaultDampingFraction,
                              blendDuration: Double = 0) -> Animation {
        let spelling = spell("spring", [
            ("response", response, Spring.defaultResponse), ("dampingFraction", dampingFraction, Spring.defaultDampingFraction), ("blendDuration", blendDuration, 0),
        ])
        return Animation(
            base: .spring(Spring(response: response, dampingRatio: dampingFraction), blendDurationSeconds: blendDuration),
            spelling: spelling
        )
    }

    /// A spring by perceptual `duration` (seconds) and `bounce` (SwiftUI
    /// `spring(duration:bounce:blendDuration:)`, defaults 0.5, 0, 0): response = duration,
    /// ζ = 1 − bounce, or 1 / (1 + bounce) for negative bounce.
    @_disfavoredOverload
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        let spelling = spell(
            "spring", [("duration", duration, 0.5), ("bounce", bounce, 0), ("blendDuration", blendDuration, 0)],
            distinguishedBy: ["duration", "bounce"]
        )
        return Animation(
            base: .spring(Spring(duration: duration, bounce: bounce), blendDurationSeconds: blendDuration),
            spelling: spelling
        )
    }

    /// A spring from a ``Spring`` value (SwiftUI `spring(_:blendDuration:)`), spelled by its
    /// response and damping fraction.
    public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation {
        Animation.spring(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
    }

    /// SwiftUI's `.interactiveSpring`: response 0.15 s, damping fraction 0.86, blend 0.25 s.
    public static var interactiveSpring: Animation {
        Animation(
            base: .spring(Spring(response: 0.15, dampingRatio: 0.86), blendDurationSeconds: 0.25),
            spelling: ".interactiveSpring"
        )
    }

    /// SwiftUI `interactiveSpring(response:dampingFraction:blendDuration:)`, defaults 0.15, 0.86, 0.25.
    public static func interactiveSpring(
        response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Animation {
        let spelling = spell("interactiveSpring", [
            ("response", response, 0.15), ("dampingFraction", dampingFraction, 0.86), ("blendDuration", blendDuration, 0.25),
        ])
        return Animation(
            base: .spring(Spring(response: response, dampingRatio: dampingFraction), blendDurationSeconds: blendDuration),
            spelling: spelling
        )
    }

    /// SwiftUI `interactiveSpring(duration:extraBounce:blendDuration:)`, defaults 0.15, 0, 0.25;
    /// the base bounce is 0.14 (damping fraction 0.86, as the response form).
    @_disfavoredOverload
    public static func interactiveSpring(
        duration: Double = 0.15, extraBounce: Double = 0, blendDuration: Double = 0.25
    ) -> Animation {
        let spelling = spell("interactiveSpring", [
            ("duration", duration, 0.15), ("extraBounce", extraBounce, 0), ("blendDuration", blendDuration, 0.25),
        ], distinguishedBy: ["duration", "extraBounce"])
        return Animation(
            base: .spring(Spring(duration: duration, bounce: 0.14 + extraBounce), blendDurationSeconds: blendDuration),
            spelling: spelling
        )
    }

    /// SwiftUI's `.interpolatingSpring`: duration 0.5 s, no bounce. An interpolating spring
    /// adds a new motion on top of one in flight instead of retargeting it, which is how every
    /// animation combines here, so it moves as the spring of the same coefficients.
    public static var interpolatingSpring: Animation {
        Animation(base: .spring(Spring(duration: 0.5, bounce: 0), blendDurationSeconds: 0), spelling: ".interpolatingSpring")
    }

    /// SwiftUI `interpolatingSpring(mass:stiffness:damping:initialVelocity:)` with an initial
    /// velocity of 0: mass m (default 1), stiffness k and damping c give response 2π·√(m / k)
    /// and damping fraction c / (2·√(k·m)).
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double) -> Animation {
        let spelling = ".interpolatingSpring(" + (mass == 1 ? "" : "mass: \(Spelling.number(mass)), ")
            + "stiffness: \(Spelling.number(stiffness)), damping: \(Spelling.number(damping)))"
        return Animation(
            base: .spring(Spring(mass: mass, stiffness: stiffness, damping: damping), blendDurationSeconds: 0),
            spelling: spelling
        )
    }

    /// SwiftUI `interpolatingSpring(duration:bounce:initialVelocity:)` with an initial
    /// velocity of 0, defaults 0.5 and 0: the spring of `Spring(duration:bounce:)`.
    @_disfavoredOverload
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
        let spelling = spell("interpolatingSpring", [("duration", duration, 0.5), ("bounce", bounce, 0)],
                             distinguishedBy: ["duration", "bounce"])
        return Animation(base: .spring(Spring(duration: duration, bounce: bounce), blendDurationSeconds: 0), spelling: spelling)
    }

    /// SwiftUI's `.smooth`: a spring of duration 0.5 s with no bounce.
    public static var smooth: Animation { preset("smooth", baseBounce: 0, duration: 0.5, extraBounce: 0, called: false) }
    /// SwiftUI's `.snappy`: a spring of duration 0.5 s with bounce 0.15.
    public static var snappy: Animation { preset("snappy", baseBounce: 0.15, duration: 0.5, extraBounce: 0, called: false) }
    /// SwiftUI's `.bouncy`: a spring of duration 0.5 s with bounce 0.3.
    public static var bouncy: Animation { preset("bouncy", baseBounce: 0.3, duration: 0.5, extraBounce: 0, called: false) }

    /// SwiftUI `smooth(duration:extraBounce:)`: bounce 0 + `extraBounce`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        preset("smooth", baseBounce: 0, duration: duration, extraBounce: extraBounce, called: true)
    }
    /// SwiftUI `snappy(duration:extraBounce:)`: bounce 0.15 + `extraBounce`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        preset("snappy", baseBounce: 0.15, duration: duration, extraBounce: extraBounce, called: true)
    }
    /// SwiftUI `bouncy(duration:extraBounce:)`: bounce 0.3 + `extraBounce`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        preset("bouncy", baseBounce: 0.3, duration: duration, extraBounce: extraBounce, called: true)
    }

    private static func preset(
        _ name: String, baseBounce: Double, duration: Double, extraBounce: Double, called: Bool
    ) -> Animation {
        let spelling = called ? spell(name, [("duration", duration, 0.5), ("extraBounce", extraBounce, 0)]) : "." + name
        return Animation(
            base: .spring(Spring(duration: duration, bounce: baseBounce + extraBounce), blendDurationSeconds: 0),
            spelling: spelling
        )
    }

    // MARK: The default

    /// Which release's `Animation.default` to use.
    public enum DefaultEra: Hashable, Sendable {
        /// iOS 17 and later: a spring, response 0.55 s, damping fraction 1.
        case iOS17
        /// iOS 13 to 16: easeInOut for 0.35 s.
        case beforeiOS17
    }

    /// SwiftUI's `.default` since iOS 17: a critically damped spring, response 0.55 s.
    public static var `default`: Animation { systemDefault(.iOS17) }

    /// `.default` as a given release defines it; both spell `.default`.
    public static func systemDefault(_ era: DefaultEra) -> Animation {
        switch era {
        case .iOS17:
            Animation(base: .spring(Spring(response: 0.55, dampingRatio: 1), blendDurationSeconds: 0), spelling: ".default")
        case .beforeiOS17:
            Animation(base: .curve(.easeInOut, durationSeconds: defaultDurationSeconds), spelling: ".default")
        }
    }
}
