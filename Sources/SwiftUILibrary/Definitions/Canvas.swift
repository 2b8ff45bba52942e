import Raster
import Scene
import SwiftCode

// `Canvas { context, size in … }`: the renderer closure runs with a `GraphicsContext` that
// records what it fills and strokes; each recorded path becomes a path view of the file's
// drawing, all stacked in the canvas's frame, which takes the size offered, as a
// `GeometryReader` does. A `TimelineView` around it runs the closure again at each update.

/// The paths a canvas's renderer drew, in order: shared by the copies of its context.
final class CanvasRecording {
    var views: [ViewDescription] = []
}

/// `GraphicsContext`: where the renderer draws, its transform and opacity (copies of the
/// context draw into the same canvas with their own transform, as SwiftUI's struct does).
struct GraphicsContextValue: NativeValue {
    let recording: CanvasRecording
    var transform: AffineTransform = .identity
    var opacity = 1.0
    var nativeTypeName: String { "GraphicsContext" }
    func isEqual(to other: any NativeValue) -> Bool {
        guard let other = other as? GraphicsContextValue else { return false }
        return recording === other.recording && transform == other.transform && opacity == other.opacity
    }
}

/// `GraphicsContext.Shading.color(_:)`: the one shading a canvas's paths take here.
struct ShadingValue: NativeValue, Equatable {
    var color: ColorValue
    var nativeTypeName: String { "GraphicsContext.Shading" }
}

