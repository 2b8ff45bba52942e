import Motion
import Raster
import Typography

/// One drawn view at one moment, for reports and tests (`spinrender timeline`).
public struct ViewSample: Hashable, Sendable {
    /// The innermost custom view it belongs to (`Spinner`), or its kind (`Image`, `Circle`).
    public var name: String
    /// Its laid-out frame, in points on the canvas, before geometry effects.
    public var frame: Rect
    /// Where its frame's centre is drawn after rotation, scale and offset effects, in points.
    public var centre: Point
    /// Sum of the rotation effects on it, degrees clockwise.
    public var rotationDegrees: Double
    /// Product of the horizontal scale effects on it.
    public var scaleFactor: Double
    /// Product of the opacities on it, each clamped to 0…1.
    public var opacity: Double
}

/// Where an operation's item is drawn at one moment.
struct Placement {
    /// Centre of the item's frame, in points.
    var centre: AnimatablePoint
    /// Size of the frame, in points.
    var size: AnimatablePoint
    /// The effects' linear part (device space and point space alike: no translation).
    var linear: AffineTransform
    /// The effects' displacement of the frame centre, in points.
    var displacement: AnimatablePoint
    var rotationDegrees: Double
    var scaleFactor: Double
    var opacity: Double
    var colour: RGBA8

    /// The item's local device coordinates (origin at its frame centre) to canvas pixels.
    func transform(scale: Double) -> AffineTransform {
        linear.concatenating(.translation(x: (centre.x + displacement.x) * scale, y: (centre.y + displacement.y) * scale))
    }
}

extension ViewEngine {
    /// `shape` with its stroke width, dash phase, corner size and shape modifiers at `time`
    /// (their tracks).
    func animated(_ shape: ShapeView, _ op: DrawOp, atSeconds time: Double) -> ShapeView {
        var shape = shape
        guard let keys = op.shapeKeys else { return shape }
        if let track = keys.data {
            switch shape.kind {
            case .roundedRectangle where keys.dataCount == 1:
                shape.kind = .roundedRectangle(cornerRadius: max(0, numbers[track].number(atSeconds: time)))
            case let .styledRectangle(radii, style) where keys.dataCount == 2 && radii.isUniform:
                let size = points[track].point(atSeconds: time)
                shape.kind = .styledRectangle(CornerRadii(width: max(0, size.x), height: max(0, size.y)), style)
            default: break
            }
        }
        if case .stroke(let colour, var style) = shape.paint {
            if let track = keys.lineWidth { style.lineWidth = max(0, numbers[track].number(atSeconds: time)) }
            if let track = keys.dashPhase { style.dashPhase = numbers[track].number(atSeconds: time) }
            shape.paint = .stroke(colour, style)
        }
        for (index, track) in keys.transforms.enumerated() where index < shape.transforms.count {
            switch shape.transforms[index] {
            case .inset: shape.transforms[index] = .inset(numbers[track].number(atSeconds: time))
            case let .rotation(_, anchor): shape.transforms[index] = .rotation(degrees: numbers[track].number(atSeconds: time), anchor: anchor)
            case let .scale(_, _, anchor):
                let p = points[track].point(atSeconds: time)
                shape.transforms[index] = .scale(x: p.x, y: p.y, anchor: anchor)
            case .offset:
                let p = points[track].point(atSeconds: time)
                shape.transforms[index] = .offset(x: p.x, y: p.y)
            }
        }
        return shape
    }

    /// A custom shape's animatable values at `time`: one number, or a pair from a point track.
    func shapeData(track: Int, count: Int, atSeconds time: Double) -> [Double] {
        if count == 1 { return [numbers[track].number(atSeconds: time)] }
        let p = points[track].point(atSeconds: time)
        return [p.x, p.y]
    }

    /// The presented placement of `op` at `time`.
    func placement(of op: DrawOp, atSeconds time: Double) -> Placement {
        let centre = points[op.centre].point(atSeconds: time)
        let size = points[op.size].point(atSeconds: time)
        var linear = AffineTransform.identity
        var displacement = AnimatablePoint.zero
        var degrees = 0.0, factor = 1.0
        func apply(_ transform: AffineTransform, anchorCentre: Int, anchorSize: Int, _ unit: UnitPoint) {
            let middle = points[anchorCentre].point(atSeconds: time)
            let extent = points[anchorSize].point(atSeconds: time)
            let anchor = AnimatablePoint(x: middle.x + (unit.x - 0.5) * extent.x, y: middle.y + (unit.y - 0.5) * extent.y)
            linear = linear.concatenating(transform)
            // p ↦ L(p − a) + a, applied to the displaced centre.
            let moved = transform.apply(Point(x: (displacement.x + centre.x) - anchor.x,
                                              y: (displacement.y + centre.y) - anchor.y))
            displacement = AnimatablePoint(x: moved.x + (anchor.x - centre.x), y: moved.y + (anchor.y - centre.y))
        }
        for effect in op.effects.reversed() {
            switch effect {
            case let .rotation(track, anchorCentre, anchorSize, unit):
                let value = numbers[track].number(atSeconds: time)
                degrees += value
                apply(.rotation(radians: value * Double.pi / 180), anchorCentre: anchorCentre, anchorSize: anchorSize, unit)
            case let .scale(track, anchorCentre, anchorSize, unit):
                let value = points[track].point(atSeconds: time)
                factor *= value.x
                apply(.scale(x: value.x, y: value.y), anchorCentre: anchorCentre, anchorSize: anchorSize, unit)
            case let .offset(track):
                displacement += points[track].point(atSeconds: time)
            case let .symbolEffect(effect, track, anchorCentre, anchorSize):
                // Scale, then turn, about the frame's centre; then the move, in fractions of
                // the frame's size.
                let pose = effect.pose(atCycle: numbers[track].number(atSeconds: time))
                factor *= pose.scale
                degrees += pose.degrees
                let turn = AffineTransform.scale(x: pose.scale, y: pose.scale)
                    .concatenating(.rotation(radians: pose.degrees * Double.pi / 180))
                apply(turn, anchorCentre: anchorCentre, anchorSize: anchorSize, .center)
                let extent = points[anchorSize].point(atSeconds: time)
                displacement += AnimatablePoint(x: pose.offset.x * extent.x, y: pose.offset.y * extent.y)
            case .opacity, .variableLayer, .shadow, .blur, .masked, .maskShape, .group, .blend, .colour, .rotation3D, .projection, .material:
                continue  // opacities multiply below, outermost first; layers act when they close
            }
        }
        // The opacities inside the innermost layer; those outside it act on the layer.
        var opacity = 1.0
        for effect in op.effects {
            switch effect {
            case let .opacity(track): opacity *= min(1, max(0, numbers[track].number(atSeconds: time)))
            case let .symbolEffect(effect, track, _, _): opacity *= effect.pose(atCycle: numbers[track].number(atSeconds: time)).opacity
            case let .variableLayer(effect, track, layer, count):
                opacity *= effect.layerOpacity(atCycle: numbers[track].number(atSeconds: time), layer: layer, of: count)
            case .rotation, .scale, .offset: continue
            case .shadow, .blur, .masked, .maskShape, .group, .blend, .colour, .rotation3D, .projection, .material: opacity = 1
            }
        }
        return Placement(centre: centre, size: size, linear: linear, displacement: displacement, rotationDegrees: degrees,
                         scaleFactor: factor, opacity: opacity, colour: colours[op.colour].colour(atSeconds: time).rgba8)
    }

