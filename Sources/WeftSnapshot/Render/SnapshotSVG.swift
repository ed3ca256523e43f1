import Foundation
import WeftJSON

/// Optional layers of `SnapshotSVG.render` (`weft render --overlay slop,ranges,scaling`).
public enum SVGOverlay: String, CaseIterable, Hashable, Sendable {
    /// Tappable areas of controls (hit-test slop), coloured as docs/texture-semantics.md section 5.
    case slop
    /// One range bar per range controller (section 6), under the layout.
    case ranges
    /// Image scaling labels `%.2fx` in red where the ratio is not 1 (section 7).
    case scaling
}

/// Pictures of snapshots for CI artifacts and bug reports: the layout as boxes (nodes solid,
/// specs dashed), text, image placeholders with their pixel size, optional overlays, and a
/// side-by-side picture of two snapshots with the semantic diff's changes highlighted. Clipped
/// as the page clips (`ClippedBox`): what a `clipsToBounds` ancestor hides (the cells a list
/// scrolled out of it) is not drawn, nor counted in the picture's size.
public enum SnapshotSVG {
    static let margin = 10.0
    static let rangeBarWidth = 250.0

    /// One snapshot, optionally with overlays.
    public static func render(_ snapshot: Snapshot, overlays: Set<SVGOverlay> = []) -> String {
        var canvas = SVGCanvas()
        let layout = layOutRoots(snapshot)
        let bounds = layout.bounds
        let origin = Snapshot.Point(x: margin - bounds.x, y: margin - bounds.y)
        draw(snapshot, layout, at: origin, overlays: overlays, highlights: [:], into: &canvas)
        var height = bounds.height + 2 * margin
        var width = bounds.width + 2 * margin
        if overlays.contains(.ranges), !snapshot.rangeControllers.isEmpty {
            let top = height
            drawRangeBars(snapshot.rangeControllers, x: margin, y: top, into: &canvas)
            height = top + Double(snapshot.rangeControllers.count) * RangeBar.height + margin
            width = max(width, rangeBarWidth + 2 * margin)
        }
        return canvas.document(width: width, height: height)
    }

    /// Two snapshots side by side, `a` left and `b` right, with the changes highlighted: removed
    /// elements red in `a`, added ones green in `b`, changed ones orange in both.
    public static func renderDiff(
        _ a: Snapshot, _ b: Snapshot, changes: [SemanticChange], labels: (String, String) = ("A", "B")
    ) -> String {
        var highlightsA: [String: Highlight] = [:]
        var highlightsB: [String: Highlight] = [:]
        for change in changes {
            switch change.kind {
            case .added: if let id = change.idAfter { highlightsB[id] = .added }
            case .removed: if let id = change.idBefore { highlightsA[id] = .removed }
            default:
                if let id = change.idBefore { highlightsA[id] = highlightsA[id] ?? .changed }
                if let id = change.idAfter { highlightsB[id] = highlightsB[id] ?? .changed }
            }
        }
        var canvas = SVGCanvas()
        let layoutA = layOutRoots(a)
        let layoutB = layOutRoots(b)
        let boundsA = layoutA.bounds
        let boundsB = layoutB.bounds
        let headline = 20.0
        let leftB = boundsA.width + 3 * margin
        canvas.text(labels.0, x: margin, y: 14, [("font-size", 12.0), ("font-weight", "bold")])
        canvas.text(labels.1, x: leftB, y: 14, [("font-size", 12.0), ("font-weight", "bold")])
        draw(
            a, layoutA, at: .init(x: margin - boundsA.x, y: headline + margin - boundsA.y), overlays: [], highlights: highlightsA,
            into: &canvas)
        draw(
            b, layoutB, at: .init(x: leftB - boundsB.x, y: headline + margin - boundsB.y), overlays: [], highlights: highlightsB,
            into: &canvas)
        let bottom = headline + max(boundsA.height, boundsB.height) + 2 * margin
        let summary =
            changes.isEmpty
            ? "no differences"
            : "\(changes.count) difference\(changes.count == 1 ? "" : "s"): removed red, added green, changed orange"
        canvas.text(summary, x: margin, y: bottom + 12, [("font-size", 11.0), ("fill", "#444444")])
        return canvas.document(width: leftB + boundsB.width + margin, height: bottom + 20)
    }

    // MARK: Geometry

