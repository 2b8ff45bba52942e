import Scene
import SwiftCode

// Property wrappers: `@State`, `@Binding`, `@Environment`, `@StateObject`, `@ObservedObject`,
// `@Published`, `@AppStorage` and the others view code declares, and `State(initialValue:)`,
// `Binding.constant(_:)`.

extension SwiftUILibrary {
    func definePropertyWrappers() {
        let stored: (Attribute, Value?, SourceLocation) throws(Interrupt) -> Cell = { [unowned self] attribute, value, location throws(Interrupt) in
            guard let value else {
                throw .error("@\(attribute.name) property needs an initial value", at: location)
            }
            return storage(value)
        }
        for name in ["State", "StateObject", "ObservedObject", "Published", "AppStorage", "SceneStorage", "ScaledMetric", "GestureState", "FocusState"] {
            native.propertyWrappers[name] = PropertyWrapperDefinition(parameter: .wrappedValue, makeStorage: stored)
        }
        native.propertyWrappers["StateObject"]?.defersInitialValue = true
        native.propertyWrappers["Binding"] = PropertyWrapperDefinition(parameter: .binding, makeStorage: stored)
        native.propertyWrappers["Environment"] = PropertyWrapperDefinition(parameter: .omitted) { [unowned self] attribute, _, location throws(Interrupt) in
            guard case let .native(keyPath as KeyPathValue)? = attribute.arguments?.first?.value.kindKeyPath else {
                return Cell(.nilValue, isReadOnly: true)
            }
            return Cell(try environmentValue(keyPath.components, at: location), isReadOnly: true)
        }
        native.propertyWrappers["EnvironmentObject"] = PropertyWrapperDefinition(parameter: .omitted) { attribute, _, location throws(Interrupt) in
            throw .error("@EnvironmentObject is not supported here: its object comes from an ancestor's .environmentObject(_:) in the app, which one file's preview does not pass down", at: location)
        }
        native.propertyWrappers["Namespace"] = PropertyWrapperDefinition(parameter: .omitted) { _, _, _ throws(Interrupt) in
            Cell(.native(Boxed(value: "namespace", typeName: "Namespace.ID")), isReadOnly: true)
        }

        let state = NativeType("State", summary: "`State(initialValue:)`: the storage of a `@State` property.")
        for label in ["initialValue", "wrappedValue"] {
            state.initializer([NativeParameter(label, .any)]) { [unowned self] call throws(Interrupt) in .binding(storage(call[0])) }
        }
        native.add(state)
        let binding = NativeType("Binding", summary: "`Binding.constant(_:)`, `$state`.")
        binding.staticMethod("constant", [NativeParameter(nil, .any)]) { call throws(Interrupt) in
            let cell = Cell(call[0], isReadOnly: true)
            cell.discardsWrites = true
            return .binding(cell)
        }
        native.add(binding)
    }

    /// Storage whose writes are changes of state.
    func storage(_ value: Value) -> Cell {
        let cell = Cell(value)
        cell.onWrite = { [weak self] _ in self?.runner?.willChangeState() }
        return cell
    }

    /// `@Environment(\.name)`'s value.
    private func environmentValue(_ components: [String], at location: SourceLocation) throws(Interrupt) -> Value {
        switch components.first {
        case "colorScheme": return .native(Boxed(value: isDark ? "dark" : "light", typeName: "ColorScheme"))
        case "isEnabled": return .bool(true)
        case "layoutDirection": return .native(Boxed(value: "leftToRight", typeName: "LayoutDirection"))
        case "accessibilityReduceMotion", "accessibilityReduceTransparency", "accessibilityDifferentiateWithoutColor": return .bool(false)
        case "displayScale": return .double(2)
        // The default: a `controlSize(_:)` set around the view is not seen by what it reads.
        case "controlSize": return .native(Boxed(value: ControlSize.regular, typeName: "ControlSize"))
        case "dismiss": return .function(Function(.native([NativeFunction([]) { _ throws(Interrupt) in .void }]), environment: Environment(parent: nil), name: "dismiss"))
        default:
            throw .error("@Environment(\\.\(components.joined(separator: "."))) is not supported here; supported: colorScheme, isEnabled, layoutDirection, accessibilityReduceMotion, displayScale, controlSize, dismiss", at: location)
        }
    }
}

extension Expression {
    /// The key path an `@Environment(\.x)` attribute names, as a value.
    fileprivate var kindKeyPath: Value? {
        if case let .keyPath(_, components) = kind { return .native(KeyPathValue(components: components)) }
        return nil
    }
}