    /// The geometry effects of `effects` (outermost first) as one map of canvas points.
    func geometry(_ effects: ArraySlice<DrawOp.Effect>, atSeconds time: Double) -> AffineTransform {
        var map = AffineTransform.identity
        func about(_ transform: AffineTransform, _ anchorCentre: Int, _ anchorSize: Int, _ unit: UnitPoint) {
            let middle = points[anchorCentre].point(atSeconds: time), extent = points[anchorSize].point(atSeconds: time)
            let ax = middle.x + (unit.x - 0.5) * extent.x, ay = middle.y + (unit.y - 0.5) * extent.y
            map = map.concatenating(.translation(x: -ax, y: -ay)).concatenating(transform).concatenating(.translation(x: ax, y: ay))
        }
        for effect in effects.reversed() {
            switch effect {
            case let .rotation(track, c, s, unit):
                about(.rotation(radians: numbers[track].number(atSeconds: time) * Double.pi / 180), c, s, unit)
            case let .scale(track, c, s, unit):
                let value = points[track].point(atSeconds: time)
                about(.scale(x: value.x, y: value.y), c, s, unit)
            case let .offset(track):
                let value = points[track].point(atSeconds: time)
                map = map.concatenating(.translation(x: value.x, y: value.y))
            case let .symbolEffect(effect, track, c, s):
                let pose = effect.pose(atCycle: numbers[track].number(atSeconds: time))
                about(AffineTransform.scale(x: pose.scale, y: pose.scale).concatenating(.rotation(radians: pose.degrees * Double.pi / 180)),
                      c, s, .center)
                let extent = points[s].point(atSeconds: time)
                map = map.concatenating(.translation(x: pose.offset.x * extent.x, y: pose.offset.y * extent.y))
            case .opacity, .variableLayer, .shadow, .blur, .masked, .maskShape, .group, .blend, .colour, .rotation3D, .projection, .material:
                continue
            }
        }
        return map
    }

    /// The drawn views (symbols, shapes, colours, progress views; not borders or masks) at
    /// `time`, back to front.
    public func views(atSeconds time: Double) -> [ViewSample] {
        program(atSeconds: time).ops.compactMap { op in
            if case .border = op.item { return nil }
            if op.effects.contains(where: { if case .maskShape = $0 { true } else { false } }) { return nil }
            let p = placement(of: op, atSeconds: time)
            var opacity = 1.0
            for effect in op.effects {
                switch effect {
                case let .opacity(track): opacity *= min(1, max(0, numbers[track].number(atSeconds: time)))
                case let .symbolEffect(effect, track, _, _): opacity *= effect.pose(atCycle: numbers[track].number(atSeconds: time)).opacity
                case let .variableLayer(effect, track, layer, count):
                    opacity *= effect.layerOpacity(atCycle: numbers[track].number(atSeconds: time), layer: layer, of: count)
                case .rotation, .scale, .offset, .shadow, .blur, .masked, .maskShape, .group, .blend, .colour, .rotation3D, .projection,
                     .material:
                    continue
                }
            }
            return ViewSample(name: op.name,
                              frame: Rect(x: p.centre.x - p.size.x / 2, y: p.centre.y - p.size.y / 2,
                                          width: p.size.x, height: p.size.y),
                              centre: Point(x: p.centre.x + p.displacement.x, y: p.centre.y + p.displacement.y),
                              rotationDegrees: p.rotationDegrees, scaleFactor: p.scaleFactor, opacity: opacity)
        }
    }
}

/// Draws a ``ViewEngine``'s frames.
///
/// Frames are `canvasWidth × canvasHeight` RGBA8 images: the background, the stage outline in
/// `.secondary`, then the tree back to front — each background before the view it decorates,
/// each border (an overlay in SwiftUI) after it — anti-aliased with exact-area coverage and composited
/// source-over. Each rays glyph is flattened once in device pixels (chords within
/// ``CoverageRasterizer/defaultTolerance`` of its arcs); a frame only turns, scales and moves
/// its vertices, which keeps that bound (scaling down only tightens it). Borders are snapped
/// outward to whole pixels, as SwiftUI aligns view edges to the pixel grid; glyphs are placed
/// exactly.
public struct ViewRenderer: Sendable {
    /// The animated views.
    public let engine: ViewEngine
    /// Each glyph drawn, flattened: a short list scanned linearly (a script uses one or two
    /// fonts), since a `Dictionary` keyed by the symbol costs each run a run-time `Hashable`
    /// conformance lookup of about 0.3 M instructions.
    let glyphs: [Glyph]
    /// Each text drawn, flattened once (a handful for most scripts; one per state for a counter,
    /// which may show thousands).
    let texts: [PreparedText]
    /// Where each text is in ``texts``: found by hash, not by comparing with every text, which
    /// cost a counter of n values n comparisons a frame and n² to prepare.
    private let textIndex: [TextDrawing: Int]
    /// The texts' coverage at each placement drawn (see ``TextCoverageCache``).
    private let textCoverage = TextCoverageCache()
    /// The glyphs' cells at each sub-pixel phase drawn (see ``GlyphPatchCache``).
    private let glyphPatches = GlyphPatchCache()
    /// The built-in shapes' outlines drawn lately (see ``ShapeOutlineCache``).
    let shapeOutlines = ShapeOutlineCache()

    struct Glyph: Sendable {
        var symbol: RaysSymbol
        var polygons: [[Point]]
    }

    /// Each library symbol drawn, flattened: its ink and what is cut out of it.
    let symbols: [LibraryGlyph]
    /// The frame as far as the ops every frame draws alike (a static backdrop under the motion:
    /// a progress ring's track, a shadowed card under a spinner), drawn once: how many ops, and
    /// the picture after them (``staticUnderlay(of:)``).
    private(set) var underlay: (count: Int, image: RGBAImage)?
    /// The ops after the static prefix that every frame draws alike too (a label under a
    /// spinner), drawn once over the underlay: their indices, their ink, and the picture. A
    /// frame starts from it when no op before one of them that changes reaches its ink at that
    /// frame (``render(atSeconds:using:)`` checks), since the order of two views that share no
    /// pixel does not change the picture.
    private(set) var lateUnderlay: (indices: [Int], ink: [PixelBounds?], image: RGBAImage)?

