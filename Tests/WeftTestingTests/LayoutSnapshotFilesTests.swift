import Foundation
import Testing

@testable import WeftTesting

/// Where baselines and artifacts go: `__Snapshots__/<TestFile>/<test>.<name>.json` next to the
/// test file, the new snapshot of a failure under `WEFT_ARTIFACTS/<TestFile>/`.
@Suite struct LayoutSnapshotFilesTests {
    @Test func baselineNextToTheTestFile() {
        let files = LayoutSnapshotFiles(
            testFile: "/repo/Tests/AppTests/FeedTests.swift", testName: "testRow()", name: "compact",
            environment: ["WEFT_ARTIFACTS": "/ci/artifacts"])
        #expect(files.baseline.path == "/repo/Tests/AppTests/__Snapshots__/FeedTests/testRow.compact.json")
        #expect(files.asciiArt.path == "/repo/Tests/AppTests/__Snapshots__/FeedTests/testRow.compact.txt")
        #expect(files.artifact.path == "/ci/artifacts/FeedTests/testRow.compact.json")
    }

    @Test func swiftTestingNamesAndOddCharacters() {
        // #function of a parameterized Swift Testing test is `row(width:)`; the arguments go.
        let files = LayoutSnapshotFiles(
            testFile: "/t/RowTests.swift", testName: "row(width:)", name: "wide / dark mode",
            environment: [:])
        #expect(files.baseline.lastPathComponent == "row.wide___dark_mode.json")
        #expect(
            files.artifact.path
                == FileManager.default.temporaryDirectory.appendingPathComponent(
                    "weft-artifacts/RowTests/row.wide___dark_mode.json"
                ).path)
    }

    @Test func recordModeFromTheEnvironment() throws {
        #expect(try LayoutSnapshotRecordMode.fromEnvironment([:]) == .missing)
        #expect(try LayoutSnapshotRecordMode.fromEnvironment(["WEFT_RECORD": ""]) == .missing)
        for mode in LayoutSnapshotRecordMode.allCases {
            #expect(try LayoutSnapshotRecordMode.fromEnvironment(["WEFT_RECORD": mode.rawValue]) == mode)
        }
        #expect(throws: LayoutSnapshotRecordMode.ModeError.self) {
            try LayoutSnapshotRecordMode.fromEnvironment(["WEFT_RECORD": "yes"])
        }
    }
}
