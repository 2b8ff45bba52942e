/// Writes the ISO base media file (MP4) that holds one H.264 video track: ISO/IEC 14496-12
/// (boxes) and ISO/IEC 14496-15 §5 (the `avc1` sample entry and its `avcC` configuration).
///
/// Layout, in the order a browser wants for progressive playback (the index before the data):
/// `ftyp`, `moov` (`mvhd`, `trak` → `tkhd`, `mdia` → `mdhd`, `hdlr`, `minf` → `vmhd`, `dinf`,
/// `stbl` → `stsd` (`avc1` with `avcC`, `colr`), `stts`, `stss`, `stsc`, `stsz`, `stco`)), then
/// `mdat`. Every sample is in one chunk. Times are 0 (1904-01-01) so that the same frames give
/// the same bytes. All sizes and offsets are 32-bit: a file over 4 GiB is refused.
struct MP4Container {
    /// One coded picture: its length-prefixed NAL units and how long it shows.
    struct Sample: Equatable {
        /// NAL units, each after a 4-byte big-endian length (`lengthSizeMinusOne` 3).
        var data: [UInt8]
        /// Display time in ``MP4Container/timescale`` ticks (> 0).
        var duration: Int
        /// An IDR picture, where decoding can start (listed in `stss`).
        var isSync: Bool
    }

    /// Displayed width and height in pixels (even).
    var width: Int
    var height: Int
    /// Ticks per second of the durations (`mvhd` and `mdhd` share it).
    var timescale: Int
    /// The sequence and picture parameter sets, without start codes.
    var sps: [UInt8]
    var pps: [UInt8]
    /// `colr` `nclx` values: colour primaries, transfer characteristics, matrix coefficients
    /// (ITU-T H.273 code points) and the full-range flag.
    var colour: (primaries: UInt16, transfer: UInt16, matrix: UInt16, fullRange: Bool)

    /// The whole file.
    func file(_ samples: [Sample]) throws(VideoError) -> [UInt8] {
        let payload = samples.reduce(0) { $0 + $1.data.count }
        let ftyp = box("ftyp", Array("isom".utf8) + u32(0x200) + Array("isomiso2avc1mp41".utf8))
        // The chunk offset depends on moov's size, which does not depend on the offset's value.
        let probe = moov(samples, chunkOffset: 0)
        let offset = ftyp.count + probe.count + 8
        guard offset + payload <= Int(UInt32.max) else {
            throw VideoError(.tooLarge, operation: "write the MP4", detail: "\(offset + payload) bytes")
        }
        var out = ftyp + moov(samples, chunkOffset: offset)
        out.reserveCapacity(offset + payload)
        out += u32(payload + 8) + Array("mdat".utf8)
        for sample in samples { out += sample.data }
        return out
    }

    func moov(_ samples: [Sample], chunkOffset: Int) -> [UInt8] {
        let duration = samples.reduce(0) { $0 + $1.duration }
        let identity: [UInt8] = [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000].flatMap { u32($0) }
        let mvhd = fullBox("mvhd", u32(0) + u32(0) + u32(timescale) + u32(duration) + u32(0x0001_0000) + u16(0x0100)
                           + [UInt8](repeating: 0, count: 10) + identity + [UInt8](repeating: 0, count: 24) + u32(2))
        // flags 3: track enabled and in the movie.
        let tkhd = fullBox("tkhd", flags: 3, u32(0) + u32(0) + u32(1) + u32(0) + u32(duration) + [UInt8](repeating: 0, count: 8)
                           + u16(0) + u16(0) + u16(0) + u16(0) + identity + u32(width << 16) + u32(height << 16))
        // Language 'und' packed as three 5-bit letters minus 0x60.
        let mdhd = fullBox("mdhd", u32(0) + u32(0) + u32(timescale) + u32(duration) + u16(0x55C4) + u16(0))
        let hdlr = fullBox("hdlr", u32(0) + Array("vide".utf8) + [UInt8](repeating: 0, count: 12) + Array("VideoHandler".utf8) + [0])
        let vmhd = fullBox("vmhd", flags: 1, u16(0) + u16(0) + u16(0) + u16(0))
        let dinf = box("dinf", fullBox("dref", u32(1) + fullBox("url ", flags: 1, [])))
        let stbl = box("stbl", stsd() + stts(samples) + stss(samples) + stsc(samples) + stsz(samples)
                       + fullBox("stco", u32(1) + u32(chunkOffset)))
        let minf = box("minf", vmhd + dinf + stbl)
        let trak = box("trak", tkhd + box("mdia", mdhd + hdlr + minf))
        return box("moov", mvhd + trak)
    }

    /// The `avc1` sample entry (ISO/IEC 14496-15 §5.4.2.1) with `avcC` and `colr`.
    func stsd() -> [UInt8] {
        let avcC = box("avcC", [1, sps[1], sps[2], sps[3], 0xFC | 3, 0xE0 | 1] + u16(sps.count) + sps + [1] + u16(pps.count) + pps)
        let colr = box("colr", Array("nclx".utf8) + u16(Int(colour.primaries)) + u16(Int(colour.transfer))
                       + u16(Int(colour.matrix)) + [colour.fullRange ? 0x80 : 0])
        var name = [UInt8](repeating: 0, count: 32)
        let compressor = Array("OpenH264".utf8)
        name[0] = UInt8(compressor.count)
        name.replaceSubrange(1...compressor.count, with: compressor)
        // SampleEntry: 6 reserved bytes, data_reference_index 1; VisualSampleEntry: 16 bytes of
        // pre_defined and reserved, the size, 72 dpi both ways, a reserved word, frame_count 1,
        // the compressor name, depth 24 and pre_defined −1.
        let entry = box("avc1", [UInt8](repeating: 0, count: 6) + u16(1) + [UInt8](repeating: 0, count: 16)
                        + u16(width) + u16(height) + u32(0x0048_0000) + u32(0x0048_0000) + u32(0) + u16(1)
                        + name + u16(0x18) + u16(0xFFFF) + avcC + colr)
        return fullBox("stsd", u32(1) + entry)
    }

    /// Decoding times: runs of equal durations.
    func stts(_ samples: [Sample]) -> [UInt8] {
        var runs: [(count: Int, duration: Int)] = []
        for sample in samples {
            if let last = runs.last, last.duration == sample.duration {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((1, sample.duration))
            }
        }
        return fullBox("stts", u32(runs.count) + runs.flatMap { u32($0.count) + u32($0.duration) })
    }

    /// Sync samples, numbered from 1.
    func stss(_ samples: [Sample]) -> [UInt8] {
        let sync = samples.indices.filter { samples[$0].isSync }
        return fullBox("stss", u32(sync.count) + sync.flatMap { u32($0 + 1) })
    }

    /// One chunk holding every sample.
    func stsc(_ samples: [Sample]) -> [UInt8] {
        fullBox("stsc", u32(1) + u32(1) + u32(samples.count) + u32(1))
    }

    func stsz(_ samples: [Sample]) -> [UInt8] {
        fullBox("stsz", u32(0) + u32(samples.count) + samples.flatMap { u32($0.data.count) })
    }

    // MARK: Box framing

    func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        u32(payload.count + 8) + Array(type.utf8) + payload
    }

    /// A box with a version byte (0) and 24 bits of flags before its payload.
    func fullBox(_ type: String, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, u32(flags & 0xFF_FFFF) + payload)
    }

    func u32(_ value: Int) -> [UInt8] {
        let v = UInt32(truncatingIfNeeded: value)
        return [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }

    func u16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