    struct LibraryGlyph: Sendable {
        var glyph: SymbolGlyph
        var selection: SymbolLayerSelection
        var ink: [[Point]]
        var knockout: [[Point]]
    }

    /// Prepares to draw `engine`'s frames.
    public init(_ engine: ViewEngine) {
        self.engine = engine
        var glyphs: [Glyph] = []
        var symbols: [LibraryGlyph] = []
        let scale = engine.output.scale
        for (_, program) in engine.programs {
            for op in program.ops {
                if case let .symbol(glyph, selection) = op.item,
                   !symbols.contains(where: { $0.glyph == glyph && $0.selection == selection }) {
                    let (ink, knockout) = glyph.paths(selection)
                    let device = AffineTransform.scale(x: scale, y: scale)
                    symbols.append(LibraryGlyph(glyph: glyph, selection: selection,
                                                ink: ink.flattened(by: device, tolerance: CoverageRasterizer.defaultTolerance),
                                                knockout: knockout.flattened(by: device, tolerance: CoverageRasterizer.defaultTolerance)))
                }
                guard case let .glyph(symbol) = op.item, !glyphs.contains(where: { $0.symbol == symbol }) else {
                    continue
                }
                let polygons = symbol.path(centre: .zero)
                    .flattened(by: .scale(x: scale, y: scale), tolerance: CoverageRasterizer.defaultTolerance)
                glyphs.append(Glyph(symbol: symbol, polygons: polygons))
            }
        }
        self.glyphs = glyphs
        self.symbols = symbols
        var texts: [PreparedText] = []
        var textIndex: [TextDrawing: Int] = [:]
        var outlines = GlyphPolygonCache()
        for (_, program) in engine.programs {
            for op in program.ops {
                guard case let .text(drawing) = op.item, textIndex[drawing] == nil else { continue }
                textIndex[drawing] = texts.count
                texts.append(PreparedText(drawing, scale: scale, palette: engine.palette, cache: &outlines))
            }
        }
        self.texts = texts
        self.textIndex = textIndex
        if let count = Self.staticPrefix(of: engine), count > 0 {
            var rasterizer = CoverageRasterizer(width: engine.canvasWidth, height: engine.canvasHeight)
            underlay = (count, draw(engine.program(atSeconds: 0).ops[..<count], atSeconds: 0, using: &rasterizer))
        }
        if let late = Self.lateStaticOps(of: engine) {
            let ops = engine.program(atSeconds: 0).ops
            var rasterizer = CoverageRasterizer(width: engine.canvasWidth, height: engine.canvasHeight)
            // Over the prefix's picture, or the background alone when no op begins the program alike.
            var image = underlay?.image ?? draw(ops[..<0], atSeconds: 0, using: &rasterizer)
            draw(ArraySlice(late.map { ops[$0] }), atSeconds: 0, onto: &image, using: &rasterizer)
            lateUnderlay = (late, late.map { inkBounds(of: ops[$0], atSeconds: 0) }, image)
        }
    }

}

extension ViewEngine {
    /// Whether a ``ViewRenderer`` of this engine keeps a picture of the ops every frame draws
    /// alike (one frame of memory).
    public var drawsStaticUnderlay: Bool { staticUnderlayFrames > 0 }

    /// How many frames of memory a ``ViewRenderer`` of this engine keeps for the pictures of
    /// the ops every frame draws alike: the static prefix, and the ops after it.
    public var staticUnderlayFrames: Int {
        ((ViewRenderer.staticPrefix(of: self) ?? 0) > 0 ? 1 : 0) + (ViewRenderer.lateStaticOps(of: self) == nil ? 0 : 1)
    }

    /// Whether every frame shows the same picture: the views appear at t = 0, nothing changes
    /// after that, no device rotates, and every op is drawn alike at every time (no animation,
    /// no activity indicator, no symbol effect). A full-screen still rendered as a GIF is then
    /// one image, however many frames it lasts. Conservative: `false` when unsure.
    public var drawsOnePicture: Bool {
        guard let alike = ViewRenderer.alikeOps(of: self) else { return false }
        if alike.allSatisfy({ $0 }) { return true }
        // A shape's modifiers and animatable data are not looked at op by op (``ViewRenderer``
        // draws them every frame); when no track of the engine ever changes, they are alike too.
        guard numbers.allSatisfy(\.neverChanges), points.allSatisfy(\.neverChanges), colours.allSatisfy(\.neverChanges) else { return false }
        return program(atSeconds: 0).ops.allSatisfy { op in
            if case .progressView = op.item { return false }
            return op.effects.allSatisfy { effect in
                switch effect {
                case .symbolEffect, .variableLayer: false
                default: true
                }
            }
        }
    }
}

extension ViewRenderer {
    /// How many ops at the start of the program every frame draws are drawn alike at every time,
    /// ending where no layer is open (the picture there is complete); `nil` when frames may draw
    /// different programs (a later change, a device rotation). An op is alike when none of its
    /// tracks ever changes after the views appear and it is not the activity indicator (which
    /// turns by itself).
    static func staticPrefix(of engine: ViewEngine) -> Int? {
        guard let alike = alikeOps(of: engine) else { return nil }
        let ops = engine.program(atSeconds: 0).ops
        var count = 0
        while count < ops.count && alike[count] { count += 1 }
        // Back to where no layer is open: the op after the prefix opens none of its layers.
        func layers(_ op: DrawOp) -> [LayerKey] { op.effects.compactMap(\.layer) }
        while count > 0 && count < ops.count, let first = layers(ops[count]).first, layers(ops[count - 1]).first == first { count -= 1 }
        return count
    }

    /// The ops after the static prefix that every frame draws alike, in order, when there are
    /// some and no op after the prefix draws into a layer (a layer's picture depends on all its
    /// views at once); `nil` otherwise.
    static func lateStaticOps(of engine: ViewEngine) -> [Int]? {
        guard let alike = alikeOps(of: engine), let count = staticPrefix(of: engine) else { return nil }
        let ops = engine.program(atSeconds: 0).ops
        guard ops[count...].allSatisfy({ op in op.effects.allSatisfy { $0.layer == nil } }) else { return nil }
        let late = (count..<ops.count).filter { alike[$0] }
        return late.isEmpty ? nil : late
    }

