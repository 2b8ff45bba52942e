import Motion
import Scene
import SwiftCode
import Glibc
import Synchronization

/// SwiftUI, Combine and Dispatch as view code calls them: one definition per view, modifier,
/// value type and API, registered in a ``SwiftCode/NativeLibrary`` for the evaluator.
///
/// The definitions live in `Definitions/`, one file per family (views, modifiers, colours and
/// values, animations, gradients, time); each says what it produces: a view description, a
/// value, or an effect on the run (a transaction, a timed block). The library also holds what
/// the run needs while the code executes: the clock, the transaction in force and the
/// scheduler's hooks, set by ``ProgramRunner``.
public final class SwiftUILibrary {
    /// The definitions, as the evaluator reads them.
    public let native = NativeLibrary()
    /// Maps a UTF-8 offset of the source to its location (for Motion's column-based errors).
    private(set) var locate: (Int) -> SourceLocation

    /// The runner's hooks; `nil` while only values are evaluated (no actions run).
    weak var runner: ProgramRunner?

    /// Views and modifiers the view builders wrote for the tree being made (reset per tree).
    @exclusivity(unchecked) var writtenViews = 0

    /// Which colour appearance `@Environment(\.colorScheme)` reads.
    @exclusivity(unchecked) public var isDark = false
    /// Whether a body runs again only when its view's inputs or state changed (see
    /// `SwiftProgram.keepsUnchangedViews` in SwiftUISource).
    @exclusivity(unchecked) public var keepsUnchangedViews = true
    /// The size proposed to the root view, in points: `GeometryReader`s make their content
    /// for the sizes the layout gives them under it.
    @exclusivity(unchecked) public var rootProposal = SceneConfiguration.defaultProposal
    /// How many `UUID()`s the code has made.
    @exclusivity(unchecked) var uuidCount = 0
    /// The app's asset catalogue (`--assets`): what `Color("Brand")` and `Image("logo")` read.
    @exclusivity(unchecked) public var assets = AssetCatalog.empty
    /// The assets the code asked for that the catalogue lacks, each once, in order.
    @exclusivity(unchecked) var missingAssets: [(kind: AssetKind, name: String)] = []
    /// What the render should say about how the code was drawn, one line each, in order
    /// (``Scene/ViewScript/notes``).
    @exclusivity(unchecked) var notes: [String] = []
    /// Subjects made so far (see ``defineCombine()``).
    @exclusivity(unchecked) var subjectCount = 0
    /// The image sets read so far, by name: a body evaluated again reads no file again.
    @exclusivity(unchecked) var loadedImages: [String: BitmapImage] = [:]

    /// The definitions, with `locate` mapping a byte offset of the source to its location.
    public init(locate: @escaping (Int) -> SourceLocation) {
        self.locate = locate
        native.resultBuilders["ViewBuilder"] = ViewBuilder(library: self)
        native.implicitResultBuilders = [
            "View": ["body": "ViewBuilder"],
            "ViewModifier": ["body": "ViewBuilder"],
            "PreviewProvider": ["previews": "ViewBuilder"],
            "ButtonStyle": ["makeBody": "ViewBuilder"],
            "ProgressViewStyle": ["makeBody": "ViewBuilder"],
        ]

        for protocolName in ["View", "ShapeStyle", "Shape", "ViewModifier", "PreviewProvider", "ObservableObject", "Identifiable",
                             "Equatable", "Hashable", "CaseIterable", "Animatable", "InsettableShape", "Comparable", "Codable",
                             "CustomStringConvertible", "Sendable", "App", "Scene"] {
            native.addProtocol(NativeType(protocolName, protocols: protocolName == "Shape" ? ["View", "Animatable"] : protocolName == "InsettableShape" ? ["Shape"] : []))
        }
        // A modifier that moves its content by `effectValue(size:)`: see `ViewResolver`.
        native.addProtocol(NativeType("GeometryEffect", protocols: ["ViewModifier", "Animatable"],
                                      summary: "`effectValue(size:)`: a transform of the content, animated through `animatableData`."))
        // The types of views that are not written by name (what modifiers and builders make).
        for name in ["ModifiedContent", "_ShapeView", "_ConditionalContent", "_UserView", "TupleView"] {
            native.add(NativeType(name, protocols: ["View"]))
        }
        defineViews()
        defineShapes()
        defineText()
        defineModifiers()
        defineStrokedShapeFill()
        // After `defineModifiers`: `frame(width:height:alignment:)` stays the first `frame`,
        // whose labels a misspelt label is compared with ("did you mean 'width'?").
        defineLayout()
        defineControls()
        defineTransitions()
        defineEffects()
        defineSymbols()
        defineValues()
        defineUIKitColors()
        defineScreen()
        defineUIFont()
        defineHexColours()
        defineAssets()
        defineAnimations()
        defineGradients()
        defineTime()
        defineCombine()
        definePhaseAnimator()
        defineTasks()
        defineTimeline()
        defineEvents()
        defineFoundation()
        definePropertyWrappers()
        definePreviews()
        defineCanvas()
        defineUnsupported()
    }

