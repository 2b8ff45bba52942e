import Dispatch
import Raster
import Scene
import Synchronization
import SwiftCode
@testable import SwiftUILibrary
import SwiftUISource
import Testing

/// A run's SwiftUI library is handed to the next run (its definitions cost as much to make as
/// a small file costs to evaluate): the next run must find it in a fresh library's state.
@Suite struct LibraryReuseTests {
    /// Every stored property of the library is a definition or something ``SwiftUILibrary/reset(locate:)``
    /// returns to a fresh library's value: a property added without a reset fails here, by name.
    @Test func resetCoversEveryStoredProperty() {
        // The definitions, and the lock a run's shapes share, which holds no state of a run.
        let definitions: Set<String> = ["native", "shapeCodeLock"]
        let reset: Set<String> = ["locate", "runner", "writtenViews", "isDark", "keepsUnchangedViews", "rootProposal", "uuidCount",
                                  "assets", "missingAssets", "notes", "subjectCount", "loadedImages"]
        let library = SwiftUILibrary(locate: { _ in .start })
        let labels = Set(Mirror(reflecting: library).children.compactMap(\.label).map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 })
        #expect(labels == definitions.union(reset), "add the property to SwiftUILibrary.reset(locate:) and to this list")

        library.writtenViews = 7
        library.isDark = true
        library.keepsUnchangedViews = false
        library.rootProposal = StageSize(width: 12, height: 34)
        library.uuidCount = 3
        library.missingAssets = [(.color, "Brand")]
        library.notes = ["a note"]
        library.subjectCount = 2
        library.loadedImages["logo"] = BitmapImage(name: "logo", variants: [])
        library.reset(locate: { _ in .start })
        let fresh = SwiftUILibrary(locate: { _ in .start })
        for (used, new) in zip(Mirror(reflecting: library).children, Mirror(reflecting: fresh).children)
        where !definitions.contains(used.label ?? "") && used.label != "locate" && used.label != "_runner" && used.label != "runner" {
            #expect(String(describing: used.value) == String(describing: new.value), "\(used.label ?? "?") after reset")
        }
    }

    /// Files that leave something in the library's run state (notes, missing assets, UUIDs,
    /// subjects, a dark preference, a geometry reader's proposal) give the same script whether
    /// they run first or after each other, in either order, and again.
    @Test func scriptsDoNotDependOnEarlierRuns() throws {
        let files = [
            """
            struct Ring: View {
                @State private var trim = 0.2
                var body: some View {
                    Arc(end: trim).stroke(Color("Brand"), lineWidth: 3).frame(width: 30, height: 30)
                        .onAppear { withAnimation(.linear(duration: 1)) { trim = 0.9 } }
                }
            }
            struct Arc: Shape {
                var end: Double
                var animatableData: AnimatablePair<Double, Double> {
                    get { AnimatablePair(end, end) }
                    set { end = newValue.first }
                }
                func path(in rect: CGRect) -> Path {
                    Path { p in p.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: rect.width / 2,
                                         startAngle: .zero, endAngle: .degrees(360 * end), clockwise: false) }
                }
            }
            """,
            """
            import Combine
            struct Dots: View {
                let id = UUID()
                let ticks = PassthroughSubject<Int, Never>()
                @State private var lit = 0
                var body: some View {
                    GeometryReader { proxy in
                        HStack { ForEach(0..<3) { i in Circle().opacity(i == lit ? 1 : 0.3).frame(width: proxy.size.width / 10) } }
                    }
                    .preferredColorScheme(.dark)
                    .onReceive(ticks) { lit = $0 }
                    .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { ticks.send(2) } }
                }
            }
            """,
        ]
        let programs = try files.enumerated().map { try SwiftProgram(parsing: $1, fileName: "Loader\($0).swift") }
        let first = try programs.map { try $0.script(view: nil) }
        for _ in 0..<2 {
            for (index, program) in programs.enumerated().reversed() {
                #expect(try program.script(view: nil) == first[index])
            }
        }
    }

    /// The definitions capture their library unowned (it owns them): a library nothing holds
    /// is freed, and with it every definition.
    @Test func aLibraryNothingHoldsIsFreed() {
        weak var freed: SwiftUILibrary?
        do {
            let library = SwiftUILibrary(locate: { _ in .start })
            freed = library
        }
        #expect(freed == nil, "something the library holds holds it back")
    }

    /// A triangle of the file's own in a 40 × 30 frame.
    static let triangleFile = """
        struct Triangle: Shape {
            func path(in rect: CGRect) -> Path {
                var path = Path()
                path.move(to: CGPoint(x: rect.midX, y: rect.minY))
                path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
                path.closeSubpath()
                return path
            }
        }
        struct T: View {
            var body: some View {
                Triangle().fill(Color.black).frame(width: 40, height: 30)
            }
        }
        """

    /// The script of view `T` of `file`, run as ``SwiftUISource/SwiftProgram`` runs a view: with
    /// a library taken from the idle ones, handed back when the run ends. `library` is the run's
    /// library, seen without holding it; `recycled` whether it was handed back.
    static func runT(_ file: String, library seen: inout SwiftUILibrary?, recycled: inout Bool) throws -> ViewScript {
        let syntax = SwiftSyntaxParser.parseFile(file)
        weak var used: SwiftUILibrary?
        var handedBack = false
        defer {
            seen = used
            recycled = handedBack
        }
        return try LargeStack.run { () throws(Interrupt) -> ViewScript in
            var library: SwiftUILibrary? = SwiftUILibrary.make(locate: { _ in .start })
            used = library
            var evaluator: Evaluator? = try Evaluator(file: syntax, library: library!.native)
            defer { handedBack = SwiftUILibrary.recycle(&library, evaluator: &evaluator) }
            guard let type = evaluator?.types["T"] else { throw .error("no view T", at: .start) }
            return try library!.script(.view(type), evaluator: evaluator!, horizonSeconds: 1)
        }
    }

    /// A `Shape` of the file's own is drawn after its run has ended, by running its `path(in:)`
    /// with the run's evaluator and library: the shape keeps them, the library is not handed to
    /// another run meanwhile (the runs in between would change it under the shape), and both are
    /// freed with the shape.
    @Test func aShapeOfTheFilesOwnKeepsItsLibraryUntilItIsDropped() throws {
        weak var held: SwiftUILibrary?
        do {
            var seen: SwiftUILibrary?
            var recycled = true
            let script = try Self.runT(Self.triangleFile, library: &seen, recycled: &recycled)
            held = seen
            seen = nil
            #expect(held != nil, "the shape's path needs its library")
            #expect(!recycled, "a library a shape still holds was handed back")
            // Runs in between take idle libraries and hand them back.
            let circle = "struct T: View { var body: some View { Circle().fill(Color.red).frame(width: 9, height: 9) } }"
            for _ in 0..<SwiftUILibrary.maximumIdle + 1 {
                var other: SwiftUILibrary?
                _ = try Self.runT(circle, library: &other, recycled: &recycled)
                #expect(other !== held, "a library a shape still holds was handed to another run")
                #expect(recycled, "a library nothing holds after its run is handed back")
            }
            var output = SceneConfiguration()
            output.scale = 1
            output.padding = 0
            output.canvas = .layout
            let image = ViewRenderer(ViewEngine(script: script, output: output)).render(atSeconds: 0)
            let triangle: [ShapeTests.P] = [(20, 0), (40, 30), (0, 30)]
            ShapeTests.expectInk(image, width: 40, height: 30) { ShapeTests.area(of: triangle, inPixel: $0, $1) }
        }
        #expect(held == nil, "the shape's library outlives the shape")
    }

    /// Two shapes of one run share its evaluator: drawn by several workers at once (as frames
    /// are), their path code runs one call at a time, and each outline is the one it draws alone.
    @Test func shapesOfOneRunDrawnAtOnceGiveTheirOwnOutlines() throws {
        let file = Self.triangleFile.replacingOccurrences(of: "struct T: View {", with: """
            struct Bar: Shape {
                var inset: CGFloat
                func path(in rect: CGRect) -> Path {
                    var path = Path()
                    for step in 0..<20 { path.addRect(CGRect(x: rect.minX + inset, y: rect.minY + CGFloat(step), width: rect.width - 2 * inset, height: 1)) }
                    return path
                }
            }
            struct T: View {
            """).replacingOccurrences(of: "Triangle().fill(Color.black).frame(width: 40, height: 30)",
                                      with: "HStack { Triangle().fill(Color.black).frame(width: 40, height: 30); Bar(inset: 3).fill(Color.red).frame(width: 20, height: 20) }")
        var seen: SwiftUILibrary?
        var recycled = false
        let script = try Self.runT(file, library: &seen, recycled: &recycled)
        func shapes(_ node: ViewNode) -> [CustomShape] {
            switch node {
            case let .shape(shape): if case let .custom(custom) = shape.kind { return [custom] } else { return [] }
            case let .stack(_, _, _, children): return children.flatMap(shapes)
            case let .modified(inner, _), let .custom(_, inner), let .conditional(_, inner): return shapes(inner)
            default: return []
            }
        }
        let found = shapes(script.initial)
        try #require(found.count == 2)
        let rects = [Raster.Rect(x: 0, y: 0, width: 40, height: 30), Raster.Rect(x: 0, y: 0, width: 20, height: 20)]
        let alone = zip(found, rects).map { $0.provider.path(in: $1, data: []) }
        #expect(!alone[0].elements.isEmpty && !alone[1].elements.isEmpty)
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            let which = index % 2
            if found[which].provider.path(in: rects[which], data: []) != alone[which] { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
