/// The presented value of one animatable property over time: the history of its changes, each
/// animated (or not) as SwiftUI would, combined additively.
///
/// Each change is a segment from the previous target to the new one, starting at the time of
/// the change and running with the effective animation of its transaction and the view's
/// ``AnimationAttachment``. Like SwiftUI, which lets a new animation of a property run on top of
/// the ones still in flight, the segments add up:
///
///     value(t) = v₀ + Σᵢ (vᵢ − vᵢ₋₁) · progressᵢ(t − Tᵢ)
///
/// So after a layout change at T moving a centre from P_old to P_new under the implicit
/// `.linear(duration: 2).repeatForever(autoreverses: false)`, the centre is
/// P_old + (P_new − P_old) · frac((t − T) / 2 s) for ever (SwiftUI's implicit `animation(_:)`), while the same change
/// with no animation puts it at P_new from T on.
public struct AnimatedTrack<Value: VectorArithmetic>: Sendable {
    /// One change: from the previous target to the previous target plus ``delta``.
    public struct Segment: Sendable {
        /// When the change happened, in seconds on the timeline.
        public var startSeconds: Double
        /// New target minus previous target.
        public var delta: Value
        /// The animation the change runs with; `nil` for a jump.
        public var animation: Animation?
    }

    /// The value before any change.
    public let initial: Value
    /// The latest value set: the model value, which the presented value approaches.
    public private(set) var target: Value
    /// The changes, in the order they were made.
    public private(set) var segments: [Segment] = []

    /// A track that holds `initial` until it is first changed.
    public init(initial: Value) {
        self.initial = initial
        self.target = initial
    }

    /// Changes the value at `time` (seconds on the timeline) in `transaction`.
    ///
    /// Setting the current target again changes nothing. Changes are taken in call order;
    /// their times need not be sorted, but a change reads as "from the target set before it".
    ///
    /// - Parameters:
    ///   - newValue: The new model value.
    ///   - time: When the change happens, in seconds.
    ///   - transaction: The transaction of the change (`withAnimation`, or none for a layout
    ///     move).
    ///   - attachment: The view's animation modifier.
    ///   - boundValueChanged: For ``AnimationAttachment/valueBound(_:)``, whether its value
    ///     changed in this transaction.
    public mutating func set(
        _ newValue: Value,
        atSeconds time: Double,
        transaction: Transaction,
        attachment: AnimationAttachment = .none,
        boundValueChanged: Bool = true
    ) {
        let delta = newValue - target
        guard delta != .zero else { return }
        let animation = attachment.effectiveAnimation(for: transaction, boundValueChanged: boundValueChanged)
        segments.append(Segment(startSeconds: time, delta: delta, animation: animation))
        target = newValue
    }

    /// The presented value at `time`, in seconds on the timeline.
    ///
    /// Inlinable so that the renderer, which reads every track of every frame, gets it
    /// specialized for its value types instead of looking up generic metadata per call.
    @inlinable
    public func value(atSeconds time: Double) -> Value {
        var value = initial
        for segment in segments {
            let elapsed = time - segment.startSeconds
            let progress: Double
            if let animation = segment.animation {
                progress = animation.progress(atSeconds: elapsed)
            } else {
                progress = elapsed >= 0 ? 1 : 0
            }
            if progress == 1 {
                value += segment.delta
            } else if progress != 0 {
                value += segment.delta.scaled(by: progress)
            }
        }
        return value
    }

    /// The time, in seconds on the timeline, from which the track is constant or periodic:
    /// every finite animation has settled and every repeating one has passed its delay.
    /// `nil` when some animation neither settles nor repeats exactly.
    public var steadyFromSeconds: Double? {
        var steady = segments.map(\.startSeconds).min() ?? 0
        for segment in segments {
            guard let animation = segment.animation else {
                steady = max(steady, segment.startSeconds)
                continue
            }
            if let settle = animation.settleSeconds {
                steady = max(steady, segment.startSeconds + settle)
            } else if animation.periodSeconds != nil {
                steady = max(steady, segment.startSeconds + animation.delaySeconds)
            } else {
                return nil
            }
        }
        return steady
    }

    /// The periods, in seconds, of the segments that repeat for ever.
    public var segmentPeriods: [Double] { segments.compactMap { $0.animation?.periodSeconds } }

    /// Whether the track repeats for ever: some segment repeats, they have a common period (see
    /// ``commonPeriod(_:tolerance:limitSeconds:)``), and nothing else keeps it from settling.
    public var isPeriodic: Bool { periodSeconds != nil }

    /// The common period in seconds of the segments that repeat for ever; `nil` when none
    /// repeats (the track ends constant), when they share no period, or when some animation
    /// neither settles nor repeats exactly. After ``steadyFromSeconds``,
    /// value(t + period) = value(t).
    public var periodSeconds: Double? {
        guard steadyFromSeconds != nil else { return nil }
        let periods = segmentPeriods
        return periods.isEmpty ? nil : commonPeriod(periods)
    }
}
