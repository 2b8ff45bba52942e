import Foundation
import PackagePlugin

#if canImport(Glibc)
import Glibc
#endif

/// `swift package --allow-writing-to-package-directory render-previews [--target T]
/// [--format gif|webp|svg|mp4] [--output DIR] [spinrender options]`: renders every `#Preview`
/// and `PreviewProvider` preview of the package's Swift files with the spinrender tool that
/// SwiftPM builds for the plugin.
///
/// Each target's files that mention `#Preview` or `PreviewProvider` are rendered, one run of
/// the tool per file (`spinrender FILE --all-previews -o DIR/`), into `DIR`: `--output` (a path
/// relative to the package), else the target's DocC catalogue's `Resources/` folder, else
/// `Previews/` in the package. A file that cannot be read, or whose previews cannot be
/// rendered, is skipped with a warning giving the reason; the run fails when no file rendered.
/// Other options (`--appearance dark`, `--scale 3` …) are passed to the tool.
@main
struct RenderPreviews: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let formats = extractor.extractOption(named: "format")
        let outputs = extractor.extractOption(named: "output")
        let passed = extractor.remainingArguments
        guard formats.count <= 1, outputs.count <= 1 else {
            throw PluginFailure("give '--format' and '--output' at most once each")
        }
        let allowed = ["gif", "webp", "svg", "mp4", "png"]
        if let format = formats.first, !allowed.contains(format) {
            throw PluginFailure("the format '\(format)' is not one of \(allowed.joined(separator: ", "))")
        }

        let sourceTargets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        var chosen: [SourceModuleTarget] = []
        if targetNames.isEmpty {
            chosen = sourceTargets.filter { $0.kind != .test }
        } else {
            for name in targetNames {
                guard let target = sourceTargets.first(where: { $0.name == name }) else {
                    throw PluginFailure("no target named '\(name)'; the package's Swift targets: \(sourceTargets.map(\.name).joined(separator: ", "))")
                }
                chosen.append(target)
            }
        }

        let tool = try context.tool(named: "spinrender").url
        let packageFolder = context.package.directoryURL
        var rendered = 0
        var failed = 0
        for target in chosen {
            let folder: URL
            if let output = outputs.first {
                folder = output.hasPrefix("/") ? URL(fileURLWithPath: output) : packageFolder.appendingPathComponent(output)
            } else if let catalogue = Self.docCatalogue(in: target.directoryURL) {
                folder = catalogue.appendingPathComponent("Resources")
            } else {
                folder = packageFolder.appendingPathComponent("Previews")
            }
            let files = target.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
            for file in files {
                let bytes: Data
                do {
                    bytes = try Data(contentsOf: file)
                } catch {
                    Diagnostics.warning("\(file.path): cannot be read (\(Self.reason(error))); skipped")
                    continue
                }
                guard let text = String(validating: [UInt8](bytes), as: UTF8.self) else {
                    Diagnostics.warning("\(file.path): cannot be read (not UTF-8 text); skipped")
                    continue
                }
                guard text.contains("#Preview") || text.contains("PreviewProvider") else { continue }
                var toolArguments = [file.path, "--all-previews", "-o", folder.path + "/"]
                if let format = formats.first { toolArguments += ["--format", format == "png" ? "apng" : format] }
                toolArguments += passed
                let (status, message) = try Self.run(tool, toolArguments)
                if status == 0 {
                    rendered += 1
                    print("render-previews: \(file.path) → \(folder.path)/")
                } else {
                    failed += 1
                    Diagnostics.warning("\(file.path): its previews were not rendered (spinrender exit status \(status)): \(message)")
                }
            }
        }
        if rendered == 0 {
            throw PluginFailure(failed == 0 ? "no Swift file of \(chosen.map(\.name).joined(separator: ", ")) has a #Preview or a PreviewProvider"
                                            : "none of the \(failed) files with previews could be rendered")
        }
        print("render-previews: the previews of \(rendered) file\(rendered == 1 ? "" : "s") rendered\(failed == 0 ? "" : ", \(failed) skipped")")
    }

    /// The `.docc` folder directly in a target's folder, if any.
    static func docCatalogue(in folder: URL) -> URL? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().first { $0.hasSuffix(".docc") }.map { folder.appendingPathComponent($0) }
    }

    /// Runs the tool; its exit status and standard error's last line.
    static func run(_ tool: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        // The tool's error line (warnings may come before it); the usage lines that follow a
        // usage error say nothing new.
        let lines = text.split(separator: "\n").map(String.init)
        let error = lines.first { $0.hasPrefix("Error: ") || $0.contains(": error: ") } ?? lines.first ?? ""
        return (process.terminationStatus, error)
    }

    /// The system's reason for a failed read (`Permission denied`), else the error's description.
    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// An error the plugin reports as SwiftPM prints it: one line.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