    /// Where each root is drawn. One root sits at its own frame. Several roots (a program's
    /// screens, each usually at 0,0) would overlap there, so they are laid side by side in their
    /// order, `rootGap` apart, each under a label naming it.
    struct RootLayout {
        /// Added to each root's frame (one per root).
        var offsets: [Snapshot.Point]
        /// The union of the placed roots' rectangles (and labels); zero when empty.
        var bounds: Snapshot.Rect
        /// One per root when there are several: the text and where its baseline starts.
        var labels: [(text: String, at: Snapshot.Point)]
    }

    static let rootGap = 20.0
    static let rootLabelHeight = 16.0

    static func layOutRoots(_ snapshot: Snapshot) -> RootLayout {
        guard snapshot.roots.count > 1 else {
            let bounds = snapshot.roots.first.map { subtreeBounds($0) } ?? .zero
            return RootLayout(offsets: snapshot.roots.map { _ in .zero }, bounds: bounds, labels: [])
        }
        var offsets: [Snapshot.Point] = []
        var labels: [(text: String, at: Snapshot.Point)] = []
        var left = 0.0
        var height = 0.0
        for root in snapshot.roots {
            let bounds = subtreeBounds(root)
            // The label's baseline 4 points above the root's top edge.
            labels.append((text: "\(root.displayName) \(root.id)", at: .init(x: left, y: rootLabelHeight - 4)))
            offsets.append(.init(x: left - bounds.x, y: rootLabelHeight - bounds.y))
            left += bounds.width + rootGap
            height = max(height, bounds.height)
        }
        return RootLayout(
            offsets: offsets,
            bounds: Snapshot.Rect(x: 0, y: 0, width: left - rootGap, height: rootLabelHeight + height),
            labels: labels)
    }

    /// The union of the visible parts of the rectangles of `root` and its descendants, in the
    /// coordinates of the root's parent (zero when no rectangle is finite).
    static func subtreeBounds(_ root: Snapshot.Element) -> Snapshot.Rect {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        ClippedBox.forEach(in: root, at: .zero) { _, box in
            guard let frame = box.visible, frame.x.isFinite, frame.y.isFinite, frame.maxX.isFinite, frame.maxY.isFinite else {
                return
            }
            minX = min(minX, frame.x)
            minY = min(minY, frame.y)
            maxX = max(maxX, frame.maxX)
            maxY = max(maxY, frame.maxY)
        }
        guard minX.isFinite else { return .zero }
        return Snapshot.Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    enum Highlight {
        case added, removed, changed

        var colour: String {
            switch self {
            case .added: "#2ca02c"
            case .removed: "#d62728"
            case .changed: "#ff7f0e"
            }
        }
    }

    /// Draws `snapshot`'s roots where `layout` places them, shifted by `origin`.
    private static func draw(
        _ snapshot: Snapshot, _ layout: RootLayout, at origin: Snapshot.Point, overlays: Set<SVGOverlay>,
        highlights: [String: Highlight],
        into canvas: inout SVGCanvas
    ) {
        let screenScale = snapshot.meta.screen?.scale ?? 2
        var tappables: [(Snapshot.Tappable, ClippedBox)] = []
        var scalingLabels: [(String, ClippedBox)] = []
        for (root, offset) in zip(snapshot.roots, layout.offsets) {
            ClippedBox.forEach(in: root, at: .init(x: origin.x + offset.x, y: origin.y + offset.y)) { element, box in
                guard let visible = box.visible else { return }
                drawElement(element, box, visible: visible, into: &canvas)
                if let highlight = highlights[element.id] {
                    canvas.rect(
                        visible,
                        [("fill", highlight.colour), ("fill-opacity", 0.2), ("stroke", highlight.colour), ("stroke-width", 2.0)])
                }
                if let tappable = element.tappable { tappables.append((tappable, box)) }
                if let ratio = scalingRatio(element, frame: box.frame, screenScale: screenScale), ratio != 1 {
                    scalingLabels.append((String(format: "%.2fx", ratio), box))
                }
            }
        }
        for label in layout.labels {
            canvas.text(
                label.text, x: origin.x + label.at.x, y: origin.y + label.at.y,
                [("class", "root-label"), ("font-size", 11.0), ("font-weight", "bold"), ("fill", "#444444")])
        }
        if overlays.contains(.slop) {
            for (tappable, box) in tappables {
                canvas.clipped(to: box.clip) { drawTappable(tappable, nodeFrame: box.frame, into: &$0) }
            }
        }
        if overlays.contains(.scaling) {
            for (label, box) in scalingLabels {
                canvas.clipped(to: box.clip) { drawScalingLabel(label, frame: box.frame, into: &$0) }
            }
        }
    }

    /// Roughly the width of `text` at `fontSize` in a sans-serif font (the page's estimate).
    static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.6
    }

