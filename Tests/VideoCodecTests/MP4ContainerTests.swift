import Foundation
import Raster
import Testing
@testable import VideoCodec

/// A box read back from an ISO base media file: its type, payload and the boxes inside it.
struct Box {
    var type: String
    var payload: [UInt8]
    /// Offset of the payload in the file.
    var offset: Int

    /// The boxes a payload holds, from `start` (after a full box's version and flags, or a
    /// sample entry's fields).
    static func children(_ bytes: [UInt8], from start: Int = 0, base: Int = 0) -> [Box] {
        var boxes: [Box] = []
        var at = start
        while at + 8 <= bytes.count {
            let size = Int(u32(bytes, at))
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            guard size >= 8, at + size <= bytes.count else { break }
            boxes.append(Box(type: type, payload: Array(bytes[at + 8..<at + size]), offset: base + at + 8))
            at += size
        }
        return boxes
    }

    func child(_ type: String, from start: Int = 0) -> Box? {
        Box.children(payload, from: start, base: offset).first { $0.type == type }
    }

    /// The box at a path of types, each a child of the one before (full boxes' 4 bytes skipped
    /// where the path says so with a leading `+`).
    func find(_ path: [String]) -> Box? {
        var box: Box? = self
        for step in path {
            let skip = step.hasPrefix("+") ? 4 : 0
            box = box?.child(String(step.drop { $0 == "+" }), from: skip)
        }
        return box
    }
}

func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
}

func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

/// Frames drawn in the test: a grey-blue gradient with an orange square moving one step a frame.
func movingSquare(_ width: Int, _ height: Int, frame: Int) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let inSquare = (x - frame * 2) >= 0 && (x - frame * 2) < 8 && y >= 4 && y < 12
            image[x, y] = inSquare ? RGBA8(r: 255, g: 149, b: 0, a: 255)
                                   : RGBA8(r: UInt8(x * 255 / max(1, width - 1)), g: 120, b: UInt8(y * 255 / max(1, height - 1)), a: 255)
        }
    }
    return image
}

@Suite("MP4 container and H.264 stream")
struct MP4ContainerTests {
    /// Three frames of an odd-sized picture with durations 1, 2, 3 ticks at 50 a second, twice.
    static func encoded(copies: Int = 2) throws -> VideoEncodingResult {
        var encoder = try MP4StreamEncoder(width: 33, height: 17, timescale: 50, framesPerSecond: 50)
        for (index, duration) in [1, 2, 3].enumerated() {
            try encoder.append(movingSquare(33, 17, frame: index), durationTicks: duration)
        }
        return try encoder.finish(copies: copies)
    }

