import Testing

@testable import WeftLayout

/// `AsciiArt.size(of:)` measures exactly what `asciiArtString` draws, without drawing it.
@Suite struct AsciiArtSizeTests {
    /// The art's size as drawn: its line count and the width every line has.
    static func drawnSize(_ element: any LayoutElement) -> AsciiArt.Size? {
        let lines = element.asciiArtString.split(separator: "\n", omittingEmptySubsequences: false)
        let widths = Set(lines.map { $0.utf16.count })
        guard widths.count == 1 else { return nil }
        return AsciiArt.Size(width: widths.first!, height: lines.count)
    }

    static func leaf(_ name: String? = nil) -> BoxNode { BoxNode(debugName: name) }

    /// Boxes of every kind, narrower and wider than their names, in both directions, with
    /// non-ASCII and escaped names (made afresh for each test: elements are not Sendable).
    static let treeNames = [
        "a leaf", "an empty spec", "a row", "a column", "a name wider than a row", "a name wider than a column",
        "a name as wide as a column", "a name with control characters", "nested specs",
    ]

    static func tree(_ name: String) -> any LayoutElement {
        switch name {
        case "a leaf": return leaf()
        case "an empty spec": return LayoutSpec()
        case "a row": return StackLayoutSpec.horizontal(children: [leaf(), leaf("a")])
        case "a column": return StackLayoutSpec.vertical(children: [leaf(), leaf("a long debug name"), leaf("é")])
        case "a name wider than a row":
            return named(StackLayoutSpec.horizontal(children: [leaf()]), String(repeating: "w", count: 40))
        case "a name wider than a column":
            return named(StackLayoutSpec.vertical(children: [leaf()]), String(repeating: "w", count: 40))
        case "a name as wide as a column": return named(StackLayoutSpec.vertical(children: [leaf("12345678")]), "x")
        case "a name with control characters": return named(StackLayoutSpec.vertical(children: [leaf("\u{1b}[2J")]), "\n")
        default:
            return InsetLayoutSpec(
                insets: .zero,
                child: OverlayLayoutSpec(
                    child: StackLayoutSpec.horizontal(children: [
                        StackLayoutSpec.vertical(children: [leaf(), leaf(), leaf()]), leaf("🙂"),
                        CornerLayoutSpec(child: leaf(), corner: leaf(), location: .topLeft),
                    ]),
                    overlay: RatioLayoutSpec(ratio: 1.25, child: WrapperLayoutSpec(children: [leaf()]))))
        }
    }

    static func named<Spec: LayoutSpec>(_ spec: Spec, _ name: String) -> Spec {
        spec.debugName = name
        return spec
    }

    @Test(arguments: treeNames)
    func measuresWhatIsDrawn(_ name: String) throws {
        let element = Self.tree(name)
        let drawn = try #require(Self.drawnSize(element), "the art of \(name) is not a rectangle")
        #expect(AsciiArt.size(of: element) == drawn)
        #expect(AsciiArt.size(of: element).length == element.asciiArtString.utf16.count)
    }

    /// A row of one tall column and many leaves pads every leaf to the column's height: art of
    /// gigabytes from a tree of 20 001 elements, measured at once.
    @Test func measuresArtFarLargerThanTheTree() {
        let column = StackLayoutSpec.vertical(children: (0..<10_000).map { _ in Self.leaf() })
        let row = StackLayoutSpec.horizontal(children: [column] + (0..<10_000).map { _ in Self.leaf() })
        let size = AsciiArt.size(of: row)
        #expect(size.height == 10_004)
        #expect(size.width == 4 + 27 + 2 + 10_000 * 15)
        #expect(size.length > 1_500_000_000)
    }
}
