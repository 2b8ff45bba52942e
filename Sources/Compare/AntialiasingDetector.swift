/// ``Antialiasing``'s test for one pair of images, made fast for frames where many pixels differ.
///
/// Gives exactly the answers of ``Antialiasing/isAntialiased(_:_:x:y:)`` applied both ways
/// (actual against expected, then expected against actual): ``AntialiasingDetectorTests`` checks
/// this against the plain port. The speed comes from doing each pixel's work once instead of once
/// per neighbour: each row's lumas and "has many siblings" flags are computed when the row is
/// first needed, into a ring of 3 rows per image (the test at row y reads rows y − 1 … y + 1;
/// the comparator walks rows downwards). Both tests can only succeed through a neighbour that has
/// many siblings in both images, so a pixel with no such neighbour (every pixel of a noisy frame)
/// is answered from one row of flags. Pixels with all 8 neighbours inside the image take an
/// unrolled, branch-light path; border pixels use the plain port.
final class AntialiasingDetector {
    private let a: PixelGrid
    private let b: PixelGrid
    private let width: Int
    private let height: Int
    /// Ring of 3 rows of pixelmatch lumas (Y of the pixel blended onto white), per image.
    private let lumaA: UnsafeMutableBufferPointer<Double>
    private let lumaB: UnsafeMutableBufferPointer<Double>
    /// Ring of 3 rows of ``Antialiasing/hasManySiblings(_:x:y:)`` results (0 or 1), per image.
    private let siblingsA: UnsafeMutableBufferPointer<UInt8>
    private let siblingsB: UnsafeMutableBufferPointer<UInt8>
    /// `Double(a) / 255` for a = 0…255: pixelmatch's `a /= 255`, the same values, looked up.
    private let alphaFraction: UnsafeMutableBufferPointer<Double>
    /// Ring of 3 rows: 1 where the pixel has many siblings in both images (`siblingsA & siblingsB`).
    private let flatInBoth: UnsafeMutableBufferPointer<UInt8>
    /// The row held in each ring slot (`row % 3`), −1 for none.
    private var slotRow = (-1, -1, -1)
    /// The row y whose neighbours y − 1 … y + 1 are all in the ring, −1 for none.
    private var preparedCentreRow = -1
    /// Ring offsets (`slot · width`) of rows y − 1, y and y + 1 for ``preparedCentreRow``.
    private var above = 0, level = 0, below = 0

    /// - Precondition: `a` and `b` have the same size, and their bytes outlive the detector.
    init(_ a: PixelGrid, _ b: PixelGrid) {
        precondition(a.width == b.width && a.height == b.height)
        self.a = a
        self.b = b
        width = a.width
        height = a.height
        lumaA = .allocate(capacity: 3 * width)
        lumaB = .allocate(capacity: 3 * width)
        siblingsA = .allocate(capacity: 3 * width)
        siblingsB = .allocate(capacity: 3 * width)
        flatInBoth = .allocate(capacity: 3 * width)
        alphaFraction = .allocate(capacity: 256)
        for a in 0..<256 { alphaFraction[a] = Double(a) / 255 }
    }

    deinit {
        lumaA.deallocate()
        lumaB.deallocate()
        siblingsA.deallocate()
        siblingsB.deallocate()
        flatInBoth.deallocate()
        alphaFraction.deallocate()
    }

    /// Whether (x, y) is anti-aliasing in either image (pixelmatch's
    /// `antialiased(img1, …, img2) || antialiased(img2, …, img1)`).
    func isAntialiased(x: Int, y: Int) -> Bool {
        guard x > 0 && y > 0 && x < width - 1 && y < height - 1 else {
            return Antialiasing.isAntialiased(a, b, x: x, y: y) || Antialiasing.isAntialiased(b, a, x: x, y: y)
        }
        if y != preparedCentreRow {
            prepareRow(y - 1)
            prepareRow(y)
            prepareRow(y + 1)
            preparedCentreRow = y
            above = slot(y - 1) * width
            level = slot(y) * width
            below = slot(y + 1) * width
        }
        // Both tests end by asking whether the darkest or the brightest neighbour has many
        // siblings in both images: with no such neighbour at all, both are false.
        guard hasNeighbourFlatInBoth(x: x, y: y) else { return false }
        return interiorTest(lumaA, siblingsA, siblingsB, x: x, y: y)
            || interiorTest(lumaB, siblingsB, siblingsA, x: x, y: y)
    }

