import COpenH264
import Raster

/// The settings of an H.264 encode.
public struct VideoEncodingOptions: Hashable, Sendable {
    /// H.264's quantization parameter, 0 (finest) … 51, for every picture (rate control off,
    /// so the quality does not depend on the content or the length). The default, 18, keeps
    /// every frame of the built-in previews above 40 dB PSNR against the rendered frames
    /// (`make interop` measures it with ffmpeg).
    public var quantizer = 18

    /// The defaults.
    public init() {}
}

/// What ``MP4StreamEncoder/finish(copies:)`` returns.
public struct VideoEncodingResult: Sendable {
    /// The MP4 file.
    public var bytes: [UInt8]
    /// The encoded width and height: the frames' own, each rounded up to even.
    public var width: Int
    public var height: Int
    /// Samples in the file: frames × copies.
    public var sampleCount: Int
    /// Bytes of coded pictures in one copy.
    public var copyBytes: Int
}

/// Encodes RGBA frames as H.264 (OpenH264) in an MP4 file, for DocC's `@Video`, slides and web
/// pages.
///
/// - Stream: Constrained Baseline profile (CAVLC, no B-frames), so every H.264 decoder plays it;
///   one IDR picture first, then P pictures; a fixed quantizer (``VideoEncodingOptions``), one
///   thread, so the same frames give the same bytes on every run. The level is the smallest
///   OpenH264 finds for the size and rate.
/// - Colour: Y′CbCr 4:2:0, BT.709 matrix, limited range (``YCbCrPlanes``), stated in the
///   sequence parameter set's VUI (`colour_primaries`, `transfer_characteristics`,
///   `matrix_coefficients` 1, `video_full_range_flag` 0) and in the sample entry's `colr` box.
///   The transfer is given as BT.709 (1), the value video tools and browsers treat as an SDR
///   picture to show as it is; the pixels are sRGB, whose primaries are BT.709's.
/// - Size: an odd width or height is padded to even by repeating the last column or row.
/// - Time: each frame's duration in ticks of a timescale the caller chooses, written as is into
///   the `stts` box: exact, not rounded to a frame rate.
/// - Copies: ``finish(copies:)`` writes the coded frames that many times one after another
///   (each copy starts at the IDR picture, so the same bytes decode the same), which is how a
///   file plays a loop count: MP4 has no loop field.
public struct MP4StreamEncoder: ~Copyable {
    /// The frames' width and height in pixels.
    public let width: Int
    public let height: Int
    /// Ticks per second of the durations.
    public let timescale: Int
    private let encoder: H264EncoderHandle
    private var samples: [MP4Container.Sample] = []
    private var sps: [UInt8]?
    private var pps: [UInt8]?
    private var elapsedTicks = 0

    /// The most pixels a side: H.264 level 5.2's largest frame is 36 864 macroblocks, 4096 ×
    /// 2304 (H.264 Table A-1); OpenH264 refuses larger.
    public static let maximumSide = 4096

    /// The fewest pixels a side: one macroblock, 16 (OpenH264 2.3's `EncodeFrame` answers
    /// `cmUnsupportedData` for a 14-pixel side, measured).
    public static let minimumSide = 16

    /// Starts an encode.
    ///
    /// - Parameters:
    ///   - width, height: the frames' size in pixels, ``minimumSide`` … ``maximumSide``.
    ///   - timescale: ticks per second of the durations given to ``append(_:durationTicks:)``.
    ///   - framesPerSecond: the nominal rate, for the encoder's level choice.
    /// - Throws: ``VideoError`` `.invalidInput` for a size out of range; OpenH264's code when it
    ///   refuses the parameters.
    public init(width: Int, height: Int, timescale: Int, framesPerSecond: Double,
                options: VideoEncodingOptions = VideoEncodingOptions()) throws(VideoError) {
        let sides = Self.minimumSide...Self.maximumSide
        guard sides.contains(width), sides.contains(height),
              (1...Int(Int32.max)).contains(timescale), (0...51).contains(options.quantizer) else {
            throw VideoError(.invalidInput, operation: "start the video",
                             detail: "\(width) × \(height) px (\(Self.minimumSide) to \(Self.maximumSide) a side), timescale \(timescale), quantizer \(options.quantizer)")
        }
        let (evenWidth, evenHeight) = YCbCrPlanes.paddedSize(width: width, height: height)
        var parameters = try H264EncoderHandle.defaultParameters()
        parameters.iUsageType = SCREEN_CONTENT_REAL_TIME
        parameters.iPicWidth = Int32(evenWidth)
        parameters.iPicHeight = Int32(evenHeight)
        parameters.iRCMode = RC_OFF_MODE
        parameters.fMaxFrameRate = Float(framesPerSecond)
        parameters.iTemporalLayerNum = 1
        parameters.iSpatialLayerNum = 1
        parameters.uiIntraPeriod = 0
        parameters.iNumRefFrame = 1
        parameters.eSpsPpsIdStrategy = CONSTANT_ID
        parameters.bEnableFrameSkip = false
        parameters.iMultipleThreadIdc = 1
        parameters.iEntropyCodingModeFlag = 0
        parameters.bEnableDenoise = false
        parameters.bEnableBackgroundDetection = false
        parameters.bEnableAdaptiveQuant = false
        parameters.bEnableSceneChangeDetect = false
        parameters.bEnableLongTermReference = false
        parameters.iMinQp = Int32(options.quantizer)
        parameters.iMaxQp = Int32(options.quantizer)
        withUnsafeMutableBytes(of: &parameters.sSpatialLayers) { raw in
            let layer = raw.bindMemory(to: SSpatialLayerConfig.self).baseAddress!
            layer.pointee.iVideoWidth = Int32(evenWidth)
            layer.pointee.iVideoHeight = Int32(evenHeight)
            layer.pointee.fFrameRate = Float(framesPerSecond)
            layer.pointee.iDLayerQp = Int32(options.quantizer)
            layer.pointee.uiProfileIdc = PRO_BASELINE
            layer.pointee.sSliceArgument.uiSliceMode = SM_SINGLE_SLICE
            layer.pointee.bVideoSignalTypePresent = true
            layer.pointee.uiVideoFormat = UInt8(VF_UNDEF.rawValue)
            layer.pointee.bFullRange = false
            layer.pointee.bColorDescriptionPresent = true
            layer.pointee.uiColorPrimaries = UInt8(CP_BT709.rawValue)
            layer.pointee.uiTransferCharacteristics = UInt8(TRC_BT709.rawValue)
            layer.pointee.uiColorMatrix = UInt8(CM_BT709.rawValue)
        }
        // Every stored property at once, after the last throw: a noncopyable value is never
        // half made.
        encoder = try H264EncoderHandle(parameters: parameters)
        self.width = width
        self.height = height
        self.timescale = timescale
    }

