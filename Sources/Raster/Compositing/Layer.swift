import Glibc

/// A rectangle of whole pixels: columns `x0..<x1`, rows `y0..<y1`.
public struct PixelRect: Hashable, Sendable {
    public var x0, y0, x1, y1: Int

    /// A rectangle from its edges.
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// Whether it holds no pixel.
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// Grown by `margin` pixels on every side, then cut to a `width × height` canvas.
    public func expanded(by margin: Int, width: Int, height: Int) -> PixelRect {
        PixelRect(x0: max(0, x0 - margin), y0: max(0, y0 - margin), x1: min(width, x1 + margin), y1: min(height, y1 + margin))
    }

    /// Moved by whole pixels, then cut to a `width × height` canvas.
    public func offset(dx: Int, dy: Int, width: Int, height: Int) -> PixelRect {
        PixelRect(x0: max(0, x0 + dx), y0: max(0, y0 + dy), x1: min(width, x1 + dx), y1: min(height, y1 + dy))
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}

/// A canvas-sized picture with premultiplied colour in `Float` planes (0…1), the working form of
/// the layer effects: blur, shadow, colour matrices, masks and projective warps.
///
/// Layers are drawn as ``RGBAImage``s (the rasterizer's target), converted once, filtered, and
/// composited back with ``RGBAImage/composite(_:opacity:mode:in:)``. Work is confined to
/// ``bounds``, outside which every pixel is transparent.
public struct Layer: Sendable {
    /// Canvas size in pixels.
    public let width: Int
    public let height: Int
    /// Premultiplied red, green, blue and alpha, `width × height` each, row-major.
    public var r: [Float], g: [Float], b: [Float], a: [Float]
    /// Where pixels may be non-transparent.
    public var bounds: PixelRect

    /// An empty (transparent) layer.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let count = width * height
        r = [Float](repeating: 0, count: count)
        g = r
        b = r
        a = r
        bounds = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    }