extension SwiftUILibrary {
    func defineCanvas() {
        let shading = NativeType("GraphicsContext.Shading", summary: "`.color(_:)`: a canvas path's colour (gradients and images are not supported).")
        shading.staticMethod("color", [NativeParameter(nil, .named("Color"))]) { [unowned self] call throws(Interrupt) in
            .native(ShadingValue(color: try color(call[0], call, argument: 0)))
        }
        native.add(shading)

        let context = NativeType("GraphicsContext", summary: "What a `Canvas` renderer draws with: `fill(_:with:style:)`, `stroke(_:with:lineWidth:)`, `stroke(_:with:style:)`, `translateBy(x:y:)`, `rotate(by:)`, `scaleBy(x:y:)`, `opacity`.")
        context.nestedTypes["Shading"] = shading
        func own(_ call: NativeCall) throws(Interrupt) -> GraphicsContextValue {
            guard case let .native(native)? = call.receiver?.dereferenced, let value = native as? GraphicsContextValue else {
                throw call.error("expected a GraphicsContext")
            }
            return value
        }
        /// A mutating method: the context's transform or opacity changed by `change`.
        func mutate(_ name: String, _ parameters: [NativeParameter], _ change: @escaping (inout GraphicsContextValue, NativeCall) throws(Interrupt) -> Void) {
            context.method(name, parameters, result: .void, mutating: true) { call throws(Interrupt) in
                var value = try own(call)
                try change(&value, call)
                call.mutatedReceiver?.value = .native(value)
                return .void
            }
        }
        mutate("translateBy", [NativeParameter("x", .double), NativeParameter("y", .double)]) { value, call throws(Interrupt) in
            value.transform = AffineTransform.translation(x: try call.number(0), y: try call.number(1)).concatenating(value.transform)
        }
        mutate("scaleBy", [NativeParameter("x", .double), NativeParameter("y", .double)]) { value, call throws(Interrupt) in
            value.transform = AffineTransform.scale(x: try call.number(0), y: try call.number(1)).concatenating(value.transform)
        }
        mutate("rotate", [NativeParameter("by", .named("Angle"))]) { [unowned self] value, call throws(Interrupt) in
            value.transform = AffineTransform.rotation(radians: try degrees(call, 0) * Double.pi / 180).concatenating(value.transform)
        }
        context.property("opacity", type: .double) { call throws(Interrupt) in .double(try own(call).opacity) }
        context.setter("opacity") { receiver, newValue, location throws(Interrupt) in
            guard case let .native(native) = receiver.dereferenced, var value = native as? GraphicsContextValue else {
                throw Interrupt.error("expected a GraphicsContext", at: location)
            }
            guard let number = newValue.dereferenced.number, number.isFinite else { throw Interrupt.error("a canvas's opacity is a number", at: location) }
            value.opacity = min(1, max(0, number))
            return .native(value)
        }
        /// Records `path` painted with `shading` under the context's transform and opacity.
        func record(_ call: NativeCall, _ paint: (ColorValue) -> ShapePaint) throws(Interrupt) -> Value {
            let value = try own(call)
            let path = try call.native(0, PathBox.self, "a Path").path.applying(value.transform)
            let shading = try call.native(1, ShadingValue.self, "a shading such as '.color(.red)'")
            guard value.recording.views.count < 10_000 else { throw call.error("a canvas draws at most 10 000 paths") }
            let colour = value.opacity < 1 ? ColorValue.opacity(shading.color, value.opacity) : shading.color
            let shape = ShapeView(kind: .custom(CustomShape(name: "Path", fingerprint: String(describing: path.elements), animatableData: [],
                                                            provider: ShapeProvider { _, _ in path })), paint: paint(colour))
            value.recording.views.append(.shape(shape, painted: true))
            return .void
        }
        context.method("fill", [NativeParameter(nil, .named("Path")), NativeParameter("with", .named("GraphicsContext.Shading")),
                                NativeParameter("style", .named("FillStyle"), default: .nilValue)], result: .void) { call throws(Interrupt) in
            try record(call) { .fill($0) }
        }
        context.method("stroke", [NativeParameter(nil, .named("Path")), NativeParameter("with", .named("GraphicsContext.Shading")),
                                  NativeParameter("lineWidth", .double, default: .double(1))], result: .void) { call throws(Interrupt) in
            let width = max(0, try call.number(2))
            return try record(call) { .stroke($0, StrokeStyle(lineWidth: width)) }
        }
        context.method("stroke", [NativeParameter(nil, .named("Path")), NativeParameter("with", .named("GraphicsContext.Shading")),
                                  NativeParameter("style", .named("StrokeStyle"))], result: .void) { [unowned self] call throws(Interrupt) in
            let style = try boxed(call, 2, StrokeStyle.self, "a StrokeStyle")
            return try record(call) { .stroke($0, style) }
        }
        native.add(context)
        native.types["GraphicsContext.Shading"] = shading

        let canvas = NativeType("Canvas", protocols: ["View"],
                                summary: "`Canvas { context, size in … }`: the paths its renderer fills and strokes, in the size offered (as a `GeometryReader` takes it).")
        canvas.initializer([NativeParameter("opaque", .bool, default: .bool(false)), NativeParameter("colorMode", .any, default: .nilValue),
                            NativeParameter("rendersAsynchronously", .bool, default: .bool(false)),
                            NativeParameter("renderer", .function(parameters: [.named("GraphicsContext"), .named("CGSize")], result: .void))]) { call throws(Interrupt) in
            guard case let .function(renderer) = call[3] else {
                throw call.error("'Canvas' takes its renderer in braces: 'Canvas { context, size in … }'")
            }
            let location = call.location
            // The content a GeometryReader would be given: made for the size the canvas takes.
            let content = Function(.native([NativeFunction([NativeParameter(nil, .named("GeometryProxy"))], result: .named("View")) { inner throws(Interrupt) in
                guard case let .native(native) = inner[0].dereferenced, let proxy = native as? GeometryProxyValue else {
                    throw inner.error("expected a GeometryProxy")
                }
                let recording = CanvasRecording()
                _ = try inner.evaluator.call(renderer, [.native(GraphicsContextValue(recording: recording)),
                                                        .native(CGSizeValue(width: proxy.width, height: proxy.height))], at: location)
                return .native(ViewDescription.stack(.depth, alignment: Alignment(horizontal: 0, vertical: 0), spacing: nil,
                                                     content: .group(recording.views)))
            }]), environment: call.evaluator.globals, name: "Canvas")
            return .native(ViewDescription.geometryReader(content: content, at: location))
        }
        native.add(canvas)
    }
}
