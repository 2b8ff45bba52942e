/// Anti-aliased pixel detection: pixelmatch's `antialiased` and `hasManySiblings`.
///
/// After V. Vyšniauskas, "Anti-aliased Pixel and Intensity Slope Detector" (2009), as ported by
/// pixelmatch 5 (Mapbox, ISC licence). A pixel is taken as anti-aliasing when, among its 8
/// neighbours, at most 2 have its brightness, some are darker and some brighter, and the darkest
/// or the brightest of them has 3 or more identical neighbours in *both* images (it sits inside a
/// flat area on both sides, so the pixel lies on an edge between flat areas). Neighbours outside
/// the image count as identical, once. The one change from pixelmatch: two fully transparent
/// pixels count as identical whatever their hidden colour.
enum Antialiasing {
    /// pixelmatch's `antialiased(img, x, y, width, height, img2)`.
    ///
    /// - Precondition: both grids have the same size and contain (x, y).
    static func isAntialiased(_ image: PixelGrid, _ other: PixelGrid, x: Int, y: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, image.width - 1), y2 = min(y + 1, image.height - 1)
        let centre = image.pixel(x, y)
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0

        // Column-major over the 3 × 3 block, as pixelmatch walks it: ties keep the first found.
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let neighbour = image.pixel(nx, ny)
                let delta = PixelDistance.equivalent(centre, neighbour) ? 0 : PixelDistance.lumaDelta(centre, neighbour)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    minX = nx
                    minY = ny
                } else if delta > brightest {
                    brightest = delta
                    maxX = nx
                    maxY = ny
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, x: minX, y: minY) && hasManySiblings(other, x: minX, y: minY))
            || (hasManySiblings(image, x: maxX, y: maxY) && hasManySiblings(other, x: maxX, y: maxY))
    }

    /// pixelmatch's `hasManySiblings`: whether (x, y) has 3 or more identical neighbours.
    static func hasManySiblings(_ image: PixelGrid, x: Int, y: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, image.width - 1), y2 = min(y + 1, image.height - 1)
        let centre = image.pixel(x, y)
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                if PixelDistance.equivalent(centre, image.pixel(nx, ny)) { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
