import Motion
import Raster
import Scene
import Testing

/// The engine draws the documentation's views with the pixels of the hand-built scene renderer.
@Suite("View engine: same pixels as the hand-built scene")
struct EngineIdentityTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var mode: SceneMode
        var scale: Double
        var appearance: Appearance
        var rotateAt: Double?
        var testDescription: String { "\(mode)@\(Int(scale))x-\(appearance)\(rotateAt.map { " rotate-at \($0)" } ?? "")" }
    }

    static let cases: [Case] = SceneMode.allCases.flatMap { mode in
        [1.0, 2, 3].flatMap { scale in
            Appearance.allCases.flatMap { appearance in
                [nil, 0.5].map { Case(mode: mode, scale: scale, appearance: appearance, rotateAt: $0) }
            }
        }
    }

    func compare(_ configuration: SceneConfiguration, seconds: Double) -> (frames: Int, different: [Double]) {
        let old = SceneRenderer(configuration)
        let engine = ViewEngine(script: DocumentationScripts(shapedLike: configuration).script(configuration.mode),
                                output: configuration)
        let new = ViewRenderer(engine)
        #expect(new.width == old.width && new.height == old.height)
        var a = old.makeRasterizer(), b = new.makeRasterizer()
        var different: [Double] = []
        let frames = Int((seconds * 100).rounded())
        for centisecond in 0...frames {
            let time = Double(centisecond) / 100
            let expected = old.render(old.timeline.state(atSeconds: time), using: &a)
            let actual = new.render(atSeconds: time, using: &b)
            if expected != actual { different.append(time) }
        }
        return (frames + 1, different)
    }

    /// Every centisecond of a period (2.5 s with a rotation at 0.5 s).
    @Test(arguments: cases)
    func documentationViews(_ c: Case) {
        var configuration = SceneConfiguration()
        configuration.mode = c.mode
        configuration.scale = c.scale
        configuration.appearance = c.appearance
        if let rotateAt = c.rotateAt { configuration.layoutChanges = [rotateAt] }
        let result = compare(configuration, seconds: c.rotateAt == nil ? 2 : 2.5)
        #expect(result.different.isEmpty, "\(result.different.count) of \(result.frames) frames differ, first at \(result.different.first ?? 0) s")
    }

    /// The shaping options, a stage, the first-layout glitch and a transparent canvas.
    @Test(arguments: [
        ("--point-size 34 --weight bold", SceneMode.preview),
        ("--symbol-scale large --color #3366cc", .implicit),
        ("--effect scale --animation .easeInOut(duration: 1).repeatForever()", .preview),
        ("--effect opacity --animation .spring(duration: 0.8, bounce: 0.3)", .preview),
        ("--stage 200x400 --rotate-at 0.4 --rotate-at 1.1", .preview),
        ("--appear-from-origin --rotate-at 0.5", .preview),
        ("--appear-from-origin --transparent --weight ultralight", .implicit),
        ("--stage 120x240 --weight black", .explicit),
    ])
    func shapedVariants(_ options: String, _ mode: SceneMode) throws {
        var configuration = SceneConfiguration()
        configuration.mode = mode
        let words = options.split(separator: " ").map(String.init)
        var index = 0
        func next() -> String { index += 1; return words[index] }
        while index < words.count {
            switch words[index] {
            case "--point-size": configuration.pointSize = Double(next())!
            case "--weight": configuration.weight = SymbolWeight(rawValue: next())!
            case "--symbol-scale": configuration.symbolScale = SymbolScale(rawValue: next())!
            case "--color": configuration.color = RGBA8(hex: next())!
            case "--effect": configuration.effect = SpinnerEffect(rawValue: next())!
            case "--animation":
                configuration.animation = try Animation.parse(words[(index + 1)...].prefix { !$0.hasPrefix("--") }.joined(separator: " "))
                index += words[(index + 1)...].prefix { !$0.hasPrefix("--") }.count
            case "--stage":
                let sides = next().split(separator: "x").map { Double($0)! }
                configuration.stage = StageSize(width: sides[0], height: sides[1])
            case "--rotate-at": configuration.layoutChanges.append(Double(next())!)
            case "--appear-from-origin": configuration.appearsFromOrigin = true
            case "--transparent": configuration.transparentBackground = true
            default: Issue.record("unknown option \(words[index])")
            }
            index += 1
        }
        for scale in [1.0, 2, 3] {
            configuration.scale = scale
            let result = compare(configuration, seconds: 2.5)
            #expect(result.different.isEmpty, "@\(Int(scale))x: \(result.different.count) of \(result.frames) frames differ, first at \(result.different.first ?? 0) s")
        }
    }
}
