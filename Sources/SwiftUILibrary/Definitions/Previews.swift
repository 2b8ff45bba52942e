import Scene
import SwiftCode

// What a preview says about itself: the `#Preview` macro's traits (`PreviewTrait`), and the
// modifiers a `PreviewProvider`'s views carry (`previewDisplayName`, `previewLayout`,
// `preferredColorScheme`).

/// One preview's settings of its own, read from how it is written.
public struct PreviewTraits: Hashable, Sendable {
    /// `#Preview("Name")` or `.previewDisplayName("Name")`; `nil` when neither names it.
    public var displayName: String?
    /// The `traits:` layout or `.previewLayout(_:)`; `nil` when neither is written.
    public var layout: PreviewLayout?
    /// Where the preview's view is written (the `#Preview`, or the view inside `previews`).
    public var location: SourceLocation

    /// Traits.
    public init(displayName: String? = nil, layout: PreviewLayout? = nil, location: SourceLocation) {
        self.displayName = displayName
        self.layout = layout
        self.location = location
    }
}

/// A preview modifier as written on a view.
enum PreviewModifier {
    /// `.previewDisplayName(_:)`.
    case displayName(String)
    /// `.previewLayout(_:)`.
    case layout(PreviewLayout)
    /// `.preferredColorScheme(_:)`: `nil` for `nil` (the system's).
    case colorScheme(Appearance?)
}

/// A `PreviewTrait` value: a layout, or an orientation (which has no meaning without a device).
struct PreviewTraitValue: NativeValue, Equatable {
    enum Kind: Equatable {
        case layout(PreviewLayout)
        case orientation(String)
    }
    var kind: Kind
    var nativeTypeName: String { "PreviewTrait" }
}

extension SwiftUILibrary {
    func definePreviews() {
        let layout = NativeType("PreviewLayout", summary: "`.device`, `.sizeThatFits` or `.fixed(width:height:)`: the preview's container.")
        layout.constant("device", .native(Boxed(value: PreviewLayout.device, typeName: "PreviewLayout")))
        layout.constant("sizeThatFits", .native(Boxed(value: PreviewLayout.sizeThatFits, typeName: "PreviewLayout")))
        layout.staticMethod("fixed", [NativeParameter("width", .double), NativeParameter("height", .double)]) { [unowned self] call throws(Interrupt) in
            .native(Boxed(value: try fixedLayout(call), typeName: "PreviewLayout"))
        }
        native.add(layout)

        let trait = NativeType("PreviewTrait", summary: "A `#Preview` trait: `.sizeThatFitsLayout`, `.fixedLayout(width:height:)`, `.defaultLayout`.")
        trait.constant("defaultLayout", .native(PreviewTraitValue(kind: .layout(.device))))
        trait.constant("sizeThatFitsLayout", .native(PreviewTraitValue(kind: .layout(.sizeThatFits))))
        trait.staticMethod("fixedLayout", [NativeParameter("width", .double), NativeParameter("height", .double)]) { [unowned self] call throws(Interrupt) in
            .native(PreviewTraitValue(kind: .layout(try fixedLayout(call))))
        }
        for orientation in ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"] {
            trait.constant(orientation, .native(PreviewTraitValue(kind: .orientation(orientation))))
        }
        native.add(trait)

