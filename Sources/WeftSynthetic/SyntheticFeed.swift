import WeftSnapshot

/// Realistic synthetic snapshots: a feed screen like TextureGram's (a window node whose stack
/// holds a header and a table of photo cells), at any size. Benchmarks use them to measure the
/// codec and the diffs on documents shaped like real captures; tests use them as random trees.
///
/// A cell is 11 elements: the cell node, its inset and stacks, an avatar image, a title and a
/// subtitle text node, a photo image with a ratio spec, and a like button.
public enum SyntheticFeed {
    /// Elements per cell.
    public static let elementsPerCell = 11

    /// A document with about `elementCount` elements (rounded to whole cells), deterministic for
    /// a given seed.
    public static func snapshot(elementCount: Int, seed: UInt64 = 1) -> Snapshot {
        var random = SeededGenerator(seed: seed)
        let cellCount = max(1, (elementCount - 5) / elementsPerCell)
        let width = 375.0
        var cells: [Snapshot.Element] = []
        cells.reserveCapacity(cellCount)
        var y = 0.0
        for index in 0..<cellCount {
            let cell = makeCell(index: index, y: y, width: width, random: &random)
            y += cell.frame.height
            cells.append(cell)
        }
        let visibleEnd = min(cellCount - 1, 1)
        let table = Snapshot.Element(
            id: "n3", className: "ASTableNode", debugName: "feed",
            frame: .init(x: 0, y: 64, width: width, height: 603),
            constrainedSize: .init(min: .init(width: width, height: 0), max: .init(width: width, height: .infinity)),
            style: ["flexGrow": 1],
            props: ["clipsToBounds": true],
            interfaceState: .inHierarchy, children: cells)
        let header = Snapshot.Element(
            id: "n2", className: "ASTextNode", debugName: "header",
            frame: .init(x: 0, y: 0, width: width, height: 64),
            constrainedSize: .init(min: .init(width: width, height: 0), max: .init(width: width, height: .infinity)),
            style: ["height": 64],
            props: ["text": "TextureGram", "lines": ["TextureGram"], "font": ["size": 17, "weight": "semibold"]],
            interfaceState: .inHierarchy)
        let stack = Snapshot.Element(
            id: "n1/0", kind: .spec, type: "stack", className: "ASStackLayoutSpec",
            frame: .init(x: 0, y: 0, width: width, height: 667),
            constrainedSize: .init(min: .init(width: width, height: 667), max: .init(width: width, height: 667)),
            props: ["direction": "vertical", "alignItems": "stretch"],
            children: [header, table])
        let window = Snapshot.Element(
            id: "n1", className: "ASDisplayNode", debugName: "window",
            frame: .init(x: 0, y: 0, width: width, height: 667),
            constrainedSize: .init(min: .init(width: width, height: 667), max: .init(width: width, height: 667)),
            props: ["backgroundColor": "#ffffff"],
            interfaceState: .inHierarchy, children: [stack])
        let controller = Snapshot.RangeController(
            id: "r1", owner: "n3", dataSource: "FeedDataSource", scrollDirection: .down, mode: .full,
            viewport: .init(x: 0, y: 0, width: width, height: 603),
            contentSize: .init(width: width, height: y), itemCount: cellCount,
            visible: [.init(0, visibleEnd)], display: [.init(0, min(cellCount - 1, 3))],
            preload: [.init(0, min(cellCount - 1, 7))],
            itemStates: [.init(0, visibleEnd, .inHierarchy)])
        return Snapshot(
            revision: 1,
            meta: .init(
                appId: "org.weft.TextureGram", appName: "TextureGram", instance: "bench", host: "localhost", pid: 4242,
                capturedAt: "2026-11-30T08:00:00Z", protocolVersion: 1, screen: .init(width: width, height: 667, scale: 2)),
            roots: [window], rangeControllers: [controller])
    }

    private static let words = ["photo", "sunset", "over", "the", "bay", "with", "friends", "coffee", "city", "walk"]

