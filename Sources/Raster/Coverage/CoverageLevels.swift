/// The 8-bit coverage levels of a rasterized shape, kept so that the same shape at the same
/// place can be composited again without accumulating and summing its edges: a label that
/// stays still over a spinner is rasterized once and composited every frame.
///
/// Holds exactly what ``CoverageRasterizer`` reads out (the pixels whose coverage rounds to a
/// non-zero level, row by row, with the level), so compositing it gives the same pixels as
/// compositing the rasterizer it was taken from.
public struct CoverageLevels: Sendable {
    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    /// Pixel offsets `y × width + x`, ascending.
    public private(set) var offsets: [Int32] = []
    /// The level of each pixel in ``offsets``, 1…255.
    public private(set) var levels: [UInt8] = []

    /// The levels `rasterizer` holds now.
    public init(_ rasterizer: CoverageRasterizer) {
        width = rasterizer.width
        height = rasterizer.height
        let w = width
        rasterizer.forEachCoverageLevel { x, y, level in
            offsets.append(Int32(truncatingIfNeeded: y * w + x))
            levels.append(level)
        }
    }

    /// The bytes the levels take, for bounding a cache.
    public var byteCount: Int { offsets.count * 5 }
}

extension RGBAImage {
    /// Composites `color` over this image at `coverage`'s levels: the pixels
    /// ``composite(_:coverage:in:)`` gives for the rasterizer the levels were taken from.
    ///
    /// - Precondition: the levels were taken on a canvas of this image's size.
    public mutating func composite(_ color: RGBA8, levels coverage: CoverageLevels, in space: BlendSpace = .sRGB) {
        precondition(coverage.width == width && coverage.height == height, "canvas sizes differ")
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 512) { cache in
            cache.initialize(repeating: 0)
            pixels.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                for index in coverage.offsets.indices {
                    // Offsets lie inside the canvas (they come from a rasterizer of its size).
                    let offset = Int(coverage.offsets[index]) * 4
                    let level = coverage.levels[index]
                    let under = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                    let key = UInt64(under) | 1 << 32
                    let slot = Int(level) * 2
                    if cache[slot] != key {
                        let out = Compositing.sourceOver(color, coverage: level, onto: RGBA8(packed: under), in: space)
                        cache[slot] = key
                        cache[slot + 1] = UInt64(out.packed)
                    }
                    base.storeBytes(of: UInt32(truncatingIfNeeded: cache[slot + 1]), toByteOffset: offset, as: UInt32.self)
                }
            }
        }
    }

    /// Composites a per-pixel colour (a gradient) at `coverage`'s levels, as
    /// ``composite(shading:coverage:in:)`` does for a rasterizer.
    public mutating func composite(shading shade: (_ x: Int, _ y: Int) -> RGBA8, levels coverage: CoverageLevels,
                                   in space: BlendSpace = .sRGB) {
        precondition(coverage.width == width && coverage.height == height, "canvas sizes differ")
        let w = width
        pixels.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            for index in coverage.offsets.indices {
                let pixel = Int(coverage.offsets[index])
                let offset = pixel * 4
                let under = RGBA8(packed: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                let out = Compositing.sourceOver(shade(pixel % w, pixel / w), coverage: coverage.levels[index], onto: under, in: space)
                base.storeBytes(of: out.packed, toByteOffset: offset, as: UInt32.self)
            }
        }
    }
}
