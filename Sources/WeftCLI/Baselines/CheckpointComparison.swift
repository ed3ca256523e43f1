import WeftSnapshot

/// How one checkpoint of a `weft verify` run compares with its baseline.
struct CheckpointComparison {
    enum Status: String {
        /// No differences (within the options).
        case equal
        /// Both exist and differ.
        case different
        /// A baseline the program no longer writes.
        case missing
        /// A checkpoint with no baseline yet.
        case new
    }

    var name: String
    var status: Status
    /// The differences; a missing checkpoint is one `- checkpoint NAME` change and a new one
    /// `+ checkpoint NAME`, so every report form (text, JSON, JUnit) lists them like any other.
    var changes: [SemanticChange]
    /// The program's snapshot (nil when missing): what a CI keeps as an artifact.
    var current: Snapshot?
    var baseline: Snapshot?

    /// Pairs baselines and checkpoints by name and diffs each pair; the results are sorted by
    /// name.
    static func compare(
        baselines: [(name: String, snapshot: Snapshot)],
        checkpoints: [(name: String, snapshot: Snapshot)],
        options: SemanticDiff.Options
    ) -> [CheckpointComparison] {
        var current: [String: Snapshot] = [:]
        for checkpoint in checkpoints { current[checkpoint.name] = checkpoint.snapshot }
        var results: [CheckpointComparison] = []
        for (name, baseline) in baselines {
            guard let snapshot = current.removeValue(forKey: name) else {
                results.append(
                    CheckpointComparison(
                        name: name, status: .missing, changes: [SemanticChange(kind: .removed, path: "checkpoint \(name)")],
                        current: nil, baseline: baseline))
                continue
            }
            let changes = SemanticDiff.compare(baseline, snapshot, options: options)
            results.append(
                CheckpointComparison(
                    name: name, status: changes.isEmpty ? .equal : .different, changes: changes, current: snapshot,
                    baseline: baseline))
        }
        for (name, snapshot) in checkpoints where current[name] != nil {
            results.append(
                CheckpointComparison(
                    name: name, status: .new, changes: [SemanticChange(kind: .added, path: "checkpoint \(name)")],
                    current: snapshot, baseline: nil))
        }
        return results.sorted { $0.name < $1.name }
    }
}
