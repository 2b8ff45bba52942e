import Glibc

extension RGBAImage {
    /// Composites a premultiplied RGBA bitmap (a colour emoji) source-over, mapped by
    /// `transform` from bitmap pixels to device pixels, sampled bilinearly at each device
    /// pixel's centre (transparent outside the bitmap) and scaled by `opacity`.
    ///
    /// - Parameters:
    ///   - premultiplied: `width × height` pixels of 4 bytes, R, G, B, A, colours premultiplied.
    ///   - transform: bitmap pixel coordinates (origin at its top-left corner) to device pixels.
    ///   - opacity: 0…1, multiplied into every sample.
    ///   - clampsEdges: `false` (a glyph): texels beyond the bitmap are transparent, so its edges
    ///     fade over half a texel; `true` (a picture): the bitmap covers exactly its rectangle,
    ///     each device pixel whose centre falls inside it sampled with texel positions clamped to
    ///     the bitmap, so a stretched picture keeps its edges (Core Graphics' `CGContext.draw`).
    ///   - nearest: each device pixel takes the texel under its centre, unblended (with
    ///     `clampsEdges`): a magnified bitmap is drawn as blocks.
    public mutating func composite(premultiplied bitmap: [UInt8], width bitmapWidth: Int, height bitmapHeight: Int,
                                   transform: AffineTransform, opacity: Double, in space: BlendSpace = .sRGB,
                                   clampsEdges: Bool = false, nearest: Bool = false) {
        guard bitmapWidth > 0, bitmapHeight > 0, bitmap.count >= bitmapWidth * bitmapHeight * 4,
              let inverse = transform.inverted, opacity > 0 else { return }
        let corners = [Point(x: 0, y: 0), Point(x: Double(bitmapWidth), y: 0), Point(x: 0, y: Double(bitmapHeight)),
                       Point(x: Double(bitmapWidth), y: Double(bitmapHeight))].map(transform.apply)
        let minX = max(0, Int(corners.map(\.x).min()!.rounded(.down)))
        let maxX = min(width, Int(corners.map(\.x).max()!.rounded(.up)))
        let minY = max(0, Int(corners.map(\.y).min()!.rounded(.down)))
        let maxY = min(height, Int(corners.map(\.y).max()!.rounded(.up)))
        guard minX < maxX, minY < maxY else { return }
        func texel(_ x: Int, _ y: Int, _ channel: Int) -> Double {
            var (x, y) = (x, y)
            if clampsEdges {
                x = min(bitmapWidth - 1, max(0, x))
                y = min(bitmapHeight - 1, max(0, y))
            }
            guard x >= 0, y >= 0, x < bitmapWidth, y < bitmapHeight else { return 0 }
            return Double(bitmap[(y * bitmapWidth + x) * 4 + channel])
        }
        for y in minY..<maxY {
            for x in minX..<maxX {
                let p = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                if clampsEdges && (p.x < 0 || p.y < 0 || p.x >= Double(bitmapWidth) || p.y >= Double(bitmapHeight)) { continue }
                let sx = nearest ? p.x.rounded(.down) : p.x - 0.5, sy = nearest ? p.y.rounded(.down) : p.y - 0.5
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                let fx = sx - Double(x0), fy = sy - Double(y0)
                var sample = [0.0, 0.0, 0.0, 0.0]
                for channel in 0..<4 {
                    let top = texel(x0, y0, channel) * (1 - fx) + texel(x0 + 1, y0, channel) * fx
                    let bottom = texel(x0, y0 + 1, channel) * (1 - fx) + texel(x0 + 1, y0 + 1, channel) * fx
                    sample[channel] = (top * (1 - fy) + bottom * fy) * opacity
                }
                let alpha = sample[3]
                guard alpha >= 0.5 else { continue }
                // Straight colour from the premultiplied sample; the alpha goes in as coverage.
                func straight(_ value: Double) -> UInt8 { UInt8(min(255, max(0, (value * 255 / alpha).rounded()))) }
                let colour = RGBA8(r: straight(sample[0]), g: straight(sample[1]), b: straight(sample[2]), a: 255)
                self[x, y] = Compositing.sourceOver(colour, coverage: UInt8(min(255, alpha.rounded())), onto: self[x, y], in: space)
            }
        }
    }
}
