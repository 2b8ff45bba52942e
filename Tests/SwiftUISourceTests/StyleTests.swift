import Motion
import Scene
import SwiftUISource
import Testing

/// Stroke joins and progress view styles as spinner snippets write them; the trees expected
/// are SwiftUI's documented meaning: a join shows only at a corner, and an indeterminate
/// `ProgressView` is the circular spinner whatever `.automatic`/`.circular` style it is given.
@Suite("Stroke styles and progress view styles")
struct StyleTests {
    func root(_ body: String) throws -> ViewNode {
        let text = "struct S: View {\n    var body: some View {\n        \(body)\n    }\n}\n"
        let program = try SwiftProgram(parsing: text, fileName: "S.swift")
        guard case let .custom(_, node) = try program.script(view: "S").initial else {
            Issue.record("expected the custom view")
            return .empty
        }
        return node
    }

    func failure(_ body: String) throws -> SourceDiagnostic? {
        let text = "struct S: View {\n    var body: some View {\n        \(body)\n    }\n}\n"
        let program = try SwiftProgram(parsing: text, fileName: "S.swift")
        do {
            _ = try program.script(view: "S")
            Issue.record("expected an error for \(body)")
        } catch let .source(diagnostic) {
            return diagnostic
        } catch {
            Issue.record("unexpected \(error)")
        }
        return nil
    }

    @Test func strokeStylesKeepEveryProperty() throws {
        let style = "StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round, miterLimit: 1)"
        #expect(try root("Circle().trim(from: 0.2, to: 1).stroke(style: \(style))") == .shape(ShapeView(
            kind: .circle, trimFrom: 0.2, trimTo: 1, paint: .stroke(nil, StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round, miterLimit: 1)))))
        #expect(try root("Rectangle().stroke(Color.red, style: StrokeStyle(lineWidth: 2, lineJoin: .miter))") == .shape(ShapeView(
            kind: .rectangle, paint: .stroke(.system("red"), StrokeStyle(lineWidth: 2)))))
        #expect(try root("Rectangle().stroke(style: StrokeStyle(lineWidth: 2, lineJoin: .bevel, dash: [4, 2], dashPhase: 1))") == .shape(ShapeView(
            kind: .rectangle, paint: .stroke(nil, StrokeStyle(lineWidth: 2, lineJoin: .bevel, dash: [4, 2], dashPhase: 1)))))
        // A Rectangle with a round join is no longer one of the exact built-in outlines: it is
        // drawn through its path and the stroker.
        #expect(!ShapeView(kind: .rectangle, paint: .stroke(nil, StrokeStyle(lineJoin: .round))).isBuiltInOutline)
        #expect(ShapeView(kind: .circle, paint: .stroke(nil, StrokeStyle(lineJoin: .round))).isBuiltInOutline)
    }

    /// iOS 17: `stroke(style:)` and `stroke(lineWidth:)` make a shape that `fill(_:)` paints,
    /// the same stroke as `stroke(_:style:)` with that style; a stroke already painted is not a
    /// shape, so filling it again is refused at the call.
    @Test func aStrokeMadeWithoutAStyleIsFilled() throws {
        #expect(try root("Circle().trim(from: 0, to: 0.5).stroke(style: StrokeStyle(lineWidth: 4, lineCap: .round)).fill(Color.red)")
            == root("Circle().trim(from: 0, to: 0.5).stroke(Color.red, style: StrokeStyle(lineWidth: 4, lineCap: .round))"))
        #expect(try root("Capsule().stroke(lineWidth: 3).fill(.blue)") == root("Capsule().stroke(Color.blue, lineWidth: 3)"))
        let gradient = "AngularGradient(colors: [.purple, .pink], center: .center)"
        #expect(try root("Circle().stroke(lineWidth: 2).fill(\(gradient))") == root("Circle().stroke(\(gradient), lineWidth: 2)"))
        let diagnostic = try failure("Circle().stroke(Color.red, lineWidth: 2).fill(Color.blue)")
        #expect(diagnostic?.column == 50)
        #expect(diagnostic?.message.hasPrefix("'fill' applies to a shape, or to a stroke made without a style") == true)
    }

    @Test(arguments: [
        ("Circle().stroke(style: StrokeStyle(lineWidth: 2, dash: [4, -2]))", 64, "dash lengths must be numbers from 0 to 100000"),
        ("Circle().stroke(style: StrokeStyle(lineJoin: .square))", 54, "type 'CGLineJoin' has no member 'square'"),
        ("ProgressView().progressViewStyle(Color.red)", 42, "expected a progress view style, not a value of type 'Color'"),
    ])
    func unsupportedStylesAreNamed(body: String, column: Int, message: String) throws {
        let diagnostic = try failure(body)
        #expect(diagnostic?.message == message)
        #expect(diagnostic?.line == 3)
        #expect(diagnostic?.column == column)
    }

    @Test func circularProgressStyles() throws {
        #expect(try root("ProgressView().progressViewStyle(.circular)") == .progressView)
        #expect(try root("ProgressView().progressViewStyle(.automatic)") == .progressView)
        #expect(try root("ProgressView().progressViewStyle(CircularProgressViewStyle())") == .progressView)
        #expect(try root("ProgressView().progressViewStyle(CircularProgressViewStyle(tint: .blue))")
            == .modified(.progressView, .tint(.system("blue"))))
    }
}

/// SF Symbols as loader snippets write them: any name (the library's drawn, others the empty
/// image a device shows), variants, rendering modes and two foreground styles.
@Suite("Symbols in source")
struct SymbolSourceTests {
    func root(_ body: String) throws -> ViewNode {
        let text = "struct S: View {\n    var body: some View {\n        \(body)\n    }\n}\n"
        guard case let .custom(_, node) = try SwiftProgram(parsing: text, fileName: "S.swift").script(view: "S").initial else {
            Issue.record("expected the custom view")
            return .empty
        }
        return node
    }

    @Test func namesVariantsAndRenderingModesRead() throws {
        #expect(try root("Image(systemName: \"arrow.triangle.2.circlepath\")") == .symbol(.arrowTriangle2Circlepath))
        #expect(try root("Image(systemName: \"hexagon.filll\")") == .missingSymbol("hexagon.filll"))
        #expect(try root("Image(systemName: \"checkmark\").symbolVariant(.circle.fill)")
                == .modified(.symbol(.checkmark), .symbolVariant([.circle, .fill])))
        #expect(try root("Image(systemName: \"wifi\").symbolRenderingMode(.hierarchical)")
                == .modified(.symbol(.wifi), .symbolRenderingMode(.hierarchical)))
        #expect(try root("Image(systemName: \"wifi\").foregroundStyle(.red, .blue)")
                == .modified(.symbol(.wifi), .foregroundStyles(.system("red"), .system("blue"))))
    }
}
