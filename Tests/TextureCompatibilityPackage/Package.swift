// swift-tools-version:5.9
// A package of Texture-style code that depends on Weft by path, as an iOS team's package would
// depend on Texture: it proves the code compiles unchanged against the AsyncDisplayKit product
// and lays out with Texture's frames. `make test-texture-compatibility` builds and tests it.
import PackageDescription

let package = Package(
    name: "TextureCompatibilityPackage",
    dependencies: [.package(name: "Weft", path: "../..")],
    targets: [
        // The layout examples of Examples/LayoutSpecExamples, the same files (a link).
        .target(name: "LayoutSpecExamplesLayouts", dependencies: [.product(name: "AsyncDisplayKit", package: "Weft")]),
        // Examples from Texture's layout documentation, modernised to current Swift.
        .target(name: "TextureDocumentationExamples", dependencies: [.product(name: "AsyncDisplayKit", package: "Weft")]),
        .testTarget(
            name: "TextureCompatibilityTests",
            dependencies: [
                "LayoutSpecExamplesLayouts", "TextureDocumentationExamples",
                .product(name: "AsyncDisplayKit", package: "Weft"),
                .product(name: "WeftTesting", package: "Weft"),
                // The host's part of a runtime test: a main loop and a drag.
                .product(name: "WeftNodes", package: "Weft"), .product(name: "WeftLayout", package: "Weft"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
