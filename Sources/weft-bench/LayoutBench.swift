import Foundation
import WeftLayout
import WeftNodes

/// `layout`: the feed benchmark of issue 2. A vertical stack of N rows; each row an inset of 8
/// around a horizontal stack of [a 32x32 box, a vertical stack with flexGrow 1 and flexShrink
/// 1 holding two boxes of height 20], laid out at width 375 with unbounded height. Figures:
/// microseconds per element for a full fresh layout (nothing is cached between runs) and the
/// peak resident memory of the suite. Times are the thread's CPU time (best of several runs):
/// on a shared 2-core machine, wall-clock time of a 50-ms layout mostly measures how often
/// other processes preempt it, which made the per-element cost look like it grew with N.
struct LayoutBench: BenchSuite {
    let name = "layout"

    func run(size: BenchSize, report: BenchReport) {
        let rowCounts = size == .tiny ? [10, 100] : [100, 1_000, 10_000]
        for rows in rowCounts {
            feed(rows: rows, repeats: size == .tiny ? 3 : repeatsFor(rows: rows), report: report)
        }
        explainedFeed(rows: rowCounts[0], repeats: size == .tiny ? 3 : repeatsFor(rows: rowCounts[0]), report: report)
        // The feed trees and their layouts, the largest one included, plus the process itself.
        report.figure("peak memory (up to \(rowCounts.last!) rows)", PeakMemory.peakMiB(), "MiB", decimals: 1)
    }

    /// Enough repeats that the best of them is stable, without long runs on big trees.
    private func repeatsFor(rows: Int) -> Int { max(5, 200_000 / (rows * 6)) }

    private func feed(rows: Int, repeats: Int, report: BenchReport) {
        let (root, elementCount) = Self.feed(rows: rows)
        let range = SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity))
        let context = LayoutContext(scale: 2)
        var result: Layout?
        // The previous result is released before each timed run: tearing down a 60 000-node
        // tree is the caller's business (and a cache-missing walk that would double the cost).
        let seconds = ThreadCPUClock.bestSeconds(
            repeats: repeats, before: { result = nil },
            measuring: {
                result = root.layoutThatFits(range, parentSize: range.max, context: context)
            })
        // Each row is 8 + 40 + 8 = 56 tall (the text column's two 20-tall boxes).
        precondition(result?.size == Size(width: 375, height: Double(rows) * 56), "unexpected feed layout")
        report.figure("feed us/element (\(rows) rows)", seconds * 1e6 / Double(elementCount), "us", decimals: 3)
    }

    /// The same feed laid out in a traced pass (LayoutTrace records every call and decision) and
    /// one element explained: the price of asking "why this size?", beside the untraced figure.
    private func explainedFeed(rows: Int, repeats: Int, report: BenchReport) {
        let (root, elementCount) = Self.feed(rows: rows)
        let range = SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity))
        let target = ((root.children.last as? InsetLayoutSpec)?.child as? StackLayoutSpec)?.children[0]
        var explanation: LayoutExplanation?
        let seconds = ThreadCPUClock.bestSeconds(
            repeats: repeats, before: { explanation = nil },
            measuring: {
                let trace = LayoutTrace()
                let layout = trace.run(context: LayoutContext(scale: 2)) {
                    root.layoutThatFits(range, parentSize: range.max, context: $0)
                }
                explanation = target.flatMap { LayoutExplanation(of: $0, in: layout, trace: trace) }
            })
        precondition(explanation?.links.count == 4, "unexpected feed explanation")
        report.figure("explained feed us/element (\(rows) rows)", seconds * 1e6 / Double(elementCount), "us", decimals: 3)
    }

    /// The feed tree and its number of elements (6 per row plus the root stack).
    static func feed(rows: Int) -> (StackLayoutSpec, Int) {
        var children: [any LayoutElement] = []
        children.reserveCapacity(rows)
        for _ in 0..<rows {
            let avatar = BoxNode(intrinsicSize: Size(width: 32, height: 32))
            let title = BoxNode()
            title.style.height = .points(20)
            let subtitle = BoxNode()
            subtitle.style.height = .points(20)
            let text = StackLayoutSpec.vertical(children: [title, subtitle])
            text.style.flexGrow = 1
            text.style.flexShrink = 1
            let line = StackLayoutSpec.horizontal(children: [avatar, text])
            children.append(InsetLayoutSpec(insets: EdgeInsets(all: 8), child: line))
        }
        return (StackLayoutSpec.vertical(children: children), rows * 6 + 1)
    }
}
