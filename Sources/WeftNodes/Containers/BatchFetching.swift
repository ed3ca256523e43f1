import WeftLayout

/// Whether a batch fetch should begin, Texture's `ASDisplayShouldFetchBatchForContext`, in its
/// order: never while a batch is in flight or with no leading screens or empty bounds; always
/// when the content is shorter than the view; never for an invisible container; never while
/// scrolling toward the head (up or left); otherwise when the distance left past the target
/// offset is at most `leadingScreens` view lengths.
public func shouldFetchBatch(
    isFetching: Bool, scrollDirection: ScrollDirection, scrollableDirections: ScrollDirection,
    bounds: Rect, contentSize: Size, targetOffset: Point, leadingScreens: Double, visible: Bool
) -> Bool {
    if isFetching { return false }
    if leadingScreens <= 0 || bounds.size.width <= 0 || bounds.size.height <= 0 { return false }
    let vertical = !scrollableDirections.isDisjoint(with: .vertical)
    let viewLength = vertical ? bounds.size.height : bounds.size.width
    let offset = vertical ? targetOffset.y : targetOffset.x
    let contentLength = vertical ? contentSize.height : contentSize.width
    if contentLength < viewLength { return true }
    if !visible { return false }
    if scrollDirection.contains(.up) || scrollDirection.contains(.left) { return false }
    return contentLength - viewLength - offset <= viewLength * leadingScreens
}

extension ContainerNode {
    /// Begins a batch (calling `willBeginBatchFetch`) when `shouldFetchBatch` says so and the
    /// host agrees. `targetOffset` is where scrolling will come to rest.
    func checkBatchFetching(targetOffset: Point) {
        guard let willBeginBatchFetch, shouldBatchFetch?() ?? true else { return }
        let fetch = shouldFetchBatch(
            isFetching: batchContext.isFetching, scrollDirection: currentScrollDirection(for: rangeController),
            scrollableDirections: scrollableDirections, bounds: bounds, contentSize: contentSize,
            targetOffset: targetOffset, leadingScreens: leadingScreensForBatching, visible: isVisible
        )
        guard fetch else { return }
        batchContext.beginBatchFetching()
        willBeginBatchFetch(batchContext)
    }
}
