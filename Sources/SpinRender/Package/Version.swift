/// The release of spinrender this code is, in one place: `spinrender --version` prints it,
/// `make release` shows it, the man page's title carries it, and a test checks that the top
/// released entry of `CHANGELOG.md` is this version.
///
/// Versions follow Semantic Versioning 2.0.0 (https://semver.org): while the major version is
/// 0, a minor release may change the public API. A release is tagged `v`-less (`0.1.0`), as
/// SwiftPM's `from:` requirements resolve tags.
public enum SpinRenderVersion {
    /// `MAJOR.MINOR.PATCH`, e.g. `0.1.0`.
    public static let current = "0.1.0"
}