    /// Whether any of the 8 neighbours of interior pixel (x, y) is flat in both images.
    @inline(__always)
    private func hasNeighbourFlatInBoth(x: Int, y: Int) -> Bool {
        // Rows y − 1, y, y + 1 are prepared; x ± 1 stays inside a row.
        let up = above &+ x, mid = level &+ x, down = below &+ x
        let top = flatInBoth[up &- 1] | flatInBoth[up] | flatInBoth[up &+ 1]
        let sides = flatInBoth[mid &- 1] | flatInBoth[mid &+ 1]
        let bottom = flatInBoth[down &- 1] | flatInBoth[down] | flatInBoth[down &+ 1]
        return top | sides | bottom != 0
    }

    // MARK: Per-row preparation

    /// The ring slot of `row`.
    @inline(__always)
    private func slot(_ row: Int) -> Int { row % 3 }

    /// Fills the ring slot of `row` unless it already holds that row.
    @inline(__always)
    private func prepareRow(_ row: Int) {
        let s = slot(row)
        let held = s == 0 ? slotRow.0 : s == 1 ? slotRow.1 : slotRow.2
        guard held != row else { return }
        let start = s * width  // the slot spans start ..< start + width in every ring
        fillLumas(a, row: row, into: lumaA, at: start)
        fillLumas(b, row: row, into: lumaB, at: start)
        fillSiblings(a, row: row, into: siblingsA, at: start)
        fillSiblings(b, row: row, into: siblingsB, at: start)
        // start ..< start + width lies inside every ring.
        for i in start..<start + width { flatInBoth[i] = siblingsA[i] & siblingsB[i] }
        switch s {
        case 0: slotRow.0 = row
        case 1: slotRow.1 = row
        default: slotRow.2 = row
        }
    }

    /// pixelmatch's luma of every pixel in `row`.
    ///
    /// Blending onto white with alpha 255 gives back the channel exactly (`255 + (c − 255) · 1`),
    /// so blending every pixel, as here, equals pixelmatch's blending of non-opaque pixels only.
    private func fillLumas(_ image: PixelGrid, row: Int, into out: UnsafeMutableBufferPointer<Double>, at start: Int) {
        // x < width: pixel (x, row) is inside the image and start + x inside its ring slot;
        // the alpha byte indexes the 256-entry table.
        for x in 0..<width {
            let p = image.pixel(x, row)
            let alpha = alphaFraction[Int(p >> 24)]
            let r = 255 + (Double(p & 0xFF) - 255) * alpha
            let g = 255 + (Double(p >> 8 & 0xFF) - 255) * alpha
            let b = 255 + (Double(p >> 16 & 0xFF) - 255) * alpha
            out[start &+ x] = PixelDistance.luma(r, g, b)
        }
    }

    /// ``Antialiasing/hasManySiblings(_:x:y:)`` of every pixel in `row`, 1 or 0.
    private func fillSiblings(_ image: PixelGrid, row: Int, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        guard row > 0 && row < height - 1 && width > 2 else {
            for x in 0..<width { out[start &+ x] = Antialiasing.hasManySiblings(image, x: x, y: row) ? 1 : 0 }
            return
        }
        out[start] = Antialiasing.hasManySiblings(image, x: 0, y: row) ? 1 : 0
        out[start &+ width &- 1] = Antialiasing.hasManySiblings(image, x: width - 1, y: row) ? 1 : 0
        // 1 ≤ x < width − 1 and 1 ≤ row < height − 1: all 8 neighbours are inside. Counting all
        // of them equals pixelmatch's early return at the third.
        let w = width
        for x in 1..<(w - 1) {
            let i = row &* w &+ x
            let centre = image.pixel(at: i)
            @inline(__always) func same(_ n: Int) -> Int {
                let q = image.pixel(at: n)
                // PixelDistance.equivalent, without the branch of `||`.
                return (centre == q ? 1 : 0) | ((centre | q) >> 24 == 0 ? 1 : 0)
            }
            let above = same(i &- w &- 1) &+ same(i &- w) &+ same(i &- w &+ 1)
            let level = same(i &- 1) &+ same(i &+ 1)
            let below = same(i &+ w &- 1) &+ same(i &+ w) &+ same(i &+ w &+ 1)
            out[start &+ x] = above &+ level &+ below > 2 ? 1 : 0
        }
    }

    // MARK: The test

    /// Column and row offsets of neighbour `k` (0…7 in pixelmatch's column-major order over the
    /// 3 × 3 block, the centre skipped), read from nibble `k` of two constants holding `dx + 1`
    /// (0, 0, 0, 1, 1, 2, 2, 2) and `dy + 1` (0, 1, 2, 0, 2, 0, 1, 2): no branch, no division.
    @inline(__always)
    private static func offset(ofNeighbour k: Int) -> (dx: Int, dy: Int) {
        let shift = UInt32(truncatingIfNeeded: k) &* 4
        let dx = Int((0x2221_1000 as UInt32) &>> shift & 0xF) &- 1
        let dy = Int((0x2102_0210 as UInt32) &>> shift & 0xF) &- 1
        return (dx, dy)
    }

