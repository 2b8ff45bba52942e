import Motion
import Scene
import SwiftUISource
import SpinRender
import Testing

/// What the reader makes of SwiftUI code beyond the documentation's page: each expected
/// tree is written out from SwiftUI's documented meaning of the code.
@Suite("Interpreting SwiftUI source")
struct InterpreterTests {
    func script(_ text: String, view: String? = nil) throws -> ViewScript {
        let program = try SwiftProgram(parsing: text, fileName: "Test.swift")
        return try program.script(view: view ?? program.defaultViewName())
    }

    @Test func animationValueIsCarried() throws {
        let script = try script("""
        struct Spinner: View {
            @State private var animating = false
            var body: some View {
                Image(systemName: "rays")
                    .rotationEffect(animating ? .degrees(360) : .zero)
                    .animation(.linear(duration: 2).repeatForever(autoreverses: false), value: animating)
                    .onAppear { animating = true }
            }
        }
        """)
        func tree(_ on: Bool) -> ViewNode {
            .custom(name: "Spinner", body: .modified(
                .modified(.symbol(.rays), .rotationEffect(degrees: on ? 360 : 0, anchor: .center)),
                .animation(.linear(duration: 2).repeatForever(autoreverses: false), value: .bool(on))
            ))
        }
        #expect(script == ViewScript(initial: tree(false), changes: [ViewChange(timeSeconds: 0, transaction: Transaction(), root: tree(true))]))
    }

