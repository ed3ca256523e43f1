import Foundation
import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftTesting

/// `assertLayoutSnapshot` in Swift Testing. The committed baseline
/// __Snapshots__/AssertLayoutSnapshotTests/stackOfTwoBoxes.column.json was written by hand:
/// the column (vertical stack, spacing 4, aligned to the start) in exactly 200 points of width
/// places a (100x20) at 0,0 and b (150x20) at 0,24 (20 + 4); the stack is as wide as its range's
/// minimum (200) and 20 + 4 + 20 = 44 tall; the host node, laid out by the main loop for its
/// 200x44 frame, has that exact size as its constrained size; a root is in every interface state.
/// Constrained sizes: the host hands its spec its own range, exactly 200x44; the stack gives
/// each child (docs/texture-semantics.md, stack step 3) the stack-axis range of an auto flex basis
/// [0, inf] and, not stretched, the cross range [0, the stack's cross max 200]: min [0, 0],
/// max [200, inf]. 44 is exactly what the children need, so no flex pass lays them out again.
/// Its ASCII art stackOfTwoBoxes.column.txt was written by hand too (docs/texture-semantics.md section
/// 2): the host node shows its spec; a vertical stack puts each child on its own line, centred in
/// the widest ("ASDisplayNode (a)", 17) between "|  " and "  |" (23 wide), so "ASImageNode (b)"
/// (15) gets one extra space each side; the name "ASStackLayoutSpec" (17) is centred in the top
/// border of 23 dashes (3 each side), the bottom border is 23 dashes. With record: .never a
/// stale or missing art would only be noted, so the test below reads it.
@Suite struct AssertLayoutSnapshotTests {
    @Test func stackOfTwoBoxes() throws {
        // Never records: the hand-written baseline must match as it is.
        assertLayoutSnapshot(of: column(), in: width200, named: "column", record: .never)
        let files = LayoutSnapshotFiles(testFile: #filePath, testName: #function, name: "column", environment: [:])
        let baseline = try Snapshot(json: Data(contentsOf: files.baseline))
        #expect(try String(contentsOf: files.asciiArt, encoding: .utf8) == SnapshotAsciiArt.picture(of: baseline))
    }

    @Test func nodesToo() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let node = DisplayNode()
        node.debugName = "card"
        node.style.preferredSize = Size(width: 80, height: 30)
        assertLayoutSnapshot(
            name: "card", record: .missing, options: SemanticDiff.Options(), location: here(),
            files: folder.files(name: "card")
        ) {
            try LayoutSnapshotCapture.snapshot(of: node, in: width200)
        }
        let baseline = try Snapshot(json: Data(contentsOf: folder.files(name: "card").baseline))
        // preferredSize 80x30, but the range fixes the width at 200: the root is 200x30.
        #expect(baseline.roots.first?.displayName == "ASDisplayNode (card)")
        #expect(baseline.roots.first?.frame == Snapshot.Rect(x: 0, y: 0, width: 200, height: 30))
    }

    @Test func failuresAreSwiftTestingIssuesWithTheDiff() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        assertLayoutSnapshot(name: "row", record: .all, options: SemanticDiff.Options(), location: here(), files: folder.files())
        {
            try LayoutSnapshotCapture.snapshot(of: column(), in: width200)
        }
        withKnownIssue {
            assertLayoutSnapshot(
                name: "row", record: .never, options: SemanticDiff.Options(), location: here(), files: folder.files()
            ) {
                try LayoutSnapshotCapture.snapshot(of: column(secondWidth: 120), in: width200)
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("ASImageNode (b): frame 0,24 150x20 -> 0,24 120x20") }
        }
    }

    @Test func recordModeFromWEFT_RECORD() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        func assert(_ environment: [String: String], secondWidth: Double = 150) {
            assertLayoutSnapshot(
                name: "row", record: nil, options: SemanticDiff.Options(), location: here(),
                environment: environment, files: folder.files()
            ) {
                try LayoutSnapshotCapture.snapshot(of: column(secondWidth: secondWidth), in: width200)
            }
        }
        // never (CI): a missing baseline fails.
        withKnownIssue {
            assert(["WEFT_RECORD": "never"])
        } matching: {
            $0.comments.contains { $0.rawValue.contains("no baseline") }
        }
        // unset: missing, which records it.
        assert([:])
        #expect(FileManager.default.fileExists(atPath: folder.files().baseline.path))
        // failed: a difference replaces the baseline; the next run under never passes.
        assert(["WEFT_RECORD": "failed"], secondWidth: 170)
        assert(["WEFT_RECORD": "never"], secondWidth: 170)
        // A mode that does not exist is reported, not taken for a default.
        withKnownIssue {
            assert(["WEFT_RECORD": "sometimes"])
        } matching: {
            $0.comments.contains { $0.rawValue.contains("WEFT_RECORD=sometimes is not a record mode") }
        }
    }

    @Test func unknownIgnoredFieldsFailTheAssertion() throws {
        // A misspelt field would ignore nothing and let a change it meant to ignore fail later,
        // or hide that nothing is ignored: the assertion fails at once, naming it.
        let folder = ScratchFolder()
        defer { folder.remove() }
        withKnownIssue {
            assertLayoutSnapshot(
                name: "row", record: .all, options: SemanticDiff.Options(ignoredFields: ["fram"]), location: here(),
                files: folder.files()
            ) {
                try LayoutSnapshotCapture.snapshot(of: column(), in: width200)
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(
                    #"assertLayoutSnapshot options: ignoredFields: unknown field or kind "fram" (did you mean "frame"?)"#)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.files().baseline.path), "nothing is recorded")
    }

    @Test func aNodeAlreadyInATreeIsReported() {
        let parent = DisplayNode()
        let child = DisplayNode()
        parent.addSubnode(child)
        withKnownIssue {
            assertLayoutSnapshot(of: child, in: width200, named: "child", record: .never)
        } matching: {
            $0.comments.contains { $0.rawValue.contains("needs a node that is not in a tree yet") }
        }
    }

    func here(_ function: String = #function, line: UInt = #line) -> AssertionLocation {
        AssertionLocation(fileID: #fileID, filePath: #filePath, function: function, line: line, column: 1)
    }
}
