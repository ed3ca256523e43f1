import WeftJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recording read from its bytes (docs/recording-format.md): an index of its lines, whose
/// documents and ops are decoded only when a moment is asked for (`snapshot(atRevision:)`), so
/// that opening a long recording costs one pass over its bytes and seeking costs one keyframe
/// and the updates after it.
///
/// Opening checks every line's envelope (kind, numbers, the revisions following each other)
/// and fails with the line and byte offset of the first that is wrong. A last line cut short
/// (a program killed while writing) is dropped and reported in `truncatedTail`; a line cut
/// short anywhere else is an error.
public struct Recording: Sendable {
    public struct Header: Sendable {
        public var meta: Snapshot.Meta
        public var keyframeInterval: Int
        public var limitBytes: Int
    }

    /// A keyframe or an update: where its body lies in the file.
    public struct Revision: Sendable {
        public var revision: Int
        public var moment: RecordingLine.Moment
        /// The line (1-based) and the bytes of its `ops` array (updates) or `document` (keyframes).
        public var line: Int
        var body: Range<Int>
    }

    public struct Marker: Sendable {
        public var revision: Int
        public var moment: RecordingLine.Moment
        public var marker: RecordingMarker
    }

    public struct End: Sendable {
        public var revision: Int
        public var moment: RecordingLine.Moment
        public var reason: RecordingEndReason
    }

    public let header: Header
    /// Every update, in order; `updates[i]` leads to revision `updates[i].revision`.
    public private(set) var updates: [Revision] = []
    /// Every keyframe, in revision order (the first is the first revision recorded).
    public private(set) var keyframes: [Revision] = []
    /// Every marker, by frame.
    public private(set) var markers: [Marker] = []
    /// The end record; nil when the program stopped without writing one (killed, crashed).
    public private(set) var end: End?
    /// The line number of a last line that was cut short and dropped, if any.
    public private(set) var truncatedTail: Int?
    private let bytes: [UInt8]

    /// The first and last revisions recorded.
    public var firstRevision: Int { keyframes.first?.revision ?? 0 }
    public var lastRevision: Int { max(updates.last?.revision ?? 0, keyframes.last?.revision ?? 0) }
    /// The program frames and times of the first and last records.
    public private(set) var firstMoment = RecordingLine.Moment(frame: 0, time: 0)
    public private(set) var lastMoment = RecordingLine.Moment(frame: 0, time: 0)

    public init(bytes: [UInt8]) throws(RecordingError) {
        self.bytes = bytes
        var lines = LineSplitter(bytes)
        guard let first = lines.next() else {
            throw RecordingError(line: 1, offset: 0, message: "empty file: not a Weft recording")
        }
        header = try Self.readHeader(bytes[first.range], line: 1, offset: first.range.lowerBound)
        var lineNumber = 1
        while let line = lines.next() {
            lineNumber += 1
            if line.range.isEmpty { continue }
            do {
                try read(line: lineNumber, range: line.range, checkingTheBody: !line.terminated)
            } catch {
                if !line.terminated, error.message.hasPrefix("not JSON") {
                    truncatedTail = lineNumber
                    break
                }
                throw error
            }
        }
        guard !keyframes.isEmpty else {
            throw RecordingError(line: lineNumber, offset: bytes.count, message: "no keyframe: the recording holds no document")
        }
        markers.sort { ($0.moment.frame, $0.revision) < ($1.moment.frame, $1.revision) }
    }

    // MARK: Reading lines

