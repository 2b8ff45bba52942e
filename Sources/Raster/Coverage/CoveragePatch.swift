/// The accumulated cells of a small rasterizer, to add into a larger one at a whole-pixel
/// offset: a glyph rasterized once at its sub-pixel phase is then placed wherever text draws
/// it, instead of walking its edges again.
///
/// Cells hold signed-area deltas that each row sums from the left (``CoverageRasterizer``), so
/// adding a patch's cells at an offset accumulates what the patch's polygons add when moved by
/// that many whole pixels; the non-zero rule and the clamp apply to the sum, as if every polygon
/// had been added to the larger rasterizer directly.
public struct CoveragePatch: Sendable {
    /// Patch width in pixels (each row holds `width + 2` cells).
    public let width: Int
    /// Patch height in pixels.
    public let height: Int
    /// The rows that hold cells, then the columns that may hold coverage, as in
    /// ``CoverageRasterizer/touchedBounds``.
    let rows: Range<Int>
    let columns: Range<Int>
    /// `rows.count` rows of `width + 2` cells.
    let cells: [Int32]

    /// The cells `rasterizer` holds now.
    public init(_ rasterizer: CoverageRasterizer) {
        width = rasterizer.width
        height = rasterizer.height
        (columns, rows) = rasterizer.touchedBounds
        let stride = width + 2
        let start = CoverageRasterizer.leadingCells + rows.lowerBound * stride
        cells = Array(rasterizer.cells[start..<(start + rows.count * stride)])
    }

    /// The bytes the cells take, for bounding a cache.
    public var byteCount: Int { cells.count * 4 }
}

extension CoverageRasterizer {
    /// Adds `patch` with its pixel (0, 0) on this canvas's pixel (`x`, `y`).
    ///
    /// - Precondition: the patch lies on the canvas: `x ≥ 0`, `y ≥ 0`,
    ///   `x + patch.width ≤ width`, `y + patch.height ≤ height` (its two spare cells per row
    ///   then land on canvas columns or on this canvas's spare cells).
    public mutating func add(_ patch: CoveragePatch, atX x: Int, y: Int) {
        precondition(x >= 0 && y >= 0 && x + patch.width <= width && y + patch.height <= height, "a patch lies on the canvas")
        guard !patch.rows.isEmpty else { return }
        let stride = width + 2, patchStride = patch.width + 2
        let firstRow = y + patch.rows.lowerBound
        cells.withUnsafeMutableBufferPointer { buffer in
            patch.cells.withUnsafeBufferPointer { source in
                // Row firstRow + r of this canvas, columns x ..< x + patchStride: inside the
                // buffer by the precondition; source holds rows.count × patchStride cells.
                guard let target = buffer.baseAddress, let from = source.baseAddress else { return }
                for r in 0..<patch.rows.count {
                    let row = target + Self.leadingCells + (firstRow + r) * stride + x
                    let cells = from + r * patchStride
                    for k in 0..<patchStride { row[k] &+= cells[k] }
                }
            }
        }
        let rows = firstRow..<(firstRow + patch.rows.count)
        touchedRows = touchedRows.isEmpty ? rows : min(touchedRows.lowerBound, rows.lowerBound)..<max(touchedRows.upperBound, rows.upperBound)
        if !patch.columns.isEmpty {
            let columns = (x + patch.columns.lowerBound)..<(x + patch.columns.upperBound)
            touchedColumns = touchedColumns.isEmpty ? columns
                : min(touchedColumns.lowerBound, columns.lowerBound)..<max(touchedColumns.upperBound, columns.upperBound)
        }
    }
}
