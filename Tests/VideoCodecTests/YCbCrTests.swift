import Foundation
import Raster
import Testing
@testable import VideoCodec

@Suite("RGB to Y′CbCr 4:2:0, BT.709 limited range")
struct YCbCrTests {
    /// BT.709-6 in limited range, in floating point: the value the fixed-point samples round.
    static func exact(_ r: Double, _ g: Double, _ b: Double) -> (y: Double, cb: Double, cr: Double) {
        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
        return (16 + 219 * luma / 255, 128 + 224 * (b - luma) / 1.8556 / 255, 128 + 224 * (r - luma) / 1.5748 / 255)
    }

    @Test("every sample of a 17 × 9 picture of 153 colours is within half a level of BT.709's value: Y′ of each pixel, Cb and Cr of each 2 × 2 block's mean, the odd last column and row repeated")
    func everySample() {
        var image = RGBAImage(width: 17, height: 9)
        for y in 0..<9 {
            for x in 0..<17 {
                image[x, y] = RGBA8(r: UInt8(x * 15), g: UInt8(y * 31), b: UInt8((x * 37 + y * 53) % 256), a: 255)
            }
        }
        let (luma, cb, cr) = YCbCrPlanes.planes(of: image)
        #expect(luma.count == 18 * 10 && cb.count == 9 * 5 && cr.count == 9 * 5)
        func pixel(_ x: Int, _ y: Int) -> (Double, Double, Double) {
            let p = image[min(x, 16), min(y, 8)]
            return (Double(p.r), Double(p.g), Double(p.b))
        }
        var worst = 0.0
        for y in 0..<10 {
            for x in 0..<18 {
                let (r, g, b) = pixel(x, y)
                worst = max(worst, abs(Double(luma[y * 18 + x]) - Self.exact(r, g, b).y))
            }
        }
        for cy in 0..<5 {
            for cx in 0..<9 {
                var sum = (0.0, 0.0, 0.0)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = pixel(2 * cx + dx, 2 * cy + dy)
                    sum = (sum.0 + p.0 / 4, sum.1 + p.1 / 4, sum.2 + p.2 / 4)
                }
                let expected = Self.exact(sum.0, sum.1, sum.2)
                worst = max(worst, abs(Double(cb[cy * 9 + cx]) - expected.cb), abs(Double(cr[cy * 9 + cx]) - expected.cr))
            }
        }
        #expect(worst <= 0.52, "worst distance from the exact value: \(worst)")
    }

    @Test("greys have Cb = Cr = 128 exactly; black is 16, white 235; pure red, green, blue land on BT.709's values")
    func anchors() {
        for level in 0...255 {
            let v = UInt8(level)
            let (luma, cb, cr) = YCbCrPlanes.planes(of: RGBAImage(width: 2, height: 2, fill: RGBA8(r: v, g: v, b: v, a: 255)))
            #expect(cb == [128] && cr == [128], "grey \(level)")
            #expect(Double(luma[0]) == (16 + 219 * Double(level) / 255).rounded(), "grey \(level)")
        }
        let expected: [(RGBA8, [UInt8])] = [(RGBA8(r: 255, g: 0, b: 0, a: 255), [63, 102, 240]),
                                            (RGBA8(r: 0, g: 255, b: 0, a: 255), [173, 42, 26]),
                                            (RGBA8(r: 0, g: 0, b: 255, a: 255), [32, 240, 118])]
        for (colour, samples) in expected {
            let (luma, cb, cr) = YCbCrPlanes.planes(of: RGBAImage(width: 2, height: 2, fill: colour))
            #expect([luma[0], cb[0], cr[0]] == samples, "\(colour)")
        }
    }
}

/// ffmpeg, when installed: a test-only checker (`make interop` installs it).
enum FFmpeg {
    static var path: String? {
        ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Decodes `mp4` to raw planes of `format` (`yuv420p`), every frame.
    static func decode(_ mp4: [UInt8], format: String) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ffmpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.mp4"), output = folder.appendingPathComponent("out.raw")
        try Data(mp4).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = ["-v", "error", "-i", input.path, "-f", "rawvideo", "-pix_fmt", format, output.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return [UInt8](try Data(contentsOf: output))
    }
}

/// PSNR in dB of two equal-length sample arrays (255 peak); 99 when they are equal.
func psnr(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Double {
    var squares = 0.0
    for (x, y) in zip(a, b) { squares += Double((Int(x) - Int(y)) * (Int(x) - Int(y))) }
    guard squares > 0 else { return 99 }
    return 10 * log10(255 * 255 / (squares / Double(a.count)))
}

@Suite("MP4 decoded by ffmpeg")
struct FFmpegDecodingTests {
    @Test("ffmpeg decodes every frame; each is within 40 dB PSNR of the Y′CbCr planes given to the encoder, at the default quantizer",
          .enabled(if: FFmpeg.path != nil, "ffmpeg is not installed (make interop installs it)"))
    func decodedPlanes() throws {
        let frames = (0..<12).map { movingSquare(48, 32, frame: $0) }
        var encoder = try MP4StreamEncoder(width: 48, height: 32, timescale: 50, framesPerSecond: 50)
        for frame in frames { try encoder.append(frame, durationTicks: 1) }
        let mp4 = try encoder.finish(copies: 2).bytes
        let decoded = try FFmpeg.decode(mp4, format: "yuv420p")
        let frameBytes = 48 * 32 * 3 / 2
        #expect(decoded.count == frameBytes * 24, "24 frames: 12 × 2 copies")
        var values: [Double] = []
        for index in 0..<24 {
            let (luma, cb, cr) = YCbCrPlanes.planes(of: frames[index % 12])
            let source = luma + cb + cr
            let value = psnr(source[...], decoded[index * frameBytes..<(index + 1) * frameBytes])
            values.append(value)
            #expect(value >= 40, "frame \(index): \(value) dB")
        }
        #expect(Array(values[12...]) == Array(values[..<12]), "the second copy decodes as the first")
    }
}
