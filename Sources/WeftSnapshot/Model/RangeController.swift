import WeftLayout

extension Snapshot {
    /// The state of one scroll container's range controller (docs/snapshot-format.md, RangeController;
    /// docs/texture-semantics.md section 6). Items are numbered in one flat sequence.
    public struct RangeController: Hashable, Sendable {
        public enum Orientation: String, Hashable, Sendable, CaseIterable {
            case vertical, horizontal
        }

        public enum Mode: String, Hashable, Sendable, CaseIterable {
            case minimum, full, visibleOnly, lowMemory
        }

        public var id: String
        /// The id of the scroll container node.
        public var owner: String
        /// The data source's type name (the range bar's label). Default empty.
        public var dataSource: String
        /// Default vertical.
        public var orientation: Orientation
        /// Default empty (not scrolling).
        public var scrollDirection: ScrollDirection
        /// Default minimum (the mode of a first update).
        public var mode: Mode
        /// Tuning of every mode. Default: Texture's defaults (`Tuning.textureDefaults`).
        public var tuning: Tuning
        /// The visible rect in content coordinates. Default zero.
        public var viewport: Rect
        public var contentSize: Size
        public var contentOffset: Point
        public var itemCount: Int
        /// Inclusive index runs, ascending.
        public var visible: [IndexRun]
        public var display: [IndexRun]
        public var preload: [IndexRun]
        /// Run-length item interface states, ascending.
        public var itemStates: [ItemStateRun]

        public init(
            id: String, owner: String, dataSource: String = "", orientation: Orientation = .vertical,
            scrollDirection: ScrollDirection = [], mode: Mode = .minimum, tuning: Tuning = .textureDefaults,
            viewport: Rect = .zero, contentSize: Size = .zero, contentOffset: Point = .zero, itemCount: Int = 0,
            visible: [IndexRun] = [], display: [IndexRun] = [], preload: [IndexRun] = [],
            itemStates: [ItemStateRun] = []
        ) {
            self.id = id
            self.owner = owner
            self.dataSource = dataSource
            self.orientation = orientation
            self.scrollDirection = scrollDirection
            self.mode = mode
            self.tuning = tuning
            self.viewport = viewport
            self.contentSize = contentSize
            self.contentOffset = contentOffset
            self.itemCount = itemCount
            self.visible = visible
            self.display = display
            self.preload = preload
            self.itemStates = itemStates
        }
    }

    /// Texture's ASScrollDirection, the node runtime's type. JSON: an array of names in the
    /// order right, left, up, down (`ScrollDirection.named`).
    public typealias ScrollDirection = WeftLayout.ScrollDirection

    /// Leading and trailing buffers, in screenfuls.
    public struct TuningParameters: Hashable, Sendable {
        public var leading: Double
        public var trailing: Double

        public init(leading: Double, trailing: Double) {
            self.leading = leading
            self.trailing = trailing
        }

        public static let zero = TuningParameters(leading: 0, trailing: 0)
    }

    /// The display and preload tuning of one mode.
    public struct RangeTuning: Hashable, Sendable {
        public var display: TuningParameters
        public var preload: TuningParameters

        public init(display: TuningParameters, preload: TuningParameters) {
            self.display = display
            self.preload = preload
        }
    }

    /// The tuning of every mode.
    public struct Tuning: Hashable, Sendable {
        public var full: RangeTuning
        public var minimum: RangeTuning
        public var visibleOnly: RangeTuning
        public var lowMemory: RangeTuning

        public init(full: RangeTuning, minimum: RangeTuning, visibleOnly: RangeTuning, lowMemory: RangeTuning) {
            self.full = full
            self.minimum = minimum
            self.visibleOnly = visibleOnly
            self.lowMemory = lowMemory
        }

        public subscript(mode: RangeController.Mode) -> RangeTuning {
            get {
                switch mode {
                case .full: full
                case .minimum: minimum
                case .visibleOnly: visibleOnly
                case .lowMemory: lowMemory
                }
            }
            set {
                switch mode {
                case .full: full = newValue
                case .minimum: minimum = newValue
                case .visibleOnly: visibleOnly = newValue
                case .lowMemory: lowMemory = newValue
                }
            }
        }

        /// Texture's defaults (docs/texture-semantics.md section 6): full display (1, 0.5) preload
        /// (2.5, 1.5); minimum display (0.25, 0.25) preload (0.5, 0.25); the others zero.
        public static let textureDefaults = Tuning(
            full: RangeTuning(display: .init(leading: 1, trailing: 0.5), preload: .init(leading: 2.5, trailing: 1.5)),
            minimum: RangeTuning(display: .init(leading: 0.25, trailing: 0.25), preload: .init(leading: 0.5, trailing: 0.25)),
            visibleOnly: RangeTuning(display: .zero, preload: .zero),
            lowMemory: RangeTuning(display: .zero, preload: .zero)
        )
    }

    /// An inclusive run of item indexes. JSON: `[start, end]`.
    public struct IndexRun: Hashable, Sendable {
        public var start: Int
        public var end: Int

        public init(_ start: Int, _ end: Int) {
            self.start = start
            self.end = end
        }

        /// Runs covering the given ascending indexes, adjacent indexes merged.
        public static func runs(of sortedIndexes: some Sequence<Int>) -> [IndexRun] {
            var runs: [IndexRun] = []
            for index in sortedIndexes {
                if let last = runs.last, last.end + 1 == index {
                    runs[runs.count - 1].end = index
                } else {
                    runs.append(IndexRun(index, index))
                }
            }
            return runs
        }
    }

    /// Items `start...end` share `state`. JSON: `[start, end, stateMask]`.
    public struct ItemStateRun: Hashable, Sendable {
        public var start: Int
        public var end: Int
        public var state: InterfaceState

        public init(_ start: Int, _ end: Int, _ state: InterfaceState) {
            self.start = start
            self.end = end
            self.state = state
        }
    }
}
