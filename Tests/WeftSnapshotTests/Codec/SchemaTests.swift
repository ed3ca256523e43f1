import Foundation
import Testing
import WeftSynthetic

@testable import WeftSnapshot

/// The JSON Schema (docs/snapshot.schema.json) against the encoder, with Python's jsonschema
/// from the test virtualenv (`make venv`; `make test` creates it). `make test-schema` also
/// validates every snapshot the tests leave in .build/test-artifacts/snapshots.
private let venvPython = Fixtures.root.appendingPathComponent(".venv/bin/python")

@Suite
struct SchemaTests {
    static let validator = Fixtures.root.appendingPathComponent("scripts/validate-snapshots")

    /// Runs the validator on `documents` (written to a temporary folder); returns its exit
    /// status and output.
    private func validate(_ documents: [String: [UInt8]]) throws -> (status: Int32, output: String) {
        // A missing virtualenv fails the suite rather than skipping it: `make test` creates it
        // before the Swift tests run, and a silently skipped schema check would prove nothing.
        try #require(
            FileManager.default.isExecutableFile(atPath: venvPython.path),
            "no \(venvPython.path): run `make venv` (or `make test`) first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes) in documents { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        let process = Process()
        process.executableURL = venvPython
        process.arguments = [Self.validator.path, folder.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func encoderOutputMatchesTheSchema() throws {
        var edits = RandomEdits(seed: 31)
        var documents: [String: [UInt8]] = ["feed.json": SyntheticFeed.snapshot(elementCount: 120).encoded()]
        for index in 0..<5 { documents["random-\(index).json"] = edits.snapshot().encodedPretty() }
        let result = try validate(documents)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func theSchemaRejectsWhatTheDecoderRejects() throws {
        let head = #"{"format":"weft.snapshot","version":1,"revision":0,"meta":{},"roots":["#
        let result = try validate([
            "spec-without-type.json": Array((head + #"{"id":"a","className":"X","kind":"spec"}]}"#).utf8),
            "short-frame.json": Array((head + #"{"id":"a","className":"X","frame":[1,2,3]}]}"#).utf8),
            "unknown-key.json": Array((head + #"{"id":"a","className":"X","colour":1}]}"#).utf8),
            // Only a spec of a built-in type implies its className.
            "node-without-class.json": Array((head + #"{"id":"a","type":"stack"}]}"#).utf8),
            "custom-spec-without-class.json": Array((head + #"{"id":"a/0","kind":"spec","type":"custom"}]}"#).utf8),
        ])
        #expect(result.status == 1)
        #expect(result.output.contains("5 documents, 5 invalid"), "\(result.output)")
    }

    // The compact form and the explicit one are both valid.
    @Test func impliedValuesMayBeLeftOutOrWritten() throws {
        let head = #"{"format":"weft.snapshot","version":1,"revision":0,"meta":{},"roots":["#
        let result = try validate([
            "compact.json": Array(
                (head
                    + #"{"id":"a/0","kind":"spec","type":"inset","children":[{"id":"b","className":"ASTextNode","props":{"text":"Hi"}}]}]}"#)
                    .utf8),
            "explicit.json": Array(
                (head
                    + #"{"id":"a/0","kind":"spec","type":"inset","className":"ASInsetLayoutSpec","children":[{"id":"b","className":"ASTextNode","props":{"text":"Hi","lines":["Hi"]}}]}]}"#)
                    .utf8),
        ])
        #expect(result.status == 0, "\(result.output)")
    }
}
