import Scene

extension RenderSettings {
    /// The largest `--width` or `--height`, in pixels.
    public static let maximumSizePixels = 20_000

    /// Derives the scale from `--width` or `--height` (``widthPixels``, ``heightPixels``).
    ///
    /// The canvas rule is the one every scale has: the canvas is the content's size in points
    /// (``Scene/ViewEngine/canvasWidthPoints``: the widest content with its margin, or the
    /// stage) times the scale, rounded up to whole pixels. The scale chosen is the largest for
    /// which that rounding gives exactly the width asked for, so the other side follows the
    /// content's aspect ratio, rounded up as at any scale. Given both, the scale is the largest
    /// that gives both exactly.
    ///
    /// - Throws: ``SettingsError/invalid(_:)`` for `--scale` given as well (both would set the
    ///   size), or `--width` and `--height` that the aspect ratio does not join (the message
    ///   says what each one gives).
    mutating func applySize() throws(SettingsError) {
        guard widthPixels != nil || heightPixels != nil else { return }
        let sizeOption = widthPixels != nil ? "--width <pixels>" : "--height <pixels>"
        if given.contains("scale") {
            throw .invalid("The options '--scale <scale>' and '\(sizeOption)' both set the image's size; give one of them")
        }
        let engine = request.makeEngine()
        let points = (width: engine.canvasWidthPoints, height: engine.canvasHeightPoints)
        guard points.width > 0, points.height > 0 else { return }
        // Each side is exact over a range of scales; with both, the largest scale in both ranges.
        var scale = Double.infinity
        if let widthPixels { scale = min(scale, Self.scale(fitting: widthPixels, points: points.width)) }
        if let heightPixels { scale = min(scale, Self.scale(fitting: heightPixels, points: points.height)) }
        if let widthPixels, let heightPixels,
           Self.pixels(points.width, scale: scale) != widthPixels || Self.pixels(points.height, scale: scale) != heightPixels {
            let height = Self.pixels(points.height, scale: Self.scale(fitting: widthPixels, points: points.width))
            let shown = { (value: Double) in Spelling.number((value * 100).rounded() / 100) }
            throw .invalid("The options '--width \(widthPixels)' and '--height \(heightPixels)' disagree: the content is \(shown(points.width)) × \(shown(points.height)) points, so a width of \(widthPixels) px gives a height of \(height) px; give one of them")
        }
        request.scene.scale = scale
    }

    /// `points` × `scale`, rounded up to whole pixels: the canvas rule.
    static func pixels(_ points: Double, scale: Double) -> Int { Int((points * scale).rounded(.up)) }

    /// The largest scale at which `points` round up to exactly `pixels`: `pixels / points`, or
    /// the next smaller number when the division's rounding puts the product above `pixels`.
    static func scale(fitting pixels: Int, points: Double) -> Double {
        var scale = Double(pixels) / points
        while Self.pixels(points, scale: scale) > pixels { scale = scale.nextDown }
        return scale
    }
}