    /// Held while a custom `Shape`'s path code runs after its run (``ShapeCode``): frames are
    /// drawn by several workers at once, and every shape of a run calls its one evaluator,
    /// which runs one call at a time. A library held by shapes is not handed to another run,
    /// so the shapes that share this lock are those of one run, with one evaluator.
    let shapeCodeLock = Mutex<Void>(())

    // MARK: Reuse between runs

    /// Libraries whose run has ended with nothing made in it still holding them, for the next
    /// run: making the definitions costs about as much as evaluating a small loader file, and
    /// a batch of previews runs dozens.
    private static let idle = Mutex<[Idle]>([])
    /// An idle library: used by one run at a time, it is handed between threads whole, with
    /// nothing else holding it.
    private struct Idle: @unchecked Sendable { let library: SwiftUILibrary }
    /// The most libraries kept idle (one per thread that runs code at once is enough).
    static let maximumIdle = 8

    /// A library for one run, in a fresh library's state: an idle one (see ``recycle(_:evaluator:)``)
    /// or a new one.
    public static func make(locate: @escaping (Int) -> SourceLocation) -> SwiftUILibrary {
        if let library = idle.withLock({ $0.popLast() })?.library {
            library.reset(locate: locate)
            return library
        }
        return SwiftUILibrary(locate: locate)
    }

    /// Hands back a library whose run has ended, for ``make(locate:)`` to reuse, unless
    /// something made in the run still holds it or the run's evaluator: a custom `Shape`'s path
    /// (``ShapeCode``), drawn after the run, runs code through both, and another run would
    /// change the library under it. Both references are dropped either way; a library
    /// nothing else holds is then freed.
    ///
    /// - Parameters:
    ///   - library: The run's library: the caller's only reference to it, so that the check
    ///     sees whether anything else holds it (the definitions hold it unowned).
    ///   - evaluator: The run's evaluator, `nil` when none was made.
    /// - Returns: Whether nothing else held them: the library is then kept for the next run
    ///   unless ``maximumIdle`` are idle already.
    @discardableResult
    public static func recycle(_ library: inout SwiftUILibrary?, evaluator: inout Evaluator?) -> Bool {
        let reusable = (evaluator == nil || isKnownUniquelyReferenced(&evaluator)) && isKnownUniquelyReferenced(&library)
        let handed = library.map(Idle.init(library:))
        library = nil
        evaluator = nil
        guard reusable, let handed else { return false }
        _ = freesIdleAtExitUnderSanitizer
        idle.withLock { if $0.count < maximumIdle { $0.append(handed) } }
        return true
    }

    /// Frees the idle libraries; ``make(locate:)`` makes new ones after. For a process that
    /// checks after each piece of work that everything the work made is freed (a fuzz target
    /// under LeakSanitizer): the idle libraries are kept on purpose, and LeakSanitizer cannot
    /// follow every reference inside them (Swift keeps the case of an indirect enum, such as
    /// a definition's ``SwiftCode/ValueType``, in the spare bits of its pointer), so it would
    /// report their values as leaked.
    public static func releaseIdle() {
        idle.withLock { $0.removeAll() }
    }

    /// Under AddressSanitizer or ThreadSanitizer, the idle libraries are freed when the process
    /// exits (an `atexit` handler, registered after the sanitizer's own and so run before its
    /// leak check): a tool or a test process would otherwise end with LeakSanitizer reporting
    /// them, and exit with an error. Registered once, when a library first goes idle.
    private static let freesIdleAtExitUnderSanitizer: Void = {
        if LargeStack.isSanitized { atexit { SwiftUILibrary.releaseIdle() } }
    }()

    /// Returns every property a run sets to a fresh library's value; the definitions stay.
    func reset(locate: @escaping (Int) -> SourceLocation) {
        self.locate = locate
        runner = nil
        writtenViews = 0
        isDark = false
        keepsUnchangedViews = true
        rootProposal = SceneConfiguration.defaultProposal
        uuidCount = 0
        assets = .empty
        missingAssets = []
        notes = []
        subjectCount = 0
        loadedImages = [:]
    }

    // MARK: Conversions the definitions share

