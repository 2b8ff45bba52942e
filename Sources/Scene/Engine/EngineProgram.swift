import Motion
import Raster
import Typography

/// An animatable property of one node.
///
/// The raw values count from 0 without gaps (the compiler numbers them), and
/// ``PropertyKey/index`` strides by ``count``, so a case added anywhere keeps keys distinct.
enum PropertyName: Int, CaseIterable, Hashable, Sendable {
    case centre, size, rotation, scale, opacity, offset, trimFrom, trimTo, colour, secondaryColour
    /// A symbol effect's cycles played (see ``SymbolEffect/pose(atCycle:)``).
    case symbolPhase
    /// A stroke's `lineWidth` and `dashPhase`, and a custom shape's `animatableData` (a number,
    /// or a point for an `AnimatablePair`): SwiftUI animates each (`StrokeStyle` and
    /// `Shape.animatableData` are `Animatable`).
    case lineWidth, dashPhase, shapeData
    /// The values of a shape's first four shape modifiers (`rotation`'s angle, `scale`'s and
    /// `offset`'s pair, `inset`'s amount): SwiftUI's `RotatedShape`, `ScaledShape`,
    /// `OffsetShape` and inset shapes animate them.
    case shapeTransform0, shapeTransform1, shapeTransform2, shapeTransform3

    /// The property of a shape's modifier number `index` (0…3).
    static func shapeTransform(_ index: Int) -> PropertyName {
        [.shapeTransform0, .shapeTransform1, .shapeTransform2, .shapeTransform3][index]
    }
    /// A blur's or a shadow's radius, a colour effect's amount.
    case amount
    /// A shadow's offset.
    case shift
    /// A shadow's colour, `colorMultiply`'s colour.
    case effectColour
    /// A shape's gradient: its geometry as four numbers (see ``GradientTracks``), the locations
    /// of its stops four to a track, and the colours of its first eight stops. SwiftUI animates
    /// a gradient shape style's points, angles, radii and stops.
    case gradientGeometry, gradientLocations0, gradientLocations1
    case gradientStop0, gradientStop1, gradientStop2, gradientStop3, gradientStop4, gradientStop5, gradientStop6, gradientStop7

    /// The property of a gradient's stop number `index` (0…7).
    static func gradientStop(_ index: Int) -> PropertyName {
        [.gradientStop0, .gradientStop1, .gradientStop2, .gradientStop3, .gradientStop4, .gradientStop5, .gradientStop6, .gradientStop7][index]
    }

    /// The number of properties a node can have.
    static let count = allCases.count
}

/// A property by the identity of its node.
struct PropertyKey: Hashable, Sendable {
    var path: NodePath
    var property: PropertyName

    /// A dense number for the key (distinct keys, distinct numbers), for ``DenseMap``: the
    /// node's number times the number of properties, plus the property's.
    var index: Int { path * PropertyName.count + property.rawValue }
}

/// A property's value in one tree.
enum PropertyValue: Hashable, Sendable {
    case number(Double)
    case point(AnimatablePoint)
    case colour(AnimatableColor)
    /// Four numbers that animate together only while their `kind` stays the same (a gradient's
    /// geometry by its kind, its stops by their count): kept in the four-number tracks with
    /// the colours.
    case vector(TrackVector, kind: Int)
}

/// A modifier between the root and a property that acts on the transactions passing through.
enum ChainLink: Hashable, Sendable {
    case transaction(TransactionEdit)
    /// `animation(_:value:)` at the node `path` (its value is compared between trees).
    case animation(Animation?, value: StateValue?, path: NodePath)
}

/// What a drawing operation draws.
enum DrawItem: Hashable, Sendable {
    case glyph(RaysSymbol)
    /// A library symbol's parts of one layer selection.
    case symbol(SymbolGlyph, SymbolLayerSelection)
    case shape(ShapeView)
    case border(width: Double)
    case progressView
    /// A laid-out `Text`.
    case text(TextDrawing)
    /// An asset catalogue's bitmap, stretched over the frame; a template image is its alpha in
    /// the op's colour, an original image its own colours under the op's alpha.
    case bitmap(BitmapImage)
    /// A linear progress bar's track, in `track` colour, filled with the op's colour over the
    /// op's trim end (the completed fraction).
    case linearBar(track: RGBA8)
}