    /// Whether each op of the program every frame draws is drawn alike at every time; `nil`
    /// when frames may draw different programs (a later change, a device rotation). An op is
    /// alike when none of its tracks ever changes after the views appear and it is not the
    /// activity indicator (which turns by itself).
    static func alikeOps(of engine: ViewEngine) -> [Bool]? {
        guard engine.rotationTimes.isEmpty, engine.stage == nil, !engine.programs.contains(where: { $0.start > 0 }) else { return nil }
        func constant<T>(_ track: AnimatedTrack<T>) -> Bool { track.neverChanges }
        func number(_ index: Int) -> Bool { constant(engine.numbers[index]) }
        func point(_ index: Int) -> Bool { constant(engine.points[index]) }
        func alike(_ op: DrawOp) -> Bool {
            if case .progressView = op.item { return false }
            guard point(op.centre), point(op.size), constant(engine.colours[op.colour]) else { return false }
            if let (from, to) = op.trim, !number(from) || !number(to) { return false }
            if let keys = op.shapeKeys {
                if let width = keys.lineWidth, !number(width) { return false }
                if let phase = keys.dashPhase, !number(phase) { return false }
                // Animatable data and shape modifiers: drawn each frame (their tracks' kinds vary).
                if keys.data != nil || !keys.transforms.isEmpty { return false }
                if let gradient = keys.gradient,
                   !([gradient.geometry] + gradient.locations + gradient.stops).allSatisfy({ constant(engine.colours[$0]) }) { return false }
            }
            for effect in op.effects {
                switch effect {
                case let .rotation(track, centre, size, _), let .scale(track, centre, size, _):
                    if case .rotation = effect { guard number(track) else { return false } } else { guard point(track) else { return false } }
                    guard point(centre), point(size) else { return false }
                case let .offset(track): guard point(track) else { return false }
                case let .opacity(track): guard number(track) else { return false }
                case .symbolEffect, .variableLayer: return false
                case let .shadow(colour, radius, offset, _):
                    guard constant(engine.colours[colour]), number(radius), point(offset) else { return false }
                case let .blur(radius, _, _): guard number(radius) else { return false }
                case .masked, .maskShape, .group, .blend, .material: break
                case let .colour(_, amount, colour, _):
                    if let amount, !number(amount) { return false }
                    if let colour, !constant(engine.colours[colour]) { return false }
                case let .rotation3D(track, _, _, _, _, centre, size, _): guard number(track), point(centre), point(size) else { return false }
                case let .projection(_, centre, size, _): guard point(centre), point(size) else { return false }
                }
            }
            return true
        }
        return engine.program(atSeconds: 0).ops.map(alike)
    }

    /// Canvas width in pixels.
    public var width: Int { engine.canvasWidth }
    /// Canvas height in pixels.
    public var height: Int { engine.canvasHeight }
    /// The resolved system colours.
    public var palette: SystemPalette { engine.palette }

    /// The canvas colour under everything: transparent, the override, or the appearance's.
    public var backgroundColor: RGBA8 {
        engine.output.transparentBackground ? .transparent : (engine.output.background ?? engine.palette.background)
    }

    /// A scratch accumulator of the canvas size, for ``render(atSeconds:using:)``; one per thread.
    public func makeRasterizer() -> CoverageRasterizer { CoverageRasterizer(width: width, height: height) }

    /// The frame at `time` seconds.
    public func render(atSeconds time: Double) -> RGBAImage {
        var rasterizer = makeRasterizer()
        return render(atSeconds: time, using: &rasterizer)
    }

    /// The frame at `time` seconds.
    ///
    /// - Parameter rasterizer: scratch accumulator from ``makeRasterizer()``.
    /// - Returns: the `width × height` frame.
    public func render(atSeconds time: Double, using rasterizer: inout CoverageRasterizer) -> RGBAImage {
        var recycler = FrameRecycler(capacity: 0)
        return renderFrame(atSeconds: time, using: &rasterizer, recycling: &recycler, damage: false).image
    }

    /// The frame at `time` seconds, with the backdrop it was drawn over and the pixels its own
    /// drawing touched (its damage), so that a consumer of consecutive frames looks only where
    /// they can differ.
    ///
    /// - Parameters:
    ///   - rasterizer: scratch accumulator from ``makeRasterizer()``.
    ///   - recycler: the calling worker's earlier frames: a frame drawn over the same backdrop
    ///     is drawn into the buffer of the oldest of them, restoring only that frame's damage,
    ///     instead of copying the whole backdrop (a copy of the canvas costs as much as drawing
    ///     a small spinner on a wide one). The pixels are the same either way.
    /// - Returns: the `width × height` frame; its ``RenderedFrame/backdrop`` is `nil` when an op
    ///   drawn over the backdrop has an effect whose pixels neither its outlines nor a shadow's
    ///   account of what it wrote bound (a blur, a mask, another layer) or frames may show
    ///   different stages.
    public func renderFrame(atSeconds time: Double, using rasterizer: inout CoverageRasterizer,
                            recycling recycler: inout FrameRecycler) -> RenderedFrame {
        renderFrame(atSeconds: time, using: &rasterizer, recycling: &recycler, damage: true)
    }

    /// The frame at `time`, its damage worked out only when `wanted` (a caller that keeps no
    /// frame and compares none does not pay for it).
    private func renderFrame(atSeconds time: Double, using rasterizer: inout CoverageRasterizer,
                             recycling recycler: inout FrameRecycler, damage wanted: Bool) -> RenderedFrame {
        let ops = engine.program(atSeconds: time).ops
        let wanted = wanted && engine.stage == nil && engine.rotationTimes.isEmpty
        let (backdrop, drawn, inks) = backdrop(of: ops, atSeconds: time, inksWanted: wanted)
        let reach = wanted ? self.reach(of: drawn, atSeconds: time, inks: inks) : nil
        var image: RGBAImage
        if reach != nil, var old = recycler.takeOldest(drawnOver: backdrop) {
            image = old.image
            // Its only reference now, unless a consumer still holds the frame: written in place.
            old.image = RGBAImage(width: 0, height: 0)
            restore(old.damage, of: &image, from: backdrop)
        } else {
            switch backdrop {
            case .lateUnderlay: image = lateUnderlay!.image
            case .underlay: image = underlay!.image
            case .background: image = draw(drawn[drawn.startIndex..<drawn.startIndex], atSeconds: time, using: &rasterizer)
            }
        }
        let touched = draw(drawn, atSeconds: time, onto: &image, using: &rasterizer, reach: reach)
        guard let damage = touched else { return RenderedFrame(image: image, backdrop: nil, damage: PixelRect(x0: 0, y0: 0, x1: width, y1: height)) }
        let frame = RenderedFrame(image: image, backdrop: backdrop, damage: damage)
        recycler.keep(frame)
        return frame
    }

