import Raster
@testable import Compare

/// Small images and sequences for the comparison tests.
enum Fixtures {
    static let orange = RGBA8(r: 255, g: 149, b: 0)

    /// Exact comparison of the stored frames one by one (`--stored-frames`), for the tests of
    /// frame counts, per-frame delays and frame-numbered reports.
    static let storedFrames = ComparisonOptions(alignment: .stored)

    /// A still: one frame, delay 0, played once.
    static func still(_ image: RGBAImage) -> FrameSequence {
        FrameSequence(width: image.width, height: image.height,
                      frames: [TimedFrame(image: image, delayCentiseconds: 0)], loopCount: .playOnce)
    }

    /// An animation of the given frames, each shown `delay` cs, looping forever.
    static func animation(_ images: [RGBAImage], delays: [Int]? = nil, loop: LoopCount = .forever) -> FrameSequence {
        let delays = delays ?? Array(repeating: 5, count: images.count)
        return FrameSequence(width: images[0].width, height: images[0].height,
                             frames: zip(images, delays).map { TimedFrame(image: $0, delayCentiseconds: $1) },
                             loopCount: loop)
    }

    /// A 10 × 8 opaque white image with an orange 3 × 3 square at (2, 2).
    static func square(width: Int = 10, height: Int = 8) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: .white)
        for y in 2..<5 { for x in 2..<5 { image[x, y] = orange } }
        return image
    }

    /// A 12 × 6 image: black on the left (x < 5), white on the right (x > 5), and the one grey
    /// column x = 5 between them, as a rasterizer anti-aliases a vertical edge.
    static func edge(grey: UInt8) -> RGBAImage {
        var image = RGBAImage(width: 12, height: 6, fill: .white)
        for y in 0..<6 {
            for x in 0..<5 { image[x, y] = .black }
            image[5, y] = RGBA8(r: grey, g: grey, b: grey)
        }
        return image
    }
}
