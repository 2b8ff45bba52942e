import Raster

/// The rasterizer as it was before its edge walk was made allocation- and libm-free (commit
/// 23f8ea8), kept as the reference the fast one must match cell for cell.
///
/// Three changes: it wrote to cell −1 of a row when rounding put an edge at x ≈ −1e−16 (always
/// the value 0, at index −1 of the array on row 0), which debug builds trap on; here those
/// writes are dropped. Its touched columns stopped one past the rightmost edge it kept,
/// losing the coverage that runs up to the right side when an edge lies on or past it; here
/// they reach the last column then, as the fast one's do, so the bounds can still be compared.
/// And it rounded vertices to the fixed-point grid and each cell's share of area half away
/// from zero; here ties go to even, the rule of the fast walk (see `FastRounding.roundedInt32`).
struct LegacyCoverageRasterizer {
    /// Fixed-point resolution of vertex coordinates, in steps per pixel (1/1024 px).
    public static let subpixelScale: Double = 1024
    /// Accumulator value of one whole pixel's area (2²⁰).
    public static let unitArea: Int32 = 1 << 20
    /// Default flattening tolerance for curves, in device pixels: the sagitta of each chord.
    /// Together with the fixed-point grid this keeps the per-pixel coverage error under
    /// 1/255 (measured by the rasterizer accuracy test).
    public static let defaultTolerance: Double = 0.001

    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    /// `height` rows of `width + 2` signed-area deltas; the two spare cells per row absorb
    /// contributions at x = width and x = width + 1, which no visible pixel sums.
    private(set) var cells: [Int32]
    private var rowStride: Int { width + 2 }
    /// Rows touched since the last reset, as a half-open range (empty when nothing was added).
    private var touchedRows: Range<Int> = 0..<0
    /// Columns touched since the last reset (half-open, clamped to the canvas).
    private var touchedColumns: Range<Int> = 0..<0

