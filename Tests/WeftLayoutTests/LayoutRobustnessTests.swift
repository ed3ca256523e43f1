import Foundation
import Testing

@testable import WeftLayout

/// Hostile ranges and settings: every spec must still return a layout whose sizes are valid
/// (finite, >= 0, below 1e7: Texture's rule turns anything else into 0x0), never trap.
@Suite struct LayoutRobustnessTests {
    static let ranges: [SizeRange] = [
        .unconstrained, .zero,
        range(100, 100, 100, 100),
        range(200, 200, 50, 50),  // min above max
        range(.infinity, .infinity, .infinity, .infinity),
        range(.nan, 0, .nan, 100),
        range(0, 0, 1e12, 1e12),
        range(-10, -10, -5, -5),
    ]

    /// One of every spec, each around a couple of boxes, with awkward settings.
    static func specs() -> [any LayoutElement] {
        func boxes() -> [any LayoutElement] {
            [
                box(10, 20) {
                    $0.flexGrow = 1
                    $0.flexShrink = 1
                    $0.flexBasis = .fraction(0.5)
                },
                box(30, 5) {
                    $0.minWidth = .fraction(2)
                    $0.maxHeight = .points(-3)
                    $0.spacingBefore = -50
                },
            ]
        }
        return [
            StackLayoutSpec(
                spacing: -1e9, justifyContent: .spaceAround, alignItems: .baselineLast, flexWrap: .wrap,
                alignContent: .stretch, lineSpacing: .infinity, children: boxes()),
            StackLayoutSpec(direction: .vertical, justifyContent: .spaceBetween, alignItems: .center, children: boxes()),
            InsetLayoutSpec(
                insets: EdgeInsets(top: .infinity, left: .infinity, bottom: .infinity, right: .infinity),
                child: boxes()[0]),
            InsetLayoutSpec(insets: EdgeInsets(all: -1e6), child: boxes()[1]),
            OverlayLayoutSpec(child: boxes()[0], overlay: boxes()[1]),
            BackgroundLayoutSpec(child: boxes()[0], background: boxes()[1]),
            CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumXY, child: boxes()[0]),
            RatioLayoutSpec(ratio: 1e-12, child: boxes()[0]),
            RatioLayoutSpec(ratio: 1e12, child: boxes()[1]),
            RelativeLayoutSpec(
                horizontalPosition: .end, verticalPosition: .center, sizingOption: .minimumSize,
                child: boxes()[0]),
            AbsoluteLayoutSpec(
                sizing: .sizeToFit,
                children: boxes().map { element in
                    element.style.layoutPosition = Point(x: -1e8, y: .infinity)
                    return element
                }),
            CornerLayoutSpec(
                child: boxes()[0], corner: boxes()[1], location: .bottomRight,
                offset: Point(x: .nan, y: -1e9), wrapsCorner: true),
            WrapperLayoutSpec(children: boxes()),
            LayoutSpec(children: boxes()),
            BoxNode(),
        ]
    }

    @Test(arguments: 0..<ranges.count)
    func everySpecSurvivesTheRange(_ index: Int) {
        for spec in Self.specs() {
            for scale in [1.0, 2, 3] {
                let result = layout(spec, Self.ranges[index], scale: scale)
                #expect(result.size.isValidForLayout, "\(spec.asciiArtName) in \(Self.ranges[index])")
                _ = result.flattenedFrames(context: LayoutContext(scale: scale))
                _ = spec.asciiArtString
            }
        }
    }

    @Test func outputOfAGarbageLayoutIsStillJSON() throws {
        // Infinite insets against an infinite max put the child at a non-finite x: printed as null.
        let document = try LayoutDocument(
            data: Data(
                #"""
                {"root": {"type": "inset", "insets": ["inf", "inf", "inf", "inf"], "child": {"type": "box"}}}
                """#.utf8))
        let output = document.encodeOutput(document.layout())
        #expect(try JSONSerialization.jsonObject(with: Data(output.utf8)) is [String: Any])
    }
}