/// A drawing effect between a drawn item and the root, by the keys of its values (one case
/// per ``DrawingEffect``).
enum EffectTemplate: Hashable, Sendable {
    case rotation(PropertyKey, anchor: NodePath, UnitPoint)
    case scale(PropertyKey, anchor: NodePath, UnitPoint)
    case offset(PropertyKey)
    case opacity(PropertyKey)
    /// The effect, its phase and the frame its pose is about.
    case symbolEffect(SymbolEffect, PropertyKey, anchor: NodePath)
    /// A `.variableColor` effect's opacity on one variable layer of the symbol drawn.
    case variableLayer(SymbolEffect, PropertyKey, layer: Int, count: Int)
    /// The layer effects, each by the node of its modifier (the layer's identity).
    case shadow(colour: PropertyKey, radius: PropertyKey, offset: PropertyKey, node: NodePath)
    case blur(radius: PropertyKey, opaque: Bool, node: NodePath)
    /// The content of a mask.
    case masked(node: NodePath)
    /// The mask's own view, which cuts the content of the layer around it.
    case maskShape(node: NodePath)
    case group(node: NodePath)
    case blend(BlendMode, node: NodePath)
    case colour(ColourEffect, amount: PropertyKey?, colour: PropertyKey?, node: NodePath)
    case rotation3D(PropertyKey, axis: Axis3D, UnitPoint, anchorZ: Double, perspective: Double, content: NodePath, node: NodePath)
    case projection(Projection, content: NodePath, node: NodePath)
    /// A material, and whether it is drawn in the dark appearance (the `colorScheme` of its
    /// environment: `environment(\.colorScheme, .dark)` around it, else the render's).
    case material(Material, dark: Bool, node: NodePath)
}

/// One drawing operation by the keys of its values.
struct OpTemplate: Sendable {
    var item: DrawItem
    var name: String
    var frame: NodePath
    var colour: PropertyKey
    /// Outermost first.
    var effects: [EffectTemplate]
    var trim: (from: PropertyKey, to: PropertyKey)?
    /// A shape's stroke width, dash phase and animatable data, when it has them.
    var shapeKeys: ShapeKeys<PropertyKey>?
}

/// The animated values of a shape beyond its trim, by key (templates) or track (ops).
struct ShapeKeys<Key: Sendable>: Sendable {
    var lineWidth: Key?
    var dashPhase: Key?
    /// A number key for one value, a point key for two.
    var data: Key?
    var dataCount: Int
    /// One key per shape modifier, for the first ``maximumAnimatedTransforms``.
    var transforms: [Key] = []
    /// The gradient's values, when the shape is painted with one.
    var gradient: GradientKeys<Key>?

    /// How many of a shape's modifiers animate; later ones take their new values at once.
    static var maximumAnimatedTransforms: Int { 4 }

    func map<Other>(_ transform: (Key) -> Other) -> ShapeKeys<Other> {
        ShapeKeys<Other>(lineWidth: lineWidth.map(transform), dashPhase: dashPhase.map(transform), data: data.map(transform),
                         dataCount: dataCount, transforms: transforms.map(transform), gradient: gradient?.map(transform))
    }
}

/// One view tree laid out for one stage orientation: every animatable property's value, the
/// modifiers acting on its transactions, and the drawing operations back to front.
/// A `transition(_:)` of a tree: the node of the modifier, the values its offset, scale and
/// opacity properties take when the view is removed, and the transition's own animation.
struct TransitionRemoval: Sendable {
    var path: NodePath
    var values: [(PropertyName, PropertyValue)]
    var animation: Animation?
}