    /// Encodes one frame shown for `durationTicks` ticks.
    ///
    /// - Throws: ``VideoError`` `.invalidInput` for a frame of another size or a duration under
    ///   1 tick; OpenH264's code when encoding fails; `.unexpectedOutput` when the encoder skips
    ///   the frame or gives no parameter sets with the first.
    public mutating func append(_ image: RGBAImage, durationTicks: Int) throws(VideoError) {
        guard image.width == width, image.height == height, durationTicks >= 1, durationTicks <= Int(UInt32.max) else {
            throw VideoError(.invalidInput, operation: "add frame \(samples.count)",
                             detail: "\(image.width) × \(image.height) px for \(durationTicks) ticks; the video is \(width) × \(height)")
        }
        var (luma, cb, cr) = YCbCrPlanes.planes(of: image)
        let (evenWidth, evenHeight) = YCbCrPlanes.paddedSize(width: width, height: height)
        let milliseconds = Int64(elapsedTicks) * 1000 / Int64(timescale)
        let (units, type) = try encoder.encode(luma: &luma, cb: &cb, cr: &cr, width: evenWidth, height: evenHeight,
                                               timestampMilliseconds: milliseconds)
        guard type == videoFrameTypeIDR || type == videoFrameTypeI || type == videoFrameTypeP else {
            throw VideoError(.unexpectedOutput, operation: "EncodeFrame", detail: "frame \(samples.count) was not coded (type \(type.rawValue))")
        }
        var data: [UInt8] = []
        for unit in units where !unit.isEmpty {
            switch unit[0] & 0x1F {
            // Parameter sets go into avcC, once (the same with every IDR: CONSTANT_ID).
            case 7: if sps == nil { sps = unit }
            case 8: if pps == nil { pps = unit }
            default:
                let n = unit.count
                data += [UInt8(truncatingIfNeeded: n >> 24), UInt8(truncatingIfNeeded: n >> 16),
                         UInt8(truncatingIfNeeded: n >> 8), UInt8(truncatingIfNeeded: n)] + unit
            }
        }
        guard !data.isEmpty else {
            throw VideoError(.unexpectedOutput, operation: "EncodeFrame", detail: "frame \(samples.count) has no picture")
        }
        samples.append(MP4Container.Sample(data: data, duration: durationTicks, isSync: type == videoFrameTypeIDR))
        elapsedTicks += durationTicks
    }

    /// Writes the MP4 file: the frames `copies` times.
    ///
    /// - Throws: ``VideoError`` `.invalidInput` without frames or with `copies` < 1;
    ///   `.unexpectedOutput` when the stream had no SPS or PPS; `.tooLarge` over 4 GiB.
    public consuming func finish(copies: Int = 1) throws(VideoError) -> VideoEncodingResult {
        guard !samples.isEmpty, copies >= 1 else {
            throw VideoError(.invalidInput, operation: "finish the video", detail: "\(samples.count) frames, \(copies) copies")
        }
        guard let sps, sps.count >= 4, let pps else {
            throw VideoError(.unexpectedOutput, operation: "finish the video", detail: "OpenH264 gave no SPS or PPS")
        }
        let (evenWidth, evenHeight) = YCbCrPlanes.paddedSize(width: width, height: height)
        let container = MP4Container(width: evenWidth, height: evenHeight, timescale: timescale, sps: sps, pps: pps,
                                     colour: (primaries: 1, transfer: 1, matrix: 1, fullRange: false))
        let copyBytes = samples.reduce(0) { $0 + $1.data.count }
        guard copyBytes.multipliedReportingOverflow(by: copies).partialValue < Int(UInt32.max),
              !copyBytes.multipliedReportingOverflow(by: copies).overflow else {
            throw VideoError(.tooLarge, operation: "write the MP4", detail: "\(copies) copies of \(copyBytes) bytes")
        }
        let all = Array((0..<copies).map { _ in samples }.joined())
        let bytes = try container.file(all)
        return VideoEncodingResult(bytes: bytes, width: evenWidth, height: evenHeight, sampleCount: all.count,
                                   copyBytes: copyBytes)
    }
}
