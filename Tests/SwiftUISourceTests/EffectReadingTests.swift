import Motion
import Raster
import Scene
import SwiftUISource
import Testing

/// The drawing effects as loaders write them: each reads into the modifier it means, with
/// SwiftUI's defaults, and a wrong argument is reported where it is.
@Suite struct EffectReadingTests {
    func root(_ body: String) throws -> ViewNode {
        let source = """
        import SwiftUI
        struct Loader: View {
            @State private var on = false
            var body: some View {
                \(body)
            }
        }
        """
        return try SwiftProgram(parsing: source, fileName: "Loader.swift").script(view: "Loader").initial
    }

    /// The outermost modifier of the loader's body.
    func modifier(_ body: String) throws -> ViewModifier? {
        guard case let .custom(_, .modified(_, modifier)) = try root(body) else { return nil }
        return modifier
    }

    @Test func effectsReadAsTheirModifiers() throws {
        let black33 = ColorValue.rgb(red: 0, green: 0, blue: 0, opacity: 0.33)
        let cases: [(String, ViewModifier)] = [
            ("Circle().shadow(radius: 4)", .effect(.shadow(color: black33, radius: 4, x: 0, y: 0))),
            ("Circle().shadow(color: .blue, radius: 6, x: 1, y: -2)", .effect(.shadow(color: .system("blue"), radius: 6, x: 1, y: -2))),
            ("Circle().blur(radius: on ? 8 : 2)", .effect(.blur(radius: 2, opaque: false))),
            ("Circle().blur(radius: 3, opaque: true)", .effect(.blur(radius: 3, opaque: true))),
            ("Rectangle().cornerRadius(12)",
             .effect(.mask(.shape(ShapeView(kind: .roundedRectangle(cornerRadius: 12), paint: .fill(.fixed(.black)))), alignment: .center))),
            ("Rectangle().clipped()", .effect(.mask(.shape(ShapeView(kind: .rectangle, paint: .fill(.fixed(.black)))), alignment: .center))),
            ("Rectangle().clipShape(Circle())", .effect(.mask(.shape(ShapeView(kind: .circle, paint: .fill(.fixed(.black)))), alignment: .center))),
            ("Rectangle().mask { Capsule().fill(Color.white) }",
             .effect(.mask(.shape(ShapeView(kind: .capsule, paint: .fill(.system("white")))), alignment: .center))),
            ("Rectangle().mask(alignment: .top) { Circle() }",
             .effect(.mask(.shape(ShapeView(kind: .circle)), alignment: Alignment(horizontal: 0.5, vertical: 0)))),
            ("Rectangle().mask(Circle())", .effect(.mask(.shape(ShapeView(kind: .circle)), alignment: .center))),
            ("Circle().compositingGroup()", .effect(.compositingGroup)),
            ("Circle().drawingGroup()", .effect(.compositingGroup)),
            ("Circle().blendMode(.multiply)", .effect(.blendMode(.multiply))),
            ("Circle().brightness(0.2)", .effect(.colour(.brightness(0.2)))),
            ("Circle().contrast(1.5)", .effect(.colour(.contrast(1.5)))),
            ("Circle().saturation(0)", .effect(.colour(.saturation(0)))),
            ("Circle().grayscale(0.5)", .effect(.colour(.grayscale(0.5)))),
            ("Circle().hueRotation(.degrees(90))", .effect(.colour(.hueRotation(90)))),
            ("Circle().colorMultiply(.red)", .effect(.colour(.colorMultiply(.system("red"))))),
            ("Circle().colorInvert()", .effect(.colour(.colorInvert))),
            ("Circle().luminanceToAlpha()", .effect(.colour(.luminanceToAlpha))),
            ("Circle().rotation3DEffect(.degrees(on ? 180 : 30), axis: (x: 0, y: 1, z: 0))",
             .effect(.rotation3D(degrees: 30, axis: Axis3D(x: 0, y: 1, z: 0), anchor: .center, anchorZ: 0, perspective: 1))),
            ("Circle().rotation3DEffect(.degrees(45), axis: (1, 0, 0), anchor: .leading, anchorZ: 10, perspective: 0.5)",
             .effect(.rotation3D(degrees: 45, axis: Axis3D(x: 1, y: 0, z: 0), anchor: UnitPoint(x: 0, y: 0.5), anchorZ: 10, perspective: 0.5))),
            ("Circle().transformEffect(CGAffineTransform(scaleX: 2, y: 1))",
             .effect(.projection(Projection(m11: 2, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)))),
            ("Circle().projectionEffect(ProjectionTransform(CGAffineTransform(translationX: 3, y: 4)))",
             .effect(.projection(Projection(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 3, m32: 4, m33: 1)))),
        ]
        for (body, expected) in cases {
            #expect(try modifier(body) == expected, "\(body)")
        }
    }

