import WeftJSON
import WeftSnapshot

/// The recording marker a program's event stands for (docs/recording-format.md, Markers), at
/// the event's `frame`, `time` and `revision`: a `Layout.editsChanged` a request made (its
/// `method`) is an `edit`, a `Runtime.stateChanged` of change `paused` or `resumed` a `pause`,
/// `memoryWarning` a `memoryWarning` and `applicationState` an `applicationState` (detail: the
/// state). The program's own recorder marks what the events it sends say, and `weft
/// record-session` what it receives, so both recordings carry the same markers.
public struct EventMarker: Equatable, Sendable {
    /// The marker, with its detail.
    public var marker: RecordingMarker
    /// The revision the moment belongs to: the last one published at or before its frame.
    public var revision: Int
    /// The program frame and time it happened at.
    public var moment: RecordingLine.Moment

    /// Creates a marker at a moment of the run.
    public init(_ marker: RecordingMarker, revision: Int, at moment: RecordingLine.Moment) {
        self.marker = marker
        self.revision = revision
        self.moment = moment
    }

    /// The events that may stand for a marker.
    public static let methods: Set = ["Layout.editsChanged", "Runtime.stateChanged"]

    /// The marker the event `method` with `params` stands for; nil for one that stands for none
    /// (a step, an edit the program dropped or reverted itself, another method). Throws when the
    /// params of a marking event do not read: no integer `frame` >= 0, `revision` >= 0, finite
    /// `time` >= 0, or no string `change`, `method` or `applicationState` where one is needed.
    public static func of(method: String, params: some Collection<UInt8>) throws -> EventMarker? {
        guard methods.contains(method) else { return nil }
        var fields: [String: JSONValue] = [:]
        try JSONReader.forEachMember(in: params) { key, value in
            switch key {
            case "change", "method", "applicationState", "frame", "time", "revision": fields[key] = try value.read()
            default: _ = try value.skip()
            }
            return true
        }
        func text(_ key: String) throws -> String {
            guard let text = fields[key]?.string else { throw EventMarkerError(method: method, key: key) }
            return text
        }
        let marker: RecordingMarker
        switch (method, try text("change")) {
        case ("Layout.editsChanged", "dropped"):
            return nil
        case ("Layout.editsChanged", _):
            // Without `method` the program changed its edits itself (an inspection stopping).
            guard fields["method"] != nil else { return nil }
            marker = RecordingMarker(.edit, detail: try text("method"))
        case (_, "paused"), (_, "resumed"):
            marker = RecordingMarker(.pause, detail: try text("change"))
        case (_, "memoryWarning"):
            marker = RecordingMarker(.memoryWarning)
        case (_, "applicationState"):
            marker = RecordingMarker(.applicationState, detail: try text("applicationState"))
        default:
            return nil
        }
        guard let frame = fields["frame"]?.integer, frame >= 0 else { throw EventMarkerError(method: method, key: "frame") }
        guard let time = fields["time"]?.number, time.isFinite, time >= 0 else {
            throw EventMarkerError(method: method, key: "time")
        }
        guard let revision = fields["revision"]?.integer, revision >= 0 else {
            throw EventMarkerError(method: method, key: "revision")
        }
        return EventMarker(marker, revision: revision, at: RecordingLine.Moment(frame: frame, time: time))
    }
}

/// An event that stands for a marker without the value `key` needs.
public struct EventMarkerError: Error, CustomStringConvertible {
    /// The event.
    public var method: String
    /// The params' key that is missing or does not read.
    public var key: String

    /// What is wrong, for a message.
    public var description: String { "a \(method) event whose \"\(key)\" does not read" }
}
