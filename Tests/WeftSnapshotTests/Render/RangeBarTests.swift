import Foundation
import Testing
import WeftJSON

@testable import WeftSnapshot

/// Runs fixtures/range-bars/cases.json (shared with the web inspector's tests).
@Suite struct RangeBarTests {
    static let cases: [JSONValue] = {
        let file = Fixtures.folder("range-bars").appendingPathComponent("cases.json")
        return (try? Fixtures.json(file))?["cases"]?.array ?? []
    }()

    @Test func fixtureHasCases() {
        #expect(Self.cases.count >= 7)
    }

    @Test(arguments: cases)
    func barMatchesTheHandDerivedGeometry(_ testCase: JSONValue) throws {
        let input = try #require(testCase["input"])
        let name = testCase["name"]?.string ?? "?"
        let mode = try #require(Snapshot.RangeController.Mode(rawValue: input["mode"]?.string ?? ""))
        var tuning = Snapshot.Tuning.textureDefaults[mode]
        if let custom = input["tuning"] {
            let display = (custom["display"]?.array ?? []).compactMap { $0.number }
            let preload = (custom["preload"]?.array ?? []).compactMap { $0.number }
            try #require(display.count == 2 && preload.count == 2)
            tuning = .init(
                display: .init(leading: display[0], trailing: display[1]),
                preload: .init(leading: preload[0], trailing: preload[1]))
        }
        var controller = Snapshot.RangeController(id: "r", owner: "n", mode: mode)
        controller.tuning[mode] = tuning
        controller.orientation = input["orientation"]?.string == "horizontal" ? .horizontal : .vertical
        for name in input["scrollDirection"]?.array?.compactMap(\.string) ?? [] {
            controller.scrollDirection.insert(try #require(Snapshot.ScrollDirection.named.first { $0.1 == name }?.0))
        }
        let width = try #require(input["barWidth"]?.number)
        let bar = RangeBar(width: width, controller: controller)

        let expectedStrips = try #require(testCase["expected"]?["strips"]?.array)
        #expect(bar.strips.map(\.range.rawValue) == expectedStrips.map { $0["range"]?.string ?? "" }, "\(name)")
        for (strip, expected) in zip(bar.strips, expectedStrips) {
            #expect(abs(strip.x - (expected["x"]?.number ?? .nan)) < 1e-9, "\(name) \(strip.range) x \(strip.x)")
            #expect(abs(strip.width - (expected["width"]?.number ?? .nan)) < 1e-9, "\(name) \(strip.range) width \(strip.width)")
            #expect(strip.y == 12 && strip.height == 9)
        }
        let expectedArrows = try #require(testCase["expected"]?["arrows"]?.array)
        #expect(bar.arrows.count == expectedArrows.count, "\(name)")
        for (arrow, expected) in zip(bar.arrows, expectedArrows) {
            #expect(arrow.side.rawValue == expected["side"]?.string)
            #expect(arrow.glyph == expected["glyph"]?.string)
            let frame = RangeBar.frame(of: arrow, barWidth: width)
            #expect(
                [frame.x, frame.y, frame.width, frame.height]
                    == ["x", "y", "width", "height"].map { expected[$0]?.number ?? .nan })
        }
    }
}
