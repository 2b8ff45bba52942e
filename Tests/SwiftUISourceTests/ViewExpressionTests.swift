import Motion
import Scene
import SwiftUISource
import Testing

/// `--view` given a Swift expression: a loader view that takes arguments, or a file that holds only
/// a `ViewModifier` and its `extension View`, rendered unedited with the arguments or the view
/// chosen on the command line, as a `#Preview` body would give them.
@Suite struct ViewExpressionTests {
    static let dots = """
        import SwiftUI

        struct DotLoader: View {
            let color: Color
            var size: CGFloat = 10
            @State private var on = false
            var body: some View {
                HStack(spacing: size / 2) {
                    ForEach(0..<3) { i in
                        Circle().fill(color).frame(width: size, height: size)
                            .opacity(on ? 1 : 0.25)
                            .animation(.easeInOut(duration: 0.6).repeatForever().delay(Double(i) * 0.2), value: on)
                    }
                }
                .onAppear { on = true }
            }
        }
        """

    static let modifierOnly = """
        import SwiftUI

        struct Blink: ViewModifier {
            var low: Double
            @State private var dim = false
            func body(content: Content) -> some View {
                content.opacity(dim ? low : 1)
                    .onAppear { withAnimation(.linear(duration: 0.5).repeatForever()) { dim = true } }
            }
        }

        extension View {
            func blink(to low: Double = 0.2) -> some View { modifier(Blink(low: low)) }
        }
        """

    func modifiers(_ node: ViewNode) -> [ViewModifier] {
        treeModifiers(node)
    }

    func frames(_ node: ViewNode) -> [Double?] {
        modifiers(node).compactMap { if case let .layout(.frame(width, _, _)) = $0 { width } else { nil } }
    }

    func opacities(_ node: ViewNode) -> [Double] {
        modifiers(node).compactMap { if case let .effect(.opacity(value), _) = $0 { value } else { nil } }
    }

    @Test func aViewThatTakesArgumentsIsMadeByTheExpression() throws {
        let program = try SwiftProgram(parsing: Self.dots, fileName: "DotLoader.swift")
        let script = try program.script(view: "DotLoader(color: .blue, size: 14)")
        #expect(frames(script.initial) == [14, 14, 14])
        #expect(opacities(script.initial) == [0.25, 0.25, 0.25])
        let after = try #require(script.changes.first).root
        #expect(opacities(after) == [1, 1, 1])
        // The default argument of the memberwise initialiser applies when it is left out.
        #expect(frames(try program.script(view: "DotLoader(color: .red)").initial) == [10, 10, 10])
    }