    /// The premultiplied form of `image`, whose transparent pixels outside `within` are skipped.
    public init(_ image: RGBAImage, within: PixelRect? = nil) {
        self.init(width: image.width, height: image.height)
        let area = within ?? image.inkBounds()
        bounds = area
        guard !area.isEmpty else { return }
        let w = width
        let scale: Float = 1 / 255
        image.pixels.withUnsafeBufferPointer { pixels in
            r.withUnsafeMutableBufferPointer { r in
                g.withUnsafeMutableBufferPointer { g in
                    b.withUnsafeMutableBufferPointer { b in
                        a.withUnsafeMutableBufferPointer { a in
                            // area lies inside the canvas: i < width × height, o + 3 < pixels.count.
                            for y in area.y0..<area.y1 {
                                for x in area.x0..<area.x1 {
                                    let i = y * w + x, o = i * 4
                                    let alpha = Float(pixels[o + 3]) * scale
                                    guard alpha > 0 else { continue }
                                    a[i] = alpha
                                    r[i] = Float(pixels[o]) * scale * alpha
                                    g[i] = Float(pixels[o + 1]) * scale * alpha
                                    b[i] = Float(pixels[o + 2]) * scale * alpha
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Blurs every plane with a Gaussian of standard deviation `sigma` pixels (see
    /// ``GaussianBlur``); the bounds grow by the kernel's reach.
    public mutating func blur(sigma: Double) {
        guard sigma > 0, !bounds.isEmpty else { return }
        let area = bounds.expanded(by: GaussianBlur.reach(sigma: sigma), width: width, height: height)
        for plane in [0, 1, 2, 3] {
            switch plane {
            case 0: GaussianBlur.blur(&r, width: width, region: area, sigma: sigma, nonZero: bounds)
            case 1: GaussianBlur.blur(&g, width: width, region: area, sigma: sigma, nonZero: bounds)
            case 2: GaussianBlur.blur(&b, width: width, region: area, sigma: sigma, nonZero: bounds)
            default: GaussianBlur.blur(&a, width: width, region: area, sigma: sigma, nonZero: bounds)
            }
        }
        bounds = area
    }

    /// Applies a colour matrix to the straight colour of every pixel: `rows` is 4 × 5 (row-major,
    /// the last column the offset), acting on (R, G, B, A, 1) as SVG's `feColorMatrix` and Core
    /// Image's `CIColorMatrix` do; results are clamped to 0…1.
    public mutating func applyColourMatrix(_ rows: [Double]) {
        precondition(rows.count == 20, "a colour matrix has 4 rows of 5")
        let m = rows.map { Float($0) }
        // A matrix whose alpha row has an offset makes transparent pixels visible: it acts on
        // the whole canvas.
        if m[19] != 0 { bounds = PixelRect(x0: 0, y0: 0, x1: width, y1: height) }
        guard !bounds.isEmpty else { return }
        let w = width
        for y in bounds.y0..<bounds.y1 {
            for x in bounds.x0..<bounds.x1 {
                let i = y * w + x
                let alpha = a[i]
                let sr = alpha > 0 ? r[i] / alpha : 0, sg = alpha > 0 ? g[i] / alpha : 0, sb = alpha > 0 ? b[i] / alpha : 0
                func row(_ k: Int) -> Float {
                    min(1, max(0, m[k] * sr + m[k + 1] * sg + m[k + 2] * sb + m[k + 3] * alpha + m[k + 4]))
                }
                let na = row(15)
                r[i] = row(0) * na
                g[i] = row(5) * na
                b[i] = row(10) * na
                a[i] = na
            }
        }
    }

    /// Keeps this layer where `mask` is opaque: every plane times the mask's alpha
    /// (Porter–Duff destination-in), as SwiftUI's `mask` and `clipShape` do.
    public mutating func mask(by mask: Layer) {
        guard !bounds.isEmpty else { return }
        let w = width
        for y in bounds.y0..<bounds.y1 {
            for x in bounds.x0..<bounds.x1 {
                let i = y * w + x
                let m = mask.a[i]
                r[i] *= m
                g[i] *= m
                b[i] *= m
                a[i] *= m
            }
        }
    }

    /// This layer seen through a projective map: pixel centre `p` of the result shows this
    /// layer at `inverse(p)` (homogeneous, row-major 3 × 3 acting on column vectors), sampled
    /// bilinearly; pixels whose preimage lies behind the eye (w ≤ 0) stay transparent.
    ///
    /// - Parameter forward: the map itself, used to find the pixels the result can cover.
    public func warped(forward: [Double], inverse: [Double]) -> Layer {
        var result = Layer(width: width, height: height)
        guard !bounds.isEmpty else { return result }
        func map(_ m: [Double], _ x: Double, _ y: Double) -> (Double, Double, Double) {
            let w = m[6] * x + m[7] * y + m[8]
            return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w, w)
        }
        var area = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let corners = [(bounds.x0, bounds.y0), (bounds.x1, bounds.y0), (bounds.x0, bounds.y1), (bounds.x1, bounds.y1)]
            .map { map(forward, Double($0.0), Double($0.1)) }
        if corners.allSatisfy({ $0.2 > 0 && $0.0.isFinite && $0.1.isFinite }) {
            area = PixelRect(x0: Int(corners.map(\.0).min()!.rounded(.down)) - 1, y0: Int(corners.map(\.1).min()!.rounded(.down)) - 1,
                             x1: Int(corners.map(\.0).max()!.rounded(.up)) + 1, y1: Int(corners.map(\.1).max()!.rounded(.up)) + 1)
                .expanded(by: 0, width: width, height: height)
        }
        guard !area.isEmpty else { return result }
        result.bounds = area
        let w = width
        let box = bounds
        func sample(_ plane: [Float], _ x: Int, _ y: Int) -> Float {
            x < box.x0 || y < box.y0 || x >= box.x1 || y >= box.y1 ? 0 : plane[y * w + x]
        }
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 {
                let (sx, sy, sw) = map(inverse, Double(x) + 0.5, Double(y) + 0.5)
                guard sw > 0, sx.isFinite, sy.isFinite else { continue }
                let u = sx - 0.5, v = sy - 0.5
                guard u > -2, v > -2, u < Double(width) + 1, v < Double(height) + 1 else { continue }
                let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                let fx = Float(u - Double(x0)), fy = Float(v - Double(y0))
                let i = y * w + x
                func bilinear(_ plane: [Float]) -> Float {
                    let top = sample(plane, x0, y0) * (1 - fx) + sample(plane, x0 + 1, y0) * fx
                    let bottom = sample(plane, x0, y0 + 1) * (1 - fx) + sample(plane, x0 + 1, y0 + 1) * fx
                    return top * (1 - fy) + bottom * fy
                }
                result.a[i] = bilinear(a)
                guard result.a[i] > 0 else { continue }
                result.r[i] = bilinear(r)
                result.g[i] = bilinear(g)
                result.b[i] = bilinear(b)
            }
        }
        return result
    }
}

extension RGBAImage {
    /// The smallest rectangle holding every pixel whose alpha is not 0.
    ///
    /// - Parameter region: A rectangle known to hold every such pixel (cut to the image): only
    ///   its pixels are read. `nil` reads the whole image.
    public func inkBounds(within region: PixelRect? = nil) -> PixelRect {
        // The alpha bytes of two pixels read as one native-endian UInt64 (R, G, B, A in memory).
        bounds(ofPixelsWith: UInt64(bigEndian: 0x0000_00FF_0000_00FF), within: region)
    }

    /// The smallest rectangle holding every pixel with a byte that is not 0: outside it every
    /// byte is 0, as in a new transparent image. For pictures drawn by source-over, the same as
    /// ``inkBounds(within:)`` (a covered pixel gets a non-zero alpha, and an uncovered one keeps
    /// its bytes); a blend mode that knocks a pixel's alpha down to 0 can leave its colour.
    ///
    /// - Parameter region: A rectangle known to hold every such pixel (cut to the image): only
    ///   its pixels are read. `nil` reads the whole image.
    public func nonZeroBounds(within region: PixelRect? = nil) -> PixelRect {
        bounds(ofPixelsWith: ~0, within: region)
    }

    /// The smallest rectangle holding every pixel with a bit of `mask` set, `mask` read over two
    /// pixels as one native-endian `UInt64`, looking only inside `region` (cut to the image).
    private func bounds(ofPixelsWith mask: UInt64, within region: PixelRect? = nil) -> PixelRect {
        let left = max(0, region?.x0 ?? 0), right = min(width, region?.x1 ?? width)
        let top = max(0, region?.y0 ?? 0), bottom = min(height, region?.y1 ?? height)
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        guard left < right, top < bottom else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        let w = width
        let pixelMask = UInt32(truncatingIfNeeded: mask)
        pixels.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            for y in top..<bottom {
                let row = base + y * w * 4
                @inline(__always) func inked(_ x: Int) -> Bool { row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) & pixelMask != 0 }
                // 8 pixels at a time while blank (every load ends by right ≤ w).
                @inline(__always) func blank8(_ x: Int) -> Bool {
                    let p = row + x * 4
                    return (p.loadUnaligned(as: UInt64.self) | p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                        | p.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | p.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
                        & mask == 0
                }
                var first = left
                while first + 8 <= right && blank8(first) { first += 8 }
                while first < right && !inked(first) { first += 1 }
                guard first < right else { continue }
                var last = right
                while last - 8 > first && blank8(last - 8) { last -= 8 }
                while !inked(last - 1) { last -= 1 }
                x0 = min(x0, first)
                x1 = max(x1, last)
                y0 = min(y0, y)
                y1 = y + 1
            }
        }
        return x1 > x0 ? PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) : PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    }

    /// Sets every byte inside `rect` (cut to the image) to 0: transparent.
    public mutating func clear(_ rect: PixelRect) {
        let x0 = max(0, rect.x0), x1 = min(width, rect.x1), y0 = max(0, rect.y0), y1 = min(height, rect.y1)
        guard x0 < x1, y0 < y1 else { return }
        let w = width
        pixels.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            // The rectangle lies inside the image: every row's span ends by its row's end.
            for y in y0..<y1 { (base + (y * w + x0) * 4).initializeMemory(as: UInt8.self, repeating: 0, count: (x1 - x0) * 4) }
        }
    }

    /// Composites `layer` over this image, its alpha scaled by `opacity`, mixing colours with
    /// `mode` (the W3C Compositing and Blending Level 1 formulas, as Core Graphics' blend modes
    /// are defined), each result rounded to 8 bits.
    public mutating func composite(_ layer: Layer, opacity: Double, mode: BlendMode = .normal, in space: BlendSpace = .sRGB) {
        precondition(layer.width == width && layer.height == height, "canvas sizes differ")
        let area = layer.bounds
        guard !area.isEmpty, opacity > 0 else { return }
        let o = Float(min(1, opacity))
        let w = width
        // Source-over is a pure function of (source, coverage, pixel underneath): a shadow or a
        // blur over a plain backdrop repeats the same few, so the last result per slot is kept
        // (slot from the three, the whole key checked).
        var cache = [UInt64](repeating: 0, count: 2048)
        layer.r.withUnsafeBufferPointer { lr in
            layer.g.withUnsafeBufferPointer { lg in
                layer.b.withUnsafeBufferPointer { lb in
                    layer.a.withUnsafeBufferPointer { la in
                        pixels.withUnsafeMutableBytes { bytes in
                            guard let base = bytes.baseAddress else { return }
                            // area lies inside the canvas: i < width × height, the pixel's 4 bytes inside.
                            for y in area.y0..<area.y1 {
                                for x in area.x0..<area.x1 {
                                    let i = y * w + x
                                    let own = la[i]
                                    let alpha = min(1, own) * o
                                    // A transparent source leaves the backdrop as it is, in every mode.
                                    guard alpha > 0 else { continue }
                                    // Non-negative, so + 0.5 and truncation round half up as rounded() does.
                                    let coverage = UInt8(min(255, alpha * 255 + 0.5))
                                    if mode == .normal && coverage == 0 { continue }
                                    let inverse = 255 / own
                                    @inline(__always) func straight(_ v: Float) -> UInt8 { UInt8(min(255, max(0, v * inverse + 0.5))) }
                                    let source = RGBA8(r: straight(lr[i]), g: straight(lg[i]), b: straight(lb[i]), a: 255)
                                    let offset = i * 4
                                    let packedUnder = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                                    guard mode == .normal else {
                                        let out = mode.blend(source, alpha: Double(coverage) / 255, onto: RGBA8(packed: packedUnder))
                                        base.storeBytes(of: out.packed, toByteOffset: offset, as: UInt32.self)
                                        continue
                                    }
                                    // The source is opaque (a = 255): its colour and the coverage fit 32 bits.
                                    let sourceKey = UInt64(source.packed & 0x00FF_FFFF) | UInt64(coverage) << 24
                                    let key = sourceKey << 32 | UInt64(packedUnder)
                                    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54) * 2
                                    let packedOut: UInt32
                                    if cache[slot] == key && cache[slot + 1] >> 32 == 1 {
                                        packedOut = UInt32(truncatingIfNeeded: cache[slot + 1])
                                    } else {
                                        packedOut = Compositing.sourceOver(source, coverage: coverage, onto: RGBA8(packed: packedUnder), in: space).packed
                                        cache[slot] = key
                                        cache[slot + 1] = 1 << 32 | UInt64(packedOut)
                                    }
                                    base.storeBytes(of: packedOut, toByteOffset: offset, as: UInt32.self)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// SwiftUI's `BlendMode`: how a view's colours mix with what is behind it.
///
/// The separable and non-separable modes are the W3C's (Compositing and Blending Level 1,
/// §10 "Blending", which Core Graphics' `CGBlendMode` documents as its definitions), composited
/// source-over; `plusLighter` and `plusDarker` are Core Graphics' `R = MIN(1, S + D)` and
/// `R = MAX(0, 1 - ((1 - D) + (1 - S)))`; `sourceAtop`, `destinationOver` and `destinationOut` are
/// Porter–Duff's operators.
public enum BlendMode: String, CaseIterable, Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference,
         exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    /// `source` (straight, with alpha `alpha`) blended onto `backdrop` (straight).
    func blend(_ source: RGBA8, alpha: Double, onto backdrop: RGBA8) -> RGBA8 {
        let cs = [Double(source.r), Double(source.g), Double(source.b)].map { $0 / 255 }
        let cb = [Double(backdrop.r), Double(backdrop.g), Double(backdrop.b)].map { $0 / 255 }
        let ab = Double(backdrop.a) / 255, asrc = alpha
        var result: [Double]
        var outAlpha: Double
        switch self {
        case .sourceAtop:
            // Cs·αs·αb + Cb·αb·(1 − αs), alpha αb.
            outAlpha = ab
            result = (0..<3).map { cs[$0] * asrc * ab + cb[$0] * ab * (1 - asrc) }
        case .destinationOver:
            outAlpha = ab + asrc * (1 - ab)
            result = (0..<3).map { cb[$0] * ab + cs[$0] * asrc * (1 - ab) }
        case .destinationOut:
            outAlpha = ab * (1 - asrc)
            result = (0..<3).map { cb[$0] * ab * (1 - asrc) }
        case .plusLighter, .plusDarker:
            outAlpha = min(1, asrc + ab)
            result = (0..<3).map { k in
                let s = cs[k] * asrc, d = cb[k] * ab
                return self == .plusLighter ? min(1, s + d) : max(0, outAlpha - ((ab - d) + (asrc - s)))
            }
        default:
            // Source-over with the blended colour B(Cb, Cs) where both are present:
            // Co = αs·(1 − αb)·Cs + αs·αb·B + (1 − αs)·αb·Cb.
            let mixed = mix(cb, cs)
            outAlpha = asrc + ab * (1 - asrc)
            result = (0..<3).map { asrc * (1 - ab) * cs[$0] + asrc * ab * mixed[$0] + (1 - asrc) * ab * cb[$0] }
        }
        guard outAlpha > 0 else { return .transparent }
        func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, (v * 255).rounded()))) }
        return RGBA8(r: byte(result[0] / outAlpha), g: byte(result[1] / outAlpha), b: byte(result[2] / outAlpha), a: byte(outAlpha))
    }

    /// The W3C blend function B(Cb, Cs) of straight colours.
    private func mix(_ cb: [Double], _ cs: [Double]) -> [Double] {
        func separable(_ f: (Double, Double) -> Double) -> [Double] { (0..<3).map { f(cb[$0], cs[$0]) } }
        func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : screen(b, 2 * s - 1) }
        func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }
        switch self {
        case .multiply: return separable { $0 * $1 }
        case .screen: return separable(screen)
        case .overlay: return separable { hardLight($1, $0) }
        case .darken: return separable(min)
        case .lighten: return separable(max)
        case .colorDodge: return separable { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn: return separable { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return separable(hardLight)
        case .softLight:
            return separable { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return separable { abs($0 - $1) }
        case .exclusion: return separable { $0 + $1 - 2 * $0 * $1 }
        case .hue: return Self.setLum(Self.setSat(cs, Self.sat(cb)), Self.lum(cb))
        case .saturation: return Self.setLum(Self.setSat(cb, Self.sat(cs)), Self.lum(cb))
        case .color: return Self.setLum(cs, Self.lum(cb))
        case .luminosity: return Self.setLum(cb, Self.lum(cs))
        case .normal, .sourceAtop, .destinationOver, .destinationOut, .plusDarker, .plusLighter: return cs
        }
    }

    private static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    private static func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }
    private static func setLum(_ c: [Double], _ l: Double) -> [Double] { clipColor(c.map { $0 + (l - lum(c)) }) }
    private static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    private static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let mx = c.max()!, mn = c.min()!
        guard mx > mn else { return [0, 0, 0] }
        return c.map { ($0 - mn) * s / (mx - mn) }
    }
}

extension Layer {
    /// `blur(radius:opaque: true)`: the blurred colours divided by their blurred alpha, given
    /// the alpha of `original` (the picture before blurring), so the content stays as opaque as
    /// it was and its edges do not fade into what is behind.
    public mutating func keepAlpha(of original: Layer) {
        guard !bounds.isEmpty else { return }
        let w = width
        for y in bounds.y0..<bounds.y1 {
            for x in bounds.x0..<bounds.x1 {
                let i = y * w + x
                let keep = original.a[i]
                let blurred = a[i]
                let factor = blurred > 0 ? keep / blurred : 0
                r[i] *= factor
                g[i] *= factor
                b[i] *= factor
                a[i] = keep
            }
        }
        bounds = original.bounds
    }
}

extension RGBAImage {
    /// Keeps this image where `mask` is opaque: every pixel's alpha times the mask's alpha
    /// times `opacity` (Porter–Duff destination-in), as a mask cuts the layer it masks.
    public mutating func keep(where mask: RGBAImage, opacity: Double) {
        precondition(mask.width == width && mask.height == height, "canvas sizes differ")
        let o = min(1, max(0, opacity))
        for index in Swift.stride(from: 3, to: pixels.count, by: 4) where pixels[index] != 0 {
            let kept = Double(pixels[index]) * Double(mask.pixels[index]) / 255 * o
            pixels[index] = UInt8(kept.rounded())
        }
    }
}

extension RGBAImage {
    /// Replaces this image by `picture` in proportion to `coverage`'s alpha times `opacity`:
    /// each pixel becomes (1 − c)·itself + c·picture, premultiplied, the way a material's
    /// blurred backdrop takes the place of what it covers.
    public mutating func replace(with picture: Layer, coverage: Layer, opacity: Double) {
        precondition(picture.width == width && coverage.width == width, "canvas sizes differ")
        let area = coverage.bounds
        guard !area.isEmpty else { return }
        let o = Float(min(1, max(0, opacity)))
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 {
                let i = y * width + x
                let c = min(1, coverage.a[i]) * o
                guard c > 0 else { continue }
                let p = self[x, y]
                let pa = Float(p.a) / 255
                let a = (1 - c) * pa + c * picture.a[i]
                guard a > 0 else {
                    self[x, y] = .transparent
                    continue
                }
                func channel(_ own: UInt8, _ other: Float) -> UInt8 {
                    let value = ((1 - c) * Float(own) / 255 * pa + c * other) / a
                    return UInt8(min(255, max(0, (value * 255).rounded())))
                }
                self[x, y] = RGBA8(r: channel(p.r, picture.r[i]), g: channel(p.g, picture.g[i]), b: channel(p.b, picture.b[i]),
                                   a: UInt8(min(255, max(0, (a * 255).rounded()))))
            }
        }
    }
}
