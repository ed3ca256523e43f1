import WeftJSON

/// One line of a recording (docs/recording-format.md), encoded: the program's recorder and
/// `weft record-session` write recordings through these, so both write the same format.
public enum RecordingLine {
    /// The value of the header's `format` key.
    public static let format = "weft.recording"
    /// The only recording version this module reads and writes.
    public static let version = 1

    /// When a record happened: the program's frame number and program time in seconds.
    public struct Moment: Hashable, Sendable {
        public var frame: Int
        public var time: Double

        public init(frame: Int, time: Double) {
            self.frame = frame
            self.time = time
        }
    }

    /// The first line: what recorded and with which settings.
    public static func header(meta: Snapshot.Meta, keyframeInterval: Int, limitBytes: Int) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.raw("{\"format\":\"weft.recording\",\"version\":1,\"keyframeInterval\":")
        writer.int(keyframeInterval)
        writer.raw(",\"limitBytes\":")
        writer.int(limitBytes)
        writer.raw(",\"meta\":")
        meta.encode(into: &writer)
        return finish(&writer)
    }

    /// The whole document at its revision.
    public static func keyframe(_ document: Snapshot, at moment: Moment) -> [UInt8] {
        var writer = JSONWriter(capacity: 1 << 16)
        start("keyframe", moment, into: &writer)
        writer.raw(",\"revision\":")
        writer.int(document.revision)
        writer.raw(",\"document\":")
        document.encode(into: &writer)
        return finish(&writer)
    }

    /// The ops from `baseRevision` (default: the one before) to `revision` (`Tree.updated`'s
    /// params), `ops` as a JSON array.
    public static func update(revision: Int, from baseRevision: Int? = nil, ops: [UInt8], at moment: Moment) -> [UInt8] {
        var writer = JSONWriter(capacity: ops.count + 96)
        start("update", moment, into: &writer)
        writer.raw(",\"baseRevision\":")
        writer.int(baseRevision ?? revision - 1)
        writer.raw(",\"revision\":")
        writer.int(revision)
        writer.raw(",\"ops\":")
        writer.raw(bytes: ops)
        return finish(&writer)
    }

    /// Something that happened at `revision` (the last one recorded then).
    public static func marker(_ marker: RecordingMarker, revision: Int, at moment: Moment) -> [UInt8] {
        var writer = JSONWriter(capacity: 128)
        start("marker", moment, into: &writer)
        writer.raw(",\"revision\":")
        writer.int(revision)
        writer.raw(",\"marker\":")
        writer.string(marker.kind.rawValue)
        if let detail = marker.detail {
            writer.raw(",\"detail\":")
            writer.string(detail)
        }
        return finish(&writer)
    }

    /// The last line: why the recording ended, with the seek index of the lines before it when
    /// the writer kept one.
    public static func end(_ reason: RecordingEndReason, revision: Int, at moment: Moment, index: RecordingIndex? = nil)
        -> [UInt8]
    {
        var writer = JSONWriter(capacity: 96 + (index?.encodedByteCount ?? 0))
        start("end", moment, into: &writer)
        writer.raw(",\"revision\":")
        writer.int(revision)
        writer.raw(",\"reason\":")
        writer.string(reason.rawValue)
        if let index {
            writer.byte(UInt8(ascii: ","))
            index.encode(into: &writer)
        }
        return finish(&writer)
    }

    private static func start(_ kind: StaticString, _ moment: Moment, into writer: inout JSONWriter) {
        writer.raw("{\"kind\":\"")
        writer.raw(kind)
        writer.raw("\",\"frame\":")
        writer.int(moment.frame)
        writer.raw(",\"time\":")
        writer.number(moment.time)
    }

    private static func finish(_ writer: inout JSONWriter) -> [UInt8] {
        writer.raw("}\n")
        return writer.bytes
    }
}

/// A marker on the timeline (docs/recording-format.md, Markers).
public struct RecordingMarker: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A layout edit was applied or reverted.
        case edit
        /// A range controller changed mode (detail: `id: old -> new`).
        case rangeMode
        /// The program got a memory warning.
        case memoryWarning
        /// The application state changed (detail: the new state).
        case applicationState
        /// The loop paused or resumed (detail: `paused` / `resumed`).
        case pause
        /// The connection to the device came back (`weft record-session`).
        case reconnect
    }

    public var kind: Kind
    /// A short text for people; nil when the kind says it all.
    public var detail: String?

    public init(_ kind: Kind, detail: String? = nil) {
        self.kind = kind
        self.detail = detail
    }
}

/// Why a recording ended.
public enum RecordingEndReason: String, Sendable {
    /// The program (or the session) finished recording.
    case finished
    /// The next line would have passed the size limit: nothing after it was recorded.
    case limit
    /// The device went away (`weft record-session`).
    case disconnected
}