    @Test func asyncAfterLandsAtItsTime() throws {
        let script = try script("""
        struct Pulse: View {
            @State var scale: Double = 1
            @State var turns = 0
            var body: some View {
                Circle()
                    .fill(.orange)
                    .frame(width: 50, height: 50)
                    .scaleEffect(scale)
                    .rotationEffect(.degrees(Double(turns) * 90))
                    .onAppear {
                        DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) {
                            withAnimation(.easeInOut) { scale = 2 }
                            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(250)) { turns += 1 }
                        }
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { self.scale = 0.5 }
                    }
            }
        }
        """)
        func tree(_ scale: Double, _ turns: Double) -> ViewNode {
            .custom(name: "Pulse", body: .modified(.modified(.modified(
                .shape(ShapeView(kind: .circle, paint: .fill(.system("orange")))),
                .frame(width: 50, height: 50, alignment: .center)),
                .scaleEffect(x: scale, y: scale, anchor: .center)),
                .rotationEffect(degrees: turns * 90, anchor: .center)))
        }
        #expect(script == ViewScript(initial: tree(1, 0), changes: [
            ViewChange(timeSeconds: 0.5, transaction: Transaction(), root: tree(0.5, 0)),
            ViewChange(timeSeconds: 1.5, transaction: Transaction(animation: .easeInOut), root: tree(2, 0)),
            ViewChange(timeSeconds: 1.75, transaction: Transaction(), root: tree(2, 1)),
        ]))
    }

    @Test func ifElseGivesConditionalBranches() throws {
        let script = try script("""
        struct Loader: View {
            @State private var done = false
            var body: some View {
                VStack(alignment: .leading, spacing: 4) {
                    if done {
                        Image(systemName: "rays")
                    } else {
                        ProgressView()
                            .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 2) { done = true } }
                    }
                    if !done { Rectangle() }
                }
            }
        }
        """)
        // A branch's content carries SwiftUI's default transition, `.opacity`.
        func faded(_ node: ViewNode) -> ViewNode { .modified(node, .transaction(.transition(.opacity))) }
        func tree(_ done: Bool) -> ViewNode {
            .custom(name: "Loader", body: .stack(.vertical, alignment: Alignment(horizontal: 0, vertical: 0.5), spacing: 4, children: [
                done ? .conditional(branch: 0, faded(.symbol(.rays))) : .conditional(branch: 1, faded(.progressView)),
                done ? .empty : .conditional(branch: 0, faded(.shape(ShapeView(kind: .rectangle)))),
            ]))
        }
        #expect(script == ViewScript(initial: tree(false), changes: [ViewChange(timeSeconds: 2, transaction: Transaction(), root: tree(true))]))
    }

    @Test func viewThatAppearsLaterRunsItsOnAppearThen() throws {
        let script = try script("""
        struct Later: View {
            @State var shown = false
            var body: some View {
                ZStack {
                    if shown { Child() }
                }
                .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 1) { shown = true } }
            }
        }
        struct Child: View {
            @State var angle = Angle.zero
            var body: some View {
                Image(systemName: "rays").rotationEffect(angle).onAppear { withAnimation { angle = .degrees(90) } }
            }
        }
        """, view: "Later")
        func tree(_ child: Double?) -> ViewNode {
            .custom(name: "Later", body: .stack(.depth, alignment: .center, spacing: nil, children: [
                child.map { .conditional(branch: 0, .modified(.custom(name: "Child", body: .modified(.symbol(.rays), .rotationEffect(degrees: $0, anchor: .center))),
                                                              .transaction(.transition(.opacity)))) } ?? .empty,
            ]))
        }
        #expect(script == ViewScript(initial: tree(nil), changes: [
            ViewChange(timeSeconds: 1, transaction: Transaction(), root: tree(0)),
            ViewChange(timeSeconds: 1, transaction: Transaction(animation: .default), root: tree(90)),
        ]))
    }

    @Test func previewBlockIsTheDefault() throws {
        let text = """
        import SwiftUI
        let size: CGFloat = 40
        struct Ring: View {
            var width: Double = 5
            var body: some View {
                Circle()
                    .trim(from: 0, to: 0.7)
                    .stroke(style: StrokeStyle(lineWidth: width, lineCap: .round))
                    .frame(width: size, height: size)
            }
        }
        struct ContentView: View { var body: some View { Ring() } }
        #Preview("Thick") {
            HStack(alignment: .top) { Ring(width: 8).tint(.red); ProgressView().controlSize(.large) }
                .padding(.horizontal, 10)
                .padding()
                .background(Color(red: 1, green: 0.5, blue: 0))
        }
        """
        let program = try SwiftProgram(parsing: text, fileName: "Test.swift")
        #expect(program.viewNames == ["Ring", "ContentView", "Thick"])
        #expect(try program.defaultViewName() == "Thick")
        func ring(_ width: Double) -> ViewNode {
            .custom(name: "Ring", body: .modified(
                .shape(ShapeView(kind: .circle, trimFrom: 0, trimTo: 0.7, paint: .stroke(nil, StrokeStyle(lineWidth: width, lineCap: .round)))),
                .frame(width: 40, height: 40, alignment: .center)))
        }
        let expected = ViewNode.modified(.modified(.modified(
            .stack(.horizontal, alignment: Alignment(horizontal: 0.5, vertical: 0), spacing: nil, children: [
                .modified(ring(8), .tint(.system("red"))), .modified(.progressView, .controlSize(.large)),
            ]),
            .padding(EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10))),
            .padding(EdgeInsets(all: 16))),
            .background(.color(.rgb(red: 1, green: 0.5, blue: 0, opacity: 1))))
        #expect(try program.script(view: nil) == ViewScript(initial: expected))
        #expect(try program.script(view: "ContentView") == ViewScript(initial: .custom(name: "ContentView", body: ring(5))))
    }

    /// The view no other view uses is the default, however often the comments and strings
    /// name the others: Xcode's file header (`//  Dots.swift`) named the root, which made it
    /// look used and left no default.
    @Test func namesInCommentsAndStringsDoNotMakeAViewUsed() throws {
        let text = ##"""
        //
        //  Dots.swift
        //  Created for the loader. /* Dots, nested /* Dots */ */
        //
        import SwiftUI

        struct Dots: View {
            var body: some View {
                HStack { Dot(); Dot(); Dot() }.accessibilityLabel("Dots \"quoted\"")
            }
        }

        struct Dot: View {
            let label = #"Dots "quoted""#
            let more = """
                Dots
                """
            var body: some View { Circle().frame(width: 10, height: 10) }
        }
        """##
        let program = try SwiftProgram(parsing: text, fileName: "Dots.swift")
        #expect(try program.defaultViewName() == "Dots")
    }

    @Test func fontsTransactionsAndModifiers() throws {
        let script = try script("""
        struct Styled: View {
            var body: some View {
                Image(systemName: "rays")
                    .font(.largeTitle)
                    .font(.headline)
                    .font(.system(size: 20, weight: .bold))
                    .font(Font.caption2.weight(.light))
                    .fontWeight(.semibold)
                    .imageScale(.small)
                    .offset(x: 3)
                    .opacity(0.5)
                    .scaleEffect(x: 2, anchor: .topLeading)
                    .border(Color.primary, width: 2)
                    .padding([.top, .leading], 4)
                    .padding(.vertical)
                    .transaction { $0.animation = nil }
                    .transaction { t in t.disablesAnimations = true; t.animation = .spring(duration: 0.4, bounce: 0.2) }
                    .animation(nil)
                    .background { RoundedRectangle(cornerRadius: 4).fill(Color.accentColor) }
            }
        }
        """)
        let modifiers: [ViewModifier] = [
            .font(FontValue(pointSize: 34)), .font(FontValue(pointSize: 17, weight: .semibold)),
            .font(FontValue(pointSize: 20, weight: .bold)), .font(FontValue(pointSize: 11, weight: .light)),
            .fontWeight(.semibold), .imageScale(.small), .offset(x: 3, y: 0), .opacity(0.5),
            .scaleEffect(x: 2, y: 1, anchor: UnitPoint(x: 0, y: 0)), .border(.system("primary"), width: 2),
            .padding(EdgeInsets(top: 4, leading: 4, bottom: 0, trailing: 0)),
            .padding(EdgeInsets(top: 16, leading: 0, bottom: 16, trailing: 0)),
            .transaction(TransactionEdit(animation: .some(nil))),
            .transaction(TransactionEdit(animation: .some(.spring(duration: 0.4, bounce: 0.2)), disablesAnimations: true)),
            .animation(nil, value: nil),
            .background(.shape(ShapeView(kind: .styledRectangle(CornerRadii(width: 4, height: 4), .continuous), paint: .fill(.system("accentColor"))))),
        ]
        let expected = modifiers.reduce(ViewNode.symbol(.rays)) { .modified($0, $1) }
        #expect(script == ViewScript(initial: .custom(name: "Styled", body: expected)))
    }

    @Test func previewProviderAndLetsAndArithmetic() throws {
        let script = try script("""
        struct Dial: View {
            let turns = 2
            @State var angle: Angle = .zero
            @State var on: Bool = false
            var body: some View {
                Capsule()
                    .stroke(.red, lineWidth: 2 + 1.5)
                    .rotationEffect(angle + .degrees(on && turns > 1 ? 45 : -45))
                    .opacity(on ? 1 : 0.25 * 2)
                    .onAppear {
                        let target = Double(turns) * 360
                        withAnimation(Animation.easeIn(duration: 1).delay(0.5)) { angle = .degrees(target); on.toggle() }
                        on = false
                    }
            }
        }
        struct Dial_Previews: PreviewProvider {
            static var previews: some View { Dial() }
        }
        """)
        func tree(_ degrees: Double, _ on: Bool) -> ViewNode {
            .custom(name: "Dial", body: .modified(.modified(
                .shape(ShapeView(kind: .capsule, paint: .stroke(.system("red"), StrokeStyle(lineWidth: 3.5)))),
                .rotationEffect(degrees: degrees + (on ? 45 : -45), anchor: .center)),
                .opacity(on ? 1 : 0.5)))
        }
        #expect(script == ViewScript(initial: tree(0, false), changes: [
            ViewChange(timeSeconds: 0, transaction: Transaction(animation: .easeIn(duration: 1).delay(0.5)), root: tree(720, true)),
            ViewChange(timeSeconds: 0, transaction: Transaction(), root: tree(720, false)),
        ]))
    }

    @Test func selectionErrors() throws {
        // B uses A: B is the root of the file's view tree, the view rendered.
        let tree = try SwiftProgram(parsing: "struct A: View { var body: some View { Circle() } }\nstruct B: View { var body: some View { A() } }", fileName: "T.swift")
        #expect(try tree.defaultViewName() == "B")
        #expect(try tree.script(view: nil) == ViewScript(initial: .custom(name: "B", body: .custom(name: "A", body: .shape(ShapeView(kind: .circle))))))
        // Two views, neither using the other: no root, so the choice is the user's.
        let two = try SwiftProgram(parsing: "struct A: View { var body: some View { Circle() } }\nstruct B: View { var body: some View { Capsule() } }", fileName: "T.swift")
        #expect(throws: ViewSelectionError.ambiguous(candidates: ["A", "B"])) { try two.defaultViewName() }
        #expect(throws: SwiftUISourceError.viewSelection(.ambiguous(candidates: ["A", "B"]))) { try two.script(view: nil) }
        #expect(throws: SwiftUISourceError.viewSelection(.unknownView("C", available: ["A", "B"]))) { try two.script(view: "C") }
        #expect(ViewSelectionError.unknownView("Spiner", available: ["Spinner", "Spinner2"]).description
            == "no view named 'Spiner' (did you mean 'Spinner'?); the source has: Spinner, Spinner2")
        let previews = try SwiftProgram(parsing: "#Preview { Circle() }\n#Preview(\"Two\") { Capsule() }", fileName: "T.swift")
        #expect(previews.viewNames == ["Preview", "Two"])
        #expect(throws: ViewSelectionError.ambiguous(candidates: ["Preview", "Two"])) { try previews.defaultViewName() }
        #expect(try previews.script(view: "Two") == ViewScript(initial: .shape(ShapeView(kind: .capsule))))
        let none = try SwiftProgram(parsing: "import SwiftUI\n", fileName: "T.swift")
        #expect(throws: ViewSelectionError.noViews) { try none.defaultViewName() }
        let only = try SwiftProgram(parsing: "struct Only: View { var body: some View { Color.red } }", fileName: "T.swift")
        #expect(try only.script(view: nil) == ViewScript(initial: .custom(name: "Only", body: .color(.system("red")))))
    }

    /// SwiftUI's `Animation` vocabulary read from Swift source gives the animation Motion's
    /// constructors make, and `--animation` reads the same text to the same animation.
    @Test(arguments: [
        (".linear", Animation.linear), (".easeInOut(duration: 1).repeatForever()", .easeInOut(duration: 1).repeatForever()),
        (".spring(response: 0.4, dampingFraction: 0.6)", .spring(response: 0.4, dampingFraction: 0.6)),
        (".spring(duration: 0.5, bounce: 0.3)", .spring(duration: 0.5, bounce: 0.3)), (".interactiveSpring(response: 0.2)", .interactiveSpring(response: 0.2)),
        (".smooth", .smooth), (".snappy(duration: 0.3)", .snappy(duration: 0.3)), (".bouncy(extraBounce: 0.1)", .bouncy(extraBounce: 0.1)),
        (".default.speed(2).delay(0.1)", .default.speed(2).delay(0.1)), (".timingCurve(0.1, 0.2, 0.3, 1, duration: 2)", .timingCurve(0.1, 0.2, 0.3, 1, duration: 2)),
        (".easeOut.repeatCount(3, autoreverses: false)", .easeOut.repeatCount(3, autoreverses: false)), ("Animation.spring", .spring),
        (".easeIn(duration: 0.5).delay(1).speed(0.5)", .easeIn(duration: 0.5).delay(1).speed(0.5)),
    ] as [(String, Animation)])
    func animationVocabularyMatchesMotion(text: String, expected: Animation) throws {
        let source = "struct A: View { var body: some View { Circle().animation(\(text)) } }"
        let script = try script(source)
        #expect(script.initial == .custom(name: "A", body: .modified(.shape(ShapeView(kind: .circle)), .animation(expected, value: nil))))
        #expect(try AnimationExpression.parse(text) == expected)
    }
}

@Suite("Instances and text forms")
struct InstanceTests {
    /// Two instances of one view keep separate state: each one's onAppear changes only itself.
    @Test func eachInstanceHasItsOwnState() throws {
        let program = try SwiftProgram(parsing: """
        struct Dot: View {
            @State var big = false
            var body: some View { Circle().scaleEffect(big ? 2 : 1).onAppear { big.toggle() } }
        }
        struct Pair: View { var body: some View { HStack(spacing: 0) { Dot(); Dot() } } }
        """, fileName: "T.swift")
        func dot(_ big: Bool) -> ViewNode {
            .custom(name: "Dot", body: .modified(.shape(ShapeView(kind: .circle)), .scaleEffect(x: big ? 2 : 1, y: big ? 2 : 1, anchor: .center)))
        }
        func pair(_ a: Bool, _ b: Bool) -> ViewNode {
            .custom(name: "Pair", body: .stack(.horizontal, alignment: .center, spacing: 0, children: [dot(a), dot(b)]))
        }
        // Both actions run before the one update that follows them, as on a device.
        #expect(try program.script(view: "Pair") == ViewScript(initial: pair(false, false), changes: [
            ViewChange(timeSeconds: 0, transaction: Transaction(), root: pair(true, true)),
        ]))
    }

    /// Windows line breaks and tabs read as line breaks and spaces; columns still count characters.
    @Test func crlfAndTabs() throws {
        let text = DocumentationSource.text.replacing("\n", with: "\r\n").replacing("    ", with: "\t")
        let program = try SwiftProgram(parsing: text, fileName: "Spinner.swift")
        let original = try SwiftProgram(parsing: DocumentationSource.text, fileName: "Spinner.swift")
        for view in program.viewNames { #expect(try program.script(view: view) == original.script(view: view)) }
        let broken = text.replacing("Image(systemName: \"rays\")\r\n\t\t\t.foregroundColor", with: "Image(systemName: \"ray\")\r\n\t\t\t.foregroundColor")
        // A name outside the library reads as the empty image a device shows.
        #expect(try SwiftProgram(parsing: broken, fileName: "S.swift").script(view: "Spinner2").missingSymbols == ["ray"])
    }
}

@Suite("Transactions")
struct TransactionTests {
    /// Setting a state to the value it has changes nothing, so makes no tree; `withAnimation`
    /// without an animation is `Animation.default`; `withAnimation(nil)` carries none, so its
    /// write and the plain ones after it make one change.
    @Test func unchangedStateMakesNoChange() throws {
        let program = try SwiftProgram(parsing: """
        struct S: View {
            @State var on = false
            @State var level = 1
            var body: some View {
                Rectangle().opacity(on ? 1 : 0.5).offset(y: Double(level))
                    .onAppear {
                        on = false
                        withAnimation { on = false }
                        withAnimation { self.on.toggle() }
                        withAnimation(nil) { level = 2 }
                        if level == 2 { level *= 3 } else { level = 100 }
                    }
            }
        }
        """, fileName: "S.swift")
        func tree(_ opacity: Double, _ y: Double) -> ViewNode {
            .custom(name: "S", body: .modified(.modified(.shape(ShapeView(kind: .rectangle)), .opacity(opacity)), .offset(x: 0, y: y)))
        }
        #expect(try program.script(view: "S") == ViewScript(initial: tree(0.5, 1), changes: [
            ViewChange(timeSeconds: 0, transaction: Transaction(animation: .default), root: tree(1, 1)),
            // `withAnimation(nil)` is the transaction of the plain writes after it: one update.
            ViewChange(timeSeconds: 0, transaction: Transaction(), root: tree(1, 6)),
        ]))
    }
}
