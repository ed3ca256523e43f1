import Foundation
import Testing
import WeftJSON

@testable import WeftSnapshot

/// Runs every case of fixtures/semantic-diff (shared with the web inspector's tests).
@Suite struct SemanticDiffFixtureTests {
    @Test(arguments: try Fixtures.jsonFiles(in: "semantic-diff"))
    func fixtureCase(_ file: URL) throws {
        let fixture = try Fixtures.json(file)
        let a = try Snapshot(json: try #require(fixture["a"]).jsonBytes)
        let b = try Snapshot(json: try #require(fixture["b"]).jsonBytes)
        for (index, run) in try #require(fixture["runs"]?.array).enumerated() {
            let options = try Self.options(run["options"] ?? [:])
            let changes = SemanticDiff.compare(a, b, options: options)
            let expected = try #require(run["changes"]?.array)
            let actual = changes.map(Self.fixtureForm)
            #expect(actual == expected, "\(file.lastPathComponent) run \(index)")
            let text = try #require(run["text"]?.array).map { $0.string ?? "" }
            #expect(SemanticDiffReport.lines(changes) == text, "\(file.lastPathComponent) run \(index)")
        }
    }

    static func options(_ json: JSONValue) throws -> SemanticDiff.Options {
        var options = SemanticDiff.Options()
        if let tolerance = json["tolerance"]?.number { options.tolerance = tolerance }
        if let ignore = json["ignore"]?.array { options.ignoredFields = Set(ignore.compactMap(\.string)) }
        if let flag = json["interfaceState"]?.bool { options.includeInterfaceState = flag }
        return options
    }

    /// A change as the fixtures write it: without element ids.
    static func fixtureForm(_ change: SemanticChange) -> JSONValue {
        var object: JSONObject = ["kind": .string(change.kind.rawValue), "path": .string(change.path)]
        if let field = change.field { object["field"] = .string(field) }
        if let before = change.before { object["before"] = before }
        if let after = change.after { object["after"] = after }
        return .object(object)
    }
}
