import WeftLayout
import WeftNodes

/// `nodes`: the node runtime's per-frame and layout costs.
/// - Range update per scroll frame while the user drags tables of 1 000 / 10 000 / 100 000 rows
///   (one main-loop frame: the drag step, the range update, the item states pushed into the
///   cells, the visible cells shown). It must not grow with the row count: the queries are
///   binary searches over the sorted item frames. Also the load (every cell made and measured)
///   and the peak memory of the largest table.
/// - Layout throughput of TextureGram-like feed cells: measure and apply a fresh cell (avatar,
///   names, photo with a ratio, likes, a wrapped caption) at 375 pt wide, in cells per second.
struct NodesBench: BenchSuite {
    let name = "nodes"

    func run(size: BenchSize, report: BenchReport) {
        let rowCounts = size == .tiny ? [1_000, 10_000] : [1_000, 10_000, 100_000]
        let frames = size == .tiny ? 200 : 3_000
        // The first table of a process runs slower (page faults, cold caches): warm up unreported.
        _ = scrollTable(rows: 1_000, frames: frames)
        for count in rowCounts {
            let (perFrame, load) = scrollTable(rows: count, frames: frames)
            let label = "\(count / 1000)k rows"
            report.figure("range update per scroll frame (\(label))", perFrame * 1e6, "us", decimals: 1)
            report.figure("table load and measure (\(label))", load * 1e3, "ms", decimals: 1)
        }
        report.figure("peak resident memory (up to \(rowCounts.last! / 1000)k rows)", PeakMemory.peakMiB(), "MiB", decimals: 1)
        cellLayout(cells: size == .tiny ? 200 : 5_000, repeats: size == .tiny ? 1 : 3, report: report)
    }

    /// A table of `rows` fixed-height rows, dragged back and forth in its middle in full mode.
    /// Returns the seconds per frame and the seconds the first frame (load and measure) took.
    private func scrollTable(rows: Int, frames: Int) -> (perFrame: Double, load: Double) {
        let table = TableNode()
        let source = RowSource(count: rows)
        table.dataSource = source
        let loop = MainLoop()
        let root = DisplayNode()
        root.addSubnode(table)
        table.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        let load = Stopwatch.seconds {
            loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 375, height: 667))
            loop.tick()
        }
        table.contentOffset = Point(x: 0, y: Double(rows) * 44 / 2)
        table.beginDragging()
        loop.tick()
        let step = 9.0  // 540 pt/s at 60 fps
        func drag(frames: Int) {
            for frame in 0..<frames {
                let down = (frame / 120) % 2 == 0
                table.dragMoved(by: Point(x: 0, y: down ? step : -step), velocity: Point(x: 0, y: down ? 540 : -540))
                loop.tick()
            }
        }
        drag(frames: 240)  // warm up: the first frames of a process are slower
        let seconds = Stopwatch.seconds { drag(frames: frames) }
        precondition(table.rangeController.currentMode == .full && !table.rangeController.visibleIndices.isEmpty)
        return (seconds / Double(frames), load)
    }

    private func cellLayout(cells count: Int, repeats: Int, report: BenchReport) {
        let range = SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity))
        var checksum = 0.0
        let seconds = Stopwatch.bestSeconds(repeats: repeats) {
            let cells = (0..<count).map { FeedCell(index: $0) }
            for cell in cells {
                let layout = cell.layoutThatFits(range)
                cell.frame = Rect(origin: .zero, size: layout.size)
                cell.layoutIfNeeded()
                checksum += layout.size.height
            }
        }
        precondition(checksum > 0)
        report.figure("feed cell layout throughput", Double(count) / seconds, "cells/s", decimals: 0)
    }
}

/// Rows of 44 pt.
private final class RowSource: ContainerDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfItems(in container: ContainerNode) -> Int { count }
    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        let cell = CellNode()
        cell.style.height = .points(44)
        return cell
    }
}

/// A feed post like TextureGram's: header (avatar, user name over location, age), a square
/// photo, a likes line and a caption that wraps.
private final class FeedCell: CellNode {
    let avatar = ImageNode(image: Image(pixelWidth: 60, pixelHeight: 60, scale: 2))
    let userName = TextNode("", font: .bold(14))
    let location = TextNode("", font: .system(12))
    let age = TextNode("", font: .system(12))
    let photo = NetworkImageNode()
    let likes = TextNode("", font: .bold(13))
    let caption = TextNode("", font: .system(13))

    init(index: Int) {
        super.init()
        automaticallyManagesSubnodes = true
        userName.text = "photographer_\(index)"
        location.text = ["Zürich", "San Francisco, California", "Kyoto"][index % 3]
        age.text = "\(index % 59 + 1)m"
        likes.text = "\(index * 7 % 1000) likes"
        caption.text = String(repeating: "Golden hour over the old town with friends. ", count: index % 4 + 1)
        caption.maximumNumberOfLines = 3
        avatar.style.preferredSize = Size(width: 30, height: 30)
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let names = StackLayoutSpec.vertical(children: [userName, location])
        names.style.flexShrink = 1
        let spacer = LayoutSpec()
        spacer.style.flexGrow = 1
        let header = StackLayoutSpec(
            direction: .horizontal, spacing: 8, alignItems: .center, children: [avatar, names, spacer, age])
        let photoSpec = RatioLayoutSpec(ratio: 1, child: photo)
        let footer = StackLayoutSpec(direction: .vertical, spacing: 4, children: [likes, caption])
        return StackLayoutSpec(
            direction: .vertical, spacing: 10,
            children: [
                InsetLayoutSpec(insets: EdgeInsets(top: 10, left: 10, bottom: 0, right: 10), child: header),
                photoSpec,
                InsetLayoutSpec(insets: EdgeInsets(top: 0, left: 10, bottom: 10, right: 10), child: footer),
            ])
    }
}
