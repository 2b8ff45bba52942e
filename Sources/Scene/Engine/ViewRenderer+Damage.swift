import Raster

/// The picture a frame is drawn over before its own ops.
public enum Backdrop: Hashable, Sendable {
    /// The background colour alone.
    case background
    /// The picture of the ops at the start of the program that every frame draws alike.
    case underlay
    /// That picture with the alike ops after the prefix drawn over it too (a label under a
    /// spinner).
    case lateUnderlay
}

/// A drawn frame, the backdrop it was drawn over, and its damage: the pixels its own ops
/// touched on the backdrop.
///
/// Outside ``damage`` the frame equals its backdrop, so two frames over the same backdrop can
/// differ only inside the union of their damage (``changedRegion(since:)``), which is what a
/// frame-differencing encoder needs to look at.
public struct RenderedFrame: Sendable {
    /// The `width × height` frame.
    public var image: RGBAImage
    /// The backdrop it was drawn over, or `nil` when its damage is not known (an op with an
    /// effect whose pixels neither its outlines nor a shadow's account of what it wrote bound:
    /// a blur, a mask, another layer).
    public var backdrop: Backdrop?
    /// The pixels the frame's ops touched, cut to the canvas (empty when they drew nothing;
    /// the whole canvas when ``backdrop`` is `nil`).
    public var damage: PixelRect

    /// A frame and what it was drawn over.
    public init(image: RGBAImage, backdrop: Backdrop?, damage: PixelRect) {
        self.image = image
        self.backdrop = backdrop
        self.damage = damage
    }

    /// The rectangle outside which this frame's pixels equal `previous`'s: the union of both
    /// frames' damage when both were drawn over the same backdrop (empty when neither drew
    /// anything), `nil` when that is not known.
    public func changedRegion(since previous: RenderedFrame) -> PixelRect? {
        guard let backdrop, backdrop == previous.backdrop else { return nil }
        return damage.union(previous.damage)
    }
}

/// A drawing worker's most recent frames, whose buffers it draws its next frames into.
///
/// A frame's buffer is drawn into again once `capacity` newer frames have been drawn, by which
/// time the frame has usually been consumed and released (the hand-over ring holds a few, the
/// encoder the previous one); a buffer still shared is copied on write, so the pixels never
/// depend on who still holds it, only the time taken. Holds at most `capacity` frames.
public struct FrameRecycler: Sendable {
    /// How many frames it keeps (0: none, every frame starts from a copy of its backdrop).
    public let capacity: Int
    private var frames: [RenderedFrame] = []

    /// A recycler keeping up to `capacity` frames.
    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The oldest frame, removed, when `capacity` frames are kept and it was drawn over
    /// `backdrop`; `nil` otherwise (a frame over another backdrop is let go).
    mutating func takeOldest(drawnOver backdrop: Backdrop) -> RenderedFrame? {
        guard capacity > 0, frames.count >= capacity else { return nil }
        let oldest = frames.removeFirst()
        return oldest.backdrop == backdrop ? oldest : nil
    }

    /// Keeps `frame` for a later frame to draw into.
    mutating func keep(_ frame: RenderedFrame) {
        guard capacity > 0 else { return }
        if frames.count >= capacity { frames.removeFirst() }
        frames.append(frame)
    }
}

extension ViewRenderer {
    /// Where each of `ops` draws at `time`, in `ops`' order: its ink's box grown by a pixel and
    /// cut to the canvas (empty when it draws nothing there); `nil` when an op has an effect
    /// whose pixels neither its outlines nor the compositing's own account bound. Turns,
    /// scales, offsets and opacity are placed by ``inkBounds(of:atSeconds:)``'s transform; a
    /// shadow's pixels are those ``Raster/RGBAImage/compositeShadowed(_:within:shadow:sigma:dx:dy:opacity:in:)``
    /// reports it wrote, which are not known before it draws: far fewer than its blur's reach
    /// when the shadow is faint; blurs, other layers, projections and symbol effects are not
    /// bounded here.
    ///
    /// - Parameter inks: each op's ``inkBounds(of:atSeconds:)`` at `time` when already worked
    ///   out (in `ops`' order), so that it is not worked out again.
    func reach(of ops: ArraySlice<DrawOp>, atSeconds time: Double, inks: [PixelBounds?]? = nil) -> [PixelRect]? {
        var reach: [PixelRect] = []
        reach.reserveCapacity(ops.count)
        for (position, op) in ops.enumerated() {
            for effect in op.effects {
                switch effect {
                case .rotation, .scale, .offset, .opacity, .shadow: continue
                case .symbolEffect, .variableLayer, .blur, .masked, .maskShape, .group, .blend, .colour,
                     .rotation3D, .projection, .material:
                    return nil
                }
            }
            guard let ink = inks.map({ $0[position] }) ?? inkBounds(of: op, atSeconds: time) else {
                reach.append(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
                continue
            }
            // A pixel more on every side: the ink's box is exact for the outlines, and the
            // margin keeps it so for anything drawn a rounding away from them. Ink wholly off
            // the canvas reaches nothing (an empty rectangle, not an inverted one).
            let rect = PixelRect(x0: max(0, ink.minX - 1), y0: max(0, ink.minY - 1), x1: min(width, ink.maxX + 1),
                                 y1: min(height, ink.maxY + 1))
            reach.append(rect.isEmpty ? PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) : rect)
        }
        return reach
    }

    /// Puts `backdrop`'s pixels back inside `rect` of `image`.
    func restore(_ rect: PixelRect, of image: inout RGBAImage, from backdrop: Backdrop) {
        guard !rect.isEmpty else { return }
        let width = self.width
        let rowBytes = (rect.x1 - rect.x0) * 4
        switch backdrop {
        case .background:
            let c = backgroundColor
            // R, G, B, A as laid out in memory.
            let pattern = UInt32(littleEndian: UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24)
            let quad = SIMD4<UInt32>(repeating: pattern)
            image.pixels.withUnsafeMutableBytes { raw in
                // A row's span at a time, four pixels a store while four remain.
                for y in rect.y0..<rect.y1 {
                    var offset = (y * width + rect.x0) * 4
                    let end = offset + rowBytes
                    while offset + 16 <= end {
                        raw.storeBytes(of: quad, toByteOffset: offset, as: SIMD4<UInt32>.self)
                        offset += 16
                    }
                    while offset < end {
                        raw.storeBytes(of: pattern, toByteOffset: offset, as: UInt32.self)
                        offset += 4
                    }
                }
            }
        case .underlay, .lateUnderlay:
            let source = backdrop == .underlay ? underlay!.image : lateUnderlay!.image
            source.pixels.withUnsafeBytes { from in
                image.pixels.withUnsafeMutableBytes { to in
                    for y in rect.y0..<rect.y1 {
                        let offset = (y * width + rect.x0) * 4
                        (to.baseAddress! + offset).copyMemory(from: from.baseAddress! + offset, byteCount: rowBytes)
                    }
                }
            }
        }
    }
}