    private static func makeCell(index: Int, y: Double, width: Double, random: inout SeededGenerator) -> Snapshot.Element {
        let cellId = 4 + index * 6
        let node = { (offset: Int) in "n\(cellId + offset)" }
        let spec = { (path: String) in "n\(cellId)/\(path)" }
        let inner = width - 16
        let textWidth = inner - 40 - 8
        let titleWidth = Double(Int.random(in: 60...Int(textWidth), using: &random))
        let subtitleWidth = Double(Int.random(in: 40...Int(textWidth), using: &random))
        let photoHeight = inner * 0.75
        let title = (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random)! }
        let liked = Bool.random(using: &random)
        // Complete props, as capture makes them: one-line texts and their lines, images and
        // their decoded size (80 x 80 x 4, 1080 x 810 x 4).
        let titleText = title.joined(separator: " ")
        let subtitleText = "\(index + 1)h ago"
        let state: Snapshot.InterfaceState = index < 2 ? .inHierarchy : (index < 8 ? [.measureLayout, .preload] : .measureLayout)
        let avatar = Snapshot.Element(
            id: node(1), className: "ASNetworkImageNode", debugName: "avatar",
            frame: .init(x: 0, y: 0, width: 40, height: 40),
            constrainedSize: .init(min: .zero, max: .init(width: inner, height: .infinity)),
            style: ["width": 40, "height": 40],
            props: ["image": ["pixelWidth": 80, "pixelHeight": 80, "scale": 2, "decodedBytes": 25600]],
            interfaceState: state)
        let titleNode = Snapshot.Element(
            id: node(2), className: "ASTextNode", debugName: "title",
            frame: .init(x: 0, y: 0, width: titleWidth, height: 20),
            constrainedSize: .init(min: .zero, max: .init(width: textWidth, height: .infinity)),
            props: ["text": .string(titleText), "lines": [.string(titleText)], "font": ["size": 15]],
            interfaceState: state)
        let subtitleNode = Snapshot.Element(
            id: node(3), className: "ASTextNode", debugName: "subtitle",
            frame: .init(x: 0, y: 20, width: subtitleWidth, height: 16.5),
            constrainedSize: .init(min: .zero, max: .init(width: textWidth, height: .infinity)),
            props: ["text": .string(subtitleText), "lines": [.string(subtitleText)]],
            interfaceState: state)
        let texts = Snapshot.Element(
            id: spec("0.0.0.1"), kind: .spec, type: "stack", className: "ASStackLayoutSpec",
            frame: .init(x: 48, y: 0, width: textWidth, height: 40),
            style: ["flexShrink": 1], props: ["direction": "vertical"],
            children: [titleNode, subtitleNode])
        let header = Snapshot.Element(
            id: spec("0.0.0"), kind: .spec, type: "stack", className: "ASStackLayoutSpec",
            frame: .init(x: 0, y: 0, width: inner, height: 40),
            props: ["spacing": 8, "alignItems": "center"],
            children: [avatar, texts])
        let photo = Snapshot.Element(
            id: node(4), className: "ASNetworkImageNode", debugName: "photo",
            frame: .init(x: 0, y: 0, width: inner, height: photoHeight),
            constrainedSize: .init(min: .init(width: inner, height: photoHeight), max: .init(width: inner, height: photoHeight)),
            props: ["image": ["pixelWidth": 1080, "pixelHeight": 810, "scale": 1, "decodedBytes": 3_499_200]],
            interfaceState: state)
        let ratio = Snapshot.Element(
            id: spec("0.0.1"), kind: .spec, type: "ratio", className: "ASRatioLayoutSpec",
            frame: .init(x: 0, y: 48, width: inner, height: photoHeight),
            props: ["ratio": 0.75], children: [photo])
        let like = Snapshot.Element(
            id: node(5), className: "ASButtonNode", debugName: "like",
            frame: .init(x: 0, y: 48 + photoHeight + 8, width: 44, height: 44),
            style: ["width": 44, "height": 44],
            props: [
                "control": [
                    "enabled": true, "selected": .bool(liked), "targets": [["event": "touchUpInside", "action": "likeTapped:"]],
                ]
            ],
            tappable: .init(rect: .init(x: -4, y: -4, width: 52, height: 52)),
            interfaceState: state)
        let column = Snapshot.Element(
            id: spec("0.0"), kind: .spec, type: "stack", className: "ASStackLayoutSpec",
            frame: .init(x: 8, y: 8, width: inner, height: 48 + photoHeight + 52),
            props: ["direction": "vertical", "spacing": 8],
            children: [header, ratio, like])
        let height = 48 + photoHeight + 52 + 16
        return Snapshot.Element(
            id: node(0), className: "ASCellNode",
            frame: .init(x: 0, y: y, width: width, height: height),
            constrainedSize: .init(min: .init(width: width, height: 0), max: .init(width: width, height: .infinity)),
            interfaceState: state,
            children: [
                Snapshot.Element(
                    id: spec("0"), kind: .spec, type: "inset", className: "ASInsetLayoutSpec",
                    frame: .init(x: 0, y: 0, width: width, height: height),
                    constrainedSize: .init(min: .init(width: width, height: 0), max: .init(width: width, height: .infinity)),
                    props: ["insets": [8, 8, 8, 8]], children: [column])
            ])
    }
}