    static let scalingLabelFontSize = 11.0

    /// The ratio in red on white at the image's bottom-right corner, as the page draws it, when
    /// it fits inside the image; on an image too small for it, a red corner mark with the ratio
    /// as its tooltip (a label running out of a small image would cover its neighbours').
    private static func drawScalingLabel(_ label: String, frame: Snapshot.Rect, into canvas: inout SVGCanvas) {
        let width = estimatedWidth(label, fontSize: scalingLabelFontSize) + 4
        let height = scalingLabelFontSize + 4
        if frame.width >= width, frame.height >= height {
            canvas.rect(
                .init(x: frame.maxX - width, y: frame.maxY - height, width: width, height: height),
                [("class", "scaling-label"), ("fill", "#ffffff"), ("fill-opacity", 0.85)])
            canvas.text(
                label, x: frame.maxX - 2, y: frame.maxY - 3,
                [("font-size", scalingLabelFontSize), ("fill", "#ff0000"), ("text-anchor", "end")])
        } else {
            let side = min(6, frame.width, frame.height)
            let corner =
                "M \(SVGCanvas.number(frame.maxX)) \(SVGCanvas.number(frame.maxY - side)) "
                + "L \(SVGCanvas.number(frame.maxX)) \(SVGCanvas.number(frame.maxY)) L \(SVGCanvas.number(frame.maxX - side)) \(SVGCanvas.number(frame.maxY)) Z"
            canvas.element("path", [("class", "scaling-mark"), ("d", corner), ("fill", "#ff0000")], title: label)
        }
    }

    /// An element's visible part (boxes are drawn only where no clipping ancestor hides them);
    /// its text clipped to it and its image to the clip region, as the page does.
    private static func drawElement(
        _ element: Snapshot.Element, _ box: ClippedBox, visible: Snapshot.Rect, into canvas: inout SVGCanvas
    ) {
        let title = element.id + " " + element.displayName
        guard element.kind == .node else {
            canvas.rect(
                visible,
                [("class", "spec"), ("fill", "none"), ("stroke", "#3b6fd4"), ("stroke-width", 0.5), ("stroke-dasharray", "3 2")],
                title: title)
            return
        }
        let frame = box.frame
        var style: [(String, Any)] = [
            ("class", "node"), ("fill", element.props["backgroundColor"]?.string ?? "none"), ("stroke", "#333333"),
            ("stroke-width", 1.0),
        ]
        if let alpha = element.props["alpha"]?.number { style.append(("opacity", alpha)) }
        if element.props["hidden"]?.bool == true { style.append(("stroke-dasharray", "1 2")) }
        canvas.rect(visible, style, title: title)
        if let image = element.props["image"]?.object {
            canvas.clipped(to: box.clip) { drawImagePlaceholder(image, frame: frame, into: &$0) }
        }
        let lines = element.props["lines"]?.array?.compactMap(\.string) ?? element.props["text"]?.string.map { [$0] } ?? []
        if !lines.isEmpty {
            let size = element.props["font"]?["size"]?.number ?? 12
            canvas.clipped(to: visible) { canvas in
                for (index, line) in lines.enumerated() {
                    canvas.text(
                        line, x: frame.x + 1, y: frame.y + size * (1.2 * Double(index) + 1),
                        [("font-size", size), ("fill", "#111111")])
                }
            }
        }
    }

    static let imageLabelFontSize = 10.0

    /// A grey box with a cross and the bitmap's pixel size: written on it when it fits inside
    /// (the page's rule: labels of small images would run into their neighbours'), and always
    /// in the box's tooltip.
    private static func drawImagePlaceholder(_ image: JSONObject, frame: Snapshot.Rect, into canvas: inout SVGCanvas) {
        let label = image["pixelWidth"]?.number.flatMap { width in
            image["pixelHeight"]?.number.map { "\(SVGCanvas.number(width))×\(SVGCanvas.number($0)) px" }
        }
        canvas.rect(frame, [("class", "image"), ("fill", "#e8e8e8"), ("stroke", "#999999"), ("stroke-width", 0.5)], title: label)
        canvas.element(
            "line",
            [
                ("x1", frame.x), ("y1", frame.y), ("x2", frame.maxX), ("y2", frame.maxY), ("stroke", "#bbbbbb"),
                ("stroke-width", 0.5),
            ])
        canvas.element(
            "line",
            [
                ("x1", frame.maxX), ("y1", frame.y), ("x2", frame.x), ("y2", frame.maxY), ("stroke", "#bbbbbb"),
                ("stroke-width", 0.5),
            ])
        if let label, frame.width > estimatedWidth(label, fontSize: imageLabelFontSize), frame.height > imageLabelFontSize * 1.4 {
            canvas.text(
                label, x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 + 4,
                [("font-size", imageLabelFontSize), ("fill", "#555555"), ("text-anchor", "middle")])
        }
    }