    /// Creates an empty accumulator for a `width × height` pixel canvas.
    ///
    /// - Precondition: `width ≥ 0`, `height ≥ 0`.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        self.cells = [Int32](repeating: 0, count: (width + 2) * height)
    }

    /// Clears all accumulated coverage.
    public mutating func reset() {
        guard !touchedRows.isEmpty else { return }
        let stride = rowStride
        let rows = touchedRows
        cells.withUnsafeMutableBufferPointer { buffer in
            // rows ⊆ 0..<height, so every index is below height × stride.
            for y in rows {
                let start = y * stride
                for i in start..<(start + stride) { buffer[i] = 0 }
            }
        }
        touchedRows = 0..<0
        touchedColumns = 0..<0
    }

    /// The bounding box of the pixels that may have non-zero coverage, as
    /// `(columns, rows)` half-open ranges; empty ranges when nothing was added.
    public var touchedBounds: (columns: Range<Int>, rows: Range<Int>) { (touchedColumns, touchedRows) }

    /// Adds a path, transformed into device pixels and flattened within `tolerance` pixels.
    public mutating func add(_ path: Path, transform: AffineTransform = .identity,
                             tolerance: Double = LegacyCoverageRasterizer.defaultTolerance) {
        for polygon in path.flattened(by: transform, tolerance: tolerance) {
            addPolygon(polygon)
        }
    }

    /// Adds a closed polygon given in device pixels (the closing edge is implied).
    public mutating func addPolygon(_ vertices: [Point]) {
        guard vertices.count >= 2 else { return }
        var previous = Self.snap(vertices[vertices.count - 1])
        for vertex in vertices {
            let current = Self.snap(vertex)
            addEdge(from: previous, to: current)
            previous = current
        }
    }

    /// Rounds a point to nearest on the fixed-point grid.
    static func snap(_ p: Point) -> Point {
        Point(x: snap(p.x), y: snap(p.y))
    }

    static func snap(_ value: Double) -> Double { (value * subpixelScale).rounded(.toNearestOrEven) / subpixelScale }

    /// Splits an edge where it crosses x = 0 and x = width: the part left of the canvas becomes
    /// a vertical edge on x = 0 (it still covers every pixel to its right), the part right of
    /// it is dropped (it covers no visible pixel).
    private mutating func addEdge(from p0: Point, to p1: Point) {
        guard p0.y != p1.y else { return }
        let right = Double(width)
        var pieces: [(Point, Point)] = [(p0, p1)]
        for boundary in [0.0, right] where min(p0.x, p1.x) < boundary && max(p0.x, p1.x) > boundary {
            var split: [(Point, Point)] = []
            for (a, b) in pieces {
                if min(a.x, b.x) < boundary && max(a.x, b.x) > boundary {
                    let t = (boundary - a.x) / (b.x - a.x)
                    let crossing = Point(x: boundary, y: Self.snap(a.y + (b.y - a.y) * t))
                    split.append((a, crossing))
                    split.append((crossing, b))
                } else {
                    split.append((a, b))
                }
            }
            pieces = split
        }
        for (a, b) in pieces where a.y != b.y {
            if max(a.x, b.x) <= 0 {
                accumulateLine(Point(x: 0, y: a.y), Point(x: 0, y: b.y))
            } else if min(a.x, b.x) >= right {
                // Dropped, but the coverage left of it runs to the last column.
                if width > 0, max(a.y, b.y) > 0, min(a.y, b.y) < Double(height) {
                    touchedColumns = touchedColumns.isEmpty ? (width - 1)..<width : touchedColumns.lowerBound..<width
                }
            } else {
                accumulateLine(a, b)
            }
        }
    }

    /// Adds one edge lying within 0 ≤ x ≤ width, row by row (font-rs's `draw_line`), with the
    /// contributions of each row step rounded so that they sum exactly to the step's cover.
    private mutating func accumulateLine(_ start: Point, _ end: Point) {
        let direction: Double = start.y < end.y ? 1 : -1
        let (p0, p1) = start.y < end.y ? (start, end) : (end, start)
        guard p1.y > 0, p0.y < Double(height) else { return }
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        var x = p0.x
        if p0.y < 0 { x -= p0.y * dxdy }
        let firstRow = max(0, Int(p0.y.rounded(.down)))
        let endRow = min(height, Int(p1.y.rounded(.up)))
        guard firstRow < endRow else { return }
        touchedRows = touchedRows.isEmpty ? firstRow..<endRow
            : min(touchedRows.lowerBound, firstRow)..<max(touchedRows.upperBound, endRow)
        let columnLow = max(0, Int(min(p0.x, p1.x).rounded(.down)))
        let columnHigh = min(width, Int(max(p0.x, p1.x).rounded(.up)) + 1)
        touchedColumns = touchedColumns.isEmpty ? columnLow..<max(columnHigh, columnLow)
            : min(touchedColumns.lowerBound, columnLow)..<max(touchedColumns.upperBound, columnHigh)

        let unit = Double(Self.unitArea)
        let stride = rowStride
        cells.withUnsafeMutableBufferPointer { buffer in
            for y in firstRow..<endRow {
                let dy = min(Double(y + 1), p1.y) - max(Double(y), p0.y)
                let xNext = x + dxdy * dy
                let d = dy * direction
                // The step's whole cover in accumulator units; exact, since dy is a multiple
                // of 1/1024 px and unit is 2²⁰.
                let cover = Int32((d * unit).rounded())
                let (x0, x1) = x < xNext ? (x, xNext) : (xNext, x)
                let x0Floor = x0.rounded(.down)
                let x0i = Int(x0Floor)
                let x1Ceil = x1.rounded(.up)
                let x1i = Int(x1Ceil)
                // 0 ≤ x0i ≤ x1i ≤ width, so x0i + 1 ≤ width + 1 < stride: all indices stay in row y.
                let row = y * stride
                if x1i <= x0i + 1 {
                    let xMid = 0.5 * (x + xNext) - x0Floor
                    let first = Int32((d * (1 - xMid) * unit).rounded(.toNearestOrEven))
                    if row + x0i >= 0 { buffer[row + x0i] &+= first }
                    buffer[row + x0i + 1] &+= cover &- first
                } else {
                    let s = 1 / (x1 - x0)
                    let x0f = x0 - x0Floor
                    let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                    let x1f = x1 - x1Ceil + 1
                    let am = 0.5 * s * x1f * x1f
                    var placed: Int32 = 0
                    @inline(__always) func put(_ index: Int, _ area: Double) {
                        let value = Int32((d * area * unit).rounded(.toNearestOrEven))
                        if row + index >= 0 { buffer[row + index] &+= value }
                        placed &+= value
                    }
                    put(x0i, a0)
                    if x1i == x0i + 2 {
                        put(x0i + 1, 1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - x0f)
                        put(x0i + 1, a1 - a0)
                        if x0i + 2 < x1i - 1 {
                            for xi in (x0i + 2)..<(x1i - 1) { put(xi, s) }
                        }
                        let a2 = a1 + Double(x1i - x0i - 3) * s
                        put(x1i - 1, 1 - a2 - am)
                    }
                    // The remainder goes on the last cell, so the step sums exactly to `cover`.
                    buffer[row + x1i] &+= cover &- placed
                }
                x = xNext
            }
        }
    }

    /// Visits the coverage of every pixel in the touched bounds, row by row.
    ///
    /// - Parameter body: called with (x, y, coverage) for each pixel of non-zero coverage;
    ///   coverage is the exact covered fraction 0…1 under the non-zero rule, before any
    ///   8-bit rounding.
    public func forEachCoverage(_ body: (_ x: Int, _ y: Int, _ coverage: Double) -> Void) {
        let stride = rowStride
        let columns = touchedColumns
        let unit = Double(Self.unitArea)
        cells.withUnsafeBufferPointer { buffer in
            for y in touchedRows {
                var sum: Int32 = 0
                let row = y * stride
                // Cells left of the touched columns hold no contributions, so the running sum
                // can start at the first touched column.
                for x in columns {
                    sum &+= buffer[row + x]
                    if sum != 0 { body(x, y, min(1, Double(abs(sum)) / unit)) }
                }
            }
        }
    }

    /// The coverage of every pixel rounded to nearest 8-bit (0…255), as a `width × height`
    /// row-major array.
    public func coverageMask() -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: width * height)
        let w = width
        forEachCoverage { x, y, c in mask[y * w + x] = UInt8((c * 255).rounded()) }
        return mask
    }

    /// The exact coverage of every pixel before 8-bit rounding, `width × height` row-major.
    public func coverageValues() -> [Double] {
        var values = [Double](repeating: 0, count: width * height)
        let w = width
        forEachCoverage { x, y, c in values[y * w + x] = c }
        return values
    }
}
