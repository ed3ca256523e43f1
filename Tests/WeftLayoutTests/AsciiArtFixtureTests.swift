import Foundation
import Testing

@testable import WeftLayout

/// The shared ASCII art fixtures of fixtures/ascii (see its README), drawn with the plain box
/// builder that snapshots reuse.
@Suite struct AsciiArtFixtureTests {
    static let fixtures = FixturePaths.jsonFiles(in: "ascii")

    @Test func fixturesExist() {
        #expect(Self.fixtures.count >= 8)
    }

    @Test(arguments: fixtures)
    func drawsFixture(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        let fixture = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let input = try #require(fixture["input"] as? [String: Any])
        let expected = try #require(fixture["expected"] as? [String])
        #expect(try draw(input) == expected.joined(separator: "\n"), "\(file.lastPathComponent)")
    }

    private func draw(_ box: [String: Any]) throws -> String {
        let name = try #require(box["name"] as? String)
        let children = try (box["children"] as? [[String: Any]] ?? []).map(draw)
        let direction: StackLayoutDirection = box["direction"] as? String == "vertical" ? .vertical : .horizontal
        return AsciiArt.box(name: name, children: children, direction: direction)
    }
}