struct Evaluation: Sendable {
    /// Properties in tree order (a deterministic order for creating tracks).
    var keys: [PropertyKey] = []
    /// By ``PropertyKey/index``.
    var values = DenseMap<PropertyValue>()
    /// By ``PropertyKey/index``.
    var chains = DenseMap<[ChainLink]>()
    /// The values of `animation(_:value:)` modifiers, by node.
    var boundValues = DenseMap<StateValue>()
    /// The symbol effects, by the node of their modifier (their phase keys' paths).
    var symbolEffects = DenseMap<SymbolEffect>()
    /// Rotations that turn a lone rays glyph about its centre (for the 8-fold symmetry).
    var glyphRotations: [PropertyKey] = []
    /// The properties of `transition(_:)` modifiers, by ``PropertyKey/index``: the value an
    /// insertion starts from, and the transition's own animation if it has one.
    var insertions = DenseMap<(PropertyValue, Animation?)>()
    /// The `transition(_:)` modifiers, in tree order: what each draws its view as when removed.
    var removals: [TransitionRemoval] = []
    /// Where each effect modifier is written, by the modifier's node: what a refusal of its
    /// effect points at.
    var marks = DenseMap<SourceMark>()
    var ops: [OpTemplate] = []

    mutating func add(_ key: PropertyKey, _ value: PropertyValue, chain: [ChainLink]) {
        if values[key.index] == nil { keys.append(key) }
        values[key.index] = value
        chains[key.index] = chain
    }

    /// Walks a laid-out tree, collecting properties and drawing operations.
    struct Builder {
        let palette: SystemPalette
        let frames: DenseMap<NodeFrame>
        var table: IdentityTable
        var evaluation = Evaluation()

