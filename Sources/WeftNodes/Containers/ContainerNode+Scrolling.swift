import WeftLayout

/// Scrolling: the content offset (the container's bounds origin), programmatic and animated
/// moves, and simulated user drags. Only drags (and the deceleration or paging that follows
/// them) count as the user scrolling: they set the scroll direction and let the range
/// controller switch to full mode; programmatic offsets keep the previous direction.
extension ContainerNode {
    /// The content offset. Setting it is a programmatic scroll (not clamped, as in UIKit).
    public var contentOffset: Point {
        get { offset }
        set { setContentOffset(newValue, animated: false) }
    }

    /// The largest offset that keeps the viewport inside the content (0 when it fits).
    public var maximumContentOffset: Point {
        Point(x: max(0, contentSize.width - frame.size.width), y: max(0, contentSize.height - frame.size.height))
    }

    /// A programmatic scroll, at once or eased over 0.3 s of program time (needs the container
    /// to be in a main loop's tree; otherwise it jumps).
    public func setContentOffset(_ newOffset: Point, animated: Bool) {
        if animated, loopOfTree != nil {
            motion = .animation(
                from: offset, to: newOffset, elapsed: 0, duration: ScrollMotion.animationDuration, userInitiated: false)
        } else {
            motion = nil
            moveOffset(to: newOffset)
        }
    }

    /// Scrolls so item `index` starts at the leading edge of the viewport (clamped to the
    /// content). Throws `NodeError.indexOutOfRange` for a missing item.
    public func scrollToItem(at index: Int, animated: Bool = false) throws {
        guard itemFrames.indices.contains(index) else {
            throw NodeError.indexOutOfRange(index: index, count: itemFrames.count, operation: "scrollToItem")
        }
        let item = itemFrames[index]
        let limit = maximumContentOffset
        let target =
            orientation == .vertical
            ? Point(x: offset.x, y: min(max(0, item.minY), limit.y))
            : Point(x: min(max(0, item.minX), limit.x), y: offset.y)
        setContentOffset(target, animated: animated)
    }

    // MARK: Drags

    /// A finger touches the content: any motion stops and the range controller learns that the
    /// user scrolls. As Texture's scrollViewWillBeginDragging does, the next update is in full
    /// mode, and later ones stay full while the container is visible.
    public func beginDragging() {
        motion = nil
        isTracking = true
        dragVelocity = .zero
        rangeController.contentHasBeenScrolled = true
        rangeController.updateCurrentRange(with: .full)
        rangeController.setNeedsUpdate()
    }

    /// The finger moves the content offset by `delta` (content-offset terms: positive y reveals
    /// content further down) at `velocity` points per second. Clamped to the content.
    public func dragMoved(by delta: Point, velocity: Point) {
        guard isTracking else {
            NodeDiagnostics.warn(id, "dragMoved without beginDragging: ignored")
            return
        }
        dragVelocity = velocity
        moveOffset(to: clamped(offset + delta))
    }

    /// The finger lifts with `velocity`: a pager settles on a page; other containers decelerate
    /// (when the velocity is above 5 pt/s and the container is in a main loop). Batch fetching is
    /// checked here, against where the motion will end (Texture checks at the end of a drag and
    /// after data changes, not after programmatic scrolls).
    public func endDragging(velocity: Point) {
        guard isTracking else { return }
        let target = restingOffset(afterReleaseWith: velocity)
        // Still tracking, as in UIKit's scrollViewWillEndDragging: the release velocity gives
        // the scroll direction batch fetching sees.
        dragVelocity = velocity
        checkBatchFetching(targetOffset: target)
        isTracking = false
        dragVelocity = .zero
        if target != offset, loopOfTree != nil {
            motion = releaseMotion(velocity: velocity, target: target)
        }
        if motion == nil { rangeController.setNeedsUpdate() }
    }

    /// Plays a whole drag over the following frames, as a finger would: touch down in the next
    /// frame, move by `delta` evenly over `duration` seconds of program time, lift with that
    /// velocity. Nothing happens before a frame runs (a paused loop advances it only with
    /// steps). Without a main loop it happens at once.
    public func drag(by delta: Point, duration: Double) {
        let seconds = max(duration, 1e-3)
        let velocity = Point(x: delta.x / seconds, y: delta.y / seconds)
        guard loopOfTree != nil, duration > 0 else {
            beginDragging()
            dragMoved(by: delta, velocity: velocity)
            endDragging(velocity: .zero)
            return
        }
        if isTracking { endDragging(velocity: .zero) }
        motion = .drag(remaining: delta, velocity: velocity, timeLeft: seconds)
    }

    /// The motion after a release: a deceleration (pagers override to settle on a page).
    func releaseMotion(velocity: Point, target: Point) -> ScrollMotion? {
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        guard speed > ScrollMotion.minimumVelocity else { return nil }
        if pagingEnabled {
            return .animation(from: offset, to: target, elapsed: 0, duration: ScrollMotion.animationDuration, userInitiated: true)
        }
        return .deceleration(velocity: velocity)
    }

    // MARK: Frames

    /// One frame of motion (the main loop's animation phase).
    public func advanceMotion(by dt: Double) {
        guard let current = motion else { return }
        switch current {
        case .drag(let remaining, let velocity, let timeLeft):
            if !isTracking {
                beginDragging()  // the finger touches down in the drag's first frame
                motion = current
            }
            let fraction = timeLeft <= dt ? 1 : dt / timeLeft
            let step = Point(x: remaining.x * fraction, y: remaining.y * fraction)
            dragMoved(by: step, velocity: velocity)
            if fraction >= 1 {
                motion = nil
                endDragging(velocity: velocity)
            } else {
                motion = .drag(remaining: remaining - step, velocity: velocity, timeLeft: timeLeft - dt)
            }
        case .deceleration(let velocity):
            let x = ScrollMotion.decelerate(scrollableDirections.isDisjoint(with: .horizontal) ? 0 : velocity.x, dt: dt)
            let y = ScrollMotion.decelerate(scrollableDirections.isDisjoint(with: .vertical) ? 0 : velocity.y, dt: dt)
            let wanted = offset + Point(x: x.distance, y: y.distance)
            let next = clamped(wanted)
            moveOffset(to: next)
            let speed = (x.velocity * x.velocity + y.velocity * y.velocity).squareRoot()
            if speed < ScrollMotion.minimumVelocity || next != wanted {
                finishMotion()
            } else {
                motion = .deceleration(velocity: Point(x: x.velocity, y: y.velocity))
            }
        case .animation(let from, let to, let elapsed, let duration, let userInitiated):
            let now = elapsed + dt
            let progress = ScrollMotion.ease(now / duration)
            moveOffset(to: Point(x: from.x + (to.x - from.x) * progress, y: from.y + (to.y - from.y) * progress))
            if now >= duration {
                finishMotion()
            } else {
                motion = .animation(from: from, to: to, elapsed: now, duration: duration, userInitiated: userInitiated)
            }
        }
    }

    private func finishMotion() {
        motion = nil
        rangeController.setNeedsUpdate()
    }

    func moveOffset(to newOffset: Point) {
        guard newOffset != offset else { return }
        offset = newOffset
        rangeController.setNeedsUpdate()
        noteScrollStateChange()
    }

    func clamped(_ point: Point) -> Point {
        let limit = maximumContentOffset
        return Point(x: min(max(0, point.x), limit.x), y: min(max(0, point.y), limit.y))
    }
}
