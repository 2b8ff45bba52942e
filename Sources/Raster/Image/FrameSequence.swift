/// How many times an animation plays.
///
/// Maps onto the GIF NETSCAPE2.0 application extension: no block plays once, a count of 0
/// loops forever, a count of N plays N + 1 times (the first play plus N repeats).
public enum LoopCount: Hashable, Sendable, CustomStringConvertible {
    /// Play once; a GIF carries no NETSCAPE2.0 block.
    case playOnce
    /// Loop forever; NETSCAPE2.0 count 0.
    case forever
    /// Repeat `n` times after the first play (`1...65535`); NETSCAPE2.0 count `n`.
    case repeats(Int)

    /// The number of plays in total, `nil` for ``forever``.
    public var totalPlays: Int? {
        switch self {
        case .playOnce: 1
        case .forever: nil
        case .repeats(let n): n + 1
        }
    }

    /// `once`, `forever` or `N repeats`.
    public var description: String {
        switch self {
        case .playOnce: "once"
        case .forever: "forever"
        case .repeats(let n): "\(n) repeats"
        }
    }
}

/// One displayed frame of an animation: the full canvas as shown, and how long it stays.
public struct TimedFrame: Hashable, Sendable {
    /// The whole canvas as displayed (composited), width × height RGBA8.
    public var image: RGBAImage
    /// Display time in centiseconds (GIF89a §23 graphic control extension, "Delay Time").
    public var delayCentiseconds: Int

    /// Creates a frame.
    public init(image: RGBAImage, delayCentiseconds: Int) {
        self.image = image
        self.delayCentiseconds = delayCentiseconds
    }
}

/// A decoded or rendered animation: equal-sized full-canvas frames, their delays and the loop.
///
/// Every frame's image has the sequence's `width × height`; this is what a browser shows,
/// frame by frame, and the form in which animations are compared.
public struct FrameSequence: Hashable, Sendable {
    /// Canvas (GIF logical screen) width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// The frames in display order.
    public var frames: [TimedFrame]
    /// How often the whole sequence plays.
    public var loopCount: LoopCount

    /// Creates a sequence.
    ///
    /// - Precondition: every frame's image is `width × height`.
    public init(width: Int, height: Int, frames: [TimedFrame], loopCount: LoopCount) {
        precondition(frames.allSatisfy { $0.image.width == width && $0.image.height == height },
                     "every frame must have the canvas size")
        self.width = width
        self.height = height
        self.frames = frames
        self.loopCount = loopCount
    }

    /// Total play time of one loop, in centiseconds.
    public var durationCentiseconds: Int { frames.reduce(0) { $0 + $1.delayCentiseconds } }

    /// The sequence with each run of consecutive frames of equal pixels as one frame shown for
    /// their delays together, as the GIF writer stores them (a still view's render is one
    /// frame): what a contact sheet shows.
    public func mergingHeldFrames() -> FrameSequence {
        var merged: [TimedFrame] = []
        for frame in frames {
            if let last = merged.last, last.image == frame.image {
                merged[merged.count - 1].delayCentiseconds += frame.delayCentiseconds
            } else {
                merged.append(frame)
            }
        }
        return FrameSequence(width: width, height: height, frames: merged, loopCount: loopCount)
    }
}