    /// docs/texture-semantics.md section 7: the snapshot's `scalingRatio` when captured, else
    /// (pixelWidth x pixelHeight) / (floor(w x screen scale) x floor(h x screen scale)).
    static func scalingRatio(_ element: Snapshot.Element, frame: Snapshot.Rect, screenScale: Double) -> Double? {
        guard let image = element.props["image"]?.object else { return nil }
        if let ratio = image["scalingRatio"]?.number { return ratio }
        guard let pixelWidth = image["pixelWidth"]?.number, let pixelHeight = image["pixelHeight"]?.number else { return nil }
        let displayed = (frame.width * screenScale).rounded(.down) * (frame.height * screenScale).rounded(.down)
        return displayed > 0 ? pixelWidth * pixelHeight / displayed : nil
    }

    /// Green fill (alpha 0.4); 2-point dark green stripes (RGB 30, 90, 50, alpha 0.7) on the
    /// restricted edges; clipped edges painted over in orange (alpha 0.8).
    private static func drawTappable(_ tappable: Snapshot.Tappable, nodeFrame: Snapshot.Rect, into canvas: inout SVGCanvas) {
        let area = tappable.rect.offsetBy(nodeFrame.origin)
        canvas.rect(area, [("class", "tappable"), ("fill", "rgb(0,255,0)"), ("fill-opacity", 0.4)])
        func stripe(_ edge: Snapshot.Edges) -> Snapshot.Rect {
            switch edge {
            case .top: Snapshot.Rect(x: area.x, y: area.y, width: area.width, height: 2)
            case .bottom: Snapshot.Rect(x: area.x, y: area.maxY - 2, width: area.width, height: 2)
            case .left: Snapshot.Rect(x: area.x, y: area.y, width: 2, height: area.height)
            default: Snapshot.Rect(x: area.maxX - 2, y: area.y, width: 2, height: area.height)
            }
        }
        for (edge, _) in Snapshot.Edges.named where tappable.restricted.contains(edge) {
            canvas.rect(stripe(edge), [("fill", "rgb(30,90,50)"), ("fill-opacity", 0.7)])
        }
        for (edge, _) in Snapshot.Edges.named where tappable.clipped.contains(edge) {
            canvas.rect(stripe(edge), [("fill", "rgb(255,128,0)"), ("fill-opacity", 0.8)])
        }
    }

    /// Stacked 24-point bars on a dark panel: label, strips (back to front), arrows.
    private static func drawRangeBars(
        _ controllers: [Snapshot.RangeController], x: Double, y: Double, into canvas: inout SVGCanvas
    ) {
        let width = rangeBarWidth
        canvas.rect(
            .init(x: x, y: y, width: width, height: Double(controllers.count) * RangeBar.height),
            [("fill", "#000000"), ("fill-opacity", 0.7)])
        let colours: [RangeBar.Range: String] = [
            .preload: "rgb(255,128,0)", .display: "rgb(255,255,0)", .visible: "rgb(0,255,0)",
        ]
        for (index, controller) in controllers.enumerated() {
            let top = y + Double(index) * RangeBar.height
            let bar = RangeBar(width: width, controller: controller)
            canvas.text(
                controller.dataSource.isEmpty ? controller.id : controller.dataSource, x: x + width / 2, y: top + 10,
                [("font-size", 9.0), ("fill", "#ffffff"), ("text-anchor", "middle")])
            for strip in bar.strips {
                canvas.rect(
                    .init(x: x + strip.x, y: top + strip.y, width: strip.width, height: strip.height),
                    [
                        ("class", "range-\(strip.range.rawValue)"), ("fill", colours[strip.range]!), ("fill-opacity", 0.5),
                        ("stroke", "#000000"),
                        ("stroke-opacity", 0.9), ("stroke-width", 1.0), ("rx", 3.0),
                    ])
            }
            for arrow in bar.arrows {
                let frame = RangeBar.frame(of: arrow, barWidth: width)
                canvas.text(
                    arrow.glyph, x: x + frame.x + frame.width / 2, y: top + frame.maxY - 2,
                    [("font-size", 9.0), ("fill", "#ffffff"), ("text-anchor", "middle")])
            }
        }
    }
}
