import WeftSnapshot

/// The range controllers whose mode differs between two documents, for the recording's
/// `rangeMode` markers: `feed.range: full -> lowMemory` (a controller that appears or goes
/// away is a tree change, not a mode change). `weft record-session` marks them the same way.
public enum RangeModeChange {
    /// `id: old -> new` for each controller in both lists whose mode differs, in `new`'s order.
    public static func between(_ old: [Snapshot.RangeController], _ new: [Snapshot.RangeController]) -> [String] {
        guard old != new else { return [] }
        var oldModes: [String: Snapshot.RangeController.Mode] = [:]
        for controller in old { oldModes[controller.id] = controller.mode }
        return new.compactMap { controller in
            guard let before = oldModes[controller.id], before != controller.mode else { return nil }
            return "\(controller.id): \(before.rawValue) -> \(controller.mode.rawValue)"
        }
    }
}