    /// Bit `k` set when `condition` holds (no branch: a flag shifted into place).
    @inline(__always)
    private static func bit(_ condition: Bool, _ k: Int) -> Int {
        (condition ? 1 : 0) &<< k
    }

    /// The first of `d0 … d7` equal to `value` (which is one of them), chosen by conditional
    /// moves from the last to the first rather than by branches.
    @inline(__always)
    private static func firstIndex(of value: Double, _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double,
                                   _ d4: Double, _ d5: Double, _ d6: Double, _ d7: Double) -> Int {
        var k = 7
        k = d6 == value ? 6 : k
        k = d5 == value ? 5 : k
        k = d4 == value ? 4 : k
        k = d3 == value ? 3 : k
        k = d2 == value ? 2 : k
        k = d1 == value ? 1 : k
        k = d0 == value ? 0 : k
        return k
    }

    /// ``Antialiasing/isAntialiased(_:_:x:y:)`` for a pixel with all 8 neighbours inside the
    /// image, whose rows y − 1 … y + 1 are prepared.
    ///
    /// Computed with few data-dependent branches (on noise, pixelmatch's running minimum and
    /// maximum mispredict at nearly every neighbour): the 8 brightness deltas, a bit mask of the
    /// zero ones, their minimum and maximum, and the first neighbour holding each — the one
    /// pixelmatch's column-major walk keeps on ties. pixelmatch's early exit on a third equal
    /// neighbour depends only on the final count. Equivalent pixels (equal, or both transparent)
    /// have equal lumas, so the luma difference alone gives pixelmatch's 0.
    @inline(__always)
    private func interiorTest(_ luma: UnsafeMutableBufferPointer<Double>,
                              _ siblings: UnsafeMutableBufferPointer<UInt8>,
                              _ otherSiblings: UnsafeMutableBufferPointer<UInt8>,
                              x: Int, y: Int) -> Bool {
        // Rows y − 1, y, y + 1 are prepared; x ± 1 stays inside a row.
        let up = above, mid = level, down = below
        let centre = luma[mid &+ x]
        // Column-major: (−1, −1), (−1, 0), (−1, 1), (0, −1), (0, 1), (1, −1), (1, 0), (1, 1).
        let d0 = centre - luma[up &+ x &- 1], d1 = centre - luma[mid &+ x &- 1]
        let d2 = centre - luma[down &+ x &- 1], d3 = centre - luma[up &+ x]
        let d4 = centre - luma[down &+ x], d5 = centre - luma[up &+ x &+ 1]
        let d6 = centre - luma[mid &+ x &+ 1], d7 = centre - luma[down &+ x &+ 1]
        let zeroes = Self.bit(d0 == 0, 0) | Self.bit(d1 == 0, 1) | Self.bit(d2 == 0, 2) | Self.bit(d3 == 0, 3)
            | Self.bit(d4 == 0, 4) | Self.bit(d5 == 0, 5) | Self.bit(d6 == 0, 6) | Self.bit(d7 == 0, 7)
        let twoLowestCleared = zeroes & (zeroes &- 1) & ((zeroes & (zeroes &- 1)) &- 1)
        if twoLowestCleared != 0 { return false }  // a third equal neighbour: inside a flat area
        let darkest = min(min(min(d0, d1), min(d2, d3)), min(min(d4, d5), min(d6, d7)))
        let brightest = max(max(max(d0, d1), max(d2, d3)), max(max(d4, d5), max(d6, d7)))
        if darkest >= 0 || brightest <= 0 { return false }
        let darkNeighbour = Self.firstIndex(of: darkest, d0, d1, d2, d3, d4, d5, d6, d7)
        let brightNeighbour = Self.firstIndex(of: brightest, d0, d1, d2, d3, d4, d5, d6, d7)
        let dark = Self.offset(ofNeighbour: darkNeighbour)
        let bright = Self.offset(ofNeighbour: brightNeighbour)
        // The darkest and brightest neighbours lie in rows y − 1 … y + 1, columns x − 1 … x + 1.
        let darkIndex = (dark.dy < 0 ? up : dark.dy == 0 ? mid : down) &+ x &+ dark.dx
        let brightIndex = (bright.dy < 0 ? up : bright.dy == 0 ? mid : down) &+ x &+ bright.dx
        return (siblings[darkIndex] & otherSiblings[darkIndex]) | (siblings[brightIndex] & otherSiblings[brightIndex]) != 0
    }
}
