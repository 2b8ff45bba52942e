// swift-tools-version:6.2
//
// Copyright 2026 the spinrender authors. Licensed under the Apache License, Version 2.0 (LICENSE).
//
// spinrender — renders the SwiftUI "rays" spinner as animated GIF previews on Linux and
// compares rendered frames with reference frames. docs/architecture.md gives the module map; data
// flows one way: Motion -> Scene -> Raster -> codecs -> files, Compare reads back through
// the codecs, and the executable stays a thin shell over the SpinRender façade.
import PackageDescription

/// Settings every Swift target shares.
let strictSwift: [SwiftSetting] = [
    // Fail the build on any warning: a warning is a defect to fix, not to read past. Not an
    // unsafe flag, so a tagged version can be another package's dependency; SwiftPM applies it
    // only when spinrender is the root package (make, CI), not when it builds it as a dependency.
    .treatAllWarnings(as: .error),
]

/// Raster and Motion import nothing (not even Foundation); rounding and sqrt come from libm.
let libm: [LinkerSetting] = [.linkedLibrary("m")]

let package = Package(
    name: "spinrender",
    products: [
        .library(name: "SpinRender", targets: ["SpinRender"]),
        // Swift Testing helpers: verify and attach the diff and reports to the running test.
        .library(name: "SpinRenderTesting", targets: ["SpinRenderTesting"]),
        // For the Fuzz package's source-parser target.
        .library(name: "SwiftUISource", targets: ["SwiftUISource"]),
        // For the Fuzz package's Swift-parser target.
        .library(name: "SwiftCode", targets: ["SwiftCode"]),
        .executable(name: "spinrender", targets: ["spinrender"]),
        // `swift package --allow-writing-to-package-directory render-previews`: a package's
        // #Previews rendered with the tool (Plugins/RenderPreviews).
        .plugin(name: "RenderPreviews", targets: ["RenderPreviews"]),
    ],
    targets: [
        // MARK: C interop (module maps only, no logic)
        .systemLibrary(
            name: "CGIFLib",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]
        ),
        // mimalloc (MIT), the command-line tool's allocator: linked into the executables, it serves
        // malloc and free for the whole process (the libraries leave the allocator to their host).
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        // zlib, for the PNG writer that `frames` uses (level and filter chosen by measurement).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebpmux libwebpdemux",
            providers: [.apt(["libwebp-dev"])]
        ),
        // OpenH264 (BSD-2-Clause), the H.264 encoder of MP4 output.
        .systemLibrary(
            name: "COpenH264",
            pkgConfig: "openh264",
            providers: [.apt(["libopenh264-dev"])]
        ),
        // FreeType (glyph outlines, colour emoji bitmaps) and HarfBuzz (shaping), for Typography.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),

        // MARK: Libraries
        .target(name: "Raster", swiftSettings: strictSwift, linkerSettings: libm),
        .target(name: "Motion", swiftSettings: strictSwift, linkerSettings: libm),
        // Fonts, shaping and line breaking: text as Raster paths (FreeType and HarfBuzz underneath).
        .target(name: "Typography", dependencies: ["Raster", "CFreeType", "CHarfBuzz"], swiftSettings: strictSwift),
        .target(name: "Scene", dependencies: ["Raster", "Motion", "Typography"], swiftSettings: strictSwift),
        // Swift as view code is written: the syntax tree and its parser (`Syntax/`), and the
        // evaluator that runs it (`Evaluation/`); it knows nothing of SwiftUI.
        // (Motion for its "did you mean" spelling hints only.)
        .target(name: "SwiftCode", dependencies: ["Motion"], swiftSettings: strictSwift, linkerSettings: libm),
        // SwiftUI as a library of definitions for the evaluator: views, modifiers, values, time;
        // places views in the tree and runs their actions into a view script.
        // glibc's <ucontext.h>, for evaluating on a large stack without starting a thread.
        .systemLibrary(name: "CFiber"),
        .target(name: "SwiftUILibrary", dependencies: ["SwiftCode", "Scene", "Motion", "Typography", "Raster", "CFiber"], swiftSettings: strictSwift),
        // SwiftUI source text -> the view scripts the Scene engine renders (lexer, parser, interpreter).
        .target(name: "SwiftUISource", dependencies: ["Scene", "Motion", "Typography", "SwiftCode", "SwiftUILibrary"], swiftSettings: strictSwift),
        // A few threads started for one job (render, compress), joined before it returns.
        .target(name: "Workers", swiftSettings: strictSwift),
        .target(name: "GIFCodec", dependencies: ["CGIFLib", "Raster", "Workers"], swiftSettings: strictSwift),
        .target(name: "PNGCodec", dependencies: ["CPNG", "CZlib", "Raster"], swiftSettings: strictSwift),
        .target(name: "WebPCodec", dependencies: ["CWebP", "Raster"], swiftSettings: strictSwift),
        // H.264 through OpenH264 in an MP4 file written here (ISO base media file format).
        .target(name: "VideoCodec", dependencies: ["COpenH264", "Raster"], swiftSettings: strictSwift),
        .target(name: "Compare", dependencies: ["Raster", "Workers"], swiftSettings: strictSwift),
        // Exact capsule areas for the rasterizer's accuracy test and the benchmark (not a product).
        .target(name: "RasterReference", dependencies: ["Raster"], swiftSettings: strictSwift),
        .target(
            name: "SpinRender",
            dependencies: ["Raster", "Motion", "Scene", "Typography", "SwiftUISource", "GIFCodec", "PNGCodec", "WebPCodec", "VideoCodec", "Compare", "Workers"],
            swiftSettings: strictSwift
        ),

        // Links the toolchain's Testing module, so it is a target of its own: the tool and the
        // SpinRender library stay free of it.
        .target(name: "SpinRenderTesting", dependencies: ["SpinRender"], swiftSettings: strictSwift),

        // MARK: Executable
        .executableTarget(name: "spinrender", dependencies: ["SpinRender", "CMimalloc"], swiftSettings: strictSwift),

        // MARK: Plugin
        // Runs the tool over a target's Swift files; SwiftPM builds the tool for it.
        .plugin(
            name: "RenderPreviews",
            capability: .command(
                intent: .custom(verb: "render-previews", description: "Render every #Preview and PreviewProvider preview of a target's Swift files as GIF, WebP, SVG or MP4 files, with an index."),
                permissions: [.writeToPackageDirectory(reason: "The previews are written into the package: the target's DocC catalogue's Resources folder, Previews/, or --output.")]
            ),
            dependencies: ["spinrender"]
        ),

        // MARK: Benchmarks
        // In-process figures for `make bench` (comparison speed, render + encode, coverage
        // accuracy); built by the Makefile, not a product users install.
        .executableTarget(name: "spinrender-bench", dependencies: ["SpinRender", "RasterReference", "SwiftCode", "CMimalloc"], swiftSettings: strictSwift),

        // MARK: Tests
        .testTarget(name: "RasterTests", dependencies: ["Raster", "RasterReference"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "TypographyTests", dependencies: ["Typography", "Raster", "CFreeType"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "Raster", "Motion", "PNGCodec"]),
        .testTarget(name: "SwiftCodeTests", dependencies: ["SwiftCode"], swiftSettings: strictSwift),
        .testTarget(name: "SwiftUISourceTests", dependencies: ["SwiftUISource", "SwiftUILibrary", "SpinRender"], swiftSettings: strictSwift),
        // Corpus/: malformed and odd files read by the tests by path (and seeds for make fuzz).
        .testTarget(name: "GIFCodecTests", dependencies: ["GIFCodec", "Raster"], exclude: ["Corpus"]),
        .testTarget(name: "WebPCodecTests", dependencies: ["WebPCodec", "Raster"]),
        .testTarget(name: "VideoCodecTests", dependencies: ["VideoCodec", "Raster"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "Raster"], exclude: ["Corpus"]),
        .testTarget(name: "CompareTests", dependencies: ["Compare", "Raster"]),
        // Assets/: an asset catalogue of the tests' own, read by path (--assets).
        .testTarget(name: "SpinRenderTests", dependencies: ["SpinRender", "RasterReference"], exclude: ["Assets"]),
        .testTarget(name: "WorkersTests", dependencies: ["Workers"]),
        .testTarget(name: "SpinRenderTestingTests", dependencies: ["SpinRenderTesting", "SpinRender"], swiftSettings: strictSwift),
        .testTarget(name: "CLITests", dependencies: ["SpinRender"]),
        // Pages the tool writes (the HTML report, the animated SVG) opened in headless Chromium.
        .testTarget(name: "BrowserTests", dependencies: ["SpinRender"]),
    ],
    swiftLanguageModes: [.v6]
)