    @Test("the boxes read back: ftyp, moov before mdat, exact durations in stts, one size per sample, sync samples at each copy's start, the chunk offset at mdat's data")
    func boxStructure() throws {
        let result = try Self.encoded()
        let bytes = result.bytes
        let top = Box.children(bytes)
        #expect(top.map(\.type) == ["ftyp", "moov", "mdat"])
        let ftyp = top[0].payload
        #expect(String(decoding: ftyp[0..<4], as: UTF8.self) == "isom")
        #expect(String(decoding: ftyp[8...], as: UTF8.self) == "isomiso2avc1mp41")
        let file = Box(type: "file", payload: bytes, offset: 0)
        let mvhd = try #require(file.find(["moov", "mvhd"])).payload
        #expect(u32(mvhd, 12) == 50, "timescale")
        #expect(u32(mvhd, 16) == 12, "duration: (1 + 2 + 3) ticks × 2 copies")
        let tkhd = try #require(file.find(["moov", "trak", "tkhd"])).payload
        #expect(u32(tkhd, 0) & 0xFF_FFFF == 3, "enabled, in movie")
        #expect(u32(tkhd, 20) == 12)
        // An odd size is padded to even: 33 × 17 → 34 × 18, in 16.16 fixed point.
        #expect(u32(tkhd, 76) == 34 << 16 && u32(tkhd, 80) == 18 << 16)
        #expect((result.width, result.height) == (34, 18))
        let mdhd = try #require(file.find(["moov", "trak", "mdia", "mdhd"])).payload
        #expect(u32(mdhd, 12) == 50 && u32(mdhd, 16) == 12)
        let hdlr = try #require(file.find(["moov", "trak", "mdia", "hdlr"])).payload
        #expect(String(decoding: hdlr[8..<12], as: UTF8.self) == "vide")
        let stbl = try #require(file.find(["moov", "trak", "mdia", "minf", "stbl"]))
        #expect(Box.children(stbl.payload).map(\.type) == ["stsd", "stts", "stss", "stsc", "stsz", "stco"])

        let stts = try #require(stbl.child("stts")).payload
        let runs = (0..<Int(u32(stts, 4))).map { (u32(stts, 8 + $0 * 8), u32(stts, 12 + $0 * 8)) }
        #expect(runs.map { [$0.0, $0.1] } == [[1, 1], [1, 2], [1, 3], [1, 1], [1, 2], [1, 3]])
        let stss = try #require(stbl.child("stss")).payload
        #expect((0..<Int(u32(stss, 4))).map { u32(stss, 8 + $0 * 4) } == [1, 4])
        let stsc = try #require(stbl.child("stsc")).payload
        #expect([u32(stsc, 4), u32(stsc, 8), u32(stsc, 12), u32(stsc, 16)] == [1, 1, 6, 1])
        let stsz = try #require(stbl.child("stsz")).payload
        #expect(u32(stsz, 4) == 0 && u32(stsz, 8) == 6)
        let sizes = (0..<6).map { Int(u32(stsz, 12 + $0 * 4)) }
        let mdat = top[2]
        #expect(sizes.reduce(0, +) == mdat.payload.count)
        #expect(sizes.prefix(3).reduce(0, +) == result.copyBytes)
        let stco = try #require(stbl.child("stco")).payload
        #expect(u32(stco, 4) == 1 && Int(u32(stco, 8)) == mdat.offset)

        // Each sample is whole NAL units, each after its 4-byte length; the first of a copy is an
        // IDR slice (type 5), the others non-IDR slices (type 1); the second copy repeats the first.
        var at = 0
        var samples: [[UInt8]] = []
        for size in sizes {
            let sample = Array(mdat.payload[at..<at + size])
            var nal = 0
            var types: [UInt8] = []
            while nal < sample.count {
                let length = Int(u32(sample, nal))
                types.append(sample[nal + 4] & 0x1F)
                nal += 4 + length
            }
            #expect(nal == sample.count)
            #expect(types.contains(samples.count % 3 == 0 ? 5 : 1), "sample \(samples.count): NAL types \(types)")
            samples.append(sample)
            at += size
        }
        #expect(Array(samples[3...]) == Array(samples[..<3]))
    }

    @Test("the sample entry: avc1 at the padded size, avcC with the stream's profile and level, 4-byte lengths, one SPS and one PPS; colr says BT.709, limited range, as the SPS's VUI does")
    func sampleEntry() throws {
        let bytes = try Self.encoded(copies: 1).bytes
        let file = Box(type: "file", payload: bytes, offset: 0)
        let stsd = try #require(file.find(["moov", "trak", "mdia", "minf", "stbl", "stsd"])).payload
        #expect(u32(stsd, 4) == 1)
        let avc1 = try #require(Box.children(stsd, from: 8).first)
        #expect(avc1.type == "avc1")
        #expect(u16(avc1.payload, 24) == 34 && u16(avc1.payload, 26) == 18)
        #expect(u16(avc1.payload, 74) == 0x18)
        let inner = Box.children(avc1.payload, from: 78)
        #expect(inner.map(\.type) == ["avcC", "colr"])
        let avcC = inner[0].payload
        #expect(avcC[0] == 1, "configurationVersion")
        #expect(avcC[1] == 66, "Baseline profile")
        #expect(avcC[2] & 0x40 != 0, "constraint_set1: Constrained Baseline")
        #expect(avcC[4] & 3 == 3, "lengthSizeMinusOne")
        #expect(avcC[5] & 0x1F == 1, "one SPS")
        let spsLength = u16(avcC, 6)
        let sps = Array(avcC[8..<8 + spsLength])
        #expect(sps[0] & 0x1F == 7)
        #expect(Array(sps[1...3]) == Array(avcC[1...3]), "profile, compatibility and level copied from the SPS")
        #expect(avcC[8 + spsLength] == 1, "one PPS")
        let ppsLength = u16(avcC, 9 + spsLength)
        #expect(avcC[11 + spsLength] & 0x1F == 8)
        #expect(avcC.count == 11 + spsLength + ppsLength)
        let colr = inner[1].payload
        #expect(String(decoding: colr[0..<4], as: UTF8.self) == "nclx")
        #expect([u16(colr, 4), u16(colr, 6), u16(colr, 8)] == [Int](repeating: 1, count: 3))
        #expect(colr[10] == 0, "limited range")
        let vui = try SPSReader.videoSignal(sps)
        #expect(vui.fullRange == false && vui.primaries == 1 && vui.transfer == 1 && vui.matrix == 1)
        #expect((vui.width, vui.height) == (34, 18))
    }

