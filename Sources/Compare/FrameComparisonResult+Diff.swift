import Raster

extension FrameComparisonResult {
    /// The diff images, one per compared frame, on the padded canvas.
    ///
    /// Drawn as pixelmatch draws them: each pixel equal within the threshold is a faded grey copy
    /// of the expected pixel (its luma blended onto white at 10 % of its alpha), differing pixels
    /// are red, pixels taken for anti-aliasing yellow. Where the expected frame does not cover the
    /// pixel (smaller canvas, missing frame) it is red. Ignored pixels (``ComparisonOptions/ignored``)
    /// are hatched: on diagonals where `(x + y) mod 8` is 0 or 1 they are blue (0, 112, 255), the
    /// others keep the faded grey, whatever the pixels there. Delays and loop count come from the
    /// expected side (the actual side for frames only it has). Computed on each call: O(pixels).
    public func makeDiff() -> FrameSequence {
        let width = paddedWidth, height = paddedHeight
        var diffFrames: [TimedFrame] = []
        for index in frames.indices {
            let expectedFrame = index < expectedFrames.count ? expectedFrames[index] : nil
            let actualFrame = index < actualFrames.count ? actualFrames[index] : nil
            var image = DiffPainter.paint(expected: expectedFrame?.image, marks: marks[index],
                                          width: width, height: height)
            if let ignored, expectedFrame != nil, actualFrame != nil {
                DiffPainter.hatch(&image, ignored: ignored, expected: expectedFrame!.image)
            }
            let delay = expectedFrame?.delayCentiseconds ?? actualFrame?.delayCentiseconds ?? 0
            diffFrames.append(TimedFrame(image: image, delayCentiseconds: delay))
        }
        return FrameSequence(width: width, height: height, frames: diffFrames, loopCount: expected.loopCount)
    }
}

/// Draws one diff image.
enum DiffPainter {
    /// Red: a differing pixel (pixelmatch's `diffColor`).
    static let differentColour = RGBA8(r: 255, g: 0, b: 0)
    /// Yellow: an anti-aliased pixel (pixelmatch's `aaColor`).
    static let antialiasedColour = RGBA8(r: 255, g: 255, b: 0)
    /// Opacity of the grey copy of the expected image (pixelmatch's `alpha`).
    static let fadedAlpha = 0.1

    static func paint(expected: RGBAImage?, marks: [UInt8]?, width: Int, height: Int) -> RGBAImage {
        var out = RGBAImage(width: width, height: height, fill: differentColour)
        guard let expected else { return out }
        out.pixels.withUnsafeMutableBytes { dst in
            expected.pixels.withUnsafeBytes { src in
                let grid = PixelGrid(bytes: src, width: expected.width, height: expected.height)
                // (x, y) stays inside both: x < min(width, expected.width), y likewise.
                for y in 0..<min(height, expected.height) {
                    for x in 0..<min(width, expected.width) {
                        let o = (y * width + x) * 4
                        let grey = fadedGrey(grid.pixel(x, y))
                        dst[o] = grey
                        dst[o + 1] = grey
                        dst[o + 2] = grey
                        dst[o + 3] = 255
                    }
                }
            }
        }
        guard let marks else { return out }
        for (i, mark) in marks.enumerated() where mark != PixelMark.same.rawValue {
            let colour = mark == PixelMark.antialiased.rawValue ? antialiasedColour : differentColour
            out.pixels[i * 4] = colour.r
            out.pixels[i * 4 + 1] = colour.g
            out.pixels[i * 4 + 2] = colour.b
            out.pixels[i * 4 + 3] = 255
        }
        return out
    }

    /// Blue: the hatch lines over ignored pixels.
    static let ignoredColour = RGBA8(r: 0, g: 112, b: 255)

    /// Hatches the ignored pixels of a diff: diagonal lines (`(x + y) mod 8` < 2) in
    /// ``ignoredColour``, the faded grey of `expected` between them (white where `expected` does not
    /// reach).
    static func hatch(_ image: inout RGBAImage, ignored: [UInt8], expected: RGBAImage) {
        let width = image.width
        for (i, bit) in ignored.enumerated() where bit != 0 {
            let x = i % width, y = i / width
            let colour: RGBA8
            if (x + y) % 8 < 2 {
                colour = ignoredColour
            } else if x < expected.width && y < expected.height {
                let o = (y * expected.width + x) * 4
                let p = UInt32(expected.pixels[o]) | UInt32(expected.pixels[o + 1]) << 8
                    | UInt32(expected.pixels[o + 2]) << 16 | UInt32(expected.pixels[o + 3]) << 24
                let grey = fadedGrey(p)
                colour = RGBA8(r: grey, g: grey, b: grey)
            } else {
                colour = .white   // the faded grey of nothing (transparency)
            }
            image.pixels[i * 4] = colour.r
            image.pixels[i * 4 + 1] = colour.g
            image.pixels[i * 4 + 2] = colour.b
            image.pixels[i * 4 + 3] = 255
        }
    }

    /// pixelmatch's `drawGrayPixel`: `255 + (Y − 255) · 0.1 · a / 255`, rounded to nearest.
    @inline(__always)
    static func fadedGrey(_ p: UInt32) -> UInt8 {
        let y = PixelDistance.luma(Double(p & 0xFF), Double(p >> 8 & 0xFF), Double(p >> 16 & 0xFF))
        let value = 255 + (y - 255) * fadedAlpha * Double(p >> 24) / 255
        return UInt8((value + 0.5).rounded(.down))
    }
}
