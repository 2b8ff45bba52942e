// swift-tools-version:6.0
//
// libFuzzer targets for spinrender's readers of untrusted input. A package of its own,
// so the main package's `swift build` and `swift test` never see the fuzzer's entry points; it
// depends on the main package by a local path (no network).
//
// That path is `spinrender`, a symbolic link to `..` committed next to this file, not `..`
// itself: SwiftPM names a path dependency after its folder, and this package after its own
// (`Fuzz`, so `fuzz`). A checkout in a folder called `fuzz` would hold two packages named
// `fuzz`, and the products below would not be found in the second. Through the link the
// dependency is `spinrender` wherever the checkout is.
//
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
//       --product FuzzGIFReader --scratch-path .build/fuzz
//
// `make fuzz` (in the package root) builds every target, writes the seed corpus and runs each.
import PackageDescription

/// What every fuzz target links: the readers (through the SpinRender façade, which re-exports
/// GIFCodec, PNGCodec, WebPCodec and Motion) and the driver declaration.
let fuzzDependencies: [Target.Dependency] = [.product(name: "SpinRender", package: "spinrender"), "CFuzzerDriver"]

let package = Package(
    name: "spinrender-fuzz",
    products: [
        // MARK: Fuzz targets (built with -sanitize=fuzzer,address; libFuzzer provides main)
        .executable(name: "FuzzGIFReader", targets: ["FuzzGIFReader"]),
        .executable(name: "FuzzPNGReader", targets: ["FuzzPNGReader"]),
        .executable(name: "FuzzWebPReader", targets: ["FuzzWebPReader"]),
        .executable(name: "FuzzAnimationParser", targets: ["FuzzAnimationParser"]),
        .executable(name: "FuzzSwiftUISource", targets: ["FuzzSwiftUISource"]),
        .executable(name: "FuzzCommandLine", targets: ["FuzzCommandLine"]),
        .executable(name: "FuzzBatchManifest", targets: ["FuzzBatchManifest"]),
        .executable(name: "FuzzSwiftCodeParser", targets: ["FuzzSwiftCodeParser"]),
    ],
    dependencies: [
        .package(path: "spinrender"),
    ],
    targets: [
        // MARK: C interop: the declaration of libFuzzer's LLVMFuzzerRunDriver
        .target(name: "CFuzzerDriver"),

        // MARK: Fuzz targets
        .executableTarget(name: "FuzzGIFReader", dependencies: fuzzDependencies),
        .executableTarget(name: "FuzzPNGReader", dependencies: fuzzDependencies),
        .executableTarget(name: "FuzzWebPReader", dependencies: fuzzDependencies),
        .executableTarget(name: "FuzzAnimationParser", dependencies: fuzzDependencies),
        .executableTarget(
            name: "FuzzSwiftUISource",
            dependencies: [.product(name: "SwiftUISource", package: "spinrender"), "CFuzzerDriver"]
        ),
        // The command line's reader is the executable's own code: its one file is linked in
        // (Sources/FuzzCommandLine/ParsedArguments.swift is a symbolic link to it).
        .executableTarget(name: "FuzzCommandLine", dependencies: fuzzDependencies),
        .executableTarget(name: "FuzzBatchManifest", dependencies: fuzzDependencies),
        .executableTarget(
            name: "FuzzSwiftCodeParser",
            dependencies: [.product(name: "SwiftCode", package: "spinrender"), "CFuzzerDriver"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
