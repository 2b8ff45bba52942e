import Motion
import Scene
import SwiftCode

// The views: `Image(systemName:)`, `ProgressView()`, the built-in shapes, the stacks, `Group`,
// `EmptyView` and `ForEach`.

extension SwiftUILibrary {
    /// The most views one `ForEach` makes: enough for any spinner's dots or ticks, few enough
    /// that a typo such as `0..<1_000_000` fails at once instead of rendering for minutes.
    public static let maximumForEachElements = 1_000

    // Computed, not stored, as `anyView` is (Modifiers.swift): LeakSanitizer cannot follow a
    // stored indirect enum.
    static var builderClosure: ValueType { .function(parameters: [], result: .named("View")) }

    func defineViews() {
        let image = NativeType("Image", protocols: ["View"], summary: "`Image(systemName:)`: an SF Symbol drawn as our own geometry; `Image(\"logo\")`, `Image(.logo)`, `Image(uiImage:)`: a bitmap of the asset catalogue.")
        image.initializer([NativeParameter("systemName", .string)]) { [unowned self] call throws(Interrupt) in
            .native(ViewDescription.leaf(try symbol(call, 0), typeName: "Image"))
        }
        // `resizable(capInsets:resizingMode:)`: cap insets and tiling change nothing on a symbol,
        // which is stretched whole.
        image.method("resizable", [NativeParameter("capInsets", .any, default: .nilValue), NativeParameter("resizingMode", .any, default: .nilValue)],
                     result: .named("Image")) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.layout(.resizable)))
        }
        native.add(image)

        let progress = NativeType("ProgressView", protocols: ["View"], summary: "`ProgressView()`: the indeterminate circular activity indicator.")
        progress.initializer([]) { _ throws(Interrupt) in .native(ViewDescription.leaf(.progressView, typeName: "ProgressView")) }
        native.add(progress)

        for (name, kind) in [("Circle", ShapeKind.circle), ("Capsule", .capsule), ("Rectangle", .rectangle)] {
            let shape = NativeType(name, protocols: ["InsettableShape"], summary: name == "Capsule" ? "`Capsule(style:)`." : "`\(name)()`.")
            shape.initializer([]) { _ throws(Interrupt) in .native(ViewDescription.shape(ShapeView(kind: kind), painted: false)) }
            native.add(shape)
        }

        for (name, axis) in [("VStack", StackAxis.vertical), ("HStack", .horizontal), ("ZStack", .depth)] {
            let stack = NativeType(name, protocols: ["View"], summary: "`\(name)(alignment:\(axis == .depth ? "" : "spacing:")) { … }`.")
            let alignmentType: ValueType = axis == .vertical ? .named("HorizontalAlignment") : axis == .horizontal ? .named("VerticalAlignment") : .named("Alignment")
            var parameters = [NativeParameter("alignment", alignmentType, default: .native(Boxed(value: Alignment.center, typeName: "Alignment")))]
            if axis != .depth { parameters.append(NativeParameter("spacing", .optional(.double), default: .nilValue)) }
            parameters.append(NativeParameter("content", Self.builderClosure, builder: "ViewBuilder"))
            stack.initializer(parameters) { [unowned self] call throws(Interrupt) in
                let alignment = try boxed(call, 0, Alignment.self, "an alignment")
                var spacing: Double?
                if axis != .depth, case .nilValue = call[1] {} else if axis != .depth {
                    spacing = try number(call, 1, in: -10_000...10_000, "spacing")
                }
                let content = try view(try call.call(parameters.count - 1, []), at: call.location)
                return .native(ViewDescription.stack(axis, alignment: alignment, spacing: spacing, content: content))
            }
            native.add(stack)
        }

        let group = NativeType("Group", protocols: ["View"], summary: "`Group { … }`: its views, each placed in the container.")
        group.initializer([NativeParameter("content", Self.builderClosure, builder: "ViewBuilder")]) { [unowned self] call throws(Interrupt) in
            .native(try view(try call.call(0, []), at: call.location))
        }
        native.add(group)

        let empty = NativeType("EmptyView", protocols: ["View"], summary: "`EmptyView()`: nothing.")
        empty.initializer([]) { _ throws(Interrupt) in .native(ViewDescription.empty) }
        native.add(empty)

        let forEach = NativeType("ForEach", protocols: ["View"], summary: "`ForEach(data, id:) { element in … }`: its content once per element.")
        forEach.initializer([NativeParameter(nil, .any), NativeParameter("id", .any, default: .nilValue),
                             NativeParameter("content", .function(parameters: [.any], result: .named("View")), builder: "ViewBuilder")]) { [unowned self] call throws(Interrupt) in
            try makeForEach(call)
        }
        native.add(forEach)
    }

    /// The symbol named by argument `index`, as a view: the library's symbol, or for a name
    /// outside the library the empty image a device shows (the command line warns, naming the
    /// closest names, and `--strict` refuses it).
    func symbol(_ call: NativeCall, _ index: Int) throws(Interrupt) -> ViewNode {
        let name = try call.string(index)
        return SymbolName(rawValue: name).map(ViewNode.symbol) ?? .missingSymbol(name)
    }

    /// `ForEach`: the elements of a range, an array or a stride, each with its identity (its
    /// value for a range, the `id:` key path's value, an `Identifiable` element's `id`, else
    /// its position), so that a view keeps its state when the data grows.
    private func makeForEach(_ call: NativeCall) throws(Interrupt) -> Value {
        let data = call[0].dereferenced
        var identifiedByValue = false
        if case let .range(range) = data, let integers = range.integers {
            guard integers.count <= Self.maximumForEachElements else {
                throw call.error("this ForEach makes \(integers.count) views; at most \(Self.maximumForEachElements) are supported", argument: 0)
            }
            identifiedByValue = true
        }
        let elements = try call.evaluator.iterate(data, at: call.argumentLocations[0])
        guard elements.count <= Self.maximumForEachElements else {
            throw call.error("this ForEach makes \(elements.count) views; at most \(Self.maximumForEachElements) are supported", argument: 0)
        }
        var identities: [String] = []
        for (position, element) in elements.enumerated() {
            if case let .native(keyPath as KeyPathValue) = call[1] {
                var value = element
                for component in keyPath.components where component != "self" {
                    value = try call.evaluator.member(component, of: value, at: call.argumentLocations[1], in: call.evaluator.globals)
                }
                identities.append(value.text)
            } else if identifiedByValue {
                identities.append(element.text)
            } else if case .instance = element, let id = try? call.evaluator.member("id", of: element, at: call.location, in: call.evaluator.globals) {
                identities.append(id.text)
            } else {
                identities.append(String(position))
            }
        }
        guard case let .function(content) = call[2] else {
            throw call.error("'ForEach' needs its content in braces: 'ForEach(0..<8) { index in … }'")
        }
        // The content takes one element: `{ a, b in … }` is swiftc's error, not a second `nil`.
        if case let .closure(closure) = content.body, let parameters = closure.parameters, parameters.count != 1 {
            throw .error("contextual closure type '(\(elements.first?.typeName ?? "Element")) -> some View' expects 1 argument, but \(parameters.count) were used in closure body",
                         at: parameters.first?.location ?? call.location)
        }
        return .native(ViewDescription.forEach(elements: elements, identities: identities, content: content, at: call.location))
    }
}
