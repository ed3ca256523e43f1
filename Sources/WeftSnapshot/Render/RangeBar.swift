/// The geometry of one range-controller bar, as Texture's on-device range overlay draws it and
/// the web inspector and `weft render --overlay ranges` reproduce it (docs/texture-semantics.md
/// section 6). A pure function of the bar width, the scroll direction and the tuning.
///
/// A bar is 24 points tall: the data source's name in the top half, then three 9-point strips
/// (preload orange, display yellow, visible green) 10 points in from each side, and the scroll
/// arrows in the 10-point margins of the bottom half.
public struct RangeBar: Hashable, Sendable {
    public enum Range: String, Hashable, Sendable {
        case preload, display, visible
    }

    /// One coloured strip: x and width in the bar's coordinates.
    public struct Strip: Hashable, Sendable {
        public var range: Range
        public var x: Double
        public var width: Double
        public var y: Double { RangeBar.stripY }
        public var height: Double { RangeBar.stripHeight }
    }

    public enum Side: String, Hashable, Sendable {
        case left, right
    }

    /// A direction arrow in the left or right margin.
    public struct Arrow: Hashable, Sendable {
        public var side: Side
        /// `▲`/`▼` when the direction has a vertical component, else `◀`/`▶`.
        public var glyph: String
    }

    public static let height = 24.0
    public static let stripHeight = 9.0
    public static let stripY = 12.0
    public static let inset = 10.0

    /// Back to front: the larger of preload and display first, visible last.
    public var strips: [Strip]
    public var arrows: [Arrow]

    /// Texture's arithmetic (`updateRangeController:...` and `_ASRangeDebugBarView`): extents
    /// are the bar's bounds expanded by the tuning along the scrollable axes, measured vertically
    /// when the direction has a vertical component; the larger of display and preload is 1 (a tie
    /// counts display as larger); strips are `(width - 20) x ratio` wide and placed by the
    /// leading ratios, mirrored for the direction.
    public init(
        width: Double, scrollable: Snapshot.ScrollDirection, direction: Snapshot.ScrollDirection, tuning: Snapshot.RangeTuning
    ) {
        let vertical = !direction.isDisjoint(with: .vertical)
        func extent(_ parameters: Snapshot.TuningParameters) -> Double {
            let expands = vertical ? !scrollable.isDisjoint(with: .vertical) : !scrollable.isDisjoint(with: .horizontal)
            let base = vertical ? RangeBar.height : width
            return expands ? base * (1 + parameters.leading + parameters.trailing) : base
        }
        let visibleExtent = extent(.zero)
        let displayExtent = extent(tuning.display)
        let preloadExtent = extent(tuning.preload)
        let displayIsLarger = displayExtent >= preloadExtent
        let largest = displayIsLarger ? displayExtent : preloadExtent
        let visibleRatio = largest > 0 ? visibleExtent / largest : 0
        let displayRatio = displayIsLarger ? 1 : (largest > 0 ? displayExtent / largest : 0)
        let preloadRatio = displayIsLarger ? (largest > 0 ? preloadExtent / largest : 0) : 1
        func leadingRatio(_ parameters: Snapshot.TuningParameters) -> Double {
            let sum = parameters.leading + parameters.trailing
            return sum != 0 ? parameters.leading / sum : 0
        }
        let leadingDisplay = leadingRatio(tuning.display)
        let leadingPreload = leadingRatio(tuning.preload)

        let inner = width - 2 * RangeBar.inset
        let visibleWidth = inner * visibleRatio
        let displayWidth = inner * displayRatio
        let preloadWidth = inner * preloadRatio
        var visibleX = 0.0
        var displayX = 0.0
        var preloadX = 0.0
        // Texture decides "display is larger" again from the ratio.
        let displayLarger = displayRatio == 1
        let backwards = direction.contains(.left) || direction.contains(.up)
        let forwards = direction.contains(.right) || direction.contains(.down)
        if backwards || forwards {
            let display = backwards ? leadingDisplay : 1 - leadingDisplay
            let preload = backwards ? leadingPreload : 1 - leadingPreload
            if displayLarger {
                visibleX = (displayWidth - visibleWidth) * display
                preloadX = visibleX - (preloadWidth - visibleWidth) * preload
            } else {
                visibleX = (preloadWidth - visibleWidth) * preload
                displayX = visibleX - (displayWidth - visibleWidth) * display
            }
        }
        let preloadStrip = Strip(range: .preload, x: RangeBar.inset + preloadX, width: preloadWidth)
        let displayStrip = Strip(range: .display, x: RangeBar.inset + displayX, width: displayWidth)
        let visibleStrip = Strip(range: .visible, x: RangeBar.inset + visibleX, width: visibleWidth)
        strips = preloadRatio == 1 ? [preloadStrip, displayStrip, visibleStrip] : [displayStrip, preloadStrip, visibleStrip]

        // The left (up) arrow shows only for exactly left or up, the right (down) one only for
        // exactly right or down.
        arrows = []
        if direction == .left || direction == .up {
            arrows.append(Arrow(side: .left, glyph: vertical ? "▲" : "◀"))
        }
        if direction == .right || direction == .down {
            arrows.append(Arrow(side: .right, glyph: vertical ? "▼" : "▶"))
        }
    }

    /// The bar of a snapshot's range controller: its mode's tuning, scrollable along its
    /// orientation.
    public init(width: Double, controller: Snapshot.RangeController) {
        self.init(
            width: width, scrollable: controller.orientation == .vertical ? .vertical : .horizontal,
            direction: controller.scrollDirection, tuning: controller.tuning[controller.mode])
    }

    /// The arrow's rectangle in the bar: the 10-point margin of the bottom half.
    public static func frame(of arrow: Arrow, barWidth: Double) -> Snapshot.Rect {
        Snapshot.Rect(x: arrow.side == .left ? 0 : barWidth - inset, y: height / 2, width: inset, height: height / 2)
    }
}
