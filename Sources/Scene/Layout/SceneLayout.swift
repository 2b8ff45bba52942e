import Raster

/// The static layout of a scene: canvas size, content size, and the snapshot for each stage
/// orientation (portrait for an even number of rotations, landscape for an odd one).
///
/// Facts (DESIGN.md §3): `padding(8)` is 8 pt per edge; `VStack` spacing between the two
/// images ≈ 8 pt; `border` is 1 pt wide, drawn inside the bounds; the image frame is the
/// glyph's advance × ink height.
public struct SceneLayout: Hashable, Sendable {
    /// VStack spacing between the two spinners, in points.
    public static let stackSpacing = 8.0
    /// `padding(8)` of the preview, in points.
    public static let previewPadding = 8.0
    /// Border width of `.border(.secondary)` and of the stage outline, in points.
    public static let borderWidth = 1.0
    /// Margin between content and stage edge in the default stage, in points.
    public static let stageMargin = 16.0

    /// Canvas size in pixels.
    public let canvasWidth: Int
    /// Canvas size in pixels.
    public let canvasHeight: Int
    /// Pixels per point.
    public let scale: Double
    /// The spinners shown, top to bottom.
    public let roles: [SpinnerRole]
    /// The stage in portrait orientation, in points (when shown).
    public let stage: StageSize?
    /// Whether the preview's border is drawn.
    public let drawsBorder: Bool
    private let contentWidthPixels: Int
    private let contentHeightPixels: Int
    private let frameHeightPoints: Double

    /// Computes the layout for a configuration.
    public init(_ configuration: SceneConfiguration) {
        scale = configuration.scale
        let frame = configuration.symbol.frameSize
        frameHeightPoints = frame.height
        let contentPoints: (width: Double, height: Double)
        switch configuration.mode {
        case .implicit, .explicit:
            roles = [configuration.mode == .implicit ? .implicit : .explicit]
            drawsBorder = false
            contentPoints = (frame.width + 2 * configuration.padding, frame.height + 2 * configuration.padding)
        case .preview:
            roles = [.implicit, .explicit]
            drawsBorder = true
            let pad = SceneLayout.previewPadding
            contentPoints = (frame.width + 2 * pad, 2 * frame.height + SceneLayout.stackSpacing + 2 * pad)
        }
        contentWidthPixels = Int((contentPoints.width * scale).rounded(.up))
        contentHeightPixels = Int((contentPoints.height * scale).rounded(.up))
        if configuration.showsStage {
            let stage = configuration.stage ?? SceneLayout.defaultStage(contentWidth: contentPoints.width,
                                                                       contentHeight: contentPoints.height)
            self.stage = stage
            let side = Int((max(stage.width, stage.height) * scale).rounded(.up))
            canvasWidth = side
            canvasHeight = side
        } else {
            stage = nil
            canvasWidth = contentWidthPixels
            canvasHeight = contentHeightPixels
        }
    }

    /// A portrait stage that holds the content both ways round, with a margin, at roughly a
    /// phone's 1 : 2 aspect: width = longest content side + 2 × margin, height = 2 × width.
    public static func defaultStage(contentWidth: Double, contentHeight: Double) -> StageSize {
        let width = (max(contentWidth, contentHeight) + 2 * stageMargin).rounded(.up)
        return StageSize(width: width, height: 2 * width)
    }

    /// Whether the content fits the stage in both orientations.
    public var contentFitsStage: Bool {
        guard let stage else { return true }
        let w = Double(contentWidthPixels) / scale, h = Double(contentHeightPixels) / scale
        return w <= stage.width && h <= stage.height && w <= stage.height && h <= stage.width
    }

    /// The layout after `rotations` device rotations (0: portrait).
    public func snapshot(afterRotations rotations: Int) -> LayoutSnapshot {
        var stageRect: Rect?
        var contentOrigin = Point.zero
        if let stage {
            let portrait = rotations % 2 == 0
            let w = ((portrait ? stage.width : stage.height) * scale).rounded()
            let h = ((portrait ? stage.height : stage.width) * scale).rounded()
            stageRect = Rect(x: 0, y: 0, width: w, height: h)
            // Centred in the screen, on whole pixels.
            contentOrigin = Point(x: ((w - Double(contentWidthPixels)) / 2).rounded(.down),
                                  y: ((h - Double(contentHeightPixels)) / 2).rounded(.down))
        }
        let content = Rect(x: contentOrigin.x, y: contentOrigin.y,
                           width: Double(contentWidthPixels), height: Double(contentHeightPixels))
        var centres: [SpinnerRole: Point] = [:]
        let middle = content.center
        if roles.count == 1 {
            centres[roles[0]] = middle
        } else {
            // Two frames of equal height with the stack spacing between them, centred.
            let offset = (frameHeightPoints + SceneLayout.stackSpacing) / 2 * scale
            centres[.implicit] = Point(x: middle.x, y: middle.y - offset)
            centres[.explicit] = Point(x: middle.x, y: middle.y + offset)
        }
        return LayoutSnapshot(stage: stageRect, content: content, centres: centres)
    }
}