    /// `value` as a view: a view description, a colour, or a view struct of the file's own.
    func view(_ value: Value, at location: SourceLocation) throws(Interrupt) -> ViewDescription {
        switch value.dereferenced {
        case let .native(native):
            if let view = native.exactly(ViewDescription.self) { return view }
            if let color = native.exactly(ColorBox.self) { return .leaf(.color(color.color), typeName: "Color") }
            if let gradient = native.exactly(GradientBox.self) {
                return .shape(ShapeView(kind: .rectangle, gradient: gradient.paint), painted: true)
            }
            if let path = native.exactly(PathBox.self) {
                // A path used as a view draws at its own coordinates in the frame it is offered.
                let fixed = path.path
                return .shape(ShapeView(kind: .custom(CustomShape(name: "Path", fingerprint: String(describing: fixed.elements), animatableData: [],
                                                                  provider: ShapeProvider { _, _ in fixed }))), painted: false)
            }
            if let material = native.exactly(MaterialBox.self) {
                return Self.material(material.material, in: .rectangle, at: location.mark)
            }
        case let .instance(instance):
            if isUserShape(value), let evaluator = runner?.evaluator {
                return .shape(try userShape(value, evaluator: evaluator, at: location), painted: false)
            }
            return .user(instance, at: location)
        case .void:
            throw .error("this expression makes no view: a view builder's statements are views", at: location)
        default:
            break
        }
        throw .error("a value of type '\(value.typeName)' is not a view", at: location)
    }

    /// `value` as a colour.
    func color(_ value: Value, _ call: NativeCall, argument index: Int? = nil) throws(Interrupt) -> ColorValue {
        if case let .native(native) = value.dereferenced {
            if let color = native.exactly(ColorBox.self) { return color.color }
            if native is GradientBox {
                throw call.error("a gradient is drawn as a shape's fill or stroke here, e.g. 'Circle().fill(LinearGradient(…))'", argument: index)
            }
        }
        throw call.error("expected a colour, not a value of type '\(value.typeName)'", argument: index)
    }

    /// The angle at argument `index`, in degrees.
    func degrees(_ call: NativeCall, _ index: Int) throws(Interrupt) -> Double {
        guard case let .native(native) = call[index].dereferenced, let angle = native as? AngleValue else {
            throw call.error("cannot convert value of type '\(call[index].typeName)' to expected argument type 'Angle'", argument: index)
        }
        return angle.degrees
    }

    /// The boxed value of type `T` at argument `index`.
    func boxed<T: Equatable>(_ call: NativeCall, _ index: Int, _ type: T.Type, _ what: String) throws(Interrupt) -> T {
        guard case let .native(native) = call[index].dereferenced, let box = native.exactly(Boxed<T>.self) else {
            throw call.error("expected \(what), not a value of type '\(call[index].typeName)'", argument: index)
        }
        return box.value
    }

    /// A number at argument `index`, checked to lie in `range`.
    func number(_ call: NativeCall, _ index: Int, in range: ClosedRange<Double>, _ what: String) throws(Interrupt) -> Double {
        let value = try call.number(index)
        guard range.contains(value) else {
            throw call.error("'\(what)' must be between \(Spelling.number(range.lowerBound)) and \(Spelling.number(range.upperBound))", argument: index)
        }
        return value
    }

    /// The view a modifier is called on.
    func receiver(_ call: NativeCall) throws(Interrupt) -> ViewDescription {
        try view(call.receiver ?? .void, at: call.location)
    }

    /// `receiver` with `modifier` applied; a drawing effect carries where the call is written.
    ///
    /// - Throws: the view tree's depth error at this modifier when its chain alone is deeper
    ///   than ``ViewResolver/maximumDepth`` (the resolver's own check, later, can only name the
    ///   view that holds the chain).
    func modified(_ call: NativeCall, _ modifier: ModifierDescription) throws(Interrupt) -> Value {
        var modifier = modifier
        if case let .node(.effect(effect, mark)) = modifier, !mark.isKnown { modifier = .node(.effect(effect, at: call.mark)) }
        let receiver = try receiver(call)
        var length = 1
        var inner = receiver
        while case let .modified(next, _) = inner, length <= ViewResolver.maximumDepth {
            length += 1
            inner = next
        }
        guard length <= ViewResolver.maximumDepth else {
            throw .error("the view tree is deeper than \(ViewResolver.maximumDepth) levels", at: call.location)
        }
        return .native(ViewDescription.modified(receiver, modifier))
    }
}

extension SourceLocation {
    /// This line and column as the view tree carries them (``Scene/SourceMark``).
    var mark: SourceMark { SourceMark(line: line, column: column) }
}

extension NativeCall {
    /// Where the call is written, as the view tree carries it (``Scene/SourceMark``).
    var mark: SourceMark { location.mark }
}

/// What a file can render: one of its view types, a `#Preview`, or a `PreviewProvider`.
public enum RootView {
    /// `struct Name: View`, made with its memberwise (or argument-free) initialiser.
    case view(TypeInfo)
    /// `#Preview("Name") { … }`.
    case preview(MacroExpansion)
    /// `struct Name_Previews: PreviewProvider`: its `static var previews`.
    case previewProvider(TypeInfo)
}