        mutating func walk(_ node: ViewNode, _ path: NodePath, _ environment: ViewEnvironment, _ chain: [ChainLink],
                           _ effects: [EffectTemplate], _ name: String?) {
            if let frame = frames[path], node != .empty {
                evaluation.add(PropertyKey(path: path, property: .centre), .point(frame.centre), chain: chain)
                evaluation.add(PropertyKey(path: path, property: .size), .point(frame.size), chain: chain)
            }
            // `environment(\.colorScheme, _:)` above: the colours inside resolve in that appearance.
            let palette = environment.appearance.map { SystemPalette(appearance: $0, generation: self.palette.generation) } ?? self.palette
            func colour(_ value: ColorValue) -> PropertyKey {
                let key = PropertyKey(path: path, property: .colour)
                evaluation.add(key, .colour(AnimatableColor(palette.resolve(value))), chain: chain)
                return key
            }
            func emit(_ item: DrawItem, _ kind: String, colour key: PropertyKey, trim: (PropertyKey, PropertyKey)? = nil,
                      frame: NodePath? = nil, extra: [EffectTemplate] = [], shapeKeys: ShapeKeys<PropertyKey>? = nil) {
                evaluation.ops.append(OpTemplate(item: item, name: name ?? kind, frame: frame ?? path, colour: key,
                                                 effects: effects + extra, trim: trim, shapeKeys: shapeKeys))
            }
            /// The keys of a gradient's geometry, stop locations and stop colours (see ``GradientTracks``).
            func gradientKeys(_ gradient: GradientPaint) -> GradientKeys<PropertyKey> {
                let geometry = PropertyKey(path: path, property: .gradientGeometry)
                evaluation.add(geometry, GradientTracks.vector(gradient.geometry), chain: chain)
                var keys = GradientKeys<PropertyKey>(geometry: geometry, locations: [], stops: [])
                guard gradient.stops.count <= GradientKeys<PropertyKey>.maximumAnimatedStops else { return keys }
                for (index, value) in GradientTracks.locations(gradient.stops).enumerated() {
                    let key = PropertyKey(path: path, property: index == 0 ? .gradientLocations0 : .gradientLocations1)
                    evaluation.add(key, value, chain: chain)
                    keys.locations.append(key)
                }
                for (index, stop) in gradient.stops.enumerated() {
                    let key = PropertyKey(path: path, property: .gradientStop(index))
                    evaluation.add(key, .vector(TrackVector(AnimatableColor(palette.resolve(stop.color))), kind: gradient.stops.count), chain: chain)
                    keys.stops.append(key)
                }
                return keys
            }
            let foreground = environment.foreground ?? .system("primary")
            switch node {
            case .symbol(.rays):
                emit(.glyph(environment.symbol), "Image", colour: colour(foreground))
            case let .symbol(name):
                let glyph = environment.glyph(name)
                let variable = SymbolDesigns.variableLayers(name)
                if !variable.isEmpty, let (effect, phase) = Self.variableColor(effects) {
                    // The fixed parts as they are, then each variable layer under its opacity.
                    let paint = colour(foreground)
                    emit(.symbol(glyph, .fixedParts), "Image", colour: paint)
                    for layer in variable.indices {
                        emit(.symbol(glyph, .variableLayer(layer)), "Image", colour: paint,
                             extra: [.variableLayer(effect, phase, layer: layer, count: variable.count)])
                    }
                    return
                }
                // No mode set: SwiftUI picks one "using the current image and foreground style"
                // (`EnvironmentValues.symbolRenderingMode`), palette when two styles are given
                // (`.foregroundStyle(.white, .green)`), else monochrome.
                let mode = environment.renderingMode ?? (environment.secondaryForeground != nil ? .palette : .monochrome)
                guard glyph.hasSecondaryLayer, mode == .hierarchical || mode == .palette else {
                    emit(.symbol(glyph, .monochrome), "Image", colour: colour(foreground))
                    return
                }
                // Hierarchical: the primary style at half opacity on the secondary layer;
                // palette: the second style (the first when only one is given).
                let secondary = mode == .palette ? environment.secondaryForeground ?? foreground : .opacity(foreground, 0.5)
                let key = PropertyKey(path: path, property: .secondaryColour)
                evaluation.add(key, .colour(AnimatableColor(palette.resolve(secondary))), chain: chain)
                emit(.symbol(glyph, .secondary), "Image", colour: key)
                emit(.symbol(glyph, .primary), "Image", colour: colour(foreground))
            case .missingSymbol:
                break
            case let .bitmap(image):
                // A template image is painted in the foreground style; an original one keeps
                // its colours, and the op's colour carries only opacity.
                emit(.bitmap(image), "Image", colour: colour(image.template ? foreground : .fixed(.white)))
            case .progressView:
                let standard = ColorValue.fixed(ActivityIndicator.defaultColor(for: palette.primary == .black ? .light : .dark))
                emit(.progressView, "ProgressView", colour: colour(environment.tint ?? standard))
            case var .shape(shape):
                if shape.gradient == nil, shape.paint == .fill(nil) || { if case .stroke(nil, _) = shape.paint { true } else { false } }() {
                    // `foregroundStyle(gradient)` above a shape with no paint of its own.
                    shape.gradient = environment.foregroundGradient
                }
                let paint: ColorValue?
                switch shape.paint {
                case let .fill(value): paint = value
                case let .stroke(value, _): paint = value
                }
                let from = PropertyKey(path: path, property: .trimFrom), to = PropertyKey(path: path, property: .trimTo)
                evaluation.add(from, .number(shape.trimFrom), chain: chain)
                evaluation.add(to, .number(shape.trimTo), chain: chain)
                // A gradient brings its own colours: the op's colour then carries only opacity.
                let solid = shape.gradient == nil ? paint ?? foreground : .fixed(.white)
                var keys = ShapeKeys<PropertyKey>(lineWidth: nil, dashPhase: nil, data: nil, dataCount: 0)
                if case let .stroke(_, style) = shape.paint {
                    keys.lineWidth = PropertyKey(path: path, property: .lineWidth)
                    evaluation.add(keys.lineWidth!, .number(style.lineWidth), chain: chain)
                    if !style.dash.isEmpty {
                        keys.dashPhase = PropertyKey(path: path, property: .dashPhase)
                        evaluation.add(keys.dashPhase!, .number(style.dashPhase), chain: chain)
                    }
                }
                if case let .custom(custom) = shape.kind, !custom.animatableData.isEmpty {
                    let key = PropertyKey(path: path, property: .shapeData)
                    let data = custom.animatableData
                    evaluation.add(key, data.count == 1 ? .number(data[0]) : .point(AnimatablePoint(x: data[0], y: data[1])), chain: chain)
                    keys.data = key
                    keys.dataCount = min(2, data.count)
                }
                // A rounded rectangle's corners animate (`RoundedRectangle`'s animatable data is
                // its corner size): one radius, or one width and height for every corner.
                switch shape.kind {
                case let .roundedRectangle(radius):
                    keys.data = PropertyKey(path: path, property: .shapeData)
                    keys.dataCount = 1
                    evaluation.add(keys.data!, .number(radius), chain: chain)
                case let .styledRectangle(radii, _) where radii.isUniform:
                    keys.data = PropertyKey(path: path, property: .shapeData)
                    keys.dataCount = 2
                    evaluation.add(keys.data!, .point(AnimatablePoint(x: radii.values[0], y: radii.values[1])), chain: chain)
                default: break
                }
                keys.gradient = shape.gradient.map(gradientKeys)
                for (index, transform) in shape.transforms.prefix(ShapeKeys<PropertyKey>.maximumAnimatedTransforms).enumerated() {
                    let key = PropertyKey(path: path, property: .shapeTransform(index))
                    switch transform {
                    case let .inset(amount): evaluation.add(key, .number(amount), chain: chain)
                    case let .rotation(degrees, _): evaluation.add(key, .number(degrees), chain: chain)
                    case let .scale(x, y, _), let .offset(x, y): evaluation.add(key, .point(AnimatablePoint(x: x, y: y)), chain: chain)
                    }
                    keys.transforms.append(key)
                }
                emit(.shape(shape), Self.shapeName(shape.kind), colour: colour(solid), trim: (from, to), shapeKeys: keys)
            case let .color(value):
                emit(.shape(ShapeView(kind: .rectangle)), "Color", colour: colour(value))
            case let .text(content):
                let layout = TextRendering.layout(content, environment, frames[path]?.proposal ?? .unspecified)
                let drawing = TextDrawing(layout: layout, spanColours: content.pieces.map { $0.color.map(palette.resolve) },
                                          gradient: environment.foregroundGradient, redacted: environment.text.redacted,
                                          spanMarks: content.pieces.map(\.mark))
                // A gradient's values animate as a shape's do (the text's op carries only them).
                let keys = environment.foregroundGradient.map { ShapeKeys<PropertyKey>(lineWidth: nil, dashPhase: nil, data: nil, dataCount: 0,
                                                                                      gradient: gradientKeys($0)) }
                emit(.text(drawing), "Text", colour: colour(environment.foregroundGradient == nil ? foreground : .fixed(.white)), shapeKeys: keys)
            case let .progressBar(bar):
                let layout = ProgressBarLayout(bar, environment, frames[path]?.proposal ?? .unspecified)
                let indicator = table.id(path, .content(EngineLayout.indicatorStep))
                if let frame = frames[indicator] {
                    evaluation.add(PropertyKey(path: indicator, property: .centre), .point(frame.centre), chain: chain)
                    evaluation.add(PropertyKey(path: indicator, property: .size), .point(frame.size), chain: chain)
                }
                let paint = PropertyKey(path: indicator, property: .colour)
                if layout.linear {
                    evaluation.add(paint, .colour(AnimatableColor(palette.resolve(environment.controlTint))), chain: chain)
                    let from = PropertyKey(path: indicator, property: .trimFrom), to = PropertyKey(path: indicator, property: .trimTo)
                    evaluation.add(from, .number(0), chain: chain)
                    evaluation.add(to, .number(bar.fraction ?? 0), chain: chain)
                    emit(.linearBar(track: ProgressBarLayout.trackColour(primary: palette.primary)), "ProgressView", colour: paint,
                         trim: (from, to), frame: indicator)
                } else {
                    let standard = ColorValue.fixed(ActivityIndicator.defaultColor(for: palette.primary == .black ? .light : .dark))
                    evaluation.add(paint, .colour(AnimatableColor(palette.resolve(environment.tint ?? standard))), chain: chain)
                    emit(.progressView, "ProgressView", colour: paint, frame: indicator)
                }
                if let label = bar.label {
                    var inner = environment
                    if !layout.linear && inner.foreground == nil && inner.foregroundGradient == nil {
                        inner.foreground = .system("secondary")
                    }
                    walk(label, table.id(path, .background), inner, chain, effects, name)
                }
            case let .stack(axis, _, _, children):
                // Drawn in ascending `zIndex`, equal ones in their order (a stable sort).
                let order = children.indices.sorted { (EngineLayout.zIndex(children[$0]), $0) < (EngineLayout.zIndex(children[$1]), $1) }
                for index in order {
                    let childPath = table.id(path, .child(index))
                    // A `ViewThatFits` draws the one child layout placed.
                    if case .fitting = axis, frames[childPath] == nil { continue }
                    walk(children[index], childPath, environment, chain, effects, name)
                }
            case let .conditional(branch, child):
                walk(child, table.id(path, .branch(branch)), environment, chain, effects, name)
            case let .custom(customName, child):
                walk(child, table.id(path, .custom(customName)), environment, chain, effects, customName)
            case .empty, .spacer:
                break
            case let .grid(grid):
                for (index, cell) in grid.cells.enumerated() {
                    walk(cell, table.id(path, .child(index)), environment, chain, effects, name)
                }
            case let .geometryReader(_, content):
                walk(content, table.id(path, .child(0)), environment, chain, effects, name)
            case let .modified(child, modifier):
                let childPath = table.id(path, .content(EngineLayout.modifierKind(modifier)))
                var chain = chain, effects = effects
                switch modifier {
                case let .effect(.mask(view, _), _):
                    // The content, then the mask's view in the same layer, cutting it.
                    effects.append(.masked(node: path))
                    let contentStart = evaluation.ops.count
                    walk(child, childPath, environment, chain, effects, name)
                    let maskStart = evaluation.ops.count
                    walk(view, table.id(path, .mask), environment, chain, effects + [.maskShape(node: path)], name)
                    // A mask that draws nothing (an empty view, an unknown symbol's empty image)
                    // has no opaque pixel to let the content through: the content is not drawn.
                    if evaluation.ops.count == maskStart { evaluation.ops.removeSubrange(contentStart..<maskStart) }
                    return
                case let .effect(effect, mark):
                    if mark.isKnown { evaluation.marks[path] = mark }
                    effects.append(template(effect, at: path, content: childPath, child))
                case let .decoration(.border(value, width)):
                    // SwiftUI's `border` is an overlay (`overlay(Rectangle().strokeBorder(…))`):
                    // drawn over its content, also where a drifting view crosses it.
                    walk(child, childPath, environment.applying(modifier), chain, effects, name)
                    emit(.border(width: width), "border", colour: colour(value))
                    return
                case let .decoration(.background(view, _)):
                    walk(view, table.id(path, .background), environment, chain, effects, name)
                case let .decoration(.overlay(view, _)):
                    walk(child, childPath, environment.applying(modifier), chain, effects, name)
                    walk(view, table.id(path, .background), environment, chain, effects, name)
                    return
                case let .transaction(.animation(animation, value)):
                    if let value { evaluation.boundValues[path] = value }
                    chain.append(.animation(animation, value: value, path: path))
                case let .transaction(.edit(edit)):
                    chain.append(.transaction(edit))
                case let .transaction(.transition(transition)):
                    // Its own offset, scale and opacity, at rest when the view is there, and the
                    // values an insertion starts from (the own-size offset from the content's frame).
                    let size = frames[childPath]?.size ?? frames[path]?.size ?? .zero
                    effects.append(template(.offset(x: 0, y: 0), at: path, content: childPath, child))
                    // The scale's anchor is the insertion's (a removal that scales about another
                    // point draws about this one).
                    effects.append(template(.scale(x: 1, y: 1, anchor: transition.insertion.scale != 1 ? transition.insertion.anchor
                                                                       : transition.removal.anchor), at: path, content: childPath, child))
                    effects.append(template(.opacity(1), at: path, content: childPath, child))
                    func values(_ state: ViewTransition.State) -> [(PropertyName, PropertyValue)] {
                        let offset = AnimatablePoint(x: state.offset.x + state.ownSizeOffset.x * size.x,
                                                     y: state.offset.y + state.ownSizeOffset.y * size.y)
                        return [(.offset, .point(offset)), (.scale, .point(AnimatablePoint(x: state.scale, y: state.scale))),
                                (.opacity, .number(state.opacity))]
                    }
                    for (property, value) in values(transition.insertion) {
                        evaluation.insertions[PropertyKey(path: path, property: property).index] = (value, transition.animation)
                    }
                    evaluation.removals.append(TransitionRemoval(path: path, values: values(transition.removal), animation: transition.animation))
                case .layout(.resizable):
                    // Layout placed the image at its own size: stretch it to the frame it was
                    // given, about its centre (an animatable scale, so a resized frame animates).
                    if let own = frames[path], let natural = frames[childPath], natural.size.x > 0, natural.size.y > 0 {
                        let key = PropertyKey(path: path, property: .scale)
                        evaluation.add(key, .point(AnimatablePoint(x: own.size.x / natural.size.x, y: own.size.y / natural.size.y)), chain: chain)
                        effects.append(.scale(key, anchor: childPath, .center))
                    }
                case .layout, .environment:
                    break  // layout placed the frames; the environment is applied below
                }
                walk(child, childPath, environment.applying(modifier), chain, effects, name)
            }

            /// The effect's animatable values, each in the transactions of `chain`, and its
            /// template. Every ``DrawingEffect`` has its case here, in the renderer
            /// (``ViewEngine/placement(of:atSeconds:)``) and in the SVG writer.
            func template(_ effect: DrawingEffect, at path: NodePath, content: NodePath, _ child: ViewNode) -> EffectTemplate {
                switch effect {
                case let .rotation(degrees, anchor):
                    let key = PropertyKey(path: path, property: .rotation)
                    evaluation.add(key, .number(degrees), chain: chain)
                    if anchor == .center && Self.isLoneGlyph(child) { evaluation.glyphRotations.append(key) }
                    return .rotation(key, anchor: content, anchor)
                case let .scale(x, y, anchor):
                    let key = PropertyKey(path: path, property: .scale)
                    evaluation.add(key, .point(AnimatablePoint(x: x, y: y)), chain: chain)
                    return .scale(key, anchor: content, anchor)
                case let .offset(x, y):
                    let key = PropertyKey(path: path, property: .offset)
                    evaluation.add(key, .point(AnimatablePoint(x: x, y: y)), chain: chain)
                    return .offset(key)
                case let .opacity(value):
                    let key = PropertyKey(path: path, property: .opacity)
                    evaluation.add(key, .number(value), chain: chain)
                    return .opacity(key)
                case let .symbolEffect(effect):
                    // The phase's value is not the tree's: the engine starts and stops its
                    // cycles when the trigger changes (``ViewEngine/symbolPhase``); this is
                    // its value at rest.
                    let key = PropertyKey(path: path, property: .symbolPhase)
                    evaluation.add(key, .number(0), chain: [])
                    evaluation.symbolEffects[path] = effect
                    return .symbolEffect(effect, key, anchor: content)
                case let .shadow(color, radius, x, y):
                    let paint = PropertyKey(path: path, property: .effectColour)
                    evaluation.add(paint, .colour(AnimatableColor(palette.resolve(color))), chain: chain)
                    let size = PropertyKey(path: path, property: .amount)
                    evaluation.add(size, .number(radius), chain: chain)
                    let shift = PropertyKey(path: path, property: .shift)
                    evaluation.add(shift, .point(AnimatablePoint(x: x, y: y)), chain: chain)
                    return .shadow(colour: paint, radius: size, offset: shift, node: path)
                case let .blur(radius, opaque):
                    let key = PropertyKey(path: path, property: .amount)
                    evaluation.add(key, .number(radius), chain: chain)
                    return .blur(radius: key, opaque: opaque, node: path)
                case .mask:
                    return .masked(node: path)  // walked above, with its view
                case .compositingGroup:
                    return .group(node: path)
                case let .blendMode(mode):
                    return .blend(mode, node: path)
                case let .colour(effect):
                    var amount: Double?, tint: ColorValue?
                    switch effect {
                    case let .brightness(value), let .contrast(value), let .saturation(value), let .grayscale(value),
                         let .hueRotation(value):
                        amount = value
                    case let .colorMultiply(value): tint = value
                    case .colorInvert, .luminanceToAlpha: break
                    }
                    let amountKey = amount.map { value in
                        let key = PropertyKey(path: path, property: .amount)
                        evaluation.add(key, .number(value), chain: chain)
                        return key
                    }
                    let tintKey = tint.map { value in
                        let key = PropertyKey(path: path, property: .effectColour)
                        evaluation.add(key, .colour(AnimatableColor(palette.resolve(value))), chain: chain)
                        return key
                    }
                    return .colour(effect, amount: amountKey, colour: tintKey, node: path)
                case let .rotation3D(degrees, axis, anchor, anchorZ, perspective):
                    let key = PropertyKey(path: path, property: .rotation)
                    evaluation.add(key, .number(degrees), chain: chain)
                    return .rotation3D(key, axis: axis, anchor, anchorZ: anchorZ, perspective: perspective, content: content, node: path)
                case let .projection(matrix):
                    return .projection(matrix, content: content, node: path)
                case let .material(material):
                    // The tint of the appearance in force here: a dark card inside a light
                    // screen (`.environment(\.colorScheme, .dark)`) takes the dark tint.
                    return .material(material, dark: palette.primary != .black, node: path)
                }
            }
        }