    /// The picture a frame at `time` starts from and the ops drawn over it. A frame at or after
    /// the views appear starts from the picture of the ops all draw alike: all of them when the
    /// ops that change keep off the later ones' ink in this frame. Over that picture, when
    /// `inksWanted`, the ink of each op drawn, which the test works out (for
    /// ``reach(of:atSeconds:inks:)``; the ops after the last alike one are measured for it).
    private func backdrop(of ops: [DrawOp], atSeconds time: Double,
                          inksWanted: Bool) -> (Backdrop, ArraySlice<DrawOp>, inks: [PixelBounds?]?) {
        if let lateUnderlay, time >= 0 {
            let start = underlay?.count ?? 0
            var late = 0
            var moving: [DrawOp] = []
            var inks: [PixelBounds?] = []
            var apart = true
            for index in start..<ops.count {
                if late < lateUnderlay.indices.count && lateUnderlay.indices[late] == index {
                    late += 1
                    continue
                }
                moving.append(ops[index])
                let before = late < lateUnderlay.indices.count
                guard before || inksWanted else { continue }
                let ink = inkBounds(of: ops[index], atSeconds: time)
                inks.append(ink)
                // Its ink this frame against the ink of every alike op drawn after it.
                guard before, let ink else { continue }
                if lateUnderlay.ink[late...].contains(where: { $0.map { $0.intersects(ink) } ?? false }) {
                    apart = false
                    break
                }
            }
            if apart { return (.lateUnderlay, ArraySlice(moving), inksWanted ? inks : nil) }
        }
        if let underlay, time >= 0 { return (.underlay, ops[underlay.count...], nil) }
        return (.background, ops[...], nil)
    }

