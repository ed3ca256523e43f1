import Foundation
import WeftLayout

@testable import WeftTesting

/// A fresh temporary directory standing in for a test file's folder, removed by `remove()`.
struct ScratchFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("weft-testing-\(UUID().uuidString)")

    /// The files of snapshot `name` of test `test()` in `RowTests.swift` in this folder, with
    /// artifacts in `artifacts/`.
    func files(test: String = "test()", name: String = "row") -> LayoutSnapshotFiles {
        LayoutSnapshotFiles(
            testFile: url.appendingPathComponent("RowTests.swift").path, testName: test, name: name,
            environment: ["WEFT_ARTIFACTS": url.appendingPathComponent("artifacts").path])
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The spec the tests lay out: a vertical stack (spacing 4, aligned to the start) of two boxes,
/// `a` 100x20 and the image `b` of `secondWidth` x 20.
func column(secondWidth: Double = 150) -> StackLayoutSpec {
    StackLayoutSpec(
        direction: .vertical, spacing: 4, alignItems: .start,
        children: [
            BoxNode(intrinsicSize: Size(width: 100, height: 20), debugName: "a"),
            BoxNode(intrinsicSize: Size(width: secondWidth, height: 20), className: "ASImageNode", debugName: "b"),
        ])
}

/// Exactly 200 points wide, as tall as it wants.
let width200 = SizeRange(min: Size(width: 200, height: 0), max: Size(width: 200, height: .infinity))

extension FileManager {
    func text(_ url: URL) -> String? {
        try? String(contentsOf: url, encoding: .utf8)
    }
}
