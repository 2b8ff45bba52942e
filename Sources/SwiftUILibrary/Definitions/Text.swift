import Scene
import SwiftCode
import Typography

// `Text`, `Label` and every `ProgressView` form, and the text modifiers. A `Text` keeps its
// pieces while modifiers that return `Text` are written on it (`Text("a").bold() + Text("b")`);
// on any other view the same modifiers are inherited by the texts inside.

extension SwiftUILibrary {
    func defineText() {
        let text = NativeType("Text", protocols: ["View"], summary: "`Text(\"…\")` with interpolation, `Text(verbatim:)`, `Text + Text`.")
        text.initializer([NativeParameter(nil, .string)]) { call throws(Interrupt) in
            Self.text(TextContent(try call.string(0), at: call.mark))
        }
        text.initializer([NativeParameter("verbatim", .string)]) { call throws(Interrupt) in
            Self.text(TextContent(try call.string(0), at: call.mark))
        }
        // `Text(progress, format: .percent)`: the number as the format style writes it.
        text.initializer([NativeParameter(nil, .any), NativeParameter("format", .named("FormatStyle"))]) { call throws(Interrupt) in
            let style = try call.native(1, NumberFormatStyleValue.self, "a number format style such as '.percent' or '.number'")
            guard let written = style.format(call[0]) else {
                throw call.error("a number format style writes an Int or a Double, not a value of type '\(call[0].typeName)'", argument: 0)
            }
            return Self.text(TextContent(written, at: call.mark))
        }
        text.binaryOperator("+", right: .named("Text")) { call throws(Interrupt) in
            guard let left = Self.content(call[0]), let right = Self.content(call[1]) else { throw call.error("'+' joins Text views only") }
            return Self.text(TextContent(left.pieces + right.pieces))
        }
        // Modifiers that return `Text`: folded into the pieces (the innermost one wins, as on a device).
        func piece(_ name: String, _ parameters: [NativeParameter], _ change: @escaping (inout TextPiece, NativeCall) throws(Interrupt) -> Void) {
            text.method(name, parameters, result: .named("Text")) { call throws(Interrupt) in
                guard var content = Self.content(call.receiver ?? .void) else { throw call.error("expected a Text") }
                for index in content.pieces.indices { try change(&content.pieces[index], call) }
                return Self.text(content)
            }
        }
        piece("bold", [NativeParameter(nil, .bool, default: .bool(true))]) { piece, call throws(Interrupt) in if piece.bold == nil { piece.bold = try call.bool(0) } }
        piece("italic", [NativeParameter(nil, .bool, default: .bool(true))]) { piece, call throws(Interrupt) in if piece.italic == nil { piece.italic = try call.bool(0) } }
        piece("monospacedDigit", []) { piece, _ throws(Interrupt) in piece.monospacedDigit = piece.monospacedDigit ?? true }
        for name in ["kerning", "tracking", "baselineOffset"] {
            piece(name, [NativeParameter(nil, .double)]) { [unowned self] piece, call throws(Interrupt) in
                let value = try number(call, 0, in: -10_000...10_000, name)
                switch name {
                case "kerning": piece.kerning = piece.kerning ?? value
                case "tracking": piece.tracking = piece.tracking ?? value
                default: piece.baselineOffset = piece.baselineOffset ?? value
                }
            }
        }
        piece("font", [NativeParameter(nil, .optional(.named("Font")))]) { [unowned self] piece, call throws(Interrupt) in
            if case .nilValue = call[0] { return }
            if piece.font == nil { piece.font = try boxed(call, 0, FontValue.self, "a Font") }
        }
        piece("fontWeight", [NativeParameter(nil, .optional(.named("Font.Weight")))]) { [unowned self] piece, call throws(Interrupt) in
            if case .nilValue = call[0] { return }
            if piece.weight == nil { piece.weight = try boxed(call, 0, SymbolWeight.self, "a Font.Weight") }
        }
        piece("fontDesign", [NativeParameter(nil, .optional(.named("Font.Design")))]) { [unowned self] piece, call throws(Interrupt) in
            if case .nilValue = call[0] { return }
            if piece.design == nil { piece.design = try design(call, 0) }
        }
        // `monospaced(_:)` (iOS 16): the monospaced design, SF Mono.
        piece("monospaced", [NativeParameter(nil, .bool, default: .bool(true))]) { piece, call throws(Interrupt) in
            if try call.bool(0), piece.design == nil { piece.design = .monospaced }
        }
        piece("foregroundColor", [NativeParameter(nil, .optional(.named("Color")))]) { [unowned self] piece, call throws(Interrupt) in
            if case .nilValue = call[0] { return }
            if piece.color == nil { piece.color = try color(call[0], call, argument: 0) }
        }
        native.add(text)

        // The same modifiers on any view: inherited by its texts.
        guard let view = native.protocols["View"] else { return }
        view.method("bold", [NativeParameter(nil, .bool, default: .bool(true))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.text(.bold(try call.bool(0)))))
        }
        view.method("italic", [NativeParameter(nil, .bool, default: .bool(true))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.text(.italic(try call.bool(0)))))
        }
        view.method("monospacedDigit", [], result: Self.anyView) { [unowned self] call throws(Interrupt) in try modified(call, .node(.text(.monospacedDigit))) }
        for name in ["kerning", "tracking", "baselineOffset"] {
            view.method(name, [NativeParameter(nil, .double)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
                let value = try number(call, 0, in: -10_000...10_000, name)
                let modifier: TextModifier = name == "kerning" ? .kerning(value) : name == "tracking" ? .tracking(value) : .baselineOffset(value)
                return try modified(call, .node(.text(modifier)))
            }
        }
        view.method("fontDesign", [NativeParameter(nil, .optional(.named("Font.Design")))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            if case .nilValue = call[0] { return try modified(call, .node(.text(.fontDesign(.default)))) }
            return try modified(call, .node(.text(.fontDesign(try design(call, 0)))))
        }
        view.method("monospaced", [NativeParameter(nil, .bool, default: .bool(true))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard try call.bool(0) else { return call.receiver ?? .void }
            return try modified(call, .node(.text(.fontDesign(.monospaced))))
        }
        view.method("textCase", [NativeParameter(nil, .optional(.named("Text.Case")))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            if case .nilValue = call[0] { return try modified(call, .node(.text(.textCase(nil)))) }
            return try modified(call, .node(.text(.textCase(try boxed(call, 0, TextCase.self, "a Text.Case")))))
        }
        view.method("lineLimit", [NativeParameter(nil, .optional(.int))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            if case .nilValue = call[0] { return try modified(call, .node(.text(.lineLimit(nil)))) }
            let limit = try call.integer(0)
            guard limit >= 1 else { throw call.error("'lineLimit' must be at least 1, or nil", argument: 0) }
            return try modified(call, .node(.text(.lineLimit(limit))))
        }
        view.method("multilineTextAlignment", [NativeParameter(nil, .named("TextAlignment"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.text(.multilineTextAlignment(try boxed(call, 0, TextAlignment.self, "a TextAlignment")))))
        }
        view.method("minimumScaleFactor", [NativeParameter(nil, .double)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let factor = try call.number(0)
            guard factor > 0 && factor <= 1 else { throw call.error("'minimumScaleFactor' must be greater than 0 and at most 1", argument: 0) }
            return try modified(call, .node(.text(.minimumScaleFactor(factor))))
        }
        view.method("redacted", [NativeParameter("reason", .named("RedactionReasons"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let placeholder: Bool
            if case let .array(items) = call[0].dereferenced { placeholder = !items.isEmpty } else { placeholder = try boxed(call, 0, Bool.self, "a redaction reason") }
            return try modified(call, .node(.text(.redacted(placeholder))))
        }
        view.method("unredacted", [], result: Self.anyView) { [unowned self] call throws(Interrupt) in try modified(call, .node(.text(.redacted(false)))) }
        // The transitions are named so that the modifier's refusal, not an unknown member, is
        // what a file that writes one reads.
        let contentTransition = NativeType("ContentTransition", summary: "`.numericText()`, `.interpolate`, `.opacity`, `.identity`: refused by `contentTransition(_:)`.")
        for name in ["identity", "interpolate", "opacity"] {
            contentTransition.constant(name, .native(Boxed(value: name, typeName: "ContentTransition")))
        }
        contentTransition.staticMethod("numericText", [NativeParameter("countsDown", .bool, default: .bool(false))]) { _ throws(Interrupt) in
            .native(Boxed(value: "numericText", typeName: "ContentTransition"))
        }
        contentTransition.staticMethod("numericText", [NativeParameter("value", .double)]) { _ throws(Interrupt) in
            .native(Boxed(value: "numericText", typeName: "ContentTransition"))
        }
        native.add(contentTransition)
        view.method("contentTransition", [NativeParameter(nil, .named("ContentTransition"))], result: Self.anyView) { call throws(Interrupt) in
            throw call.error("'contentTransition' is not supported: text changes are drawn as the new text at once")
        }

        let textCase = NativeType("Case")
        for value in [TextCase.uppercase, .lowercase] { textCase.constant(value.rawValue, .native(Boxed(value: value, typeName: "Text.Case"))) }
        text.nested(textCase)
        native.types["Text.Case"] = textCase
        defineTimerTexts(text)
        let alignment = NativeType("TextAlignment", summary: "`multilineTextAlignment`'s values.")
        for value in [TextAlignment.leading, .center, .trailing] { alignment.constant(value.rawValue, .native(Boxed(value: value, typeName: "TextAlignment"))) }
        native.add(alignment)
        let reasons = NativeType("RedactionReasons", summary: "`.placeholder` (and `[]` for none).")
        reasons.constant("placeholder", .native(Boxed(value: true, typeName: "RedactionReasons")))
        reasons.constant("privacy", .native(Boxed(value: true, typeName: "RedactionReasons")))
        native.add(reasons)

        let label = NativeType("Label", protocols: ["View"], summary: "`Label(\"Title\", systemImage:)`, `Label(\"Title\", image:)`: the symbol or asset image and the title side by side.")
        label.initializer([NativeParameter(nil, .string), NativeParameter("systemImage", .string)]) { [unowned self] call throws(Interrupt) in
            // iOS's default label style: an HStack of the icon and the title, centred, the
            // stack's default spacing apart.
            let symbol = try self.symbol(call, 1)
            return .native(ViewDescription.leaf(.stack(.horizontal, alignment: .center, spacing: nil, children: [symbol, .text(TextContent(try call.string(0), at: call.mark))]),
                                                typeName: "Label"))
        }
        native.add(label)
        // `.labelStyle(.iconOnly)`: the labels the modified view writes show their icon alone
        // (`.titleOnly` their title; `.titleAndIcon` and `.automatic`, iOS's default, both).
        let labelStyle = NativeType("LabelStyle", summary: "`.automatic`, `.titleAndIcon`, `.iconOnly`, `.titleOnly`: `labelStyle(_:)`'s values.")
        for name in ["automatic", "titleAndIcon", "iconOnly", "titleOnly"] {
            labelStyle.constant(name, .native(Boxed(value: name, typeName: "LabelStyle")))
        }
        native.add(labelStyle)
        view.method("labelStyle", [NativeParameter(nil, .named("LabelStyle"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            .native(Self.styledLabels(try receiver(call), try boxed(call, 0, String.self, "a LabelStyle")))
        }

        defineProgressViews()
    }

    /// `description` with the labels it writes in `style` (`iconOnly`, `titleOnly`; other
    /// styles show both). SwiftUI sets the style in the environment, for every label inside;
    /// here it reaches the labels the modified view's own builders write (its stacks, groups,
    /// branches and modifiers), not those inside views of the file's own or a `ForEach`'s
    /// content, which are made later.
    static func styledLabels(_ description: ViewDescription, _ style: String) -> ViewDescription {
        switch description {
        case let .leaf(.stack(.horizontal, _, _, children), "Label") where children.count == 2:
            switch style {
            case "iconOnly": return .leaf(children[0], typeName: "Label")
            case "titleOnly": return .leaf(children[1], typeName: "Label")
            default: return description
            }
        case let .stack(axis, alignment, spacing, content):
            return .stack(axis, alignment: alignment, spacing: spacing, content: styledLabels(content, style))
        case let .group(items):
            return .group(items.map { styledLabels($0, style) })
        case let .branch(index, inner):
            return .branch(index, inner.map { styledLabels($0, style) })
        case let .modified(inner, modifier):
            return .modified(styledLabels(inner, style), modifier)
        default:
            return description
        }
    }

    /// A `Text` leaf.
    static func text(_ content: TextContent) -> Value { .native(ViewDescription.leaf(.text(content), typeName: "Text")) }

    /// The pieces of a `Text` value, or `nil` for any other value.
    static func content(_ value: Value) -> TextContent? {
        guard case let .native(native) = value.dereferenced, let view = native as? ViewDescription, case let .leaf(.text(content), _) = view else { return nil }
        return content
    }

    private func design(_ call: NativeCall, _ index: Int) throws(Interrupt) -> FontDesign {
        let name = try boxed(call, index, String.self, "a Font.Design")
        return FontDesign(rawValue: name) ?? .default
    }

    /// `.progressViewStyle(MyStyle())` with a `ProgressViewStyle` of the file's own: the
    /// style's `makeBody(configuration:)` with the progress view's `fractionCompleted` (`nil`
    /// when indeterminate) and label, in place of the progress view. The body is made again for
    /// each tree, so a value changed `withAnimation` animates what the body draws with it.
    ///
    /// SwiftUI hands the style down to every progress view inside; here it applies to the
    /// progress view it is written on, which is where loaders write it.
    func customProgressStyle(_ call: NativeCall) throws(Interrupt) -> Value {
        let style = call[0].dereferenced
        let fraction: Double?
        let label: ViewDescription?
        switch try receiver(call) {
        case let .progress(value, title, _):
            fraction = value
            label = title
        case .leaf(.progressView, _):
            fraction = nil
            label = nil
        default:
            throw call.error("a ProgressViewStyle of the file's own is supported on a ProgressView itself: 'ProgressView(value: p).progressViewStyle(MyStyle())'", argument: 0)
        }
        let configuration = Value.native(ProgressConfiguration(fraction: fraction, label: label))
        // A style of the file's own is placed as a view is, so its `@State` (a spinner's angle)
        // lives at its place and its `onAppear` runs.
        if case let .instance(instance) = style {
            return .native(ViewDescription.user(instance, at: call.location, makeBody: configuration))
        }
        let method = try call.evaluator.member("makeBody", of: style, at: call.argumentLocations[0], in: call.evaluator.globals)
        let body = try call.evaluator.call(method, [configuration], at: call.location)
        return .native(try view(body, at: call.location))
    }

    private func defineProgressViews() {
        let configuration = NativeType("ProgressViewStyleConfiguration",
                                       summary: "`makeBody(configuration:)`'s argument: `fractionCompleted`, `label`, `currentValueLabel`.")
        configuration.property("fractionCompleted", type: .optional(.double)) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver?.dereferenced, let value = native as? ProgressConfiguration else { return .nilValue }
            return value.fraction.map(Value.double) ?? .nilValue
        }
        configuration.property("label", type: .named("View")) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver?.dereferenced, let value = native as? ProgressConfiguration else { return .native(ViewDescription.empty) }
            return .native(value.label ?? .empty)
        }
        configuration.property("currentValueLabel", type: .named("View")) { _ throws(Interrupt) in .native(ViewDescription.empty) }
        native.add(configuration)
        native.types["ProgressViewStyle.Configuration"] = configuration

        guard let progress = native.types["ProgressView"] else { return }
        let label = NativeParameter("label", .function(parameters: [], result: .named("View")), builder: "ViewBuilder")
        func bar(_ fraction: Double?, _ label: ViewDescription?) -> Value {
            .native(ViewDescription.progress(fraction: fraction, label: label, style: .automatic))
        }
        func fraction(_ call: NativeCall, value: Int, total: Int) throws(Interrupt) -> Double {
            let total = try call.number(total)
            guard total > 0 else { throw call.error("'total' must be greater than 0", argument: 1) }
            return try call.number(value) / total
        }
        progress.initializer([NativeParameter(nil, .string)]) { call throws(Interrupt) in bar(nil, .leaf(.text(TextContent(try call.string(0), at: call.mark)), typeName: "Text")) }
        // `ProgressView(configuration)` in a style's `makeBody`: the system's progress view for
        // that configuration (Apple: "Creates a progress view based on a style configuration"),
        // as a custom style that decorates the default one writes it.
        progress.initializer([NativeParameter(nil, .named("ProgressViewStyleConfiguration"))]) { call throws(Interrupt) in
            guard case let .native(native) = call[0].dereferenced, let configuration = native as? ProgressConfiguration else {
                throw call.error("expected the configuration makeBody(configuration:) receives", argument: 0)
            }
            return bar(configuration.fraction, configuration.label)
        }
        progress.initializer([label]) { [unowned self] call throws(Interrupt) in bar(nil, try view(try call.call(0, []), at: call.location)) }
        progress.initializer([NativeParameter("value", .optional(.double)), NativeParameter("total", .double, default: .double(1))]) { call throws(Interrupt) in
            if case .nilValue = call[0].dereferenced { return bar(nil, nil) }
            return bar(try fraction(call, value: 0, total: 1), nil)
        }
        progress.initializer([NativeParameter(nil, .string), NativeParameter("value", .optional(.double)), NativeParameter("total", .double, default: .double(1))]) { call throws(Interrupt) in
            let title = ViewDescription.leaf(.text(TextContent(try call.string(0), at: call.mark)), typeName: "Text")
            if case .nilValue = call[1].dereferenced { return bar(nil, title) }
            return bar(try fraction(call, value: 1, total: 2), title)
        }
        progress.initializer([NativeParameter("value", .optional(.double)), NativeParameter("total", .double, default: .double(1)), label]) { [unowned self] call throws(Interrupt) in
            let content = try view(try call.call(2, []), at: call.location)
            if case .nilValue = call[0].dereferenced { return bar(nil, content) }
            return bar(try fraction(call, value: 0, total: 1), content)
        }

        // `ProgressView(value:total:label:currentValueLabel:)` and `(_:value:total:)` with one:
        // the label drawn, the current-value label accepted and not drawn, as in every form.
        let valueLabel = NativeParameter("currentValueLabel", .function(parameters: [], result: .named("View")), builder: "ViewBuilder")
        progress.initializer([NativeParameter("value", .optional(.double)), NativeParameter("total", .double, default: .double(1)), label, valueLabel]) {
            [unowned self] call throws(Interrupt) in
            noteUndrawnValueLabel()
            let content = try view(try call.call(2, []), at: call.location)
            if case .nilValue = call[0].dereferenced { return bar(nil, content) }
            return bar(try fraction(call, value: 0, total: 1), content)
        }

        // `ProgressView(timerInterval: start...end, countsDown:)`: "continuous progress as time
        // passes" (SwiftUI's documentation): the fraction of the interval passed at the render's
        // time, or what remains of it when counting down (the default), made again at every
        // display frame while the interval runs, as `TimelineView(.animation)` is. Its default
        // current-value label (the time left) is not drawn: no form's current-value label is.
        let timer = [NativeParameter("timerInterval", .any), NativeParameter("countsDown", .bool, default: .bool(true))]
        let currentValueLabel = NativeParameter("currentValueLabel", .function(parameters: [], result: .named("View")), builder: "ViewBuilder")
        // Captures the library unowned, as every definition does: a local function would hold it
        // strongly, and the library holds the definitions that call this one, so it would never
        // be freed.
        let timerFraction = { [unowned self] (call: NativeCall) throws(Interrupt) -> Double in
            guard case let .range(range) = call[0].dereferenced, range.isClosed,
                  case let .native(lower) = range.lower.dereferenced, let start = lower as? DateValue,
                  case let .native(upper) = range.upper.dereferenced, let end = upper as? DateValue else {
                throw call.error("expected a closed range of dates, e.g. 'Date()...Date().addingTimeInterval(60)'", argument: 0)
            }
            guard end.seconds >= start.seconds else { throw call.error("the interval's end is before its start", argument: 0) }
            let now = runner?.now ?? 0
            if now < end.seconds { runner?.requestUpdates(every: Self.animationScheduleInterval) }
            let span = end.seconds - start.seconds
            let passed = span > 0 ? min(1, max(0, (now - start.seconds) / span)) : 1
            return try call.bool(1) ? 1 - passed : passed
        }
        progress.initializer(timer) { call throws(Interrupt) in bar(try timerFraction(call), nil) }
        progress.initializer(timer + [label]) { [unowned self] call throws(Interrupt) in
            bar(try timerFraction(call), try view(try call.call(2, []), at: call.location))
        }
        progress.initializer(timer + [label, currentValueLabel]) { [unowned self] call throws(Interrupt) in
            noteUndrawnValueLabel()
            return bar(try timerFraction(call), try view(try call.call(2, []), at: call.location))
        }
    }
}

extension SwiftUILibrary {
    /// `Text(date, style: .timer)` and `Text(timerInterval:pauseTime:countsDown:showsHours:)`:
    /// the time from a date, or left in an interval, on the render's clock, written as SwiftUI
    /// writes a timer ("2:32", "36:59:01": Apple, `Text.DateStyle.timer`; hours are not
    /// folded into days: a date 584 hours away shows "584:00:00"). A countdown shows its
    /// remaining whole seconds rounded up, so it reads "0:00" only when it has run out; a
    /// count-up its elapsed whole seconds. The text is made again at every display frame while
    /// it runs, as `TimelineView(.animation)` is; it changes at whole seconds. The other date
    /// styles (`.date`, `.time`, `.relative`, `.offset`) depend on the device's locale and time
    /// zone and are refused by name.
    func defineTimerTexts(_ text: NativeType) {
        let style = NativeType("DateStyle", summary: "`.timer`: a date as a timer counting from now.")
        // Answered by name rather than declared as static members: the name check takes every
        // static member of the library for a name a file may use bare, and `timer` is the name
        // of many a file's own `Timer`, whose undeclared use must still be reported.
        let styles: Set = ["timer", "date", "time", "relative", "offset"]
        style.fallbackStaticMember = { name in styles.contains(name) ? .native(Boxed(value: name, typeName: "Text.DateStyle")) : nil }
        text.nested(style)
        native.types["Text.DateStyle"] = style
        text.initializer([NativeParameter(nil, .named("Date")), NativeParameter("style", .named("Text.DateStyle"))]) { [unowned self] call throws(Interrupt) in
            let date = try call.native(0, DateValue.self, "a Date")
            let name = try boxed(call, 1, String.self, "a Text.DateStyle")
            guard name == "timer" else {
                throw call.error("'Text(_:style: .\(name))' is not supported: it writes the date in the device's locale and time zone ('.timer' is supported)", argument: 1)
            }
            let now = runner?.now ?? 0
            runner?.requestUpdates(every: Self.animationScheduleInterval)
            let distance = date.seconds - now
            return Self.text(TextContent(Self.timerText(seconds: abs(distance), countingDown: distance > 0, showsHours: true), at: call.mark))
        }
        text.initializer([NativeParameter("timerInterval", .any), NativeParameter("pauseTime", .optional(.named("Date")), default: .nilValue),
                          NativeParameter("countsDown", .bool, default: .bool(true)), NativeParameter("showsHours", .bool, default: .bool(true))]) {
            [unowned self] call throws(Interrupt) in
            guard case let .range(range) = call[0].dereferenced, case let .native(lower) = range.lower.dereferenced, let start = lower as? DateValue,
                  case let .native(upper) = range.upper.dereferenced, let end = upper as? DateValue else {
                throw call.error("expected a range of dates, e.g. 'Date()...Date().addingTimeInterval(60)'", argument: 0)
            }
            guard end.seconds >= start.seconds else { throw call.error("the interval's end is before its start", argument: 0) }
            var now = runner?.now ?? 0
            var stops = end.seconds
            if case let .native(native) = call[1].dereferenced, let pause = native as? DateValue { stops = min(stops, pause.seconds) }
            if now < stops { runner?.requestUpdates(every: Self.animationScheduleInterval) }
            now = min(now, stops)
            let elapsed = min(end.seconds - start.seconds, max(0, now - start.seconds))
            let countsDown = try call.bool(2)
            let seconds = countsDown ? end.seconds - start.seconds - elapsed : elapsed
            return Self.text(TextContent(Self.timerText(seconds: seconds, countingDown: countsDown, showsHours: try call.bool(3)), at: call.mark))
        }
    }

    /// Notes, once, that a `ProgressView`'s `currentValueLabel` is not drawn: no source gives
    /// where iOS draws it, in what font and colour.
    func noteUndrawnValueLabel() {
        let note = "a ProgressView's currentValueLabel is not drawn: no source gives where iOS places it or in what font and colour (the label and the bar are drawn)"
        if !notes.contains(note) { notes.append(note) }
    }

    /// `seconds` as a timer writes it: "m:ss", or "h:mm:ss" from an hour on when `showsHours`
    /// (else the minutes count on: "90:00"). Whole seconds: rounded up for a countdown, down
    /// for a count-up (a millionth of a second either way is taken as the whole second, as the
    /// render's clock adds up its steps in floating point).
    static func timerText(seconds: Double, countingDown: Bool, showsHours: Bool) -> String {
        let clamped = min(max(0, seconds), 1e12)
        let whole = Int(countingDown ? (clamped - 1e-6).rounded(.up) : (clamped + 1e-6).rounded(.down))
        let total = max(0, whole)
        let hours = total / 3600, minutes = total % 3600 / 60, rest = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        if showsHours, hours > 0 { return "\(hours):\(two(minutes)):\(two(rest))" }
        return "\(hours * 60 + minutes):\(two(rest))"
    }
}
