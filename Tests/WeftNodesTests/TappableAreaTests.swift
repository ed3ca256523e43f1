import Foundation
import Testing
import WeftLayout

@testable import WeftNodes

/// Runs fixtures/tappable (shared with the web inspector's tests) and checks the node-tree walk.
@Suite("Tappable areas")
struct TappableAreaTests {
    static let fixtureDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/tappable")

    static var fixtureNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtureDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    struct Fixture: Decodable {
        struct Entry: Decodable {
            var frame: [Double]
            var bounds: [Double]?
            var hitTestSlop: [Double]?
            var clipsToBounds: Bool?
            var scrollContainer: Bool?
        }
        struct Expected: Decodable {
            var rect: [Double]
            var restricted: [String]
            var clipped: [String]
        }
        var chain: [Entry]
        var expected: Expected
    }

    static func rect(_ values: [Double]) -> Rect {
        Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    @Test("the fixture folder is present")
    func fixturesExist() {
        #expect(Self.fixtureNames.count >= 8)
    }

    @Test("shared fixtures", arguments: fixtureNames)
    func fixture(_ name: String) throws {
        let data = try Data(contentsOf: Self.fixtureDirectory.appendingPathComponent(name))
        let fixture = try JSONDecoder().decode(Fixture.self, from: data)
        var levels: [TappableArea.Level] = []
        for entry in fixture.chain {
            if entry.scrollContainer == true { break }
            let frame = Self.rect(entry.frame)
            let slop = entry.hitTestSlop ?? [0, 0, 0, 0]
            levels.append(
                TappableArea.Level(
                    bounds: entry.bounds.map(Self.rect) ?? Rect(origin: .zero, size: frame.size),
                    frame: frame,
                    hitTestSlop: EdgeInsets(top: slop[0], left: slop[1], bottom: slop[2], right: slop[3]),
                    clipsToBounds: entry.clipsToBounds ?? false
                ))
        }
        let area = TappableArea.compute(levels)
        #expect(area.rect == Self.rect(fixture.expected.rect))
        #expect(area.restricted.names == fixture.expected.restricted)
        #expect(area.clipped.names == fixture.expected.clipped)
    }

    @Test("a node's area walks its real ancestors and stops at a scroll container")
    func nodeWalk() {
        // The clipped-by-slop-parent case built from nodes.
        let root = DisplayNode()
        let parent = DisplayNode()
        let button = ControlNode()
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        root.addSubnode(parent)
        parent.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        parent.hitTestSlop = EdgeInsets(all: -10)
        parent.clipsToBounds = true
        parent.addSubnode(button)
        button.frame = Rect(x: 85, y: 40, width: 20, height: 20)
        button.hitTestSlop = EdgeInsets(all: -12)
        #expect(
            button.tappableArea
                == TappableArea(rect: Rect(x: -12, y: -12, width: 27, height: 44), restricted: .right, clipped: .right))

        // Inside a table's cell the walk stops at the table: a cell at content y 500 is not cut
        // by the table's bounds.
        let table = TableNode()
        let source = ListSource(count: 20)
        let control = ControlNode()
        source.makeCell = { index in
            let cell = FixedCell(height: 100)
            if index == 5 {
                cell.addSubnode(control)
                control.frame = Rect(x: -6, y: 10, width: 20, height: 20)
                control.hitTestSlop = EdgeInsets(all: -4)
            }
            return cell
        }
        table.dataSource = source
        let (loop, _) = makeScreen(table)
        loop.run(frames: 1)
        // Cell 5: 320 x 100 at content y 500; the control's slop rect (-10, 6, 28, 28) in the
        // cell loses its left part: (0, 6, 18, 28) -> (6, -4, 18, 28) in the control.
        #expect(control.tappableArea == TappableArea(rect: Rect(x: 6, y: -4, width: 18, height: 28), restricted: .left))
    }
}
