import WeftNodes

/// Handed to `willBeginBatchFetchWith`: call `completeBatchFetching(true)` once the new items
/// are inserted.
public typealias ASBatchContext = BatchContext
/// Texture's cell block type: the data source returns it, the container calls it.
public typealias ASCellNodeBlock = () -> ASCellNode
/// Which range `setTuningParameters(_:for:rangeType:)` tunes.
public typealias ASLayoutRangeType = RangeType
/// Which mode (`.full`, `.minimum`) it tunes.
public typealias ASLayoutRangeMode = RangeMode

/// How far ahead of the screen (in screens) a range reaches.
public struct ASRangeTuningParameters: Hashable, Sendable {
    /// Screens of content ahead of the visible area in the scrolling direction (Texture's `leadingBufferScreenfuls`).
    public var leadingBufferScreenfuls: CGFloat
    /// Screens of content kept behind the visible area (Texture's `trailingBufferScreenfuls`).
    public var trailingBufferScreenfuls: CGFloat

    /// Texture's memberwise initialiser: both reaches in screens.
    public init(leadingBufferScreenfuls: CGFloat, trailingBufferScreenfuls: CGFloat) {
        self.leadingBufferScreenfuls = leadingBufferScreenfuls
        self.trailingBufferScreenfuls = trailingBufferScreenfuls
    }
}

extension ContainerNode {
    /// Sets a range of the full mode, as Texture's two-argument call does.
    public func setTuningParameters(_ parameters: ASRangeTuningParameters, for rangeType: ASLayoutRangeType) {
        setTuningParameters(parameters, for: .full, rangeType: rangeType)
    }

    /// Sets how far the range of `rangeType` reaches in `rangeMode` (Texture's `setTuningParameters:forRangeMode:rangeType:`).
    public func setTuningParameters(
        _ parameters: ASRangeTuningParameters, for rangeMode: ASLayoutRangeMode,
        rangeType: ASLayoutRangeType
    ) {
        rangeController.setTuningParameters(
            RangeTuning(
                leading: Double(parameters.leadingBufferScreenfuls), trailing: Double(parameters.trailingBufferScreenfuls)),
            for: rangeMode, rangeType)
    }

    /// How far the range of `rangeType` reaches in `rangeMode`, in screenfuls.
    public func tuningParameters(for rangeMode: ASLayoutRangeMode, rangeType: ASLayoutRangeType) -> ASRangeTuningParameters {
        let tuning = rangeController.tuningParameters(for: rangeMode, rangeType)
        return ASRangeTuningParameters(
            leadingBufferScreenfuls: tuning.leadingBufferScreenfuls, trailingBufferScreenfuls: tuning.trailingBufferScreenfuls)
    }
}
