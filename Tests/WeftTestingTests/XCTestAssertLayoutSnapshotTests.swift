import Foundation
import WeftSnapshot
import XCTest

@testable import WeftTesting

/// `assertLayoutSnapshot` in XCTest: its failures go through XCTFail. The test case keeps the
/// failures it would record instead of failing, and checks them.
final class XCTestAssertLayoutSnapshotTests: XCTestCase {
    private var recordedFailures: [String] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        recordedFailures.append(description)
    }

    func testHandWrittenBaselineMatches() {
        // The baseline of AssertLayoutSnapshotTests (derived by hand there), shared through files.
        let files = LayoutSnapshotFiles(
            testFile: #filePath.replacingOccurrences(of: "XCTestAssertLayoutSnapshotTests", with: "AssertLayoutSnapshotTests"),
            testName: "stackOfTwoBoxes()", name: "column", environment: [:])
        assertLayoutSnapshot(name: "column", record: .never, options: SemanticDiff.Options(), location: here(), files: files) {
            try LayoutSnapshotCapture.snapshot(of: column(), in: width200)
        }
        XCTAssertEqual(recordedFailures, [])
    }

    func testDifferenceIsAnXCTestFailure() {
        let folder = ScratchFolder()
        defer { folder.remove() }
        assertLayoutSnapshot(name: "row", record: .all, options: SemanticDiff.Options(), location: here(), files: folder.files())
        {
            try LayoutSnapshotCapture.snapshot(of: column(), in: width200)
        }
        assertLayoutSnapshot(
            name: "row", record: .never, options: SemanticDiff.Options(), location: here(), files: folder.files()
        ) {
            try LayoutSnapshotCapture.snapshot(of: column(secondWidth: 120), in: width200)
        }
        XCTAssertEqual(recordedFailures.count, 1)
        XCTAssertTrue(
            recordedFailures.first?.contains("ASImageNode (b): frame 0,24 150x20 -> 0,24 120x20") ?? false, "\(recordedFailures)")
    }

    func testMissingBaselineUnderNever() {
        let folder = ScratchFolder()
        defer { folder.remove() }
        assertLayoutSnapshot(
            name: "row", record: nil, options: SemanticDiff.Options(), location: here(),
            environment: ["WEFT_RECORD": "never"], files: folder.files()
        ) {
            try LayoutSnapshotCapture.snapshot(of: column(), in: width200)
        }
        XCTAssertEqual(recordedFailures.count, 1)
        XCTAssertTrue(recordedFailures.first?.contains("no baseline") ?? false)
    }

    private func here(_ function: String = #function, line: UInt = #line) -> AssertionLocation {
        AssertionLocation(fileID: #fileID, filePath: #filePath, function: function, line: line, column: 1)
    }
}
