/// Each element's box and the region its clipping ancestors leave visible, as the page computes
/// them (web-inspector/js/screen-boxes.js): the clip region of an element is the intersection of
/// the frames of its ancestors with `clipsToBounds`, so the cells a scroll view scrolled out of
/// it are hidden, as on the device.
struct ClippedBox {
    /// The element's frame in the picture's coordinates.
    var frame: Snapshot.Rect
    /// The clip region, nil when no ancestor clips.
    var clip: Snapshot.Rect?

    /// The part of `frame` the clip leaves visible, nil when it hides it all. An unclipped box
    /// is returned whole, even when empty (the page's `visibleRect`).
    var visible: Snapshot.Rect? {
        guard let clip else { return frame }
        let x0 = max(frame.x, clip.x)
        let y0 = max(frame.y, clip.y)
        let x1 = min(frame.maxX, clip.maxX)
        let y1 = min(frame.maxY, clip.maxY)
        return x1 > x0 && y1 > y0 ? Snapshot.Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// Calls `body` with `root` and each descendant, parents first, placed at `offset` (the
    /// root's parent's origin) with their clip regions.
    static func forEach(
        in root: Snapshot.Element, at offset: Snapshot.Point,
        _ body: (Snapshot.Element, ClippedBox) -> Void
    ) {
        func visit(_ element: Snapshot.Element, _ box: ClippedBox) {
            body(element, box)
            var childClip = box.clip
            if element.props["clipsToBounds"]?.bool == true {
                childClip =
                    childClip.map { clip in
                        let x0 = max(clip.x, box.frame.x)
                        let y0 = max(clip.y, box.frame.y)
                        return Snapshot.Rect(
                            x: x0, y: y0, width: min(clip.maxX, box.frame.maxX) - x0,
                            height: min(clip.maxY, box.frame.maxY) - y0)
                    } ?? box.frame
            }
            for child in element.children {
                visit(child, ClippedBox(frame: child.frame.offsetBy(box.frame.origin), clip: childClip))
            }
        }
        visit(root, ClippedBox(frame: root.frame.offsetBy(offset), clip: nil))
    }
}
