import Testing
@testable import SpinRender

/// A sequence whose frame `i` is filled with a colour made from `i`, one delay for all.
private func sequence(frames: Int, width: Int = 10, height: Int = 6, delay: Int = 4) -> FrameSequence {
    let timed = (0..<frames).map { index in
        var image = RGBAImage(width: width, height: height, fill: RGBA8(r: UInt8(index * 10 % 256), g: 200, b: UInt8(255 - index)))
        image[0, 0] = RGBA8(r: 1, g: 2, b: 3)   // a corner that marks the frame's origin
        return TimedFrame(image: image, delayCentiseconds: delay)
    }
    return FrameSequence(width: width, height: height, frames: timed, loopCount: .forever)
}

@Suite("Contact sheet")
struct ContactSheetTests {
    @Test("labels on a chosen background take the colour that contrasts more with it", arguments: [
        // WCAG 2 relative luminance: #757575 is 0.178, #767676 0.181; the crossover is 0.179.
        (RGBA8(r: 0, g: 0, b: 0), RGBA8.white), (RGBA8(r: 255, g: 255, b: 255), .black),
        (RGBA8(r: 0x75, g: 0x75, b: 0x75), .white), (RGBA8(r: 0x76, g: 0x76, b: 0x76), .black),
        (RGBA8(r: 0, g: 0, b: 255), .white), (RGBA8(r: 255, g: 255, b: 0), .black),
    ])
    func labelColourOnABackground(background: RGBA8, label: RGBA8) {
        #expect(ContactSheet.labelColor(on: background) == label)
    }

    @Test("the sheet has room for every frame, its label and the gaps", arguments: [
        (1, 3), (7, 3), (9, 3), (10, 4), (25, 5), (25, 1),
    ])
    func sheetSize(frames: Int, columns: Int) {
        let sheet = ContactSheet(sequence: sequence(frames: frames, width: 40, height: 30), columns: columns, fontScale: 2)
        let layout = sheet.layout
        let rows = (frames + columns - 1) / columns
        #expect(layout.columns == min(columns, frames))
        #expect(layout.rows == (frames + layout.columns - 1) / layout.columns)
        #expect(layout.rows == rows || columns > frames)
        // Cell: frame, 2 dots of space, 5 dots of label; gap 4 dots around and between cells.
        #expect(layout.cellWidth == 40 && layout.cellHeight == 30 + 2 * 2 + 5 * 2)
        #expect(layout.width == 8 + layout.columns * (40 + 8))
        #expect(layout.height == 8 + layout.rows * (44 + 8))
        let image = sheet.render()
        #expect(image.width == layout.width && image.height == layout.height)
    }

    @Test("a cell is as wide as its widest label when frames are narrow")
    func narrowFramesWidenCells() {
        let sheet = ContactSheet(sequence: sequence(frames: 3, width: 4, height: 4, delay: 250), fontScale: 1)
        // "5.00s": four 3-dot glyphs and a 1-dot point, one dot apart → 4·3 + 1 + 4 = 17.
        #expect(LabelFont.width(of: "5.00s", scale: 1) == 17)
        #expect(sheet.layout.cellWidth == 17)
    }

    @Test("without a column count the sheet comes out about square")
    func squareByDefault() {
        let layout = ContactSheet(sequence: sequence(frames: 100, width: 40, height: 40), fontScale: 2).layout
        #expect(layout.columns * layout.rows >= 100)
        let ratio = Double(layout.width) / Double(layout.height)
        #expect(ratio > 0.7 && ratio < 1.4)
    }

    @Test("each frame's pixels appear, unchanged, at its cell")
    func framesAtTheirCells() {
        let frames = sequence(frames: 7, width: 10, height: 6)
        let sheet = ContactSheet(sequence: frames, columns: 3, fontScale: 2, background: .white, textColor: .black)
        let layout = sheet.layout
        let image = sheet.render()
        for (index, frame) in frames.frames.enumerated() {
            let origin = layout.frameOrigin(index)
            // Cells are 8 px apart; the 10 px frame is centred in a cell as wide as its 34 px label.
            #expect(layout.cellWidth == LabelFont.width(of: "0.00s", scale: 2))
            #expect(origin.x == 8 + (index % 3) * (layout.cellWidth + 8) + (layout.cellWidth - 10) / 2)
            #expect(origin.y == 8 + (index / 3) * (layout.cellHeight + 8))
            for y in 0..<frame.image.height {
                for x in 0..<frame.image.width {
                    #expect(image[origin.x + x, origin.y + y] == frame.image[x, y])
                }
            }
        }
        #expect(image[0, 0] == .white)
    }

    @Test("labels give each frame's start time from the delays")
    func labels() {
        let sheet = ContactSheet(sequence: sequence(frames: 4, delay: 3))
        #expect(sheet.startTimesCentiseconds == [0, 3, 6, 9])
        #expect(ContactSheet.label(centiseconds: 0) == "0.00s")
        #expect(ContactSheet.label(centiseconds: 9) == "0.09s")
        #expect(ContactSheet.label(centiseconds: 124) == "1.24s")
    }

    @Test("the label is drawn under its frame in the text colour, and only there")
    func labelInk() {
        let sheet = ContactSheet(sequence: sequence(frames: 2, width: 30, height: 6), columns: 2, fontScale: 1,
                                 background: .white, textColor: RGBA8(r: 9, g: 9, b: 9))
        let layout = sheet.layout
        let image = sheet.render()
        for index in 0..<2 {
            let cell = layout.cellOrigin(index)
            var ink = 0
            for y in (cell.y + layout.labelOffset)..<(cell.y + layout.cellHeight) {
                for x in cell.x..<(cell.x + layout.cellWidth) where image[x, y] == RGBA8(r: 9, g: 9, b: 9) { ink += 1 }
            }
            // "0.00s" / "0.04s" in 3×5 dots: a 0 has 12 dots, a 4 has 9, the point 1, the s 6.
            #expect(ink == (index == 0 ? 12 * 3 + 1 + 6 : 12 * 2 + 9 + 1 + 6))
        }
    }

    @Test("the font draws digits, the point and s, and nothing else")
    func fontCoverage() {
        #expect(LabelFont.canDraw("0123456789.s"))
        #expect(!LabelFont.canDraw("x"))
        #expect(LabelFont.glyphs.values.allSatisfy { $0.count == LabelFont.heightInDots })
    }
}
