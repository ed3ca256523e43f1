import WeftLayout

/// What an inspector shows of a container's ranges, read in one call.
///
/// Why one call: a streamed capture reads this for every scroll container on every update. Read
/// value by value from another module, each read is a call of its own and a dynamic exclusivity
/// check, a dozen per container; here they are read inside the module, in one call.
///
/// Its arrays are copies with storage of their own, never the controller's. An inspector keeps
/// what it read until its next capture, on another thread: holding the controller's storage,
/// it made the controller copy its item states at its next write, and freed the controller's
/// arrays on its own thread, which left the loop's allocator cache short of them (its frames
/// then took the allocator's slow path, about 340 instructions a frame while streaming).
public struct RangeInspection: Sendable {
    /// The type name of the container's data source, as the inspector's range bar labels it.
    public let dataSourceTypeName: String
    /// The axis the items follow each other along.
    public let orientation: ItemGeometry.Axis
    /// The direction the ranges lead toward, within the directions the container scrolls.
    public let scrollDirection: ScrollDirection
    /// The mode of the last update; nil before the first one.
    public let mode: RangeMode?
    /// How far each range reaches, per mode.
    public let tuning: RangeTuningTable
    /// The viewport of the last update, in content coordinates.
    public let viewport: Rect
    /// The size of all items together, in points.
    public let contentSize: Size
    /// The container's scroll offset, in points.
    public let contentOffset: Point
    /// The number of items.
    public let itemCount: Int
    /// The items on screen, ascending.
    public let visible: [Int]
    /// The items in the display range, ascending.
    public let display: [Int]
    /// The items in the preload range, ascending.
    public let preload: [Int]
    /// The interface state last pushed to each item, in item order.
    public let itemStates: [InterfaceState]
}

extension ContainerNode {
    /// The container's ranges as an inspector shows them, now.
    public var rangeInspection: RangeInspection {
        let controller = rangeController
        return RangeInspection(
            dataSourceTypeName: controller.dataSourceTypeName, orientation: orientation,
            scrollDirection: controller.scrollDirection.intersection(controller.scrollableDirections),
            mode: controller.currentMode, tuning: controller.tuning, viewport: controller.lastViewport,
            contentSize: contentSize, contentOffset: offset, itemCount: cells.count,
            visible: controller.visibleIndices.copy(), display: controller.displayIndices.copy(),
            preload: controller.preloadIndices.copy(), itemStates: controller.itemStates.copy())
    }
}

extension Array {
    /// The same items in storage of their own (`Array(self)` would share this storage).
    fileprivate func copy() -> [Element] {
        withUnsafeBufferPointer { Array($0) }
    }
}