    @Test func materialsReadAsBackdropBlursInTheirShapes() throws {
        func glass(_ kind: ShapeKind, _ material: Material) -> ViewModifier {
            .background(.modified(.shape(ShapeView(kind: kind, paint: .fill(.fixed(.black)))), .effect(.material(material))))
        }
        #expect(try modifier("Text(\"a\").background(.ultraThinMaterial)") == glass(.rectangle, .ultraThin))
        #expect(try modifier("Text(\"a\").background(.thickMaterial, in: RoundedRectangle(cornerRadius: 8, style: .circular))")
                == glass(.roundedRectangle(cornerRadius: 8), .thick))
        #expect(try modifier("Text(\"a\").background(Material.regular, in: Capsule())") == glass(.capsule, .regular))
        #expect(try modifier("Text(\"a\").background(Color.red, in: Circle())")
                == .background(.shape(ShapeView(kind: .circle, paint: .fill(.system("red"))))))
    }

    @Test func aWrongAxisIsReportedAtTheArgument() throws {
        do {
            _ = try root("Circle().rotation3DEffect(.degrees(45), axis: (x: 0, y: 1))")
            Issue.record("no error")
        } catch let error as SwiftUISourceError {
            guard case let .source(diagnostic) = error else {
                Issue.record("not a source diagnostic: \(error)")
                return
            }
            #expect(diagnostic.message == "expected an axis as a tuple '(x: 0, y: 1, z: 0)'")
            #expect(diagnostic.line == 5)
            #expect(diagnostic.column == 55)
        }
    }

    /// Modifiers of SwiftUI's navigation, list, input and text topics that a loader's file
    /// carries from its screen are refused by name at the modifier, not as members the view
    /// lacks ("value of type 'ProgressView' has no member …", which reads as a typo).
    @Test(arguments: [("ProgressView().refreshable { }", "refreshable", 24),
                      ("Text(\"Loading\").lineSpacing(4)", "lineSpacing", 25),
                      ("Circle().sensoryFeedback(.success, trigger: on)", "sensoryFeedback", 18)])
    func aScreensModifierIsRefusedByName(body: String, name: String, column: Int) throws {
        let error = #expect(throws: SwiftUISourceError.self) { try root(body) }
        guard case let .source(diagnostic)? = error else { return }
        #expect(diagnostic.message.hasPrefix("modifier '\(name)' is not supported; supported:"), "\(diagnostic.message)")
        #expect(diagnostic.line == 5)
        #expect(diagnostic.column == column, "\(diagnostic.column)")
    }

    @Test func anUnsupportedModifierIsRefusedByName() throws {
        do {
            _ = try root("Circle().geometryGroup()")
            Issue.record("no error")
        } catch let error as SwiftUISourceError {
            guard case let .source(diagnostic) = error else { return }
            #expect(diagnostic.message.hasPrefix("modifier 'geometryGroup' is not supported; supported:"))
            #expect(diagnostic.message.contains("blendMode, blur,"))
            #expect(diagnostic.message.contains("clipShape, clipped,"))
        }
    }
}