    /// `ops` drawn at `time` onto the background (and the stage, when one is shown).
    private func draw(_ ops: ArraySlice<DrawOp>, atSeconds time: Double, using rasterizer: inout CoverageRasterizer) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: backgroundColor)
        if let stage = engine.stageRect(atSeconds: time) {
            image.fill(.border(stage, lineWidth: engine.output.scale), color: engine.palette.secondary, in: engine.output.blendSpace,
                       using: &rasterizer)
        }
        draw(ops, atSeconds: time, onto: &image, using: &rasterizer)
        return image
    }

    /// `ops` drawn at `time` onto `image`, every layer they open closed. In place: a frame's
    /// picture is not copied on its way through (a copy of the canvas per frame cost as much as
    /// drawing a small spinner on a wide canvas).
    ///
    /// - Parameter reach: Where each op draws (``reach(of:atSeconds:inks:)``, in `ops`' order),
    ///   when known: a layer's picture is looked for only inside the reach of what was drawn
    ///   into it.
    /// - Returns: With `reach`, a rectangle holding every pixel of `image` the ops touched (the
    ///   frame's damage): the ops' reach and what their layers' compositing wrote.
    @discardableResult
    private func draw(_ ops: ArraySlice<DrawOp>, atSeconds time: Double, onto image: inout RGBAImage,
                      using rasterizer: inout CoverageRasterizer, reach: [PixelRect]? = nil) -> PixelRect? {
        // Open layers, outermost first: each op draws into the innermost one its effects name,
        // and a layer is filtered and composited into the one around it when the ops leave it.
        var layers: [OpenLayer] = []
        let canvas = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        var touched = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        func close() {
            var layer = layers.removeLast()
            let region = reach == nil ? nil : layer.touched
            let result: (content: PixelRect, written: PixelRect)?
            if layers.isEmpty {
                result = finish(layer, into: &image, atSeconds: time, within: region)
                touched = touched.union(result?.written ?? canvas)
            } else {
                result = finish(layer, into: &layers[layers.count - 1].image, atSeconds: time, within: region)
                layers[layers.count - 1].touched = layers[layers.count - 1].touched.union(result?.written ?? canvas)
            }
            // The layer's canvas goes back to the rasterizer, its only reference, to be cleared
            // where it was drawn and lent to the next layer.
            guard let result else { return }
            let picture = layer.image
            layer.image = RGBAImage(width: 0, height: 0)
            rasterizer.keepLayerImage(picture, clearing: result.content)
        }
        for (position, op) in ops.enumerated() {
            let wanted = op.effects.indices.compactMap { index in op.effects[index].layer.map { (index, $0) } }
            var common = 0
            while common < min(layers.count, wanted.count) && layers[common].key == wanted[common].1 { common += 1 }
            while layers.count > common { close() }
            for (index, key) in wanted[common...] {
                layers.append(OpenLayer(key: key, op: op, position: index, image: rasterizer.takeLayerImage(),
                                        touched: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)))
            }
            let ink = reach?[position] ?? canvas
            if layers.isEmpty {
                draw(op, atSeconds: time, into: &image, using: &rasterizer)
                touched = touched.union(ink)
            } else {
                draw(op, atSeconds: time, into: &layers[layers.count - 1].image, using: &rasterizer)
                layers[layers.count - 1].touched = layers[layers.count - 1].touched.union(ink)
            }
        }
        while !layers.isEmpty { close() }
        return reach == nil ? nil : touched
    }

    /// A layer being drawn: its identity, the op that opened it (whose effects outside the
    /// layer's place it) and the picture so far.
    private struct OpenLayer {
        var key: LayerKey
        var op: DrawOp
        /// The index of the layer's effect in `op.effects`.
        var position: Int
        var image: RGBAImage
        /// A rectangle holding every pixel drawn into `image` so far.
        var touched: PixelRect
    }

    /// The map from the points of the layer opened by effect `position` of `effects` (canvas
    /// points) to canvas pixels, through the geometry outside it, and how much it stretches
    /// lengths (the square root of its determinant), at `time`.
    func outsideGeometry(of effects: [DrawOp.Effect], layerAt position: Int, atSeconds time: Double) -> (AffineTransform, stretch: Double) {
        let scale = engine.output.scale
        let outside = engine.geometry(effects[..<position], atSeconds: time).concatenating(.scale(x: scale, y: scale))
        return (outside, abs(outside.a * outside.d - outside.b * outside.c).squareRoot())
    }

    /// A shadow's offset in canvas pixels and its blur's standard deviation in pixels at `time`:
    /// its `radius` and `offset` tracks (points) mapped by the geometry outside its layer
    /// (``outsideGeometry(of:layerAt:atSeconds:)``).
    func shadowInPixels(radius: Int, offset: Int, outside: AffineTransform, stretch: Double,
                        atSeconds time: Double) -> (dx: Double, dy: Double, sigma: Double) {
        let shift = engine.points[offset].point(atSeconds: time)
        return (outside.a * shift.x + outside.c * shift.y, outside.b * shift.x + outside.d * shift.y,
                max(0, engine.numbers[radius].number(atSeconds: time)) * stretch)
    }

    /// Filters `layer` by its effect and composites it into `target`, with the opacities and
    /// blend mode between it and the layer around it.
    ///
    /// - Parameter region: A rectangle holding every non-zero byte of the layer's picture, if
    ///   known.
    /// - Returns: When the compositing measured them (a shadow's), a rectangle outside which
    ///   every byte of the layer's picture is 0 (`content`) and one holding every pixel of
    ///   `target` it wrote (`written`); `nil` otherwise.
    private func finish(_ layer: OpenLayer, into target: inout RGBAImage, atSeconds time: Double,
                        within region: PixelRect?) -> (content: PixelRect, written: PixelRect)? {
        let effects = layer.op.effects
        // The opacities between this layer and the one around it.
        var opacity = 1.0
        var outer = layer.position - 1
        while outer >= 0 && effects[outer].layer == nil {
            if case let .opacity(track) = effects[outer] { opacity *= min(1, max(0, engine.numbers[track].number(atSeconds: time))) }
            outer -= 1
        }
        let (outside, stretch) = outsideGeometry(of: effects, layerAt: layer.position, atSeconds: time)
        let space = engine.output.blendSpace
        switch effects[layer.position] {
        case .rotation, .scale, .offset, .opacity, .symbolEffect, .variableLayer:
            return nil  // not layers
        case let .shadow(colourTrack, radiusTrack, offsetTrack, _):
            let colour = engine.colours[colourTrack].colour(atSeconds: time).rgba8
            let shadow = shadowInPixels(radius: radiusTrack, offset: offsetTrack, outside: outside, stretch: stretch, atSeconds: time)
            // Layer.addShadow composited, without the canvas-sized planes.
            return target.compositeShadowed(layer.image, within: region, shadow: colour, sigma: shadow.sigma, dx: shadow.dx,
                                            dy: shadow.dy, opacity: opacity, in: space)
        case let .blur(radiusTrack, opaque, _):
            var content = Layer(layer.image)
            let original = opaque ? content : nil
            content.blur(sigma: max(0, engine.numbers[radiusTrack].number(atSeconds: time)) * stretch)
            if let original { content.keepAlpha(of: original) }
            target.composite(content, opacity: opacity, in: space)
        case .masked, .group:
            target.composite(Layer(layer.image), opacity: opacity, in: space)
        case .maskShape:
            target.keep(where: layer.image, opacity: opacity)
        case let .blend(mode, _):
            target.composite(Layer(layer.image), opacity: opacity, mode: mode, in: space)
        case let .colour(effect, amountTrack, colourTrack, _):
            var content = Layer(layer.image)
            let tint = colourTrack.map { engine.colours[$0].colour(atSeconds: time).rgba8 } ?? .white
            let matrix = ColourEffect.matrix(effect, amount: amountTrack.map { engine.numbers[$0].number(atSeconds: time) } ?? 0,
                                             colour: (Double(tint.r) / 255, Double(tint.g) / 255, Double(tint.b) / 255, Double(tint.a) / 255))
            content.applyColourMatrix(matrix)
            target.composite(content, opacity: opacity, in: space)
        case let .rotation3D(track, axis, unit, anchorZ, perspective, anchorCentre, anchorSize, _):
            let size = engine.points[anchorSize].point(atSeconds: time)
            let local = Projection.rotation3D(degrees: engine.numbers[track].number(atSeconds: time), axis: axis,
                                              anchorX: unit.x * size.x, anchorY: unit.y * size.y, anchorZ: anchorZ,
                                              perspective: perspective, width: size.x, height: size.y)
            warp(layer.image, local, frameCentre: anchorCentre, frameSize: anchorSize, outside: outside, opacity: opacity,
                 into: &target, atSeconds: time)
        case let .projection(local, anchorCentre, anchorSize, _):
            warp(layer.image, local, frameCentre: anchorCentre, frameSize: anchorSize, outside: outside, opacity: opacity,
                 into: &target, atSeconds: time)
        case let .material(material, dark, _):
            let shape = Layer(layer.image)
            guard !shape.bounds.isEmpty else { return nil }
            let sigma = material.blurRadius * stretch
            let behind = Layer(target, within: shape.bounds.expanded(by: GaussianBlur.reach(sigma: sigma), width: width, height: height))
            var backdrop = behind
            backdrop.blur(sigma: sigma)
            // What lies past the canvas is unknown, not transparent: the blurred colours are
            // divided by their blurred coverage (the weights that fell on the canvas).
            backdrop.keepAlpha(of: behind)
            backdrop.mask(by: shape)
            backdrop.bounds = shape.bounds
            // The blurred backdrop replaces what is behind, in proportion to the coverage.
            target.replace(with: backdrop, coverage: shape, opacity: opacity)
            var tint = material.tint(dark: dark)
            tint.a = UInt8((Double(tint.a) * opacity).rounded())
            var tinted = Layer(width: width, height: height)
            tinted.bounds = shape.bounds
            for y in shape.bounds.y0..<shape.bounds.y1 {
                for x in shape.bounds.x0..<shape.bounds.x1 {
                    let i = y * width + x, a = shape.a[i] * Float(tint.a) / 255
                    tinted.a[i] = a
                    tinted.r[i] = Float(tint.r) / 255 * a
                    tinted.g[i] = Float(tint.g) / 255 * a
                    tinted.b[i] = Float(tint.b) / 255 * a
                }
            }
            target.composite(tinted, opacity: 1, in: space)
        }
        return nil
    }

    /// Composites `image` seen through `local`, a projection in the points of a frame (origin at
    /// its top-left corner), placed on the canvas by `outside`.
    private func warp(_ image: RGBAImage, _ local: Projection, frameCentre: Int, frameSize: Int, outside: AffineTransform,
                      opacity: Double, into target: inout RGBAImage, atSeconds time: Double) {
        let centre = engine.points[frameCentre].point(atSeconds: time), size = engine.points[frameSize].point(atSeconds: time)
        let place = Projection(affine: AffineTransform.translation(x: centre.x - size.x / 2, y: centre.y - size.y / 2)
            .concatenating(outside))
        guard let back = place.inverted else { return }
        let forward = back.concatenating(local).concatenating(place)
        guard let inverse = forward.inverted else { return }
        let warped = Layer(image).warped(forward: forward.columnMatrix, inverse: inverse.columnMatrix)
        target.composite(warped, opacity: opacity, in: engine.output.blendSpace)
    }

    /// The map from a bitmap's pixels (origin at its top-left corner) to the device pixels of
    /// a frame of `frame` points centred on the origin, as a placement's transform takes them:
    /// the bitmap stretched over the frame (its natural size unless `resizable()` stretched it).
    static func bitmapPlacement(_ variant: BitmapVariant, frame: AnimatablePoint, scale: Double) -> AffineTransform {
        let w = frame.x * scale, h = frame.y * scale
        return AffineTransform.scale(x: w / Double(max(1, variant.pixels.width)), y: h / Double(max(1, variant.pixels.height)))
            .concatenating(.translation(x: -w / 2, y: -h / 2))
    }

    /// Premultiplied RGBA `bytes` averaged over `block` × `block` texels (the blocks at the right
    /// and bottom edges over the texels they have): a box filter before a large reduction.
    static func boxReduced(_ bytes: [UInt8], width: Int, height: Int, block: Int) -> (bytes: [UInt8], width: Int, height: Int) {
        let w = (width + block - 1) / block, h = (height + block - 1) / block
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for by in 0..<h {
            for bx in 0..<w {
                var sum = (0, 0, 0, 0)
                var count = 0
                for y in (by * block)..<min(height, (by + 1) * block) {
                    for x in (bx * block)..<min(width, (bx + 1) * block) {
                        let i = (y * width + x) * 4
                        sum = (sum.0 + Int(bytes[i]), sum.1 + Int(bytes[i + 1]), sum.2 + Int(bytes[i + 2]), sum.3 + Int(bytes[i + 3]))
                        count += 1
                    }
                }
                let o = (by * w + bx) * 4
                out[o] = UInt8((sum.0 + count / 2) / count)
                out[o + 1] = UInt8((sum.1 + count / 2) / count)
                out[o + 2] = UInt8((sum.2 + count / 2) / count)
                out[o + 3] = UInt8((sum.3 + count / 2) / count)
            }
        }
        return (out, w, h)
    }

    /// Draws one op's item, placed at `time`, into `image`.
    private func draw(_ op: DrawOp, atSeconds time: Double, into image: inout RGBAImage, using rasterizer: inout CoverageRasterizer) {
        let scale = engine.output.scale
        let space = engine.output.blendSpace
        do {
            let placement = engine.placement(of: op, atSeconds: time)
            var paint = placement.colour
            paint.a = UInt8((Double(paint.a) * placement.opacity).rounded())
            let linear = placement.linear
            guard paint.a > 0, linear.a * linear.d - linear.b * linear.c != 0 else { return }
            switch op.item {
            case let .glyph(symbol):
                let transform = placement.transform(scale: scale)
                rasterizer.reset()
                let glyph = glyphs.first { $0.symbol == symbol }!
                for polygon in glyph.polygons { rasterizer.addPolygon(polygon, transform: transform) }
                image.composite(paint, draining: &rasterizer, in: space)
            case let .symbol(glyph, selection):
                let transform = placement.transform(scale: scale)
                let drawn = symbols.first { $0.glyph == glyph && $0.selection == selection }!
                rasterizer.reset()
                if drawn.knockout.isEmpty {
                    for polygon in drawn.ink { rasterizer.addPolygon(polygon, transform: transform) }
                    image.composite(paint, coverage: rasterizer, in: space)
                } else {
                    // Coverage of the ink times what the knockout leaves: the cut-out shows
                    // what lies behind the symbol, as on a device.
                    for polygon in drawn.knockout { rasterizer.addPolygon(polygon, transform: transform) }
                    let cut = rasterizer.coverageValues()
                    rasterizer.reset()
                    for polygon in drawn.ink { rasterizer.addPolygon(polygon, transform: transform) }
                    let w = width
                    image.composite(shading: { x, y in
                        var colour = paint
                        colour.a = UInt8((Double(paint.a) * (1 - min(1, cut[y * w + x]))).rounded())
                        return colour
                    }, coverage: rasterizer, in: space)
                }
                rasterizer.reset()
            case let .border(width):
                let lineWidth = width * scale
                if linear == .identity {
                    let x = placement.centre.x + placement.displacement.x, y = placement.centre.y + placement.displacement.y
                    let minX = ((x - placement.size.x / 2) * scale + 1e-9).rounded(.down)
                    let minY = ((y - placement.size.y / 2) * scale + 1e-9).rounded(.down)
                    let maxX = ((x + placement.size.x / 2) * scale - 1e-9).rounded(.up)
                    let maxY = ((y + placement.size.y / 2) * scale - 1e-9).rounded(.up)
                    let rect = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
                    image.fill(.border(rect, lineWidth: lineWidth), color: paint, in: space, using: &rasterizer)
                } else {
                    let local = Rect(x: -placement.size.x / 2 * scale, y: -placement.size.y / 2 * scale,
                                     width: placement.size.x * scale, height: placement.size.y * scale)
                    image.fill(.border(local, lineWidth: lineWidth), transform: placement.transform(scale: scale),
                               color: paint, in: space, using: &rasterizer)
                }
            case var .shape(shape):
                if let (from, to) = op.trim {
                    shape.trimFrom = engine.numbers[from].number(atSeconds: time)
                    shape.trimTo = engine.numbers[to].number(atSeconds: time)
                }
                shape = engine.animated(shape, op, atSeconds: time)
                var stroke: StrokeStyle?
                if case .stroke(_, let style) = shape.paint { stroke = style }
                // The outline is in device pixels about the frame's centre; the placement turns,
                // scales and moves it.
                let local = Rect(x: -placement.size.x / 2 * scale, y: -placement.size.y / 2 * scale,
                                 width: placement.size.x * scale, height: placement.size.y * scale)
                let transform = placement.transform(scale: scale)
                rasterizer.reset()
                if shape.isBuiltInOutline {
                    for polygon in shapeOutlines.polygons(of: shape, in: local, scale: scale, tolerance: outlineTolerance(under: placement.linear)) {
                        rasterizer.addPolygon(polygon, transform: transform)
                    }
                } else {
                    let data = op.shapeKeys.flatMap { keys in keys.data.map { engine.shapeData(track: $0, count: keys.dataCount, atSeconds: time) } }
                    // Flattened before the placement: a placement that enlarges tightens the tolerance.
                    let tolerance = CoverageRasterizer.defaultTolerance / max(1, placement.linear.maximumScale)
                    let (polygons, rule) = shape.coverage(width: placement.size.x, height: placement.size.y, scale: scale,
                                                          data: data, style: stroke, tolerance: tolerance)
                    rasterizer.addPolygons(polygons, transform: AffineTransform.translation(x: local.minX, y: local.minY)
                        .concatenating(transform), rule: rule)
                }
                if let gradient = shape.gradient, let inverse = transform.inverted {
                    let shading = engine.gradientShading(gradient, op, atSeconds: time, alpha: paint.a)
                    let size = placement.size
                    image.composite(shading: { x, y in
                        // The pixel's centre in the frame's own points, from its top-left corner.
                        let p = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                        return shading.colour(atX: p.x / scale + size.x / 2, y: p.y / scale + size.y / 2,
                                              width: size.x, height: size.y)
                    }, coverage: rasterizer, in: space)
                    rasterizer.reset()
                } else {
                    image.composite(paint, draining: &rasterizer, in: space)
                }
            case let .text(drawing):
                let transform = placement.transform(scale: scale)
                guard let index = textIndex[drawing] else { return }
                let shading = drawing.gradient.map { engine.gradientShading($0, op, atSeconds: time, alpha: paint.a) }
                texts[index].draw(into: &image, paint: paint, opacity: placement.opacity, transform: transform,
                                  frame: placement.size, scale: scale, shading: shading, space: space,
                                  rasterizer: &rasterizer, index: index, cache: textCoverage, patches: glyphPatches)
            case let .bitmap(bitmap):
                guard let variant = bitmap.variant(forScale: scale) else { return }
                let pixels = variant.pixels
                var bytes = pixels.premultiplied
                var opacity = Double(paint.a) / 255
                if bitmap.template {
                    // The bitmap's alpha as coverage of the paint (SwiftUI's
                    // `Image.TemplateRenderingMode.template`: "a mask … filled with the foreground
                    // color"); the paint's alpha carries the view's opacity.
                    for i in Swift.stride(from: 0, to: bytes.count, by: 4) {
                        let a = UInt32(pixels.image.pixels[i + 3]) * UInt32(paint.a)
                        bytes[i] = UInt8((UInt32(paint.r) * a + 32_512) / 65_025)
                        bytes[i + 1] = UInt8((UInt32(paint.g) * a + 32_512) / 65_025)
                        bytes[i + 2] = UInt8((UInt32(paint.b) * a + 32_512) / 65_025)
                        bytes[i + 3] = UInt8((a + 127) / 255)
                    }
                    opacity = 1
                }
                var (width, height) = (pixels.width, pixels.height)
                var transform = Self.bitmapPlacement(variant, frame: placement.size, scale: scale).concatenating(placement.transform(scale: scale))
                // Drawn at less than half its size, the bitmap is first averaged over blocks of
                // texels (a box filter), so that every texel counts, as a mipmap does: bilinear
                // samples alone would skip most of them and alias.
                let devicePerTexel = (abs(transform.a * transform.d - transform.b * transform.c)).squareRoot()
                if bitmap.smooth, devicePerTexel > 0, devicePerTexel < 0.5 {
                    let block = Int((1 / devicePerTexel).rounded(.down))
                    let reduced = Self.boxReduced(bytes, width: width, height: height, block: block)
                    transform = AffineTransform.scale(x: Double(width) / Double(reduced.width), y: Double(height) / Double(reduced.height))
                        .concatenating(transform)
                    (bytes, width, height) = (reduced.bytes, reduced.width, reduced.height)
                }
                image.composite(premultiplied: bytes, width: width, height: height, transform: transform, opacity: opacity,
                                in: space, clampsEdges: true, nearest: !bitmap.smooth)
            case let .linearBar(track):
                let transform = placement.transform(scale: scale)
                let fraction = op.trim.map { min(1, max(0, engine.numbers[$0.to].number(atSeconds: time))) } ?? 0
                var trackPaint = track
                trackPaint.a = UInt8((Double(track.a) * placement.opacity).rounded())
                let width = placement.size.x * scale, height = placement.size.y * scale
                let full = Rect(x: -width / 2, y: -height / 2, width: width, height: height)
                image.fill(ProgressBarLayout.capsule(full), transform: transform, color: trackPaint, in: space, using: &rasterizer)
                if fraction > 0 {
                    let filled = Rect(x: -width / 2, y: -height / 2, width: width * fraction, height: height)
                    image.fill(ProgressBarLayout.capsule(filled), transform: transform, color: paint, in: space, using: &rasterizer)
                }
            case .progressView:
                // The ticks step with time (8 a second), not with state: the indicator is
                // always animating, whatever the transaction.
                let indicator = ActivityIndicator(radius: min(placement.size.x, placement.size.y) / 2)
                let transform = placement.transform(scale: scale)
                for tick in indicator.ticks(atSeconds: time, centre: .zero, scale: scale) {
                    var tickPaint = paint
                    tickPaint.a = UInt8((Double(paint.a) * tick.opacity).rounded())
                    rasterizer.reset()
                    for polygon in tick.polygons { rasterizer.addPolygon(polygon, transform: transform) }
                    image.composite(tickPaint, draining: &rasterizer, in: space)
                }
            }
        }
    }
}

