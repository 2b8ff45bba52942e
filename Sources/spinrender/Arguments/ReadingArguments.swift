import SpinRender

/// `--strict` and `--timing`: how `frames`, `compare` and `verify` read their inputs.
enum ReadingArguments {
    static var specs: [OptionDeclaration] { ComparisonSettings.readingOptions.declarations() }

    /// The reading options given.
    ///
    /// - Throws: ``SettingsError`` for a value the settings refuse.
    static func options(from arguments: ParsedArguments) throws -> ReadOptions {
        var settings = ComparisonSettings()
        try ComparisonSettings.readingOptions.apply(arguments.settingValues, to: &settings)
        return settings.reading
    }
}
