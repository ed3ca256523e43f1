// swift-tools-version:6.0
// Weft: a remote layout inspector for Texture-style node trees. Module map: README.md, "How it fits together".
import PackageDescription

let package = Package(
    name: "Weft",
    products: [
        .library(name: "WeftLayout", targets: ["WeftLayout"]),
        .library(name: "WeftNodes", targets: ["WeftNodes"]),
        .library(name: "WeftSnapshot", targets: ["WeftSnapshot"]),
        .library(name: "WeftCapture", targets: ["WeftCapture"]),
        .library(name: "WeftProtocol", targets: ["WeftProtocol"]),
        .library(name: "WeftInspector", targets: ["WeftInspector"]),
        .library(name: "WeftTesting", targets: ["WeftTesting"]),
        .library(name: "AsyncDisplayKit", targets: ["AsyncDisplayKit"]),
        .executable(name: "weft", targets: ["weft"]),
        .executable(name: "TextureGram", targets: ["TextureGram"]),
        .executable(name: "weft-bench", targets: ["weft-bench"]),
        .executable(name: "weft-example", targets: ["weft-example"]),
        .executable(name: "LayoutSpecExamples", targets: ["LayoutSpecExamples"]),
    ],
    targets: [
        // System libraries (Debian: libwebsockets-dev). The Makefile installs them.
        .systemLibrary(
            name: "CLibWebSockets",
            path: "Sources/CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),

        // Every target names every module it imports, so incremental builds recompile it when
        // that module changes.

        // JSON: the strict scanner, the writer, the formatter and JSONValue, for every module.
        .target(name: "WeftJSON"),
        // Layout specs, sizes, styles, the Layout tree, ASCII art, layout-json. No threads, no I/O.
        .target(name: "WeftLayout", dependencies: ["WeftJSON"]),
        // Node runtime: display nodes, hit testing, interface state, scroll containers, main loop.
        .target(name: "WeftNodes", dependencies: ["WeftLayout"]),
        // Snapshot document, JSON codec, update ops, semantic diff, renderers.
        .target(name: "WeftSnapshot", dependencies: ["WeftLayout", "WeftJSON"]),
        // Writing an output file whole, through symbolic links and into pipes (package API only).
        .target(name: "WeftFiles"),
        // Node tree -> snapshot and update ops, spec ids, edits, device commands.
        .target(
            name: "WeftCapture",
            dependencies: ["WeftLayout", "WeftNodes", "WeftSnapshot", "WeftJSON", "WeftFiles", "WeftProtocol"]),
        // The protocol without a transport: envelopes, the method and error tables, the version,
        // the gateway URL (GatewayEndpoint) and the one reader of the WEFT_* environment.
        .target(name: "WeftProtocol", dependencies: ["WeftJSON"]),
        // The client library: attach, transport (libwebsockets on its own thread), checkpoints.
        .target(
            name: "WeftInspector",
            dependencies: ["WeftCapture", "WeftNodes", "WeftSnapshot", "WeftJSON", "WeftProtocol", "CLibWebSockets"]),
        // Texture's Swift API (module AsyncDisplayKit) over WeftLayout and WeftNodes, so Texture
        // layout code compiles unchanged (docs/texture-compatibility.md). Swift 5 mode: the
        // language mode of the Texture code it takes.
        .target(
            name: "AsyncDisplayKit", dependencies: ["WeftLayout", "WeftNodes"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // Layout snapshot assertions for XCTest and Swift Testing.
        .target(name: "WeftTesting", dependencies: ["WeftLayout", "WeftNodes", "WeftCapture", "WeftSnapshot", "WeftFiles"]),
        // The `weft` command line: one file per subcommand; a library so tests can call it.
        // It records sessions as an inspector over the client library's transport (WeftInspector).
        .target(
            name: "WeftCLI",
            dependencies: ["WeftLayout", "WeftSnapshot", "WeftJSON", "WeftFiles", "WeftProtocol", "WeftInspector", "WeftCapture"]),
        .executableTarget(name: "weft", dependencies: ["WeftCLI"]),
        // The demo host program.
        .executableTarget(
            name: "TextureGram", dependencies: ["WeftLayout", "WeftNodes", "WeftInspector", "WeftSnapshot", "WeftSynthetic"]),
        // The minimal inspectable host program of the docs and the end-to-end tests.
        .executableTarget(
            name: "weft-example", dependencies: ["WeftLayout", "WeftNodes", "WeftInspector"],
            path: "Examples/weft-example"),
        // Texture's layout examples through AsyncDisplayKit, inspectable like TextureGram.
        .executableTarget(
            name: "LayoutSpecExamples", dependencies: ["AsyncDisplayKit", "WeftInspector", "WeftLayout", "WeftNodes"],
            path: "Examples/LayoutSpecExamples", resources: [.process("Resources")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // Benchmarks: `make bench` (full size) and `make test` (tiny size, to keep them working).
        .executableTarget(
            name: "weft-bench",
            dependencies: [
                "WeftLayout", "WeftNodes", "WeftSnapshot", "WeftJSON", "WeftCapture", "WeftInspector", "WeftSynthetic",
                "WeftTestSupport", "AsyncDisplayKit",
            ]
        ),

        // Seeded randomness and synthetic snapshots for the demo, tests and benchmarks; in no library.
        .target(name: "WeftSynthetic", dependencies: ["WeftSnapshot"]),
        // For tests and benchmarks, in no library: the real gateway on a free port, host programs
        // with unique instance names, and an inspector-role client (InspectorClient).
        .target(name: "WeftTestSupport", dependencies: ["WeftInspector", "WeftSnapshot", "WeftJSON", "WeftProtocol"]),
        .testTarget(name: "WeftJSONTests", dependencies: ["WeftJSON", "WeftSynthetic"]),
        .testTarget(
            name: "WeftLayoutTests", dependencies: ["WeftLayout", "WeftJSON", "WeftSynthetic"], resources: [.copy("Fixtures")]),
        .testTarget(name: "WeftNodesTests", dependencies: ["WeftNodes", "WeftLayout", "WeftSnapshot", "WeftSynthetic"]),
        .testTarget(name: "WeftSnapshotTests", dependencies: ["WeftSnapshot", "WeftJSON", "WeftSynthetic"]),
        .testTarget(
            name: "WeftCaptureTests",
            dependencies: [
                "WeftCapture", "WeftLayout", "WeftNodes", "WeftSnapshot", "WeftJSON", "WeftProtocol",
                "WeftSynthetic",
            ]),
        .testTarget(
            name: "WeftInspectorTests",
            dependencies: [
                "WeftInspector", "WeftCapture", "WeftLayout", "WeftNodes", "WeftProtocol",
                "WeftSnapshot", "WeftJSON", "WeftSynthetic", "WeftTestSupport",
            ]),
        .testTarget(
            name: "WeftTestingTests", dependencies: ["WeftTesting", "WeftLayout", "WeftNodes", "WeftSnapshot"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "WeftCLITests",
            dependencies: ["WeftCLI", "WeftSnapshot", "WeftJSON", "WeftInspector", "WeftProtocol", "WeftTestSupport"]),
        .testTarget(
            name: "AsyncDisplayKitTests", dependencies: ["AsyncDisplayKit", "WeftLayout", "WeftNodes"],
            resources: [.copy("Images")], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "TextureGramTests", dependencies: ["TextureGram", "WeftLayout", "WeftNodes", "WeftCapture", "WeftSnapshot"],
            exclude: ["visible-boxes.mjs"]),
    ],
    swiftLanguageModes: [.v6]
)
