import Foundation
import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot
import XCTest

/// Asserts that `node`, laid out in `sizeRange`, has the layout stored as its baseline
/// `__Snapshots__/<TestFile>/<test>.<name>.json` next to the test file (with a `.txt` of its
/// ASCII art for reviews). Works in XCTest and in Swift Testing: a failure is recorded through
/// the framework running the test (`Issue.record` or `XCTFail`) with the semantic diff; the new
/// snapshot is kept under `WEFT_ARTIFACTS` (default a temporary directory).
///
///     assertLayoutSnapshot(of: FeedCell(post: .sample), in: SizeRange(min: Size(width: 375, height: 0),
///                          max: Size(width: 375, height: .infinity)), named: "sample")
///
/// - Parameters:
///   - node: a node that is not in a tree yet; it becomes the root of a main loop for one frame.
///   - sizeRange: the range it is laid out in (its height is its own within the range).
///   - name: tells apart several snapshots of one test.
///   - record: when to write baselines; default `WEFT_RECORD`, else `.missing`.
///   - options: the semantic diff's options (tolerance, ignored fields).
///   - fileID: the caller's `#fileID` (the default).
///   - filePath: the caller's `#filePath` (the default): where `__Snapshots__` is written.
///   - function: the caller's `#function` (the default): names the baseline.
///   - line: the caller's `#line` (the default), where a failure is reported.
///   - column: the caller's `#column` (the default), where a failure is reported.
public func assertLayoutSnapshot(
    of node: DisplayNode, in sizeRange: SizeRange, named name: String,
    record: LayoutSnapshotRecordMode? = nil, options: SemanticDiff.Options = SemanticDiff.Options(),
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let location = AssertionLocation(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    assertLayoutSnapshot(name: name, record: record, options: options, location: location) {
        try LayoutSnapshotCapture.snapshot(of: node, in: sizeRange)
    }
}

/// Asserts on a layout spec tree (`StackLayoutSpec`, `InsetLayoutSpec`... with nodes or
/// `BoxNode` leaves) laid out in `sizeRange`, as `assertLayoutSnapshot(of: node, ...)` does. The
/// spec is laid out by a host node, which the snapshot shows as its root `ASDisplayNode (spec)`.
///
/// - Parameters:
///   - spec: the root of the spec tree.
///   - sizeRange: the range it is laid out in.
///   - name: tells apart several snapshots of one test.
///   - record: when to write baselines; default `WEFT_RECORD`, else `.missing`.
///   - options: the semantic diff's options (tolerance, ignored fields).
///   - fileID: the caller's `#fileID` (the default).
///   - filePath: the caller's `#filePath` (the default): where `__Snapshots__` is written.
///   - function: the caller's `#function` (the default): names the baseline.
///   - line: the caller's `#line` (the default), where a failure is reported.
///   - column: the caller's `#column` (the default), where a failure is reported.
public func assertLayoutSnapshot(
    of spec: any LayoutElement, in sizeRange: SizeRange, named name: String,
    record: LayoutSnapshotRecordMode? = nil, options: SemanticDiff.Options = SemanticDiff.Options(),
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let location = AssertionLocation(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    assertLayoutSnapshot(name: name, record: record, options: options, location: location) {
        try LayoutSnapshotCapture.snapshot(of: spec, in: sizeRange)
    }
}

/// Where an assertion was written, in the forms both frameworks want.
struct AssertionLocation {
    var fileID: String
    var filePath: StaticString
    var function: String
    var line: UInt
    var column: UInt
}

/// The assertion: `environment` supplies `WEFT_RECORD` and `WEFT_ARTIFACTS`, and `files` replaces
/// the places derived from the test file (tests of this module use both).
func assertLayoutSnapshot(
    name: String, record: LayoutSnapshotRecordMode?, options: SemanticDiff.Options, location: AssertionLocation,
    environment: [String: String] = ProcessInfo.processInfo.environment, files: LayoutSnapshotFiles? = nil,
    capture: () throws -> Snapshot
) {
    let title = "snapshot \"\(name)\" of \(location.function)"
    let mode: LayoutSnapshotRecordMode
    do {
        mode = try record ?? LayoutSnapshotRecordMode.fromEnvironment(environment)
    } catch {
        return reportFailure("\(error)", at: location)
    }
    do {
        try options.validate()
    } catch {
        return reportFailure("assertLayoutSnapshot options: ignoredFields: \(error)", at: location)
    }
    let snapshot: Snapshot
    do {
        snapshot = try capture()
    } catch {
        return reportFailure("cannot lay out layout \(title): \(error)", at: location)
    }
    let files =
        files
        ?? LayoutSnapshotFiles(
            testFile: "\(location.filePath)", testName: location.function, name: name, environment: environment)
    switch LayoutSnapshotCheck(files: files, mode: mode, options: options, title: title).check(snapshot) {
    case .matched:
        break
    case .recorded(let note):
        print("weft: \(note)")
    case .noted(let note):
        print("weft: note: \(note)")
    case .failed(let message):
        reportFailure(message, at: location)
    }
}

/// Records a failure with the framework that runs the current test: Swift Testing when a Swift
/// Testing test is running on this task, XCTest otherwise.
func reportFailure(_ message: String, at location: AssertionLocation) {
    if Test.current != nil {
        let sourceLocation = SourceLocation(
            fileID: location.fileID, filePath: "\(location.filePath)",
            line: Int(location.line), column: Int(location.column))
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    } else {
        XCTFail(message, file: location.filePath, line: location.line)
    }
}
