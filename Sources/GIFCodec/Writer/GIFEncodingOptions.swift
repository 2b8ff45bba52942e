import Raster

/// Choices for ``GIFEncoder/encode(_:options:)``.
public struct GIFEncodingOptions: Sendable, Hashable {
    /// Frame optimisation: each stored frame covers only the rectangle that changed,
    /// unchanged pixels inside it may become the transparent index, identical consecutive frames
    /// merge by adding their delays, disposal is chosen so decoding is exact. Off: every frame
    /// is stored whole.
    public var optimize: Bool = true
    /// `nil`: opaque output (a pixel that is not opaque is composited onto black first).
    /// Otherwise pixels with alpha < 128 become transparent and the others are composited onto
    /// this matte colour (its alpha is ignored), so anti-aliased edges have no dark halo.
    public var transparentBackground: RGBA8? = nil
    /// Pattern used when the colours must be reduced to 256 (only then).
    public var dither: GIFDither = .none
    /// LZW effort: `.max` adds flexible parsing and interlaced rows where smaller (about 1.5 %
    /// smaller, slower).
    public var effort: GIFEffort = .normal

    /// Worker threads for compressing frames; `nil` uses every core. Never changes the bytes:
    /// each frame's encoding depends only on the frames themselves.
    public var threads: Int? = nil

    /// Creates options; every argument has the default above.
    public init(optimize: Bool = true, transparentBackground: RGBA8? = nil, dither: GIFDither = .none, threads: Int? = nil) {
        self.threads = threads
        self.optimize = optimize
        self.transparentBackground = transparentBackground
        self.dither = dither
    }

    /// The pixel a decoder shows for `pixel` under these options, before any palette
    /// reduction: transparent black, or an opaque colour composited onto the matte (or black).
    ///
    /// Compositing is source-over in sRGB-encoded values with rounding to nearest, as the
    /// rasterizer blends (what Core Graphics and browsers do).
    public func displayedColor(of pixel: RGBA8) -> RGBA8 {
        if pixel.a == 255 { return pixel }
        let matte = transparentBackground ?? .black
        if transparentBackground != nil && pixel.a < 128 { return .transparent }
        let a = Int(pixel.a)
        func mix(_ c: UInt8, _ m: UInt8) -> UInt8 {
            UInt8((Int(c) * a + Int(m) * (255 - a) + 127) / 255)
        }
        return RGBA8(r: mix(pixel.r, matte.r), g: mix(pixel.g, matte.g), b: mix(pixel.b, matte.b))
    }

    /// ``displayedColor(of:)`` applied to every pixel of every frame: what decoding the encoded
    /// GIF gives back when the palette is exact (before identical frames are merged).
    public func displayedSequence(of sequence: FrameSequence) -> FrameSequence {
        var result = sequence
        for f in result.frames.indices {
            var image = result.frames[f].image
            for y in 0..<image.height {
                for x in 0..<image.width { image[x, y] = displayedColor(of: image[x, y]) }
            }
            result.frames[f].image = image
        }
        return result
    }
}

