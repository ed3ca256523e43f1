/// When `assertLayoutSnapshot` writes baselines, set per call or for a whole run with
/// `WEFT_RECORD=all|missing|failed|never` (the call's parameter wins).
///
/// The rule: an assertion fails when its snapshot differs from the baseline and the mode does
/// not record it, or when there is no baseline and the mode does not record it. Whatever is
/// recorded is announced on standard output, so a recording run never passes unseen.
public enum LayoutSnapshotRecordMode: String, Sendable, CaseIterable {
    /// Write every baseline, whether it differs or not.
    case all
    /// Write baselines that do not exist yet; compare the others (the default for developers).
    case missing
    /// Write missing baselines and replace the ones that differ (after looking at the diff).
    case failed
    /// Write nothing: a missing baseline fails, like a difference (what CI uses).
    case never

    /// The environment variable that sets the mode for a run.
    public static let environmentVariable = "WEFT_RECORD"

    /// The mode `WEFT_RECORD` names in `environment`; `.missing` when unset or empty.
    public static func fromEnvironment(_ environment: [String: String]) throws(ModeError) -> LayoutSnapshotRecordMode {
        guard let text = environment[environmentVariable], !text.isEmpty else { return .missing }
        guard let mode = LayoutSnapshotRecordMode(rawValue: text) else { throw ModeError(value: text) }
        return mode
    }

    /// `WEFT_RECORD` holds something else than a mode.
    public struct ModeError: Error, CustomStringConvertible {
        /// The variable's value as it was set.
        public var value: String
        /// The value and the modes that are accepted.
        public var description: String {
            "WEFT_RECORD=\(value) is not a record mode; use all, missing, failed or never"
        }
    }
}