extension SwiftUILibrary {
    /// The script of `root`: its first tree and every state change up to `horizonSeconds`.
    ///
    /// - Throws: ``SwiftCode/Interrupt`` for anything in the code that cannot run, located.
    ///
    /// - Parameters:
    ///   - variant: For a `PreviewProvider`, which of its previews
    ///     (``previewVariants(of:evaluator:)``) to run; `nil` runs `previews` whole.
    ///   - fixedSize: A `.fixed` preview layout's size in points: the view is framed to it.
    public func script(_ root: RootView, evaluator: Evaluator, horizonSeconds: Double, variant: Int? = nil,
                       fixedSize: (width: Double, height: Double)? = nil) throws(Interrupt) -> ViewScript {
        var make: () throws(Interrupt) -> Value
        let location: SourceLocation
        switch root {
        case let .view(type):
            location = type.location
            make = { () throws(Interrupt) in try evaluator.instantiate(type, [], [], at: type.location, in: evaluator.globals) }
        case let .preview(expansion):
            location = expansion.location
            guard let closure = expansion.trailingClosures.first?.closure else {
                throw .error("'#Preview' needs its view in braces: '#Preview { Spinner() }'", at: expansion.location)
            }
            let function = evaluator.makeClosure(closure, in: evaluator.globals, expected: nil, builder: "ViewBuilder")
            make = { () throws(Interrupt) in try evaluator.call(function, [], at: expansion.location) }
        case let .previewProvider(type):
            location = type.location
            make = { [unowned self] () throws(Interrupt) in try previews(of: type, evaluator: evaluator) }
        }
        if let variant {
            let whole = make
            make = { [unowned self] () throws(Interrupt) in
                let variants = try previewVariants(try view(try whole(), at: location), evaluator: evaluator, traits: PreviewTraits(location: location))
                guard variants.indices.contains(variant) else {
                    throw .error("the previews make \(variants.count) preview\(variants.count == 1 ? "" : "s") here, not \(variant + 1)", at: location)
                }
                return .native(variants[variant].view)
            }
        }
        if let fixedSize {
            let unframed = make
            make = { [unowned self] () throws(Interrupt) in
                .native(ViewDescription.modified(try view(try unframed(), at: location),
                                                 .node(.frame(width: fixedSize.width, height: fixedSize.height, alignment: Alignment(horizontal: 0.5, vertical: 0.5)))))
            }
        }
        // The root is made once, when the runner first asks, as SwiftUI makes the preview's
        // content once when it shows it (nothing above it changes): what its initial values
        // start (a timer in an object's `init`) runs once, on the render's clock.
        let build = make
        var made: Value?
        make = { () throws(Interrupt) in
            if let made { return made }
            let value = try build()
            made = value
            return value
        }
        let runner = ProgramRunner(evaluator: evaluator, library: self, horizonSeconds: horizonSeconds, at: location, root: make)
        defer { self.runner = nil }
        var script = try runner.run()
        script.assetWarnings = missingAssetWarnings
        script.notes += notes
        return script
    }

    /// A `PreviewProvider`'s `previews`. Xcode's canvas makes each preview it lists on its own,
    /// so one that cannot be made here (an unsupported modifier) is left out, with a note
    /// giving its error, and the others are shown; the first one's error is the provider's.
    func previews(of type: TypeInfo, evaluator: Evaluator) throws(Interrupt) -> Value {
        var errors: [EvaluationError] = []
        let value = try evaluator.staticBuilderMember("previews", of: type, at: type.location) { errors.append($0) }
        for error in errors {
            let note = "'\(type.name)' lists a preview that cannot be made here, left out (line \(error.location.line), column \(error.location.column): \(error.message))"
            if !notes.contains(note) { notes.append(note) }
        }
        if let value { return value }
        return try evaluator.staticMember("previews", of: .user(type), at: type.location)
    }

    /// The previews of a `PreviewProvider`'s `previews`, each with its traits (see
    /// ``previewVariants(_:evaluator:traits:)``); a `#Preview` is one, with the traits of its
    /// arguments; a view is one, without traits.
    ///
    /// - Throws: ``SwiftCode/Interrupt`` for code that cannot run, or previews that make no view.
    public func previewVariants(of root: RootView, evaluator: Evaluator) throws(Interrupt) -> [PreviewTraits] {
        switch root {
        case let .preview(expansion):
            return [try previewTraits(of: expansion, evaluator: evaluator)]
        case let .previewProvider(type):
            let value = try previews(of: type, evaluator: evaluator)
            let variants = try previewVariants(try view(value, at: type.location), evaluator: evaluator, traits: PreviewTraits(location: type.location))
            guard !variants.isEmpty else { throw .error("the previews contain no view", at: type.location) }
            return variants.map(\.traits)
        case let .view(type):
            return [PreviewTraits(location: type.location)]
        }
    }
}
