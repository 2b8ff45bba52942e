import Glibc

/// When reference frames are (re)written, as in swift-snapshot-testing's `SnapshotTestingConfiguration.Record`.
///
/// Chosen with `--record` or the `SPINRENDER_RECORD` environment variable (the option wins);
/// without either, ``missing`` on a developer's machine and ``never`` on CI (the `CI` variable
/// set to a true value, as GitHub Actions, GitLab CI and most other services set it), so a
/// missing reference fails there instead of being recorded by the first run and passing on the
/// retry. Recording never passes silently: a run that writes a reference fails.
public enum RecordMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Write every reference, whether or not it exists or matches.
    case all
    /// Write references that do not exist yet (the default off CI).
    case missing
    /// Write references that do not exist or do not match.
    case failed
    /// Never write; a missing reference is a failure (the default on CI).
    case never

    /// ``missing``: the default off CI.
    public static let `default`: RecordMode = .missing

    /// The environment variable read when no `--record` option is given.
    public static let environmentVariable = "SPINRENDER_RECORD"

    /// The variable continuous-integration services set (GitHub Actions, GitLab CI, CircleCI,
    /// Travis CI, Buildkite and others set `CI=true`).
    public static let continuousIntegrationVariable = "CI"

    /// Whether `environment` says the run is on CI: `CI` is `true`, `1` or `yes` (any letter
    /// case, surrounding white space ignored). `false`, `0`, an empty value or no variable is not CI.
    public static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
        guard let value = environment[continuousIntegrationVariable] else { return false }
        var word = Substring(value)
        while word.first?.isWhitespace == true { word.removeFirst() }
        while word.last?.isWhitespace == true { word.removeLast() }
        return ["true", "1", "yes"].contains(word.lowercased())
    }

    /// The mode when neither `--record` nor `SPINRENDER_RECORD` chooses one: ``never`` on CI
    /// (``isContinuousIntegration(_:)``), else ``default``.
    public static func defaultMode(environment: [String: String]) -> RecordMode {
        isContinuousIntegration(environment) ? .never : .default
    }

    /// The mode a library call uses when it is given none: ``resolve(option:environment:)`` on
    /// this process's `SPINRENDER_RECORD` and `CI` (``never`` on CI, ``missing`` elsewhere), except
    /// that a `SPINRENDER_RECORD` that is no mode gives ``never`` — a default cannot throw, and
    /// writing nothing is the safe reading of a value that was meant to choose.
    public static var processDefault: RecordMode {
        var environment: [String: String] = [:]
        for name in [environmentVariable, continuousIntegrationVariable] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return lenientDefault(environment: environment)
    }

    /// ``processDefault`` for a given environment.
    public static func lenientDefault(environment: [String: String]) -> RecordMode {
        (try? resolve(option: nil, environment: environment)) ?? .never
    }

    /// How to record a missing reference when the mode is ``never``, for failure messages.
    public static let recordingAdvice = "record it with --record missing (or SPINRENDER_RECORD=missing), check it and commit it"

    /// Parses `all`, `missing`, `failed` or `never`, ignoring case and surrounding white space.
    ///
    /// - Returns: `nil` for anything else.
    public init?(parsing text: String) {
        var word = Substring(text)
        while word.first?.isWhitespace == true { word.removeFirst() }
        while word.last?.isWhitespace == true { word.removeLast() }
        guard let mode = RecordMode(rawValue: word.lowercased()) else { return nil }
        self = mode
    }

    /// The mode for a run: the `--record` value if given, else `SPINRENDER_RECORD` if set and not
    /// empty, else ``defaultMode(environment:)`` (``never`` on CI, ``missing`` elsewhere).
    ///
    /// - Throws: ``RecordModeError``, a one-line message naming the bad value, where it came
    ///   from and the allowed ones.
    public static func resolve(option: String?, environment: [String: String]) throws(RecordModeError) -> RecordMode {
        if let option {
            guard let mode = RecordMode(parsing: option) else {
                throw RecordModeError(origin: .option, value: option)
            }
            return mode
        }
        if let value = environment[environmentVariable], !value.allSatisfy(\.isWhitespace) {
            guard let mode = RecordMode(parsing: value) else {
                throw RecordModeError(origin: .environment, value: value)
            }
            return mode
        }
        return defaultMode(environment: environment)
    }

    /// What to do with one reference.
    ///
    /// - Parameters:
    ///   - referenceExists: whether the reference file or folder exists.
    ///   - matches: whether the comparison passed (ignored when the reference is missing).
    /// - Returns: whether to write the new reference, and whether the check passes. Writing a
    ///   reference always fails the check, as in swift-snapshot-testing.
    public func decide(referenceExists: Bool, matches: Bool) -> RecordDecision {
        let write: Bool
        switch self {
        case .all: write = true
        case .missing: write = !referenceExists
        case .failed: write = !referenceExists || !matches
        case .never: write = false
        }
        return RecordDecision(writeReference: write, passes: referenceExists && matches && !write)
    }

    /// The raw value.
    public var description: String { rawValue }
}

/// The outcome of ``RecordMode/decide(referenceExists:matches:)``.
public struct RecordDecision: Hashable, Sendable {
    /// Write the newly rendered frames as the reference.
    public var writeReference: Bool
    /// The check passes.
    public var passes: Bool
}

/// A record mode that could not be parsed.
public struct RecordModeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where a record mode came from.
    public enum Origin: Hashable, Sendable {
        /// The `option` argument of ``RecordMode/resolve(option:environment:)``: what the caller was given.
        case option
        /// ``RecordMode/environmentVariable``.
        case environment
    }

    /// Where the value came from.
    public var origin: Origin
    /// The text given.
    public var value: String

    /// `invalid value 'x' for the record mode (values: all, missing, failed, never)`, or
    /// `… for SPINRENDER_RECORD …`.
    public var description: String { description(optionName: "the record mode") }

    /// The description naming the option as the caller spells it, e.g. `--record`.
    public func description(optionName: String) -> String {
        let source = origin == .option ? optionName : RecordMode.environmentVariable
        return "invalid value '\(value)' for \(source) (values: \(RecordMode.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
}
