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
        .executable(name: "weft", targets: ["weft"]),
        .executable(name: "TextureGram", targets: ["TextureGram"]),
        .executable(name: "weft-bench", targets: ["weft-bench"]),
        .executable(name: "weft-example", targets: ["weft-example"]),
    ],
    targets: [
        // System libraries (Debian: libwebsockets-dev). The Makefile installs them.
        .systemLibrary(
            name: "CLibWebSockets",
            path: "Sources/CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),

        // Every target names every module it imports, not only through another target: after
        // merges that changed such a module, incremental builds of a target that did not name it
        // ran stale and crashed.

        // Layout specs, sizes, styles, the Layout tree, ASCII art, layout-json. No threads, no I/O.
        .target(name: "WeftLayout"),
        // Node runtime: display nodes, hit testing, interface state, scroll containers, main loop.
        .target(name: "WeftNodes", dependencies: ["WeftLayout"]),
        // Snapshot document, JSON codec, update ops, semantic diff, renderers.
        .target(name: "WeftSnapshot", dependencies: ["WeftLayout"]),
        // Node tree -> snapshot and update ops, spec ids, edits, device commands.
        .target(name: "WeftCapture", dependencies: ["WeftLayout", "WeftNodes", "WeftSnapshot", "WeftProtocol"]),
        // Protocol-level values the client library, capture and the CLI share without
        // libwebsockets: the gateway URL parser (GatewayEndpoint), the one reader of the WEFT_*
        // environment, the protocol's error codes.
        .target(name: "WeftProtocol"),
        // The client library: attach, transport (libwebsockets on its own thread), checkpoints.
        // WeftNodes is named though WeftCapture brings it: imported without being named, it was
        // not recompiled after a merge changed it, and weft-example crashed in Inspector.init.
        .target(name: "WeftInspector", dependencies: ["WeftCapture", "WeftNodes", "WeftSnapshot", "WeftProtocol", "CLibWebSockets"]),
        // Layout snapshot assertions for XCTest and Swift Testing.
        .target(name: "WeftTesting", dependencies: ["WeftLayout", "WeftNodes", "WeftCapture", "WeftSnapshot"]),
        // The `weft` command line: one file per subcommand; a library so tests can call it.
        .target(name: "WeftCLI", dependencies: ["WeftLayout", "WeftSnapshot", "WeftProtocol"]),
        .executableTarget(name: "weft", dependencies: ["WeftCLI"]),
        // The demo host program.
        .executableTarget(name: "TextureGram", dependencies: ["WeftLayout", "WeftNodes", "WeftInspector", "WeftSnapshot"]),
        // The minimal inspectable host program of the docs and the end-to-end tests.
        .executableTarget(name: "weft-example", dependencies: ["WeftLayout", "WeftNodes", "WeftInspector"],
                          path: "Examples/weft-example"),
        // Benchmarks: `make bench` (full size) and `make test` (tiny size, to keep them working).
        .executableTarget(
            name: "weft-bench",
            dependencies: ["WeftLayout", "WeftNodes", "WeftSnapshot", "WeftCapture", "WeftInspector", "WeftTestSupport"]
        ),

        // End-to-end test harness: the real gateway on a free port, host programs with unique
        // instance names. Test targets that talk to a gateway depend on it.
        .target(name: "WeftTestSupport", path: "Tests/WeftTestSupport"),
        .testTarget(name: "WeftLayoutTests", dependencies: ["WeftLayout"], resources: [.copy("Fixtures")]),
        .testTarget(name: "WeftNodesTests", dependencies: ["WeftNodes", "WeftLayout", "WeftSnapshot"]),
        .testTarget(name: "WeftSnapshotTests", dependencies: ["WeftSnapshot"]),
        .testTarget(name: "WeftCaptureTests", dependencies: ["WeftCapture", "WeftLayout", "WeftNodes", "WeftSnapshot"]),
        .testTarget(name: "WeftInspectorTests", dependencies: ["WeftInspector", "WeftCapture", "WeftLayout", "WeftNodes", "WeftProtocol",
                                                               "WeftSnapshot", "WeftTestSupport"]),
        .testTarget(name: "WeftTestingTests", dependencies: ["WeftTesting", "WeftLayout", "WeftNodes", "WeftSnapshot"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "WeftCLITests", dependencies: ["WeftCLI", "WeftSnapshot", "WeftInspector", "WeftProtocol", "WeftTestSupport"]),
        .testTarget(name: "TextureGramTests", dependencies: ["TextureGram", "WeftLayout", "WeftNodes", "WeftCapture", "WeftSnapshot"],
                    exclude: ["visible-boxes.mjs"]),
    ],
    swiftLanguageModes: [.v6]
)
