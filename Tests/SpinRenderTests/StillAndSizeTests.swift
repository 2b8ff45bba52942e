import Foundation
import Testing
@testable import SpinRender

/// Settings applied from texts, as a command line or a manifest gives them.
private func settings(_ texts: [String: [String]], options: [Setting<RenderSettings>] = RenderSettings.stillOptions + RenderSettings.renderOptions)
throws(SettingsError) -> RenderSettings {
    var settings = RenderSettings()
    try settings.apply(SettingValues(texts), options: options)
    return settings
}

private func refusal(_ texts: [String: [String]], output: String? = nil) -> String? {
    do {
        var applied = try settings(texts, options: RenderSettings.fileOptions + RenderSettings.stillOptions + RenderSettings.renderOptions)
        if let output { try applied.prepareStill(output: output) }
        return nil
    } catch {
        return error.description
    }
}

@Suite("Stills (--at) and sizes (--width, --height)")
struct StillAndSizeTests {
    /// Frame `k` of `frames` is sampled at `k / fps` when the render starts at 0 (its
    /// `startSeconds`); the still at that time, written as a PNG and decoded, is the same image
    /// at every pixel. A moment between two samples (0.31 s) is a picture of its own.
    @Test("--at t decodes to the frame of `frames` sampled at t, every pixel", arguments: [
        (mode: "explicit", seconds: [0, 0.02, 0.3, 0.48]),
        (mode: "preview", seconds: [0.14, 0.46]),
    ])
    func stillEqualsFrame(mode: String, seconds: [Double]) throws {
        let applied = try settings(["mode": [mode], "scale": ["1"]])
        let request = applied.request
        #expect(request.startSeconds(using: nil) == 0)
        let frames = SpinRenderer.renderFrames(request).sequence.frames
        for t in seconds {
            let index = Int((t * request.framesPerSecond).rounded())
            let still = try PNGDecoder.decode(try SpinRenderer.renderStillPNG(request, atSeconds: t))
            #expect(still == frames[index].image, "\(mode) at \(t) s against frame \(index)")
        }
        // A moment between two frame times is its own picture: the spinner has turned on.
        let between = SpinRenderer.renderStill(request, atSeconds: 0.31)
        #expect(between != frames[15].image && between != frames[16].image)
    }

    @Test("--at refuses a time outside 0…600 s, an output that is not a PNG and settings a still ignores")
    func stillRefusals() {
        #expect(refusal(["at": ["-1"]]) == "The value '-1' is invalid for '--at <seconds>': expected a number from 0 to 600")
        #expect(refusal(["at": ["600.5"]])?.contains("expected a number from 0 to 600") == true)
        #expect(refusal(["at": ["nan"]])?.contains("expected a number from 0 to 600") == true)
        #expect(refusal(["at": ["0.5"]], output: "still.gif")
            == "The value 'still.gif' is invalid for '-o, --output <output>': '--at 0.5' writes one frame as a still PNG; give a path ending in .png, or '-' for standard output")
        #expect(refusal(["at": ["0.5"]], output: "still") != nil)
        for (name, value) in [("fps", "30"), ("duration", "1"), ("loop", "once"), ("format", "gif"), ("dither", "ordered"), ("quality", "80")] {
            let message = refusal(["at": ["0.5"], name: [value]], output: "still.png")
            #expect(message?.contains("'--\(name) ") == true && message?.contains("'--at <seconds>' writes one still PNG") == true,
                    "\(name): \(message ?? "accepted")")
        }
        #expect(refusal(["at": ["0.5"], "transparent": []], output: "still.PNG") == nil)
        #expect(refusal(["at": ["0.5"]], output: "-") == nil)
    }

    /// The canvas is the content's size in points × the scale, rounded up: `--width W` picks the
    /// scale that makes it exactly W, and the height follows, computed here from the points.
    static let sizes: [(texts: [String: [String]], width: Int?, height: Int?)] = [
        (["width": ["128"]], 128, nil),
        (["width": ["1"]], 1, nil),
        (["width": ["37"], "mode": ["preview"]], 37, nil),
        (["width": ["1000"], "padding": ["0"]], 1000, nil),
        (["height": ["50"]], nil, 50),
        (["height": ["301"], "mode": ["preview"]], nil, 301),
        (["width": ["300"], "rotate-at": ["0.5"]], 300, nil),
    ]

    @Test("--width and --height give images of exactly that many pixels, the other side by the aspect ratio", arguments: sizes)
    func sizeInPixels(texts: [String: [String]], width: Int?, height: Int?) throws {
        var applied = try settings(texts.merging(["fps": ["10"], "duration": ["0.2"]]) { a, _ in a })
        let engine = applied.request.makeEngine()
        let points = (engine.canvasWidthPoints, engine.canvasHeightPoints)
        let frames = SpinRenderer.renderFrames(applied.request).sequence
        if let width {
            #expect(frames.width == width)
            let expected = (points.1 * Double(width) / points.0).rounded(.up)
            #expect(abs(Double(frames.height) - expected) <= 1, "height \(frames.height), expected about \(expected)")
        }
        if let height {
            #expect(frames.height == height)
            let expected = (points.0 * Double(height) / points.1).rounded(.up)
            #expect(abs(Double(frames.width) - expected) <= 1, "width \(frames.width), expected about \(expected)")
        }
        #expect(frames.frames.allSatisfy { $0.image.width == frames.width && $0.image.height == frames.height })
        // Giving both sides as they come out is accepted and gives the same image size.
        applied = try settings(texts.merging(["width": ["\(frames.width)"], "height": ["\(frames.height)"]]) { _, b in b })
        let both = applied.request.makeEngine()
        #expect((both.canvasWidth, both.canvasHeight) == (frames.width, frames.height))
    }

    @Test("--scale with --width or --height, and a --height the --width does not give, are refused naming both")
    func sizeRefusals() {
        #expect(refusal(["scale": ["2"], "width": ["128"]])
            == "The options '--scale <scale>' and '--width <pixels>' both set the image's size; give one of them")
        #expect(refusal(["scale": ["3"], "height": ["20"]])
            == "The options '--scale <scale>' and '--height <pixels>' both set the image's size; give one of them")
        let disagree = refusal(["width": ["128"], "height": ["5"]])
        #expect(disagree?.hasPrefix("The options '--width 128' and '--height 5' disagree: the content is 36.87 × 33.94 points, so a width of 128 px gives a height of 118 px") == true,
                "\(disagree ?? "accepted")")
        #expect(refusal(["width": ["0"]]) == "The value '0' is invalid for '--width <pixels>': expected a whole number from 1 to 20000")
        #expect(refusal(["height": ["20001"]])?.contains("expected a whole number from 1 to 20000") == true)
        #expect(refusal(["width": ["12.5"]])?.contains("expected a whole number") == true)
    }
}
