import Foundation
import Testing
import WeftJSON

@testable import WeftSnapshot

/// Runs fixtures/update-ops (shared with the web inspector's tests).
@Suite struct UpdateOpsFixtureTests {
    static let cases = (try? Fixtures.jsonFiles(in: "update-ops").filter { $0.lastPathComponent != "rejected.json" }) ?? []

    @Test(arguments: cases)
    func diffEmitsAndApplyReplaysTheFixtureOps(_ file: URL) throws {
        let fixture = try Fixtures.json(file)
        let a = try Snapshot(json: try #require(fixture["a"]).jsonBytes)
        let b = try Snapshot(json: try #require(fixture["b"]).jsonBytes)
        let expectedJSON = try #require(fixture["ops"])
        let expected = try UpdateOp.decode(expectedJSON.jsonBytes)
        let ops = UpdateOps.diff(a, b)
        #expect(ops == expected, "\(file.lastPathComponent)")
        #expect(try JSONReader.parse(UpdateOp.encode(ops)) == expectedJSON, "\(file.lastPathComponent): wire form")
        let applied = try UpdateOps.applying(expected, to: a)
        #expect(applied.roots == b.roots, "\(file.lastPathComponent)")
        #expect(applied.rangeControllers == b.rangeControllers, "\(file.lastPathComponent)")
    }

    @Test func rejectedOpsFailAtTheNamedOp() throws {
        let fixture = try Fixtures.json(Fixtures.folder("update-ops").appendingPathComponent("rejected.json"))
        let document = try Snapshot(json: try #require(fixture["document"]).jsonBytes)
        for testCase in try #require(fixture["cases"]?.array) {
            let ops = try UpdateOp.decode(try #require(testCase["ops"]).jsonBytes)
            var copy = document
            do {
                try UpdateOps.apply(ops, to: &copy)
                Issue.record("\(testCase.jsonString) was applied")
            } catch let error as UpdateOpError {
                #expect(error.opIndex == testCase["opIndex"]?.number.map(Int.init))
                let reason = try #require(testCase["reason"]?.string)
                #expect(error.message.contains(reason), "\(error) should mention \(reason)")
            }
            #expect(copy == document, "a rejected op list must leave the document unchanged")
        }
    }
}
