import WeftJSON

/// One record line's envelope (docs/recording-format.md, Lines): its kind, moment and revision,
/// and where its body (`document`, `ops`) lies, left unread.
struct RecordingRecord {
    enum Kind: String {
        case keyframe, update, marker, end
    }

    var kind: Kind
    var moment: RecordingLine.Moment
    var revision: Int
    /// Updates.
    var baseRevision: Int?
    /// Markers.
    var marker: RecordingMarker?
    /// The end record.
    var reason: RecordingEndReason?
    var index: JSONValue?
    /// The file offsets of a keyframe's `document` or an update's `ops`.
    var body: Range<Int>?

    /// Reads the line at `range` of `piece` (line `number`). A body that ends the line, as
    /// writers put it, is not read unless `checkingTheBody` (a last line that may be cut short):
    /// seeking reads the bodies it needs, and their errors name the line too.
    static func read(_ range: Range<Int>, of piece: RecordingBytes.Piece, line number: Int, checkingTheBody: Bool)
        throws(RecordingError) -> RecordingRecord
    {
        func fail(_ message: String, at offset: Int? = nil) -> RecordingError {
            RecordingError(line: number, offset: offset ?? range.lowerBound, message: message)
        }
        let line = piece[range]
        var values: [String: JSONValue] = [:]
        var body: (key: String, range: Range<Int>)?
        var checkBody = checkingTheBody
        while true {
            values = [:]
            body = nil
            do {
                try JSONReader.forEachMember(in: line) { key, value in
                    if key == "document" || key == "ops" {
                        guard checkBody else {
                            // Up to the line's closing brace; what it holds is checked on seeking.
                            let end = closingBrace(of: piece, in: range) ?? range.upperBound
                            body = (key, value.offset + range.lowerBound..<end)
                            return false
                        }
                        let skipped = try value.skip()
                        body = (key, skipped.lowerBound + range.lowerBound..<skipped.upperBound + range.lowerBound)
                    } else {
                        values[key] = try value.read()
                    }
                    return true
                }
            } catch let error as JSONError {
                throw fail("not JSON: \(error.message)", at: range.lowerBound + error.offset)
            } catch {
                throw fail("not JSON: \(error)")
            }
            // A writer that put keys after the body: read the whole line.
            if !checkBody, body != nil, values["revision"] == nil || values["frame"] == nil || values["time"] == nil {
                checkBody = true
                continue
            }
            break
        }
        guard let kindName = values["kind"]?.string else { throw fail("the record has no string \"kind\"") }
        guard let frame = values["frame"]?.integer, frame >= 0, let time = values["time"]?.number, time.isFinite, time >= 0 else {
            throw fail("the \(kindName) record needs a \"frame\" (integer >= 0) and a \"time\" (seconds >= 0)")
        }
        guard let kind = Kind(rawValue: kindName) else { throw fail("unknown record kind \"\(kindName)\"") }
        guard let revision = values["revision"]?.integer else { throw fail("the \(kind) record has no integer \"revision\"") }
        var record = RecordingRecord(
            kind: kind, moment: RecordingLine.Moment(frame: frame, time: time), revision: revision)
        switch kind {
        case .keyframe:
            guard let body, body.key == "document" else { throw fail("the keyframe has no \"document\"") }
            record.body = body.range
        case .update:
            guard let body, body.key == "ops" else { throw fail("the update has no \"ops\"") }
            record.body = body.range
            record.baseRevision = values["baseRevision"]?.integer
        case .marker:
            guard let name = values["marker"]?.string, let markerKind = RecordingMarker.Kind(rawValue: name) else {
                throw fail("unknown marker \(values["marker"].map { "\($0)" } ?? "(none)")")
            }
            record.marker = RecordingMarker(markerKind, detail: values["detail"]?.string)
        case .end:
            guard let reasonName = values["reason"]?.string, let reason = RecordingEndReason(rawValue: reasonName) else {
                throw fail("the end record has no known \"reason\"")
            }
            record.reason = reason
            record.index = values["index"]
        }
        return record
    }

    /// The offset of the last `}` of the line, ignoring trailing whitespace.
    private static func closingBrace(of piece: RecordingBytes.Piece, in range: Range<Int>) -> Int? {
        var end = range.upperBound
        while end > range.lowerBound, piece[end - 1] == 0x20 || piece[end - 1] == 0x09 || piece[end - 1] == 0x0D { end -= 1 }
        return end > range.lowerBound && piece[end - 1] == UInt8(ascii: "}") ? end - 1 : nil
    }
}

/// The order rules of docs/recording-format.md, record after record: the first record with a
/// revision is a keyframe, updates follow the last revision, keyframes repeat it or start again
/// after a gap, moments never go back (markers aside), nothing follows `end`.
struct RecordingOrder {
    private(set) var lastRevision = 0
    private(set) var lastMoment = RecordingLine.Moment(frame: 0, time: 0)
    private(set) var hasKeyframe = false
    private(set) var ended = false

    init() {}

    /// The order after `keyframe`, where a reader starts that follows the index.
    init(after keyframe: Recording.Revision) {
        lastRevision = keyframe.revision
        lastMoment = keyframe.moment
        hasKeyframe = true
    }

    /// Admits `record` (line `number`, at `offset`) or throws the rule it breaks.
    mutating func admit(_ record: RecordingRecord, line number: Int, offset: Int) throws(RecordingError) {
        func fail(_ message: String) -> RecordingError { RecordingError(line: number, offset: offset, message: message) }
        guard !ended else { throw fail("a record follows the end record") }
        // A marker reaches the recorder after the revisions published meanwhile: only the
        // revisions' moments must not go back.
        if record.kind != .marker {
            let moment = record.moment
            guard moment.frame >= lastMoment.frame, moment.time >= lastMoment.time else {
                throw fail(
                    "frame \(moment.frame) at \(moment.time) s goes back before frame \(lastMoment.frame) at \(lastMoment.time) s"
                )
            }
            lastMoment = moment
        }
        switch record.kind {
        case .keyframe:
            // After the first, a keyframe repeats the last revision, or starts again after a gap
            // (revisions the recorder did not get: a page that fetched the document again).
            guard record.revision >= max(1, lastRevision) else {
                throw fail("keyframe at revision \(record.revision), but the last revision recorded was \(lastRevision)")
            }
            hasKeyframe = true
            lastRevision = record.revision
        case .update:
            guard hasKeyframe else { throw fail("an update before the first keyframe") }
            // Usually the next revision; more when the recorder polled (`weft record-session`).
            guard record.baseRevision == lastRevision, record.revision > lastRevision else {
                throw fail(
                    "update to revision \(record.revision) from \(record.baseRevision.map(String.init) ?? "?") "
                        + "does not follow revision \(lastRevision)")
            }
            lastRevision = record.revision
        case .marker:
            break
        case .end:
            ended = true
        }
    }
}