/// A gradient with its stop colours resolved for one palette, ready to shade pixels.
struct GradientShading {
    let gradient: GradientPaint
    /// Resolved stop colours with their locations, ascending.
    let stops: [(colour: RGBA8, location: Double)]
    /// The view's opacity and colour alpha, 0…255, multiplied into every colour.
    let alpha: UInt8

    init(_ gradient: GradientPaint, palette: SystemPalette, alpha: UInt8) {
        self.init(geometry: gradient.geometry, stops: gradient.stops.map { (palette.resolve($0.color), $0.location) }, alpha: alpha)
    }

    /// A shading of resolved stops in any order (animated stops may pass one another): they are
    /// sorted by location, equal locations keeping their order.
    init(geometry: GradientPaint.Geometry, stops: [(colour: RGBA8, location: Double)], alpha: UInt8) {
        gradient = GradientPaint(geometry: geometry, stops: [])
        self.stops = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        self.alpha = alpha
    }

    /// The alpha of the most opaque pixel the shading can give: its most opaque stop's, times
    /// ``alpha`` (every colour between two stops is a mix of theirs). 0 when every stop is
    /// clear: the gradient draws nothing.
    var mostOpaqueAlpha: UInt8 {
        let most = stops.map(\.colour.a).max() ?? 0
        return UInt8((Double(most) * Double(alpha) / 255).rounded())
    }

