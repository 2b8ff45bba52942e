import Foundation

/// All frames of an animation on one image, in a grid, each with its time under it.
///
/// For people who would rather look at every frame than play the GIF, and for reviews where a
/// still image is easier to attach. Frames are copied pixel for pixel (never scaled or
/// composited), left to right, top to bottom; under each, its start time in seconds from the
/// frame delays (`0.00s`, `0.02s` …) in ``LabelFont``, centred. The same frames always give the
/// same sheet.
public struct ContactSheet: Hashable, Sendable {
    /// Where everything goes, in pixels.
    public struct Layout: Hashable, Sendable {
        /// Frames in the sheet.
        public var frameCount: Int
        /// Frames per row.
        public var columns: Int
        /// Rows of frames.
        public var rows: Int
        /// Frame size in pixels.
        public var frameWidth: Int
        /// Frame size in pixels.
        public var frameHeight: Int
        /// Pixels per font dot.
        public var fontScale: Int
        /// Width of one cell: the frame or its widest label, whichever is wider.
        public var cellWidth: Int
        /// Height of one cell: the frame, a gap, the label.
        public var cellHeight: Int
        /// Space around the sheet and between cells.
        public var gap: Int

        /// The sheet's width in pixels.
        public var width: Int { gap + columns * (cellWidth + gap) }
        /// The sheet's height in pixels.
        public var height: Int { gap + rows * (cellHeight + gap) }

        /// Top-left pixel of frame `index`'s cell.
        public func cellOrigin(_ index: Int) -> (x: Int, y: Int) {
            (gap + (index % columns) * (cellWidth + gap), gap + (index / columns) * (cellHeight + gap))
        }

        /// Top-left pixel of frame `index` itself, centred in its cell.
        public func frameOrigin(_ index: Int) -> (x: Int, y: Int) {
            let cell = cellOrigin(index)
            return (cell.x + (cellWidth - frameWidth) / 2, cell.y)
        }

        /// Top of the label row within a cell, relative to the cell.
        public var labelOffset: Int { frameHeight + 2 * fontScale }
    }

    /// The frames.
    public var sequence: FrameSequence
    /// Frames per row; `nil` picks the count that makes the sheet closest to square.
    public var columns: Int?
    /// Pixels per font dot, ≥ 1.
    public var fontScale: Int
    /// Colour between cells; transparent is allowed.
    public var background: RGBA8
    /// Colour of the time labels.
    public var textColor: RGBA8

    /// Creates a sheet description.
    public init(sequence: FrameSequence, columns: Int? = nil, fontScale: Int = 2,
                background: RGBA8 = .white, textColor: RGBA8 = .black) {
        self.sequence = sequence
        self.columns = columns
        self.fontScale = max(1, fontScale)
        self.background = background
        self.textColor = textColor
    }

    /// Black or white, whichever contrasts more with `background` (a `--background` the
    /// appearance does not know): black from a relative luminance of 0.179 up, where the WCAG
    /// 2 contrast ratios of the two are equal ((L + 0.05) / 0.05 = 1.05 / (L + 0.05)); the
    /// luminance of the sRGB colour as WCAG 2 defines it.
    public static func labelColor(on background: RGBA8) -> RGBA8 {
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(background.r) + 0.7152 * linear(background.g) + 0.0722 * linear(background.b)
        return luminance >= 0.179 ? .black : .white
    }

    /// Start times of the frames in centiseconds: the sums of the delays before each.
    public var startTimesCentiseconds: [Int] {
        var time = 0
        return sequence.frames.map { frame in
            defer { time += frame.delayCentiseconds }
            return time
        }
    }

    /// `1.24s` for 124 cs.
    public static func label(centiseconds: Int) -> String {
        let fraction = centiseconds % 100
        return "\(centiseconds / 100).\(fraction < 10 ? "0" : "")\(fraction)s"
    }

    /// The grid for these frames.
    public var layout: Layout {
        Self.layout(frameWidth: sequence.width, frameHeight: sequence.height,
                    delaysCentiseconds: sequence.frames.map(\.delayCentiseconds), columns: columns, fontScale: fontScale)
    }

    /// The grid for frames of one size with these delays, without the frames themselves: for
    /// checking a sheet's size before its frames are drawn.
    ///
    /// - Parameters:
    ///   - delaysCentiseconds: one delay per frame; the labels show their running sums.
    ///   - columns: frames per row, or `nil` for the count that makes the sheet closest to square.
    ///   - fontScale: pixels per font dot, at least 1.
    public static func layout(frameWidth: Int, frameHeight: Int, delaysCentiseconds: [Int], columns: Int?,
                              fontScale: Int) -> Layout {
        let fontScale = max(1, fontScale)
        let count = max(1, delaysCentiseconds.count)
        // Start times only grow, so the widest label is one of the last ones; every one is
        // measured anyway (a label is a few characters).
        var time = 0
        var labelWidth = 0
        for delay in delaysCentiseconds {
            labelWidth = max(labelWidth, LabelFont.width(of: label(centiseconds: time), scale: fontScale))
            time += delay
        }
        let cellWidth = max(frameWidth, labelWidth)
        let cellHeight = frameHeight + 2 * fontScale + LabelFont.heightInDots * fontScale
        let gap = 4 * fontScale
        let chosen: Int
        if let columns {
            chosen = min(max(1, columns), count)
        } else {
            // Square: columns × (cellWidth + gap) ≈ rows × (cellHeight + gap) with rows = count / columns.
            let ideal = (Double(count) * Double(cellHeight + gap) / Double(cellWidth + gap)).squareRoot()
            chosen = min(count, max(1, Int(ideal.rounded())))
        }
        let rows = (count + chosen - 1) / chosen
        return Layout(frameCount: delaysCentiseconds.count, columns: chosen, rows: rows, frameWidth: frameWidth,
                      frameHeight: frameHeight, fontScale: fontScale, cellWidth: cellWidth, cellHeight: cellHeight, gap: gap)
    }

    /// Draws the sheet.
    public func render() -> RGBAImage {
        let layout = layout
        var sheet = RGBAImage(width: layout.width, height: layout.height, fill: background)
        let times = startTimesCentiseconds
        for (index, frame) in sequence.frames.enumerated() {
            let origin = layout.frameOrigin(index)
            copy(frame.image, into: &sheet, x: origin.x, y: origin.y)
            let text = Self.label(centiseconds: times[index])
            let cell = layout.cellOrigin(index)
            let textX = cell.x + (layout.cellWidth - LabelFont.width(of: text, scale: fontScale)) / 2
            LabelFont.draw(text, into: &sheet, x: textX, y: cell.y + layout.labelOffset, scale: fontScale, color: textColor)
        }
        return sheet
    }

    private func copy(_ image: RGBAImage, into sheet: inout RGBAImage, x: Int, y: Int) {
        let rowBytes = image.width * 4
        sheet.pixels.withUnsafeMutableBufferPointer { target in
            image.pixels.withUnsafeBufferPointer { source in
                // The layout puts every frame inside the sheet: x + width ≤ sheet.width, y + height ≤ sheet.height.
                for row in 0..<image.height {
                    let from = row * rowBytes
                    let to = ((y + row) * sheet.width + x) * 4
                    target.baseAddress!.advanced(by: to).update(from: source.baseAddress!.advanced(by: from), count: rowBytes)
                }
            }
        }
    }
}
