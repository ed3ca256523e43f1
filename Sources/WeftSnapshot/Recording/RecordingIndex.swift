import WeftJSON

/// The seek index a writer puts in a recording's `end` record (docs/recording-format.md,
/// "Index"): where each keyframe and marker line starts. A reader that finds it reads the
/// header, the last line and then only the lines a moment needs, not the whole file.
///
/// A writer counts every line it writes here, in order (`counted`, `keyframe`, `marker`), and
/// passes the index to `RecordingLine.end`.
public struct RecordingIndex: Sendable {
    /// Bytes and lines counted so far (the header's included).
    public private(set) var byteCount = 0
    public private(set) var lineCount = 0
    /// The encoded entries, `[offset,line,revision,frame,time]` and `[offset,line]`, each led by
    /// a comma: the `end` record copies them, and the writer knows how long it will be.
    private var keyframeEntries: [UInt8] = []
    private var markerEntries: [UInt8] = []

    public init() {}

    /// The header, an update or any other line that is not indexed was written.
    public mutating func counted(_ line: [UInt8]) {
        byteCount += line.count
        lineCount += 1
    }

    /// A keyframe line of `revision`, at `moment`, was written.
    public mutating func keyframe(_ line: [UInt8], revision: Int, at moment: RecordingLine.Moment) {
        var writer = JSONWriter(capacity: 96)
        writer.raw(",[")
        writer.int(byteCount)
        writer.byte(UInt8(ascii: ","))
        writer.int(lineCount + 1)
        writer.byte(UInt8(ascii: ","))
        writer.int(revision)
        writer.byte(UInt8(ascii: ","))
        writer.int(moment.frame)
        writer.byte(UInt8(ascii: ","))
        writer.number(moment.time)
        writer.byte(UInt8(ascii: "]"))
        keyframeEntries += writer.bytes
        counted(line)
    }

    /// A marker line was written.
    public mutating func marker(_ line: [UInt8]) {
        var writer = JSONWriter(capacity: 48)
        writer.raw(",[")
        writer.int(byteCount)
        writer.byte(UInt8(ascii: ","))
        writer.int(lineCount + 1)
        writer.byte(UInt8(ascii: "]"))
        markerEntries += writer.bytes
        counted(line)
    }

    /// What the index adds to the `end` record, in bytes.
    public var encodedByteCount: Int { 40 + keyframeEntries.count + markerEntries.count }

    /// Writes `"index":{...}`.
    func encode(into writer: inout JSONWriter) {
        writer.raw("\"index\":{\"keyframes\":[")
        writer.raw(bytes: keyframeEntries.dropFirst())
        writer.raw("],\"markers\":[")
        writer.raw(bytes: markerEntries.dropFirst())
        writer.raw("]}")
    }

    /// Where a keyframe or a marker line starts, as an index names it.
    struct Entry: Equatable {
        var offset: Int
        var line: Int
        /// Keyframes only.
        var revision = 0
        var moment = RecordingLine.Moment(frame: 0, time: 0)
    }

    /// The entries of an `index` value, or nil when it is not one: offsets and lines ascending
    /// after `header` (the header's length in bytes) and before `end` (the `end` record's
    /// offset), keyframes in revision, frame and time order.
    static func entries(of value: JSONValue, header: Int, end: Int) -> (keyframes: [Entry], markers: [Entry])? {
        guard let object = value.object, let keyframeValues = object["keyframes"]?.array, !keyframeValues.isEmpty,
            let markerValues = object["markers"]?.array
        else { return nil }
        var keyframes: [Entry] = []
        keyframes.reserveCapacity(keyframeValues.count)
        for value in keyframeValues {
            guard let fields = value.array, fields.count == 5, let offset = fields[0].integer, let line = fields[1].integer,
                let revision = fields[2].integer, revision >= 1, let frame = fields[3].integer, frame >= 0,
                let time = fields[4].number, time.isFinite, time >= 0
            else { return nil }
            let entry = Entry(
                offset: offset, line: line, revision: revision, moment: RecordingLine.Moment(frame: frame, time: time))
            if let last = keyframes.last {
                guard entry.revision >= last.revision, frame >= last.moment.frame, time >= last.moment.time else { return nil }
            }
            keyframes.append(entry)
        }
        var markers: [Entry] = []
        for value in markerValues {
            guard let fields = value.array, fields.count == 2, let offset = fields[0].integer, let line = fields[1].integer
            else { return nil }
            markers.append(Entry(offset: offset, line: line))
        }
        for list in [keyframes, markers] {
            var previous = (offset: header - 1, line: 1)
            for entry in list {
                guard entry.offset > previous.offset, entry.offset < end, entry.line > previous.line else { return nil }
                previous = (entry.offset, entry.line)
            }
        }
        return (keyframes, markers)
    }
}
