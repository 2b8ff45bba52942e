import COpenH264

/// An OpenH264 encoder (`ISVCEncoder`), initialised once and freed exactly once: the only code
/// calling OpenH264.
///
/// OpenH264's C interface is a table of function pointers (`codec_api.h`: `ISVCEncoderVtbl`);
/// each method here calls one of them and turns a non-zero `CM_RETURN` into a ``VideoError``
/// naming the call. `deinit` calls `Uninitialize` and `WelsDestroySVCEncoder`.
///
/// OpenH264 is Cisco's encoder, under the BSD 2-Clause licence (Debian's
/// `/usr/share/doc/libopenh264-dev/copyright`: `Files: *`, `License: BSD-2-clause`; the only
/// other licences there cover files not built into the library), which an Apache-2.0 tool may
/// ship with and link.
struct H264EncoderHandle: ~Copyable {
    private let encoder: UnsafeMutablePointer<ISVCEncoder?>
    private var functions: ISVCEncoderVtbl { encoder.pointee!.pointee }

    /// Creates an encoder and initialises it with `parameters` (`WelsCreateSVCEncoder`,
    /// `InitializeExt`).
    init(parameters: SEncParamExt) throws(VideoError) {
        var created: UnsafeMutablePointer<ISVCEncoder?>?
        guard WelsCreateSVCEncoder(&created) == 0, let created, created.pointee != nil else {
            throw VideoError(.creationFailed, operation: "WelsCreateSVCEncoder")
        }
        // OpenH264 logs to standard error by default, validation failures included; the caller
        // reports failures itself.
        var level = Int32(WELS_LOG_QUIET)
        _ = created.pointee!.pointee.SetOption(created, ENCODER_OPTION_TRACE_LEVEL, &level)
        var parameters = parameters
        let status = created.pointee!.pointee.InitializeExt(created, &parameters)
        guard status == 0 else {
            WelsDestroySVCEncoder(created)
            throw VideoError(VideoError.Code(status), operation: "InitializeExt",
                             detail: "\(parameters.iPicWidth) × \(parameters.iPicHeight) px")
        }
        encoder = created
    }

    deinit {
        _ = encoder.pointee!.pointee.Uninitialize(encoder)
        WelsDestroySVCEncoder(encoder)
    }

    /// The encoder's defaults (`GetDefaultParams`), to be tuned before ``init(parameters:)``.
    static func defaultParameters() throws(VideoError) -> SEncParamExt {
        var created: UnsafeMutablePointer<ISVCEncoder?>?
        guard WelsCreateSVCEncoder(&created) == 0, let created, created.pointee != nil else {
            throw VideoError(.creationFailed, operation: "WelsCreateSVCEncoder")
        }
        defer { WelsDestroySVCEncoder(created) }
        var parameters = SEncParamExt()
        let status = created.pointee!.pointee.GetDefaultParams(created, &parameters)
        guard status == 0 else { throw VideoError(VideoError.Code(status), operation: "GetDefaultParams") }
        return parameters
    }

    /// Encodes one I420 picture (`EncodeFrame`) and returns its NAL units without start codes,
    /// in order, with the frame type OpenH264 chose.
    ///
    /// - Parameters:
    ///   - luma, cb, cr: the Y′ (`width × height`), Cb and Cr (`width/2 × height/2` each)
    ///     planes, rows packed.
    ///   - width, height: even luma sizes, those the encoder was initialised with.
    func encode(luma: inout [UInt8], cb: inout [UInt8], cr: inout [UInt8], width: Int, height: Int,
                timestampMilliseconds: Int64)
    throws(VideoError) -> (units: [[UInt8]], type: EVideoFrameType) {
        var info = SFrameBSInfo()
        var picture = SSourcePicture()
        picture.iColorFormat = Int32(videoFormatI420.rawValue)
        picture.iPicWidth = Int32(width)
        picture.iPicHeight = Int32(height)
        picture.uiTimeStamp = timestampMilliseconds
        picture.iStride = (Int32(width), Int32(width / 2), Int32(width / 2), 0)
        let status = luma.withUnsafeMutableBufferPointer { y in
            cb.withUnsafeMutableBufferPointer { u in
                cr.withUnsafeMutableBufferPointer { v in
                    picture.pData = (y.baseAddress, u.baseAddress, v.baseAddress, nil)
                    return functions.EncodeFrame(encoder, &picture, &info)
                }
            }
        }
        guard status == 0 else {
            throw VideoError(VideoError.Code(status), operation: "EncodeFrame")
        }
        var units: [[UInt8]] = []
        let layerCount = Int(info.iLayerNum)
        withUnsafeBytes(of: &info.sLayerInfo) { raw in
            let layers = raw.bindMemory(to: SLayerBSInfo.self)
            for layer in layers.prefix(layerCount) {
                guard let buffer = layer.pBsBuf, let lengths = layer.pNalLengthInByte else { continue }
                var offset = 0
                for n in 0..<Int(layer.iNalCount) {
                    let length = Int(lengths[n])
                    units.append(Self.strippingStartCode(UnsafeBufferPointer(start: buffer + offset, count: length)))
                    offset += length
                }
            }
        }
        return (units, info.eFrameType)
    }

    /// A NAL unit without the Annex B start code (`00 00 01` or `00 00 00 01`) OpenH264 puts
    /// before each.
    static func strippingStartCode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var start = 0
        while start < bytes.count, bytes[start] == 0 { start += 1 }
        if start >= 2, start < bytes.count, bytes[start] == 1 { start += 1 } else { start = 0 }
        return Array(bytes[start...])
    }
}
