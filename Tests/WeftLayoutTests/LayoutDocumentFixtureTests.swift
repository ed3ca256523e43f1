import Foundation
import Testing
import WeftJSON

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

extension LayoutDocumentFixtureTests {
    /// The compact output (what `Layout.evaluate` answers) holds the same value as the file.
    @Test(arguments: inputs)
    func compactOutputHoldsTheSameValue(_ input: URL) throws {
        let expectedURL = input.deletingPathExtension().appendingPathExtension("expected.json")
        let document = try LayoutDocument(data: Data(contentsOf: input))
        var writer = JSONWriter()
        document.writeOutput(document.layout(), style: .compact, into: &writer)
        #expect(!writer.bytes.contains(UInt8(ascii: "\n")))
        #expect(try JSONReader.parse(writer.bytes) == JSONReader.parse(Data(contentsOf: expectedURL)))
    }

    /// The measured size of each fixture's art is the drawn one.
    @Test(arguments: inputs)
    func asciiArtIsMeasuredExactly(_ input: URL) throws {
        let element = try LayoutDocument(data: Data(contentsOf: input)).root.element
        #expect(AsciiArtSizeTests.drawnSize(element) == AsciiArt.size(of: element))
    }
}
