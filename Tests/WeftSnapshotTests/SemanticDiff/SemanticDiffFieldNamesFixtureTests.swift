import Testing
import WeftJSON

@testable import WeftSnapshot

/// fixtures/semantic-diff/names/ignore-names.json, which the web inspector's tests read too
/// (web-inspector/test/ignore-names-fixture.test.js): the ignore vocabulary of `weft diff
/// --ignore` and of the page's Diff panel must be the same lists, accept and refuse the same
/// names, suggest the same corrections and word the same error.
@Suite struct SemanticDiffFieldNamesFixtureTests {
    let fixture: JSONValue

    init() throws {
        fixture = try Fixtures.json(Fixtures.folder("semantic-diff").appendingPathComponent("names/ignore-names.json"))
    }

    private static func strings(_ value: JSONValue?) throws -> [String] {
        try #require(value?.array).map { try #require($0.string) }
    }

    @Test func theListsAndTheDefaultAreTheFixtures() throws {
        let groups = try #require(fixture["groups"])
        #expect(SemanticDiffFieldNames.kinds == (try Self.strings(groups["kinds"])))
        #expect(SemanticDiffFieldNames.fields == (try Self.strings(groups["fields"])))
        #expect(SemanticDiffFieldNames.styleKeys == (try Self.strings(groups["styleKeys"])))
        #expect(SemanticDiffFieldNames.specPropertyKeys == (try Self.strings(groups["specPropertyKeys"])))
        #expect(SemanticDiffFieldNames.nodePropertyKeys == (try Self.strings(groups["nodePropertyKeys"])))
        #expect(SemanticDiffFieldNames.rangeControllerKeys == (try Self.strings(groups["rangeControllerKeys"])))
        #expect(SemanticDiffFieldNames.metaKeys == (try Self.strings(groups["metaKeys"])))
        #expect(groups.object?.count == 7, "a group the test does not compare")
        #expect(SemanticDiff.Options.defaultIgnoredFields == Set(try Self.strings(fixture["defaultIgnore"])))
        #expect(SemanticDiffFieldNames.listing == (try Self.strings(fixture["listing"])).joined(separator: "\n"))
    }

    @Test func knownAndUnknownNames() throws {
        for name in try Self.strings(fixture["known"]) { #expect(SemanticDiffFieldNames.isKnown(name), "\(name)") }
        for name in try Self.strings(fixture["unknown"]) { #expect(!SemanticDiffFieldNames.isKnown(name), "\(name)") }
    }

    @Test func suggestions() throws {
        for entry in try #require(fixture["suggestions"]?.array) {
            let name = try #require(entry["name"]?.string)
            #expect(SemanticDiffFieldNames.suggestion(for: name) == entry["suggestion"]?.string, "\(name)")
        }
    }

    @Test func errorMessages() throws {
        let listing = try Self.strings(fixture["listing"]).map { "  " + $0 }.joined(separator: "\n")
        for entry in try #require(fixture["errors"]?.array) {
            let options = SemanticDiff.Options(ignoredFields: Set(try Self.strings(entry["ignore"])))
            if let firstLine = entry["firstLine"]?.string {
                #expect(throws: SemanticDiff.Options.UnknownFieldError.self) { try options.validate() }
                do {
                    try options.validate()
                } catch {
                    #expect(error.description == firstLine + "\n" + listing)
                }
            } else {
                #expect(throws: Never.self) { try options.validate() }
            }
        }
    }
}
