import Testing
import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

/// A program's own spec class, which Weft captures with type `custom`.
private final class BadgeSpec: LayoutSpec {
    override var textureClassName: String { "BadgeSpec" }
}

/// Real captures in the compact form (docs/snapshot-format.md, "Implied values"): what the
/// document leaves out and what it keeps follows from the captured values, and the document
/// reads back as the captured model.
@Suite struct ImpliedValuesCaptureTests {
    /// A root laid out by a vertical stack (alignItems start, so each text takes its own width)
    /// of: a one-line text, a text 60 points wide, an empty text, a 44 x 44 pixel image and a
    /// custom spec.
    private func capture() throws -> (Snapshot, JSONValue, ids: [String]) {
        let root = DisplayNode()
        let oneLine = TextNode("Item 1", font: .system(16))
        // "Sunset over the bay" at 15 pt is about 19 x 0.55 x 15 = 150 points wide: in 60 points
        // it wraps (each word alone fits or breaks, but never all on one line).
        let wrapped = TextNode("Sunset over the bay", font: .system(15))
        wrapped.style.width = .points(60)
        let empty = TextNode("")
        let image = ImageNode(image: Image(pixelWidth: 44, pixelHeight: 44, scale: 2))
        image.style.preferredSize = Size(width: 22, height: 22)
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in
            StackLayoutSpec(
                direction: .vertical, alignItems: .start,
                children: [oneLine, wrapped, empty, image, BadgeSpec()])
        }
        let snapshot = Capture.snapshot(of: loop(with: [root], size: Size(width: 375, height: 400)).roots)
        try writeArtifact(snapshot, name: "implied-values")
        return (snapshot, try JSONReader.parse(snapshot.encoded()), [root.id, oneLine.id, wrapped.id, empty.id, image.id])
    }

    /// The element of the written document with this id.
    private func written(_ document: JSONValue, _ id: String) throws -> JSONObject {
        var stack = document["roots"]?.array ?? []
        while let element = stack.popLast() {
            if element["id"] == .string(id) { return try #require(element.object) }
            stack.append(contentsOf: element["children"]?.array ?? [])
        }
        Issue.record("no element \(id)")
        return JSONObject()
    }

    @Test func whatIsImpliedIsLeftOutAndWhatIsNotIsWritten() throws {
        let (snapshot, document, ids) = try capture()
        let (rootId, oneLine, wrapped, empty, image) = (ids[0], ids[1], ids[2], ids[3], ids[4])

        // The model is complete.
        #expect(snapshot.element(withId: oneLine)?.props["lines"] == ["Item 1"])
        #expect(snapshot.element(withId: "\(rootId)/0")?.className == "ASStackLayoutSpec")
        #expect(snapshot.element(withId: image)?.props["image"]?["decodedBytes"] == 7744)  // 44 x 44 x 4

        // The stack's class is implied by its type; the custom spec's is not.
        let stack = try written(document, "\(rootId)/0")
        #expect(stack["type"] == "stack" && stack["className"] == nil)
        let badge = try written(document, "\(rootId)/0.4")
        #expect(badge["type"] == "custom" && badge["className"] == "BadgeSpec")
        // Nodes write their class.
        #expect(try written(document, oneLine)["className"] == "ASTextNode")

        // One line equal to the text: left out.
        #expect(try written(document, oneLine)["props"]?["lines"] == nil)
        // Wrapped: several lines, written.
        let wrappedLines = try #require(try written(document, wrapped)["props"]?["lines"]?.array)
        #expect(wrappedLines.count >= 2)
        #expect(snapshot.element(withId: wrapped)?.props["lines"] == .array(wrappedLines))
        // An empty text draws no lines: [] is not [""], so it is written.
        #expect(try written(document, empty)["props"]?["lines"] == [])
        // 44 x 44 x 4 is implied.
        let writtenImage = try #require(try written(document, image)["props"]?["image"])
        #expect(writtenImage["decodedBytes"] == nil)
        #expect(writtenImage["pixelWidth"] == 44)

        // And the document reads back as the capture.
        #expect(try Snapshot(json: snapshot.encoded()) == snapshot)
    }
}
