/// The two ranges a range controller computes around the visible items.
public enum RangeType: String, Hashable, Sendable, CaseIterable {
    /// Rendering contents (`display`) and fetching data (`preload`, the wider one).
    case display, preload
}

/// How generous a range controller is, Texture's `ASLayoutRangeMode`.
public enum RangeMode: String, Hashable, Sendable, CaseIterable {
    /// The first update and containers the user has not scrolled: small ranges.
    case minimum
    /// A visible container the user has scrolled: the largest ranges.
    case full
    /// Only the visible items (backgrounded visible containers, memory warnings).
    case visibleOnly
    /// Nothing displayed or preloaded beyond the visible items, and the display range empty.
    case lowMemory
}

/// How far a range reaches beyond the viewport, in screenfuls, on the side the user scrolls
/// toward (leading) and the side behind (trailing). Texture's `ASRangeTuningParameters`.
public struct RangeTuning: Hashable, Sendable, CustomStringConvertible {
    /// Screenfuls beyond the viewport on the side the user scrolls toward.
    public var leadingBufferScreenfuls: Double
    /// Screenfuls beyond the viewport on the side behind.
    public var trailingBufferScreenfuls: Double

    /// A reach of `leading` and `trailing` screenfuls.
    public init(leading: Double, trailing: Double) {
        leadingBufferScreenfuls = leading
        trailingBufferScreenfuls = trailing
    }

    /// No reach beyond the viewport.
    public static let zero = RangeTuning(leading: 0, trailing: 0)

    /// `(leading, trailing)`.
    public var description: String { "(\(leadingBufferScreenfuls), \(trailingBufferScreenfuls))" }
}

/// The tuning of every mode and range type. The defaults are Texture's
/// (`ASAbstractLayoutController`); `pager` applies `ASPagerNode`'s overrides.
public struct RangeTuningTable: Hashable, Sendable {
    /// Every mode's display and preload tuning, at `slot(mode, type)`: an array read, where a
    /// dictionary of dictionaries hashed the mode and the type on every read (two per range
    /// update, about 4 % of a scrolling feed's frame).
    private var values = [RangeTuning](repeating: .zero, count: RangeMode.allCases.count * RangeType.allCases.count)

    private init(values: [RangeMode: [RangeType: RangeTuning]]) {
        for (mode, tunings) in values {
            for (type, tuning) in tunings { self[mode, type] = tuning }
        }
    }

    private static func slot(_ mode: RangeMode, _ type: RangeType) -> Int {
        let row =
            switch mode {
            case .minimum: 0
            case .full: 1
            case .visibleOnly: 2
            case .lowMemory: 3
            }
        return row * 2 + (type == .display ? 0 : 1)
    }

    /// Texture's defaults: full display (1, 0.5), preload (2.5, 1.5); minimum display
    /// (0.25, 0.25), preload (0.5, 0.25); visibleOnly and lowMemory zero.
    public static let `default` = RangeTuningTable(values: [
        .full: [.display: RangeTuning(leading: 1.0, trailing: 0.5), .preload: RangeTuning(leading: 2.5, trailing: 1.5)],
        .minimum: [.display: RangeTuning(leading: 0.25, trailing: 0.25), .preload: RangeTuning(leading: 0.5, trailing: 0.25)],
        .visibleOnly: [.display: .zero, .preload: .zero],
        .lowMemory: [.display: .zero, .preload: .zero],
    ])

    /// `ASPagerNode`'s overrides of the minimum and full modes: minimum display (0, 0), preload
    /// (1, 1); full display (1, 1), preload (2, 2).
    public static var pager: RangeTuningTable {
        var table = RangeTuningTable.default
        table[.minimum, .display] = .zero
        table[.minimum, .preload] = RangeTuning(leading: 1, trailing: 1)
        table[.full, .display] = RangeTuning(leading: 1, trailing: 1)
        table[.full, .preload] = RangeTuning(leading: 2, trailing: 2)
        return table
    }

    /// The tuning of one range in one mode.
    public subscript(mode: RangeMode, type: RangeType) -> RangeTuning {
        get { values[Self.slot(mode, type)] }
        set { values[Self.slot(mode, type)] = newValue }
    }
}