    @Test func withoutArgumentsTheErrorSaysHowToGiveThem() throws {
        let program = try SwiftProgram(parsing: Self.dots, fileName: "DotLoader.swift")
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
            fileName: "DotLoader.swift", line: 3, column: 8,
            message: "missing argument for parameter 'color' in call; 'DotLoader' takes arguments: render it with --view 'DotLoader(color: …)'",
            sourceLine: "struct DotLoader: View {"))) { try program.script(view: nil) }
    }

    /// A view whose memberwise initialiser lacks several arguments names them all, as swiftc
    /// does, and so does the `--view` it suggests (it named the first, and the suggestion
    /// then failed for the next).
    @Test func everyMissingArgumentIsNamedInTheSuggestion() throws {
        let source = """
        import SwiftUI
        struct Arcs: View {
            let count: Int
            let lineWidth: CGFloat
            var color: Color = .blue
            var body: some View {
                ZStack { ForEach(0..<count, id: \\.self) { _ in Circle().stroke(color, lineWidth: lineWidth) } }
            }
        }
        """
        let program = try SwiftProgram(parsing: source, fileName: "Arcs.swift")
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
            fileName: "Arcs.swift", line: 2, column: 8,
            message: "missing arguments for parameters 'count', 'lineWidth' in call; 'Arcs' takes arguments: render it with --view 'Arcs(count: …, lineWidth: …)'",
            sourceLine: "struct Arcs: View {"))) { try program.script(view: nil) }
        #expect(try program.script(view: "Arcs(count: 3, lineWidth: 2)").changes.isEmpty)
    }

    @Test func aFileWithOnlyAModifierRendersTheViewItIsAppliedTo() throws {
        let program = try SwiftProgram(parsing: Self.modifierOnly, fileName: "Blink.swift")
        let script = try program.script(view: "Circle().frame(width: 24, height: 24).blink(to: 0.4)")
        #expect(frames(script.initial) == [24])
        #expect(opacities(script.initial) == [1])
        let change = try #require(script.changes.first)
        #expect(opacities(change.root) == [0.4])
        #expect(change.transaction.animation == Animation.linear(duration: 0.5).repeatForever())
        // Without --view its helper (every argument defaulted) is shown on a text, with a note.
        let shown = try program.script(view: nil)
        #expect(opacities(shown.initial) == [1])
        #expect(shown.changes.first.map { opacities($0.root) } == [0.2])
        #expect(shown.notes == ["the file declares no view: its view extension 'blink()' is shown on a text, --view 'Text(\"Loading…\").font(.title).blink()' (choose another view with --view)"])
        #expect(ViewSelectionError.noViews.description.contains("--view 'Text(\"Loading\").shimmer()'"))
    }

    @Test(arguments: [
        ("DotLoader(colr: .blue)", 1, 11, "incorrect argument label in call (have 'colr:', expected 'color:')"),
        ("DotLoader(color: .blue", 1, 23, "expected ')' in expression list"),
        // Found only at the closing brace the expression is wrapped in: the end of the expression.
        ("DotLoader(", 1, 11, "the expression ends before it is complete"),
        ("Dots(color: .blue)", 1, 1, "cannot find 'Dots' in scope"),
        ("DotLoader(color: .blue).frame(width: \"wide\")", 1, 38, "expected a number, not a value of type 'String'"),
        // A plainly wrong argument of the view's own is refused at it, not later in its body.
        ("DotLoader(color: .blue, size: \"big\")", 1, 31, "cannot convert value of type 'String' to expected argument type 'Double'"),
        ("DotLoader(color: .blue, size: true)", 1, 31, "cannot convert value of type 'Bool' to expected argument type 'Double'"),
    ])
    func aMistakeInTheExpressionIsLocatedInIt(expression: String, line: Int, column: Int, message: String) throws {
        let program = try SwiftProgram(parsing: Self.dots, fileName: "DotLoader.swift")
        #expect(throws: SwiftUISourceError.viewSelection(.expression(SourceDiagnostic(
            fileName: "--view", line: line, column: column, message: message, sourceLine: expression)))) {
            try program.script(view: expression)
        }
    }

    /// A file of a modifier alone that can be made without arguments (a shimmer, a pulse) is
    /// shown on a text without --view, with a note naming the expression; one that needs
    /// arguments (`Blink(low:)`) still asks for --view.
    @Test func aModifierMadeWithoutArgumentsIsShownOnAText() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct Pulse: ViewModifier {
                @State private var on = false
                func body(content: Content) -> some View {
                    content.opacity(on ? 0.3 : 1)
                        .onAppear { withAnimation(.easeInOut(duration: 0.8).repeatForever()) { on = true } }
                }
            }
            """, fileName: "Pulse.swift")
        let script = try program.script(view: nil)
        #expect(opacities(script.initial) == [1])
        #expect(script.changes.first.map { opacities($0.root) } == [0.3])
        #expect(script.notes == ["the file declares no view: its modifier 'Pulse' is shown on a text, --view 'Text(\"Loading…\").font(.title).modifier(Pulse())' (choose another view with --view)"])
    }

    /// A file of a `ProgressViewStyle` alone (a custom spinner an app applies to its progress
    /// views) is shown as the style of a `ProgressView()`, with a note naming the expression.
    @Test func aProgressViewStyleAloneIsShownOnAProgressView() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct FadingStyle: ProgressViewStyle {
                var low = 0.25
                @State private var dim = false
                func makeBody(configuration: Configuration) -> some View {
                    Circle().frame(width: 20, height: 20)
                        .opacity(dim ? low : 1)
                        .onAppear { withAnimation(.easeInOut(duration: 0.6).repeatForever()) { dim = true } }
                }
            }
            """, fileName: "FadingStyle.swift")
        let script = try program.script(view: nil)
        #expect(opacities(script.initial) == [1])
        #expect(script.changes.first.map { opacities($0.root) } == [0.25])
        #expect(script.notes == ["the file declares no view: its progress view style 'FadingStyle' is shown on a progress view, --view 'ProgressView().progressViewStyle(FadingStyle())' (choose another view with --view)"])
    }

    /// A file of a `View` extension alone (`func pulse() -> some View`, a helper that needs no
    /// argument) is shown on a text the same way; a helper that needs an argument is skipped.
    @Test func aViewExtensionAloneIsShownOnAText() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            extension View {
                func tinted(_ color: Color) -> some View { foregroundColor(color) }
                func pulse(low: Double = 0.4) -> some View {
                    modifier(PulseEffect(low: low))
                }
            }
            private struct PulseEffect: ViewModifier {
                let low: Double
                @State private var dim = false
                func body(content: Content) -> some View {
                    content.opacity(dim ? low : 1)
                        .onAppear { withAnimation(.easeInOut(duration: 0.8).repeatForever()) { dim = true } }
                }
            }
            """, fileName: "Pulse.swift")
        let script = try program.script(view: nil)
        #expect(opacities(script.initial) == [1])
        #expect(script.changes.first.map { opacities($0.root) } == [0.4])
        #expect(script.notes == ["the file declares no view: its view extension 'pulse()' is shown on a text, --view 'Text(\"Loading…\").font(.title).pulse()' (choose another view with --view)"])
    }

    /// A preview that shows a type of another file of the project (its screen) cannot run
    /// here: the file's own view is rendered in its place, with a note saying so; with two
    /// candidate views, the error names them.
    @Test func aPreviewThatUsesAnotherFilesTypeFallsBackToTheFilesView() throws {
        let text = Self.modifierOnly + """

            struct Ring: View { var body: some View { Circle().stroke(lineWidth: 3).frame(width: 30, height: 30) } }

            struct Ring_Previews: PreviewProvider {
                static var previews: some View { GalleryView(style: .ring) }
            }
            """
        let program = try SwiftProgram(parsing: text, fileName: "Ring.swift")
        let fallback = try program.script(view: nil)
        #expect(frames(fallback.initial) == [30])
        #expect(fallback.notes == [
            "the preview 'Ring_Previews' uses 'GalleryView', which this file does not declare; rendered 'Ring', the file's own view, instead (choose with --view)"
        ])
        #expect(try program.script(view: "Ring").notes.isEmpty)
        let two = try SwiftProgram(parsing: text + "\nstruct Bar: View { var body: some View { Capsule().frame(width: 20, height: 4) } }\n",
                                   fileName: "Ring.swift")
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
            fileName: "Ring.swift", line: 18, column: 38,
            message: "cannot find 'GalleryView' in scope (declared in another file of the project?); render one of this file's views instead: --view Ring, --view Bar",
            sourceLine: "    static var previews: some View { GalleryView(style: .ring) }"))) { try two.script(view: nil) }
    }

    /// A preview that calls the app's own set-up (`registerFonts()`, in another file) is not
    /// checked unless it is shown: `--view` renders the file's view, and the default falls back
    /// to it with a note. A misspelt name in a preview stays an error when the preview is shown.
    @Test func aPreviewCallingTheAppsFunctionsDoesNotStopTheFilesView() throws {
        let text = """
            import SwiftUI
            struct Loader: View { var body: some View { Circle().frame(width: 24, height: 24) } }
            #Preview {
                registerFonts()
                return Loader().pbFont(.title)
            }
            """
        let program = try SwiftProgram(parsing: text, fileName: "Loader.swift")
        let chosen = try program.script(view: "Loader")
        #expect(frames(chosen.initial) == [24] && chosen.notes.isEmpty)
        let fallback = try program.script(view: nil)
        #expect(frames(fallback.initial) == [24])
        #expect(fallback.notes == [
            "the preview 'Preview' uses 'registerFonts', which this file does not declare; rendered 'Loader', the file's own view, instead (choose with --view)"
        ])
        let typo = try SwiftProgram(parsing: """
            import SwiftUI
            struct Loader: View { var body: some View { Circle().frame(width: 24, height: 24) } }
            func setUpFonts() {}
            #Preview {
                setUpFont()
                return Loader()
            }
            """, fileName: "Loader.swift")
        #expect(try typo.script(view: "Loader").notes.isEmpty)
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
            fileName: "Loader.swift", line: 5, column: 5, message: "cannot find 'setUpFont' in scope (did you mean 'setUpFonts'?)",
            sourceLine: "    setUpFont()"))) { try typo.script(view: nil) }
    }

    /// `previewDevice(_:)` and a widget's `previewContext(_:)` are read and change nothing: a
    /// render has one canvas (they were refused as members no view has).
    @Test func previewDeviceAndWidgetContextAreAccepted() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct Dot: View { var body: some View { Circle().frame(width: 10, height: 10) } }
            struct Dot_Previews: PreviewProvider {
                static var previews: some View {
                    Dot()
                        .previewDevice(PreviewDevice(rawValue: "iPhone 14 Pro"))
                        .previewDevice("iPhone SE (3rd generation)")
                        .previewContext(WidgetPreviewContext(family: .systemSmall))
                }
            }
            """, fileName: "Dot.swift")
        let script = try program.script(view: nil)
        #expect(frames(script.initial) == [10] && script.notes.isEmpty)
    }

    /// `@Previewable @State` in a `#Preview` (Xcode 16) is state the preview's views share:
    /// `$progress` binds it, and a child's write through the binding changes the tree (it was
    /// "cannot find '$progress' in scope").
    @Test func previewableStateIsStateAndBindsWithADollar() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct Bar: View {
                @Binding var progress: Double
                var body: some View {
                    Capsule().frame(width: 100 * progress, height: 8)
                        .onAppear { withAnimation(.linear(duration: 1)) { progress = 1 } }
                }
            }
            #Preview {
                @Previewable @State var progress = 0.25
                Bar(progress: $progress)
            }
            """, fileName: "Bar.swift")
        let script = try program.script(view: nil)
        #expect(frames(script.initial) == [25])
        #expect(script.changes.count == 1 && script.changes.first.map { frames($0.root) } == [100])
    }

    /// The hint names only the file's views that render: one that needs the same missing type
    /// (or arguments) would fail the same way.
    @Test func theHintNamesOnlyViewsThatRender() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct Dots: View { var body: some View { HStack { DotView(); DotView() } } }
            struct Bar: View { var body: some View { Capsule().frame(width: 20, height: 4) } }
            struct Sized: View { let side: CGFloat; var body: some View { Circle().frame(width: side, height: side) } }
            #Preview { Gallery() }
            """, fileName: "Dots.swift")
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
            fileName: "Dots.swift", line: 5, column: 12,
            message: "cannot find 'Gallery' in scope (declared in another file of the project?); render one of this file's views instead: --view Bar",
            sourceLine: "#Preview { Gallery() }"))) { try program.script(view: nil) }
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
            fileName: "Dots.swift", line: 2, column: 52, message: "cannot find 'DotView' in scope",
            sourceLine: "struct Dots: View { var body: some View { HStack { DotView(); DotView() } } }"))) { try program.script(view: "Dots") }
    }

    /// A preview that applies a modifier of the project's own `extension View` in another file
    /// (`.cardStyle()`) falls back to the file's view as for another file's type; a misspelt
    /// modifier, which has a spelling hint, stays an error at its line.
    @Test func aPreviewThatUsesAnotherFilesModifierFallsBackToTheFilesView() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct Dots: View { var body: some View { Circle().frame(width: 8, height: 8) } }
            struct Dots_Previews: PreviewProvider { static var previews: some View { Dots().cardStyle() } }
            """, fileName: "Dots.swift")
        let fallback = try program.script(view: nil)
        #expect(frames(fallback.initial) == [8])
        #expect(fallback.notes == [
            "the preview 'Dots_Previews' uses 'cardStyle', which this file does not declare; rendered 'Dots', the file's own view, instead (choose with --view)"
        ])
        let typo = try SwiftProgram(parsing: """
            import SwiftUI
            struct Dots: View { var body: some View { Circle().frame(width: 8, height: 8) } }
            #Preview { Dots().padding().frme(width: 20) }
            """, fileName: "Dots.swift")
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
            fileName: "Dots.swift", line: 3, column: 29,
            message: "value of type 'ModifiedContent' has no member 'frme' (did you mean 'frame'?)",
            sourceLine: "#Preview { Dots().padding().frme(width: 20) }"))) { try typo.script(view: nil) }
    }

    /// When the file's own view needs the other file's type too (its wave shape, its theme),
    /// the error is the view's own, at its line: rendering that view instead would fail the same way.
    @Test func aViewThatNeedsAnotherFilesTypeToo() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct Loader: View {
                var body: some View {
                    Wave(phase: 0).stroke(lineWidth: 2)
                }
            }
            #Preview { Loader().background(AppTheme.card) }
            """, fileName: "Loader.swift")
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
            fileName: "Loader.swift", line: 4, column: 9, message: "cannot find 'Wave' in scope",
            sourceLine: "        Wave(phase: 0).stroke(lineWidth: 2)"))) { try program.script(view: nil) }
    }

    /// `@EnvironmentObject`'s object comes from the app: the refusal says so, at the property.
    @Test func anEnvironmentObjectIsRefusedAtItsProperty() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct Dots: View {
                @EnvironmentObject var theme: Theme
                var body: some View { Circle() }
            }
            """, fileName: "Dots.swift")
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
            fileName: "Dots.swift", line: 3, column: 28,
            message: "@EnvironmentObject is not supported here: its object comes from an ancestor's .environmentObject(_:) in the app, which one file's preview does not pass down",
            sourceLine: "    @EnvironmentObject var theme: Theme"))) { try program.script(view: nil) }
    }

    @Test func namesAreStillNames() throws {
        let program = try SwiftProgram(parsing: Self.dots + "\n#Preview(\"Blue (large)\") { DotLoader(color: .blue, size: 20) }\n",
                                       fileName: "DotLoader.swift")
        // A preview's title with parentheses is its name, not an expression.
        #expect(frames(try program.script(view: "Blue (large)").initial) == [20, 20, 20])
        #expect(throws: SwiftUISourceError.viewSelection(.unknownView("Dots", available: ["DotLoader", "Blue (large)"]))) {
            try program.script(view: "Dots")
        }
    }
}
