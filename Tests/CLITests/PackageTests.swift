import Foundation
import SpinRender
import Testing

/// Runs `scripts/package-check.sh resolve` with `environment` added; its status and output.
private func packageCheck(_ environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [BuiltTool.packageRoot.appendingPathComponent("scripts/package-check.sh").path, "resolve"]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let result = try collect(process)
    return (result.status, result.output + result.standardError)
}

private func packageFile(_ path: String) throws -> String {
    try String(contentsOf: BuiltTool.packageRoot.appendingPathComponent(path), encoding: .utf8)
}

/// What a team adopting spinrender relies on: the licence, the version in one place, and a
/// tagged version that another package can depend on.
@Suite("Package")
struct PackageTests {
    /// The fixture package Tests/PackageFixture depends on a tagged copy of this tree by version
    /// (`.package(url: "file://…", from: VERSION)`): SwiftPM resolves the tag and loads the package
    /// graph, where it refuses products with unsafe flags; the manifest declares none.
    /// `make package-check` also builds the fixture and runs it.
    @Test("A package depending on a tagged spinrender by version resolves it and loads its graph")
    func versionedDependencyResolves() throws {
        let run = try packageCheck()
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("package-check: spinrender \(SpinRenderVersion.current) resolved by version from file://"),
                "\(run.output)")
    }

    /// The control: the manifest as it was (tools version 6.0, `-warnings-as-errors` as an
    /// unsafe flag) is refused by the same check, so the check can fail.
    @Test("The same check refuses the manifest with -warnings-as-errors as an unsafe flag under tools version 6.0")
    func unsafeFlagsAreRefused() throws {
        let run = try packageCheck(["PACKAGE_CHECK_CONTROL": "unsafe-flags"])
        #expect(run.status != 0, "\(run.output)")
        #expect(run.output.contains("in product 'SpinRender' contains unsafe build flags"), "\(run.output)")
    }

    @Test("CHANGELOG.md's first released entry is SpinRenderVersion.current, after an Unreleased section")
    func changelogMatchesVersion() throws {
        let headings = try packageFile("CHANGELOG.md").split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings.first == "## [Unreleased]")
        let released = try #require(headings.first { $0 != "## [Unreleased]" })
        let version = SpinRenderVersion.current
        // Keep a Changelog's form: `## [1.2.3] - YYYY-MM-DD`.
        #expect(released.hasPrefix("## [\(version)] - "), "\(released)")
        let date = released.split(separator: " ").last.map(String.init) ?? ""
        #expect(date.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil, "\(released)")
        #expect(version.wholeMatch(of: /\d+\.\d+\.\d+/) != nil, "\(version) is not MAJOR.MINOR.PATCH")
    }

    @Test("spinrender --version and the man page's title show SpinRenderVersion.current")
    func versionShown() throws {
        let run = try BuiltTool.run(["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput == SpinRenderVersion.current + "\n")
        let title = try packageFile("docs/spinrender.1").split(separator: "\n").first { $0.hasPrefix(".TH ") }
        #expect(title?.contains("\"spinrender \(SpinRenderVersion.current)\"") == true, "\(title ?? "no .TH line")")
    }

    @Test("LICENSE is the Apache License 2.0, named in the README and Package.swift")
    func licence() throws {
        let licence = try packageFile("LICENSE")
        for line in ["Apache License", "Version 2.0, January 2004", "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
                     "END OF TERMS AND CONDITIONS"] {
            #expect(licence.contains(line), "LICENSE lacks '\(line)'")
        }
        #expect(try packageFile("README.md").contains("Apache License 2.0"))
        #expect(try packageFile("Package.swift").contains("Licensed under the Apache License, Version 2.0"))
    }
}
