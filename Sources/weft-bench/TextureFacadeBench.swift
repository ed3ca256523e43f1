import AsyncDisplayKit
import WeftLayout
import WeftNodes

/// `texture`: the layout suite's feed built twice with display nodes as its leaves, once with
/// WeftNodes and WeftLayout, once with Texture's API through AsyncDisplayKit (ASDisplayNode
/// leaves overriding `calculateSizeThatFits(_: CGSize)`, AS* specs, `layoutThatFits(ASSizeRange)`),
/// so the two figures side by side show what the facade adds to a layout. Every leaf's layout
/// cache is dropped before each run (outside the timing): each run lays out everything.
struct TextureFacadeBench: BenchSuite {
    let name = "texture"

    func run(size: BenchSize, report: BenchReport) {
        for rows in size == .tiny ? [10, 100] : [100, 1_000, 10_000] {
            let repeats = size == .tiny ? 3 : max(5, 200_000 / (rows * 6))
            // Each tree is built, timed and released before the other is built, so neither is
            // timed with the other's memory in the caches.
            let nativeSeconds: Double = {
                let native = Self.nativeFeed(rows: rows)
                let range = SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity))
                return Self.time(leaves: native.leaves, repeats: repeats) {
                    native.root.layoutThatFits(range, parentSize: range.max, context: LayoutContext(scale: 2)).size
                }
            }()
            let textureSeconds: Double = {
                let texture = Self.textureFeed(rows: rows)
                let range = ASSizeRangeMake(CGSize(width: 375, height: 0), CGSize(width: 375, height: CGFloat.infinity))
                return Self.time(leaves: texture.leaves, repeats: repeats) {
                    let size = texture.root.layoutThatFits(range).size
                    return Size(width: Double(size.width), height: Double(size.height))
                }
            }()
            let elements = Double(rows * 6 + 1)
            report.figure("feed us/element, WeftNodes nodes (\(rows) rows)", nativeSeconds * 1e6 / elements, "us", decimals: 3)
            report.figure(
                "feed us/element, AsyncDisplayKit nodes (\(rows) rows)", textureSeconds * 1e6 / elements, "us", decimals: 3)
        }
    }

    private static func time(leaves: [DisplayNode], repeats: Int, _ layout: () -> Size) -> Double {
        var size = Size.zero
        let seconds = ThreadCPUClock.bestSeconds(
            repeats: repeats, before: { for leaf in leaves { leaf.invalidateCalculatedLayout() } },
            measuring: {
                size = layout()
            })
        precondition(size.width == 375 && size.height == Double(leaves.count / 3) * 56, "unexpected feed layout")
        return seconds
    }

    private final class NativeAvatar: DisplayNode {
        override func calculateSizeThatFits(_ constrainedSize: Size) -> Size { Size(width: 32, height: 32) }
    }

    private final class TextureAvatar: ASDisplayNode {
        override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize { CGSize(width: 32, height: 32) }
    }

    private static func nativeFeed(rows: Int) -> (root: any LayoutElement, leaves: [DisplayNode]) {
        var leaves: [DisplayNode] = []
        let children: [any LayoutElement] = (0..<rows).map { _ in
            let avatar = NativeAvatar()
            let title = DisplayNode()
            let subtitle = DisplayNode()
            title.style.height = .points(20)
            subtitle.style.height = .points(20)
            leaves += [avatar, title, subtitle]
            let text = StackLayoutSpec.vertical(children: [title, subtitle])
            text.style.flexGrow = 1
            text.style.flexShrink = 1
            return InsetLayoutSpec(insets: EdgeInsets(all: 8), child: StackLayoutSpec.horizontal(children: [avatar, text]))
        }
        return (StackLayoutSpec.vertical(children: children), leaves)
    }

    private static func textureFeed(rows: Int) -> (root: ASLayoutSpec, leaves: [DisplayNode]) {
        var leaves: [DisplayNode] = []
        let children: [ASLayoutElement] = (0..<rows).map { _ in
            let avatar = TextureAvatar()
            let title = ASDisplayNode()
            let subtitle = ASDisplayNode()
            title.style.height = ASDimensionMake(20)
            subtitle.style.height = ASDimensionMake(20)
            leaves += [avatar, title, subtitle]
            let text = ASStackLayoutSpec(
                direction: .vertical, spacing: 0, justifyContent: .start, alignItems: .stretch,
                children: [title, subtitle])
            text.style.flexGrow = 1.0
            text.style.flexShrink = 1.0
            let line = ASStackLayoutSpec(
                direction: .horizontal, spacing: 0, justifyContent: .start, alignItems: .stretch,
                children: [avatar, text])
            return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8), child: line)
        }
        return (
            ASStackLayoutSpec(
                direction: .vertical, spacing: 0, justifyContent: .start, alignItems: .stretch,
                children: children), leaves
        )
    }
}
