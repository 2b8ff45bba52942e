import Raster

/// The encoder's large-input timings, for `make bench` to print: the cases the tests keep small
/// so that `make test` stays quick.
public enum GIFCodecBenchmark {
    /// Seconds to order the palette for `frames` frames that each draw a distinct colour set (a
    /// frame count the readers allow, as a `compare --diff` of crafted frames gives): pooling
    /// identical sets must stay near-linear, not compare every frame with every set found so
    /// far (5 · 10⁹ comparisons for 100 000 frames).
    public static func paletteOrderSeconds(frames: Int = 100_000) -> Double {
        var input: [PaletteOrder.FrameColours] = []
        input.reserveCapacity(frames)
        for f in 0..<frames {
            var colours = IndexSet256()
            // Bits of f spread over 17 of 250 colours, so all distinct up to 2¹⁷ frames, plus a
            // fixed 130: too many for any prefix, so the subset search has nothing to do.
            for bit in 0..<17 where f >> bit & 1 == 1 { colours.insert(bit * 5) }
            for c in 100..<230 { colours.insert(c) }
            input.append(.init(colours: colours, weight: 1 + f % 5))
        }
        return seconds {
            _ = PaletteOrder.order(frames: input, ranked: Array(0..<250), colorCount: 250)
        }
    }

    /// Seconds to encode three 300 × 240 frames whose colours grow to 200, 1 200 and 71 200
    /// distinct: colour ids move from 8 to 16 to 32 bits, and 71 200 colours are quantized.
    public static func colourIDTiersSeconds() -> Double {
        let width = 300, height = 240
        let frames = [200, 1_200, 71_200].enumerated().map { f, distinct in
            var image = RGBAImage(width: width, height: height)
            for i in 0..<(width * height) {
                let v = i % distinct
                image[i % width, i / width] = RGBA8(r: UInt8(v >> 10 & 0xFF) &+ UInt8(f), g: UInt8(v >> 5 & 0x1F) * 8,
                                                    b: UInt8(v & 0x1F) * 8)
            }
            return TimedFrame(image: image, delayCentiseconds: 5)
        }
        let sequence = FrameSequence(width: width, height: height, frames: frames, loopCount: .forever)
        return seconds { _ = try? GIFEncoder.encode(sequence) }
    }

    private static func seconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
}
