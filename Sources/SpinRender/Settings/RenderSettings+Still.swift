extension RenderSettings {
    /// The settings that decide only how an animation plays or is encoded, which a still
    /// (`--at`) would silently ignore.
    static let animationOnlyOptions = ["format", "quality", "fps", "duration", "loop", "no-compact"] + gifOnlyOptions

    /// Checks a still's output and settings (``stillSeconds`` given) and its memory: `output`
    /// is a `.png` path or `-`, and no setting of the animation's playback or encoding is given.
    ///
    /// - Throws: ``SettingsError/invalid(_:)`` naming the output or the setting;
    ///   ``SettingsError/failure(_:)`` when one frame would need more than ``maximumMemoryBytes``.
    public mutating func prepareStill(output: String) throws(SettingsError) {
        guard let seconds = stillSeconds else { return }
        let shown = Echo.cut(output, limit: Echo.pathLimit)
        if output != "-", OutputFile.pathExtension(output)?.lowercased() != ".png" {
            throw .invalid("The value '\(shown)' is invalid for '-o, --output <output>': '--at \(Spelling.number(seconds))' writes one frame as a still PNG; give a path ending in .png, or '-' for standard output")
        }
        if let name = Self.animationOnlyOptions.first(where: given.contains),
           let setting = (Self.fileOptions + Self.renderOptions).named(name) {
            throw .invalid("The option '\(setting.synopsis)' sets how the animation plays or is encoded; '--at <seconds>' writes one still PNG, so leave it out")
        }
        // One frame held, the workers' scratch as for any render. The request keeps the
        // animation's length: the still's canvas is the animation's, which holds the ink of
        // every frame (``RenderRequest/makeEngine()``).
        let animationSeconds = request.durationSeconds
        request.durationSeconds = 1 / request.framesPerSecond
        defer { request.durationSeconds = animationSeconds }
        try checkMemory(holding: .allFrames)
    }
}