        // The device and the widget context a preview is shown in: a render has one canvas, so
        // they are read and change nothing (the view is drawn at the size it takes).
        let device = NativeType("PreviewDevice", summary: "`PreviewDevice(rawValue:)`: accepted by `previewDevice(_:)`; a render has no device.")
        device.initializer([NativeParameter("rawValue", .string)]) { call throws(Interrupt) in
            .native(Boxed(value: try call.string(0), typeName: "PreviewDevice"))
        }
        native.add(device)
        let family = NativeType("WidgetFamily", summary: "A widget's size class, for `WidgetPreviewContext(family:)`.")
        for name in ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular", "accessoryRectangular",
                     "accessoryInline", "accessoryCorner"] {
            family.constant(name, .native(Boxed(value: name, typeName: "WidgetFamily")))
        }
        native.add(family)
        let context = NativeType("WidgetPreviewContext", summary: "`WidgetPreviewContext(family:)`: accepted by `previewContext(_:)`.")
        context.initializer([NativeParameter("family", .named("WidgetFamily"))]) { call throws(Interrupt) in
            .native(Boxed(value: call[0].text, typeName: "WidgetPreviewContext"))
        }
        native.add(context)

        guard let view = native.protocols["View"] else { return }
        view.method("previewDevice", [NativeParameter(nil, .optional(.named("PreviewDevice")))], result: Self.anyView) { call throws(Interrupt) in
            call.receiver ?? .void
        }
        view.method("previewContext", [NativeParameter(nil, .named("WidgetPreviewContext"))], result: Self.anyView) { call throws(Interrupt) in
            call.receiver ?? .void
        }
        view.method("previewDisplayName", [NativeParameter(nil, .any)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            if case .nilValue = call[0].dereferenced { return try modified(call, .preview(.displayName(""))) }
            return try modified(call, .preview(.displayName(try call.string(0))))
        }
        view.method("previewLayout", [NativeParameter(nil, .named("PreviewLayout"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .preview(.layout(try boxed(call, 0, PreviewLayout.self, "a PreviewLayout such as '.sizeThatFits'"))))
        }
        view.method("preferredColorScheme", [NativeParameter(nil, .named("ColorScheme"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            if case .nilValue = call[0].dereferenced { return try modified(call, .preview(.colorScheme(nil))) }
            let scheme = try boxed(call, 0, String.self, "a ColorScheme such as '.dark'")
            return try modified(call, .preview(.colorScheme(scheme == "dark" ? .dark : .light)))
        }
    }

    /// `.fixed(width:height:)`: each side from 1 to 10 000 points.
    private func fixedLayout(_ call: NativeCall) throws(Interrupt) -> PreviewLayout {
        .fixed(width: try number(call, 0, in: 1...10_000, "width"), height: try number(call, 1, in: 1...10_000, "height"))
    }
}

extension SwiftUILibrary {
    /// The traits of a `#Preview`'s arguments: its name, and the layout of its `traits:`.
    ///
    /// - Throws: ``SwiftCode/Interrupt`` at a trait that cannot apply without a device (an
    ///   orientation) or that is not a `PreviewTrait`.
    public func previewTraits(of expansion: MacroExpansion, evaluator: Evaluator) throws(Interrupt) -> PreviewTraits {
        var traits = PreviewTraits(location: expansion.location)
        var inTraits = false
        for (index, argument) in expansion.arguments.enumerated() {
            if argument.label == "traits" { inTraits = true } else if argument.label != nil { inTraits = false }
            if index == 0, argument.label == nil, case .stringLiteral = argument.value.kind {
                let value = try evaluator.evaluate(argument.value, expected: .string, in: evaluator.globals)
                if case let .string(text) = value.dereferenced { traits.displayName = text }
                continue
            }
            guard inTraits else { continue }
            let value = try evaluator.evaluate(argument.value, expected: .named("PreviewTrait"), in: evaluator.globals)
            guard case let .native(native) = value.dereferenced, let trait = native as? PreviewTraitValue else {
                throw .error("expected a PreviewTrait such as '.sizeThatFitsLayout', not a value of type '\(value.typeName)'", at: argument.value.location)
            }
            switch trait.kind {
            case let .layout(layout): traits.layout = layout
            case let .orientation(name):
                throw .error("'\(name)' is not supported here: a preview has no device to turn; supported traits: .defaultLayout, .sizeThatFitsLayout, .fixedLayout(width:height:)", at: argument.value.location)
            }
        }
        return traits
    }

    /// The previews a `PreviewProvider`'s `previews` makes, as Xcode shows them: each view of
    /// its builder block, of a `Group` and of a `ForEach` at its top is a preview of its own,
    /// with the `previewDisplayName` and `previewLayout` written on it or on what encloses it
    /// (the nearest to the view wins). Anything else is one preview.
    ///
    /// - Returns: Each preview's view and traits, in order.
    func previewVariants(_ description: ViewDescription, evaluator: Evaluator, traits: PreviewTraits) throws(Interrupt)
    -> [(view: ViewDescription, traits: PreviewTraits)] {
        switch description {
        case let .group(items):
            var result: [(view: ViewDescription, traits: PreviewTraits)] = []
            for item in items { result += try previewVariants(item, evaluator: evaluator, traits: traits) }
            return result
        case let .forEach(elements, _, content, location):
            var result: [(view: ViewDescription, traits: PreviewTraits)] = []
            for element in elements {
                let built = try view(try evaluator.call(content, [element], at: location), at: location)
                result += try previewVariants(built, evaluator: evaluator, traits: traits)
            }
            return result
        case let .branch(index, inner):
            guard let inner else { return [] }
            return try previewVariants(inner, evaluator: evaluator, traits: traits).map { (.branch(index, $0.view), $0.traits) }
        case let .modified(inner, modifier):
            var traits = traits
            if case let .preview(preview) = modifier {
                switch preview {
                case let .displayName(name): traits.displayName = name.isEmpty ? nil : name
                case let .layout(layout): traits.layout = layout
                case .colorScheme: break
                }
            }
            return try previewVariants(inner, evaluator: evaluator, traits: traits).map { (.modified($0.view, modifier), $0.traits) }
        case let .user(_, location, _):
            var traits = traits
            traits.location = location
            return [(description, traits)]
        default:
            return [(description, traits)]
        }
    }
}
