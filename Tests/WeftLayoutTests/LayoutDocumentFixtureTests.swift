import Foundation
import Testing

@testable import WeftLayout

/// The layout-description fixtures of fixtures/layout (see its README for the derivations):
/// each input is decoded, laid out with its own size range and scale, and printed.
@Suite struct LayoutDocumentFixtureTests {
    static let inputs = FixturePaths.jsonFiles(in: "layout").filter { !$0.lastPathComponent.hasSuffix(".expected.json") }

    @Test func fixturesExist() {
        #expect(Self.inputs.count >= 7)
    }

    @Test(arguments: inputs)
    func producesTheExpectedOutput(_ input: URL) throws {
        let expectedURL = input.deletingPathExtension().appendingPathExtension("expected.json")
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        let document = try LayoutDocument(data: Data(contentsOf: input))
        #expect(document.encodeOutput(document.layout()) == expected, "\(input.lastPathComponent)")
    }
}
