import WeftLayout

/// The rect a range covers: the viewport expanded by the range's tuning along the scrollable
/// axes only (Texture's `RectExpandToRangeWithScrollableDirections`).
///
/// On each scrollable axis the side the user scrolls toward leads: scrolling right, the right
/// side gets the leading buffer; scrolling down, the bottom side; otherwise the left / top side
/// leads. The rect grows by (negative side + positive side) x the viewport's length on that
/// axis, and its origin moves back by the negative side x that length.
public func rangeRect(
    viewport: Rect, tuning: RangeTuning, scrollable: ScrollDirection, direction: ScrollDirection
) -> Rect {
    var rect = viewport
    if !scrollable.isDisjoint(with: .horizontal) {
        let (negative, positive) = sides(tuning, positiveLeads: direction.contains(.right))
        rect.origin.x -= negative * viewport.size.width
        rect.size.width += (negative + positive) * viewport.size.width
    }
    if !scrollable.isDisjoint(with: .vertical) {
        let (negative, positive) = sides(tuning, positiveLeads: direction.contains(.down))
        rect.origin.y -= negative * viewport.size.height
        rect.size.height += (negative + positive) * viewport.size.height
    }
    return rect
}

private func sides(_ tuning: RangeTuning, positiveLeads: Bool) -> (negative: Double, positive: Double) {
    let leading = Double(tuning.leadingBufferScreenfuls)
    let trailing = Double(tuning.trailingBufferScreenfuls)
    return positiveLeads ? (trailing, leading) : (leading, trailing)
}
