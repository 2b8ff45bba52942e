import Scene
import SwiftCode

// Controls that loaders and their previews show: `Button` at rest (a render never taps it),
// its roles and built-in styles, and button styles of the file's own.

/// `makeBody(configuration:)`'s argument for a `ButtonStyle` of the file's own: the label, and
/// `isPressed` (always `false`: a render shows the button at rest).
struct ButtonConfiguration: NativeValue {
    var label: ViewDescription
    var destructive: Bool
    var nativeTypeName: String { "ButtonStyleConfiguration" }
    func isEqual(to other: any NativeValue) -> Bool { false }
}

extension SwiftUILibrary {
    func defineControls() {
        let role = NativeType("ButtonRole", summary: "`.destructive`, `.cancel`.")
        role.constant("destructive", .native(Boxed(value: "destructive", typeName: "ButtonRole")))
        role.constant("cancel", .native(Boxed(value: "cancel", typeName: "ButtonRole")))
        native.add(role)

        // A button's label in the style in force (`EnvironmentModifier.buttonLabel`); the action
        // is kept by nobody, since nothing taps it.
        func button(_ label: ViewDescription, role: Value = .nilValue) -> Value {
            var destructive = false
            if case let .native(native) = role.dereferenced, let box = native as? Boxed<String> { destructive = box.value == "destructive" }
            return .native(ViewDescription.modified(label, .node(.environment(.buttonLabel(destructive: destructive)))))
        }
        func title(_ call: NativeCall, _ index: Int) throws(Interrupt) -> ViewDescription {
            .leaf(.text(TextContent(try call.string(index), at: call.mark)), typeName: "Text")
        }
        let roleParameter = NativeParameter("role", .optional(.named("ButtonRole")), default: .nilValue)
        let labelParameter = NativeParameter("label", Self.builderClosure, builder: "ViewBuilder")
        let type = NativeType("Button", protocols: ["View"],
                              summary: "`Button(action:label:)`, `Button(\"Title\", systemImage:role:action:)`: the label at rest, tinted as its style says.")
        type.initializer([NativeParameter("action", Self.action), labelParameter]) { [unowned self] call throws(Interrupt) in
            button(try view(try call.call(1, []), at: call.location))
        }
        type.initializer([roleParameter, NativeParameter("action", Self.action), labelParameter]) { [unowned self] call throws(Interrupt) in
            button(try view(try call.call(2, []), at: call.location), role: call[0])
        }
        type.initializer([NativeParameter(nil, .string), roleParameter, NativeParameter("action", Self.action)]) { call throws(Interrupt) in
            button(try title(call, 0), role: call[1])
        }
        type.initializer([NativeParameter(nil, .string), NativeParameter("systemImage", .string), roleParameter,
                          NativeParameter("action", Self.action)]) { [unowned self] call throws(Interrupt) in
            // The title and the symbol as `Label(_:systemImage:)` lays them out.
            let label = ViewNode.stack(.horizontal, alignment: .center, spacing: nil,
                                       children: [try symbol(call, 1), .text(TextContent(try call.string(0), at: call.mark))])
            return button(.leaf(label, typeName: "Label"), role: call[2])
        }
        native.add(type)

        let style = NativeType("ButtonStyle", summary: "`.automatic`, `.borderless`, `.plain`, or a style of the file's own.")
        for kind in [ButtonStyleKind.automatic, .borderless, .plain] {
            style.constant(kind.rawValue, .native(Boxed(value: kind, typeName: "ButtonStyle")))
        }
        native.addProtocol(style)
        native.protocols["PrimitiveButtonStyle"] = style
        for (name, kind) in [("DefaultButtonStyle", ButtonStyleKind.automatic), ("BorderlessButtonStyle", .borderless), ("PlainButtonStyle", .plain)] {
            let concrete = NativeType(name, protocols: ["ButtonStyle"], summary: "`\(name)()`: `.\(kind.rawValue)`.")
            concrete.initializer([]) { _ throws(Interrupt) in .native(Boxed(value: kind, typeName: "ButtonStyle")) }
            native.add(concrete)
        }

        let configuration = NativeType("ButtonStyleConfiguration", summary: "`makeBody(configuration:)`'s argument: `label`, `isPressed`, `role`.")
        configuration.property("label", type: .named("View")) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver?.dereferenced, let value = native as? ButtonConfiguration else { return .native(ViewDescription.empty) }
            return .native(value.label)
        }
        configuration.property("isPressed", type: .bool) { _ throws(Interrupt) in .bool(false) }
        configuration.property("role", type: .optional(.named("ButtonRole"))) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver?.dereferenced, let value = native as? ButtonConfiguration, value.destructive else { return .nilValue }
            return .native(Boxed(value: "destructive", typeName: "ButtonRole"))
        }
        native.add(configuration)
        native.types["ButtonStyle.Configuration"] = configuration
        native.types["PrimitiveButtonStyle.Configuration"] = configuration

        guard let view = native.protocols["View"] else { return }
        view.method("buttonStyle", [NativeParameter(nil, .named("ButtonStyle"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            if case .instance = call[0].dereferenced { return try customButtonStyle(call) }
            return try modified(call, .node(.environment(.buttonStyle(try boxed(call, 0, ButtonStyleKind.self, "a button style")))))
        }
    }

    /// `.buttonStyle(MyStyle())` with a `ButtonStyle` of the file's own: the style's
    /// `makeBody(configuration:)` with the button's label, in place of the button.
    ///
    /// SwiftUI hands the style down to every button inside; here it applies to the button it is
    /// written on (or the buttons a stack written before it holds), which is where loaders and
    /// their previews write it.
    private func customButtonStyle(_ call: NativeCall) throws(Interrupt) -> Value {
        let style = call[0].dereferenced
        func restyled(_ description: ViewDescription) throws(Interrupt) -> ViewDescription {
            switch description {
            case let .modified(label, .node(.environment(.buttonLabel(destructive)))):
                let method = try call.evaluator.member("makeBody", of: style, at: call.argumentLocations[0], in: call.evaluator.globals)
                let body = try call.evaluator.call(method, [.native(ButtonConfiguration(label: label, destructive: destructive))], at: call.location)
                return try view(body, at: call.location)
            case let .modified(inner, modifier): return .modified(try restyled(inner), modifier)
            case let .stack(axis, alignment, spacing, content):
                return .stack(axis, alignment: alignment, spacing: spacing, content: try restyled(content))
            case let .group(items):
                var restyledItems: [ViewDescription] = []
                for item in items { restyledItems.append(try restyled(item)) }
                return .group(restyledItems)
            default: return description
            }
        }
        return .native(try restyled(try receiver(call)))
    }
}