        /// The innermost `.variableColor` effect among `effects`, with its phase key.
        static func variableColor(_ effects: [EffectTemplate]) -> (SymbolEffect, PropertyKey)? {
            for effect in effects.reversed() {
                if case let .symbolEffect(symbolEffect, key, _) = effect, case .variableColor = symbolEffect.kind {
                    return (symbolEffect, key)
                }
            }
            return nil
        }

        static func shapeName(_ kind: ShapeKind) -> String {
            switch kind {
            case .circle: "Circle"
            case .capsule: "Capsule"
            case .rectangle: "Rectangle"
            case .roundedRectangle, .styledRectangle: "RoundedRectangle"
            case .continuousCapsule: "Capsule"
            case .ellipse: "Ellipse"
            case let .custom(shape): shape.name
            }
        }

        /// Whether `node` draws one rays glyph centred in its frame, so that turning it by a
        /// multiple of 45° about its centre draws the same picture.
        static func isLoneGlyph(_ node: ViewNode) -> Bool {
            switch node {
            case .symbol(.rays): return true
            case let .custom(_, child), let .conditional(_, child): return isLoneGlyph(child)
            case let .modified(child, modifier):
                switch modifier {
                case .environment, .transaction:
                    return isLoneGlyph(child)
                case let .effect(effect, _):
                    switch effect {
                    case .opacity: return isLoneGlyph(child)
                    case .symbolEffect: return false
                    case let .rotation(_, anchor): return anchor == .center && isLoneGlyph(child)
                    case let .scale(x, y, anchor): return anchor == .center && x == y && isLoneGlyph(child)
                    // Isotropic or per-pixel: the same picture turned by 45°.
                    case .blur, .compositingGroup, .blendMode, .colour: return isLoneGlyph(child)
                    case .offset, .shadow, .mask, .rotation3D, .projection, .material: return false
                    }
                case .layout, .decoration:
                    return false
                }
            default:
                return false
            }
        }
    }
}