    @Test("the same frames give the same bytes")
    func deterministic() throws {
        #expect(try Self.encoded().bytes == Self.encoded().bytes)
    }

    @Test("bad input is refused: a frame of another size, a zero duration, no frames, zero copies, a side over 4096 or under 16")
    func refusals() throws {
        var encoder = try MP4StreamEncoder(width: 16, height: 16, timescale: 50, framesPerSecond: 50)
        #expect(throws: VideoError.self) { try encoder.append(RGBAImage(width: 17, height: 16), durationTicks: 1) }
        #expect(throws: VideoError.self) { try encoder.append(RGBAImage(width: 16, height: 16), durationTicks: 0) }
        // `finish` consumes the encoder, which a closure cannot: checked with do/catch.
        do {
            _ = try encoder.finish(copies: 1)
            Issue.record("an encoder without frames finished")
        } catch {
            #expect(error.code == .invalidInput)
        }
        var other = try MP4StreamEncoder(width: 16, height: 16, timescale: 50, framesPerSecond: 50)
        try other.append(RGBAImage(width: 16, height: 16, fill: RGBA8(r: 1, g: 2, b: 3, a: 255)), durationTicks: 1)
        do {
            _ = try other.finish(copies: 0)
            Issue.record("zero copies were written")
        } catch {
            #expect(error.code == .invalidInput)
        }
        #expect(throws: VideoError.self) { _ = try MP4StreamEncoder(width: 4097, height: 16, timescale: 50, framesPerSecond: 50) }
        #expect(throws: VideoError.self) { _ = try MP4StreamEncoder(width: 16, height: 15, timescale: 50, framesPerSecond: 50) }
    }
}

/// Reads the fields of an H.264 sequence parameter set this test needs (H.264 §7.3.2.1.1 and
/// Annex E.1.1), for Baseline streams: the coded size after cropping and the VUI's video signal.
enum SPSReader {
    struct Bits {
        var bytes: [UInt8]
        var position = 0
        mutating func bit() -> Int {
            let value = Int(bytes[position / 8] >> (7 - UInt8(position % 8))) & 1
            position += 1
            return value
        }
        mutating func bits(_ n: Int) -> Int { (0..<n).reduce(0) { value, _ in value << 1 | bit() } }
        mutating func ue() -> Int {
            var zeros = 0
            while bit() == 0 { zeros += 1 }
            return (1 << zeros) - 1 + bits(zeros)
        }
    }

    struct Signal { var width: Int, height: Int, fullRange: Bool, primaries: Int, transfer: Int, matrix: Int }

    static func videoSignal(_ nal: [UInt8]) throws -> Signal {
        // Emulation prevention bytes (00 00 03) removed.
        var rbsp: [UInt8] = []
        var zeros = 0
        for byte in nal.dropFirst() {
            if zeros >= 2 && byte == 3 { zeros = 0; continue }
            zeros = byte == 0 ? zeros + 1 : 0
            rbsp.append(byte)
        }
        var r = Bits(bytes: rbsp)
        let profile = r.bits(8)
        _ = r.bits(16)
        _ = r.ue()  // seq_parameter_set_id
        #expect(profile == 66)
        _ = r.ue()  // log2_max_frame_num_minus4
        let pocType = r.ue()
        if pocType == 0 { _ = r.ue() }
        #expect(pocType != 1)
        _ = r.ue()  // max_num_ref_frames
        _ = r.bit()
        let widthMbs = r.ue() + 1, heightMapUnits = r.ue() + 1
        let frameMbsOnly = r.bit()
        if frameMbsOnly == 0 { _ = r.bit() }
        _ = r.bit()  // direct_8x8_inference_flag
        var crop = (0, 0, 0, 0)
        if r.bit() == 1 { crop = (r.ue(), r.ue(), r.ue(), r.ue()) }
        let width = widthMbs * 16 - 2 * (crop.0 + crop.1)
        let height = heightMapUnits * 16 * (2 - frameMbsOnly) - 2 * (crop.2 + crop.3)
        #expect(r.bit() == 1, "vui_parameters_present_flag")
        if r.bit() == 1 {  // aspect_ratio_info_present_flag
            if r.bits(8) == 255 { _ = r.bits(32) }
        }
        if r.bit() == 1 { _ = r.bit() }  // overscan
        #expect(r.bit() == 1, "video_signal_type_present_flag")
        _ = r.bits(3)
        let fullRange = r.bit() == 1
        #expect(r.bit() == 1, "colour_description_present_flag")
        return Signal(width: width, height: height, fullRange: fullRange, primaries: r.bits(8), transfer: r.bits(8), matrix: r.bits(8))
    }
}
