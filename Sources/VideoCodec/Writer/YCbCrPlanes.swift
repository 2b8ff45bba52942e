import Raster

/// Converts RGBA frames to the 8-bit Y′CbCr 4:2:0 planes (I420) an H.264 encoder takes, with
/// the BT.709 matrix in limited ("video", "TV") range.
///
/// - Matrix: ITU-R BT.709-6 §3: E′Y = 0.2126 E′R + 0.7152 E′G + 0.0722 E′B,
///   E′CB = (E′B − E′Y) / 1.8556, E′CR = (E′R − E′Y) / 1.5748, on the gamma-encoded sRGB values
///   as they are (sRGB's primaries are BT.709's; IEC 61966-2-1).
/// - Range: limited, Y′ = 16 + 219 E′Y and Cb, Cr = 128 + 224 E′C (BT.709-6 §4.6, 8-bit
///   quantization). Limited range is the one every decoder assumes when a stream says nothing,
///   and the one DocC's players (Safari, AVFoundation) and Chromium honour without exception;
///   the stream's VUI and the MP4 `colr` box both say so (`video_full_range_flag` 0).
/// - Chroma: each Cb and Cr sample is computed from the average of the 2 × 2 pixels it covers
///   (centred siting, as MPEG-1 and JPEG place it; H.264's VUI leaves `chroma_loc_info` out,
///   which decoders read as left siting — half a pixel, invisible at these sizes).
/// - Sizes: 4:2:0 needs an even width and height (H.264 §6.2: each chroma sample covers 2 × 2
///   luma samples, and frame cropping moves in steps of 2, §7.4.2.1.1 `CropUnitX`), so an odd
///   width or height is padded by one column or row repeating the last one: the added pixels
///   look like the edge they continue, and the video is one pixel wider or taller.
///
/// Alpha is ignored: the frames are opaque (a video has no alpha).
enum YCbCrPlanes {
    /// The even size a `width × height` frame is encoded at.
    static func paddedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        ((width + 1) & ~1, (height + 1) & ~1)
    }

    /// Y′, Cb and Cr planes of `image` padded to ``paddedSize(width:height:)``: Y′ has
    /// `w × h` samples, Cb and Cr `w/2 × h/2` each, rows packed.
    static func planes(of image: RGBAImage) -> (luma: [UInt8], cb: [UInt8], cr: [UInt8]) {
        let (width, height) = paddedSize(width: image.width, height: image.height)
        let lastX = image.width - 1, lastY = image.height - 1
        var luma = [UInt8](repeating: 0, count: width * height)
        var cb = [UInt8](repeating: 0, count: width * height / 4)
        var cr = [UInt8](repeating: 0, count: width * height / 4)
        image.pixels.withUnsafeBufferPointer { pixels in
            luma.withUnsafeMutableBufferPointer { luma in
                cb.withUnsafeMutableBufferPointer { cb in
                    cr.withUnsafeMutableBufferPointer { cr in
                        for cy in 0..<height / 2 {
                            for cx in 0..<width / 2 {
                                var sumR = 0, sumG = 0, sumB = 0
                                for dy in 0..<2 {
                                    let y = 2 * cy + dy, sy = min(y, lastY)
                                    for dx in 0..<2 {
                                        let x = 2 * cx + dx, sx = min(x, lastX)
                                        let p = (sy * image.width + sx) * 4
                                        let r = Int(pixels[p]), g = Int(pixels[p + 1]), b = Int(pixels[p + 2])
                                        luma[y * width + x] = lumaSample(r, g, b)
                                        sumR += r; sumG += g; sumB += b
                                    }
                                }
                                let (u, v) = chromaSamples(sumR, sumG, sumB, count: 4)
                                cb[cy * (width / 2) + cx] = u
                                cr[cy * (width / 2) + cx] = v
                            }
                        }
                    }
                }
            }
        }
        return (luma, cb, cr)
    }

    // Fixed-point coefficients (× 2¹⁶) of the limited-range BT.709 matrix on 0…255 values:
    // Y′ = 16 + (219/255)(0.2126 R + 0.7152 G + 0.0722 B),
    // Cb = 128 + (224/255)(B − Y)/1.8556, Cr = 128 + (224/255)(R − Y)/1.5748; each chroma row
    // sums to 0 (one unit moved in Cb's green), so every grey has Cb = Cr = 128 exactly.
    static let yR = 11_966, yG = 40_254, yB = 4_064
    static let cbR = -6_596, cbG = -22_188, cbB = 28_784
    static let crR = 28_784, crG = -26_145, crB = -2_639

    /// The limited-range Y′ of one pixel, rounded.
    @inline(__always)
    static func lumaSample(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        UInt8(16 + (yR * r + yG * g + yB * b + 32_768) >> 16)
    }

    /// Cb and Cr of the mean of `count` pixels whose channels sum to `r`, `g`, `b`, rounded.
    @inline(__always)
    static func chromaSamples(_ r: Int, _ g: Int, _ b: Int, count: Int) -> (UInt8, UInt8) {
        let half = count * 32_768
        let u = 128 + (cbR * r + cbG * g + cbB * b + half + count * 65_536 * 256) / (count * 65_536) - 256
        let v = 128 + (crR * r + crG * g + crB * b + half + count * 65_536 * 256) / (count * 65_536) - 256
        return (UInt8(clamping: u), UInt8(clamping: v))
    }
}