    /// The colour at a point in points from the frame's top-left corner: the two stops around
    /// the gradient's parameter there, mixed component by component (not premultiplied).
    func colour(atX x: Double, y: Double, width: Double, height: Double) -> RGBA8 {
        var colour = ramp(gradient.parameter(atX: x, y: y, width: width, height: height))
        colour.a = UInt8((Double(colour.a) * Double(alpha) / 255).rounded())
        return colour
    }

    /// The colour at gradient parameter `t`, before the alpha: the first stop's colour up to
    /// it, the last's after it, and between two stops their mix.
    func ramp(_ t: Double) -> RGBA8 {
        guard let first = stops.first, let last = stops.last else { return .transparent }
        var colour = last.colour
        if t <= first.location || !t.isFinite {
            colour = first.colour
        } else if t <= last.location {
            // The first stop at or after t, by bisection: a gradient may hold thousands of
            // stops, and every pixel asks.
            var low = 1, high = stops.count - 1
            while low < high {
                let middle = (low + high) / 2
                if stops[middle].location >= t { high = middle } else { low = middle + 1 }
            }
            let (a, b) = (stops[low - 1], stops[low])
            let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
            func mix(_ p: UInt8, _ q: UInt8) -> UInt8 {
                let low = Double(p), high = Double(q)
                let value: Double = low + (high - low) * f
                return UInt8(value.rounded())
            }
            colour = RGBA8(r: mix(a.colour.r, b.colour.r), g: mix(a.colour.g, b.colour.g),
                           b: mix(a.colour.b, b.colour.b), a: mix(a.colour.a, b.colour.a))
        }
        return colour
    }
}

extension AnimatedTrack {
    /// Whether the track holds one value from the views' appearance on: no segment starts
    /// after t = 0 and none animates.
    var neverChanges: Bool { segments.allSatisfy { $0.startSeconds <= 0 && $0.animation == nil } }
}