    private static func readHeader(_ line: ArraySlice<UInt8>, line number: Int, offset: Int) throws(RecordingError) -> Header {
        let fields: [String: JSONValue]
        do {
            guard case .object(let object) = try JSONReader.parse(line) else {
                throw RecordingError(
                    line: number, offset: offset, message: "not a Weft recording: the first line is not a JSON object")
            }
            fields = Dictionary(object.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        } catch let error as RecordingError {
            throw error
        } catch {
            throw RecordingError(
                line: number, offset: offset, message: "not a Weft recording: the first line is not JSON (\(error))")
        }
        guard fields["format"]?.string == RecordingLine.format else {
            let found = fields["format"]?.string.map { "\"\($0)\"" } ?? "none"
            throw RecordingError(
                line: number, offset: offset,
                message: "not a Weft recording: format is \(found), expected \"\(RecordingLine.format)\"")
        }
        guard let version = fields["version"]?.integer else {
            throw RecordingError(line: number, offset: offset, message: "the header has no integer \"version\"")
        }
        guard version == RecordingLine.version else {
            throw RecordingError(
                line: number, offset: offset,
                message: "recording version \(version) is not supported (this weft reads version \(RecordingLine.version))")
        }
        guard let interval = fields["keyframeInterval"]?.integer, interval > 0,
            let limit = fields["limitBytes"]?.integer, limit > 0
        else {
            throw RecordingError(
                line: number, offset: offset,
                message: "the header needs positive integers \"keyframeInterval\" and \"limitBytes\"")
        }
        var meta = Snapshot.Meta()
        if let metaValue = fields["meta"] {
            var writer = JSONWriter(capacity: 256)
            writer.raw("{\"format\":\"weft.snapshot\",\"version\":1,\"meta\":")
            writer.value(metaValue)
            writer.raw(",\"roots\":[]}")
            do { meta = try Snapshot(json: writer.bytes).meta } catch {
                throw RecordingError(line: number, offset: offset, message: "the header's meta is invalid: \(error)")
            }
        }
        return Header(meta: meta, keyframeInterval: interval, limitBytes: limit)
    }

    /// Reads one record's envelope. A body (`document`, `ops`) that ends the line, as writers
    /// put it, is not read here unless `checkingTheBody` (a last line that may be cut short):
    /// opening then costs little more than finding the lines, and seeking reads the bodies it
    /// needs (their errors name the line too).
    private mutating func read(line number: Int, range: Range<Int>, checkingTheBody: Bool) throws(RecordingError) {
        func fail(_ message: String, at offset: Int? = nil) -> RecordingError {
            RecordingError(line: number, offset: offset ?? range.lowerBound, message: message)
        }
        var values: [String: JSONValue] = [:]
        var body: (key: String, range: Range<Int>)?
        var checkBody = checkingTheBody
        while true {
            values = [:]
            body = nil
            do {
                try JSONReader.forEachMember(in: bytes[range]) { key, value in
                    if key == "document" || key == "ops" {
                        guard checkBody else {
                            // Up to the line's closing brace; what it holds is checked on seeking.
                            let end = Self.closingBrace(of: bytes, in: range) ?? range.upperBound
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
        guard end == nil else { throw fail("a record follows the end record") }
        guard let kind = values["kind"]?.string else { throw fail("the record has no string \"kind\"") }
        guard let frame = values["frame"]?.integer, frame >= 0, let time = values["time"]?.number, time.isFinite, time >= 0 else {
            throw fail("the \(kind) record needs a \"frame\" (integer >= 0) and a \"time\" (seconds >= 0)")
        }
        let moment = RecordingLine.Moment(frame: frame, time: time)
        if keyframes.isEmpty, updates.isEmpty { firstMoment = moment }
        // A marker reaches the recorder after the revisions published meanwhile: only the
        // revisions' moments must not go back.
        if kind != "marker" {
            guard moment.frame >= lastMoment.frame, moment.time >= lastMoment.time else {
                throw fail("frame \(frame) at \(time) s goes back before frame \(lastMoment.frame) at \(lastMoment.time) s")
            }
            lastMoment = moment
        }
        guard let revision = values["revision"]?.integer else { throw fail("the \(kind) record has no integer \"revision\"") }
        switch kind {
        case "keyframe":
            guard let body, body.key == "document" else { throw fail("the keyframe has no \"document\"") }
            // After the first, a keyframe repeats the last revision, or starts again after a gap
            // (revisions the recorder did not get: a page that fetched the document again).
            guard revision >= max(1, lastRevision) else {
                throw fail("keyframe at revision \(revision), but the last revision recorded was \(lastRevision)")
            }
            keyframes.append(Revision(revision: revision, moment: moment, line: number, body: body.range))
        case "update":
            guard let body, body.key == "ops" else { throw fail("the update has no \"ops\"") }
            guard !keyframes.isEmpty else { throw fail("an update before the first keyframe") }
            // Usually the next revision; more when the recorder polled (`weft record-session`).
            guard values["baseRevision"]?.integer == lastRevision, revision > lastRevision else {
                throw fail(
                    "update to revision \(revision) from \(values["baseRevision"]?.integer.map(String.init) ?? "?") "
                        + "does not follow revision \(lastRevision)")
            }
            updates.append(Revision(revision: revision, moment: moment, line: number, body: body.range))
        case "marker":
            guard let name = values["marker"]?.string, let markerKind = RecordingMarker.Kind(rawValue: name) else {
                throw fail("unknown marker \(values["marker"].map { "\($0)" } ?? "(none)")")
            }
            markers.append(
                Marker(
                    revision: revision, moment: moment,
                    marker: RecordingMarker(markerKind, detail: values["detail"]?.string)))
        case "end":
            guard let reasonName = values["reason"]?.string, let reason = RecordingEndReason(rawValue: reasonName) else {
                throw fail("the end record has no known \"reason\"")
            }
            end = End(revision: revision, moment: moment, reason: reason)
        default:
            throw fail("unknown record kind \"\(kind)\"")
        }
    }

    /// The offset of the last `}` of the line, ignoring trailing whitespace.
    private static func closingBrace(of bytes: [UInt8], in range: Range<Int>) -> Int? {
        var end = range.upperBound
        while end > range.lowerBound, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D { end -= 1 }
        return end > range.lowerBound && bytes[end - 1] == UInt8(ascii: "}") ? end - 1 : nil
    }

    // MARK: Seeking

    /// The document at `revision` (its meta the header's), built from the keyframe at or before
    /// it and the updates after that keyframe. Throws for a revision outside the recording or a
    /// keyframe or ops that cannot be read or applied (naming their line).
    public func snapshot(atRevision revision: Int) throws(RecordingError) -> Snapshot {
        guard revision >= firstRevision, revision <= lastRevision else {
            throw RecordingError(
                line: 0, offset: 0,
                message: "revision \(revision) is not in the recording (revisions \(firstRevision) to \(lastRevision))")
        }
        let keyframe = keyframes[Self.lastIndex(in: keyframes, atOrBefore: revision) { $0.revision }!]
        var document: Snapshot
        do {
            document = try Snapshot(json: bytes[keyframe.body])
        } catch {
            throw RecordingError(line: keyframe.line, offset: keyframe.body.lowerBound, message: "keyframe document: \(error)")
        }
        guard document.revision == keyframe.revision else {
            throw RecordingError(
                line: keyframe.line, offset: keyframe.body.lowerBound,
                message: "keyframe's document is revision \(document.revision), not \(keyframe.revision)")
        }
        // Every update after the keyframe up to `revision`, applied in one pass over one tree.
        var ops: [UpdateOp] = []
        var opLines: [(endIndex: Int, update: Revision)] = []
        if revision > keyframe.revision {
            // Updates are in revision order, each following the one before it (or the keyframe).
            guard let last = Self.lastIndex(in: updates, atOrBefore: revision, key: { $0.revision }),
                updates[last].revision == revision
            else {
                throw RecordingError(
                    line: 0, offset: 0, message: "revision \(revision) was not recorded (the recorder did not get it)")
            }
            let first = (Self.lastIndex(in: updates, atOrBefore: keyframe.revision, key: { $0.revision }) ?? -1) + 1
            for update in updates[first...last] {
                do {
                    ops += try UpdateOp.decode(bytes[update.body])
                } catch {
                    throw RecordingError(line: update.line, offset: update.body.lowerBound, message: "update ops: \(error)")
                }
                opLines.append((ops.count, update))
            }
        }
        do {
            try UpdateOps.apply(ops, to: &document)
        } catch let error as UpdateOpError {
            let failing = opLines.first { $0.endIndex > (error.opIndex ?? 0) }?.update ?? keyframe
            throw RecordingError(
                line: failing.line, offset: failing.body.lowerBound,
                message: "revision \(failing.revision) does not apply: \(error.message)")
        } catch {
            throw RecordingError(line: keyframe.line, offset: keyframe.body.lowerBound, message: "\(error)")
        }
        document.revision = revision
        document.meta = header.meta
        return document
    }

    /// The last revision recorded at or before program frame `frame` (the first revision when
    /// `frame` is before it).
    public func revision(atFrame frame: Int) -> Int {
        revision(atOrBefore: { $0.frame <= frame })
    }

    /// The last revision recorded at or before program time `time` (seconds).
    public func revision(atTime time: Double) -> Int {
        revision(atOrBefore: { $0.time <= time + 1e-9 })
    }

    private func revision(atOrBefore isAtOrBefore: (RecordingLine.Moment) -> Bool) -> Int {
        let lastUpdate = Self.lastIndex(in: updates) { isAtOrBefore($0.moment) ? 0 : 1 }
        return lastUpdate.map { updates[$0].revision } ?? firstRevision
    }

    /// The last index whose key is at or before `target` (keys ascending); nil when none is.
    private static func lastIndex(in revisions: [Revision], atOrBefore target: Int, key: (Revision) -> Int) -> Int? {
        lastIndex(in: revisions) { key($0) <= target ? 0 : 1 }
    }

    /// Binary search over a partition: `side` is 0 for a prefix of `revisions` and 1 after it;
    /// returns the prefix's last index.
    private static func lastIndex(in revisions: [Revision], side: (Revision) -> Int) -> Int? {
        var low = 0
        var high = revisions.count
        while low < high {
            let middle = (low + high) / 2
            if side(revisions[middle]) == 0 { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}

/// Splits bytes into `\n`-terminated lines (a `\r` before the `\n` is left to the JSON reader,
/// which takes it for whitespace).
private struct LineSplitter {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> (range: Range<Int>, terminated: Bool)? {
        guard position < bytes.count else { return nil }
        let start = position
        let found = bytes.withUnsafeBufferPointer { buffer in
            memchr(buffer.baseAddress! + start, 0x0A, buffer.count - start).map {
                UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - buffer.baseAddress!
            }
        }
        if let newline = found {
            position = newline + 1
            return (start..<newline, true)
        }
        position = bytes.count
        return (start..<bytes.count, false)
    }
}
