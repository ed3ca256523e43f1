import WeftJSON

/// A recording (docs/recording-format.md): its header, keyframes, markers and end, with the
/// documents and ops decoded only when a moment is asked for (`snapshot(atRevision:)`).
///
/// Opening reads the header and the last line. When that is an `end` record with its index
/// ("Index"), the index says where every keyframe and marker is: opening then reads nothing
/// else but the markers, and seeking reads one keyframe's line and the updates after it, so
/// both cost the same whatever the file's length. Otherwise (a run killed before its end, a
/// writer that keeps no index) opening reads every line and checks every line's envelope (kind,
/// numbers, the revisions following each other), failing with the line and byte offset of the
/// first that is wrong; an index it meets on the way must match the lines. A last line cut
/// short (a program killed while writing) is dropped and reported in `truncatedTail`; a line
/// cut short anywhere else is an error. Seeking checks the lines it reads the same way, and a
/// keyframe that is not where the index says is an error too.
public struct Recording: Sendable {
    public struct Header: Sendable {
        public var meta: Snapshot.Meta
        public var keyframeInterval: Int
        public var limitBytes: Int
    }

    /// A keyframe: its revision, when it was recorded, and where its line is.
    public struct Revision: Sendable {
        public var revision: Int
        public var moment: RecordingLine.Moment
        /// The line (1-based) and the byte offset where it starts.
        public var line: Int
        public var offset: Int
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
    /// Every keyframe, in revision order (the first is the first revision recorded).
    public private(set) var keyframes: [Revision] = []
    /// Every marker, by frame.
    public private(set) var markers: [Marker] = []
    /// The end record; nil when the program stopped without writing one (killed, crashed).
    public private(set) var end: End?
    /// The line number of a last line that was cut short and dropped, if any.
    public private(set) var truncatedTail: Int?
    /// Whether opening followed the index in the end record rather than reading every line.
    public private(set) var isIndexed = false

    /// The first and last revisions recorded.
    public var firstRevision: Int { keyframes[0].revision }
    public private(set) var lastRevision = 0
    /// The program frames and times of the first and last records (markers aside).
    public var firstMoment: RecordingLine.Moment { keyframes[0].moment }
    public private(set) var lastMoment = RecordingLine.Moment(frame: 0, time: 0)

    private let bytes: RecordingBytes
    /// Where the lines after the last keyframe stop: the end record, a last line cut short, or
    /// the end of the file.
    private var recordsEnd = 0

    /// The recording in `bytes`.
    public init(bytes: [UInt8]) throws(RecordingError) {
        try self.init(RecordingBytes(bytes))
    }

    /// The recording in the file at `path`, read as far as opening and each seek need (the
    /// file stays open while the value lives).
    public init(contentsOfFile path: String) throws(RecordingError) {
        try self.init(RecordingBytes(file: path))
    }

    private init(_ bytes: RecordingBytes) throws(RecordingError) {
        self.bytes = bytes
        guard bytes.count > 0 else {
            throw RecordingError(line: 1, offset: 0, message: "empty file: not a Weft recording")
        }
        var piece = try bytes.read(0..<min(bytes.count, Self.pieceSize))
        var newline = piece.newline(in: piece.range)
        if newline == nil, piece.range.count < bytes.count {
            piece = try bytes.read(0..<bytes.count)
            newline = piece.newline(in: piece.range)
        }
        let headerEnd = newline.map { $0 + 1 } ?? bytes.count
        header = try Self.readHeader(piece[0..<(newline ?? bytes.count)], offset: 0)
        if try !openThroughIndex(headerEnd: headerEnd) {
            try scan(piece.range.count == bytes.count ? piece : bytes.read(0..<bytes.count), headerEnd: headerEnd)
        }
        markers.sort { ($0.moment.frame, $0.revision) < ($1.moment.frame, $1.revision) }
    }

    /// What opening reads first of the header and of the last line.
    private static let pieceSize = 1 << 16

    // MARK: Opening

    private static func readHeader(_ line: ArraySlice<UInt8>, offset: Int) throws(RecordingError) -> Header {
        func fail(_ message: String) -> RecordingError { RecordingError(line: 1, offset: offset, message: message) }
        let fields: [String: JSONValue]
        do {
            guard case .object(let object) = try JSONReader.parse(line) else {
                throw fail("not a Weft recording: the first line is not a JSON object")
            }
            fields = Dictionary(object.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        } catch let error as RecordingError {
            throw error
        } catch {
            throw fail("not a Weft recording: the first line is not JSON (\(error))")
        }
        guard fields["format"]?.string == RecordingLine.format else {
            let found = fields["format"]?.string.map { "\"\($0)\"" } ?? "none"
            throw fail("not a Weft recording: format is \(found), expected \"\(RecordingLine.format)\"")
        }
        guard let version = fields["version"]?.integer else { throw fail("the header has no integer \"version\"") }
        guard version == RecordingLine.version else {
            throw fail("recording version \(version) is not supported (this weft reads version \(RecordingLine.version))")
        }
        guard let interval = fields["keyframeInterval"]?.integer, interval > 0,
            let limit = fields["limitBytes"]?.integer, limit > 0
        else {
            throw fail("the header needs positive integers \"keyframeInterval\" and \"limitBytes\"")
        }
        var meta = Snapshot.Meta()
        if let metaValue = fields["meta"] {
            var writer = JSONWriter(capacity: 256)
            writer.raw("{\"format\":\"weft.snapshot\",\"version\":1,\"meta\":")
            writer.value(metaValue)
            writer.raw(",\"roots\":[]}")
            do { meta = try Snapshot(json: writer.bytes).meta } catch {
                throw fail("the header's meta is invalid: \(error)")
            }
        }
        return Header(meta: meta, keyframeInterval: interval, limitBytes: limit)
    }

    /// Opens through the index when the last line is an `end` record with one that fits the
    /// file, reading the marker lines it names; returns false otherwise (the caller scans,
    /// which names what is wrong). Only a failing read throws.
    private mutating func openThroughIndex(headerEnd: Int) throws(RecordingError) -> Bool {
        let count = bytes.count
        guard count > headerEnd else { return false }
        // The last line, ended by the file's last byte, a `\n`.
        var tailSize = Self.pieceSize
        var tail: RecordingBytes.Piece
        var endOffset: Int
        while true {
            let from = max(headerEnd, count - tailSize)
            tail = try bytes.read(from..<count)
            guard tail[count - 1] == 0x0A else { return false }
            if let newline = tail.lastNewline(in: from..<(count - 1)) {
                endOffset = newline + 1
                break
            }
            guard from > headerEnd else { return false }
            tailSize *= 4
        }
        guard let end = try? RecordingRecord.read(endOffset..<(count - 1), of: tail, line: 0, checkingTheBody: true),
            end.kind == .end, let reason = end.reason, let index = end.index,
            let entries = RecordingIndex.entries(of: index, header: headerEnd, end: endOffset),
            let last = entries.keyframes.last, end.revision >= last.revision,
            end.moment.frame >= last.moment.frame, end.moment.time >= last.moment.time
        else { return false }
        var markers: [Marker] = []
        for entry in entries.markers {
            // A marker line is short: a little more than a hundred bytes, unless its detail is long.
            var piece = try bytes.read((entry.offset - 1)..<min(endOffset, entry.offset + 512))
            if piece.newline(in: entry.offset..<piece.range.upperBound) == nil {
                piece = try bytes.read((entry.offset - 1)..<endOffset)
            }
            guard piece[entry.offset - 1] == 0x0A, let newline = piece.newline(in: entry.offset..<piece.range.upperBound),
                let record = try? RecordingRecord.read(
                    entry.offset..<newline, of: piece, line: entry.line, checkingTheBody: false),
                record.kind == .marker, let marker = record.marker
            else { return false }
            markers.append(Marker(revision: record.revision, moment: record.moment, marker: marker))
        }
        keyframes = entries.keyframes.map {
            Revision(revision: $0.revision, moment: $0.moment, line: $0.line, offset: $0.offset)
        }
        self.markers = markers
        self.end = End(revision: end.revision, moment: end.moment, reason: reason)
        lastRevision = end.revision
        lastMoment = end.moment
        recordsEnd = endOffset
        isIndexed = true
        return true
    }

    /// Reads every line after the header, checking each envelope and the order rules.
    private mutating func scan(_ piece: RecordingBytes.Piece, headerEnd: Int) throws(RecordingError) {
        var order = RecordingOrder()
        var lineNumber = 1
        var indexed: (keyframes: [RecordingIndex.Entry], markers: [RecordingIndex.Entry]) = ([], [])
        var endRecord: (record: RecordingRecord, line: Int, offset: Int)?
        recordsEnd = piece.range.upperBound
        for line in piece.lines(from: headerEnd, to: piece.range.upperBound) {
            lineNumber += 1
            if line.range.isEmpty { continue }
            let offset = line.range.lowerBound
            let record: RecordingRecord
            do {
                record = try RecordingRecord.read(line.range, of: piece, line: lineNumber, checkingTheBody: !line.terminated)
            } catch {
                if !line.terminated, error.message.hasPrefix("not JSON") {
                    truncatedTail = lineNumber
                    recordsEnd = offset
                    break
                }
                throw error
            }
            try order.admit(record, line: lineNumber, offset: offset)
            switch record.kind {
            case .keyframe:
                keyframes.append(Revision(revision: record.revision, moment: record.moment, line: lineNumber, offset: offset))
                indexed.keyframes.append(
                    RecordingIndex.Entry(offset: offset, line: lineNumber, revision: record.revision, moment: record.moment))
            case .update:
                break
            case .marker:
                markers.append(Marker(revision: record.revision, moment: record.moment, marker: record.marker!))
                indexed.markers.append(RecordingIndex.Entry(offset: offset, line: lineNumber))
            case .end:
                end = End(revision: record.revision, moment: record.moment, reason: record.reason!)
                endRecord = (record, lineNumber, offset)
                recordsEnd = offset
            }
        }
        guard !keyframes.isEmpty else {
            throw RecordingError(line: lineNumber, offset: bytes.count, message: "no keyframe: the recording holds no document")
        }
        lastRevision = order.lastRevision
        lastMoment = order.lastMoment
        // An index that does not say what the lines say would send a reader that follows it
        // elsewhere.
        if let endRecord, let index = endRecord.record.index {
            let entries = RecordingIndex.entries(of: index, header: headerEnd, end: endRecord.offset)
            guard let entries, entries.keyframes == indexed.keyframes, entries.markers == indexed.markers,
                endRecord.record.revision == lastRevision
            else {
                throw RecordingError(
                    line: endRecord.line, offset: endRecord.offset,
                    message: "the end record's index does not match the recording's lines (changed after it was written?)")
            }
        }
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
        let keyframeIndex = Self.lastIndex(in: keyframes) { $0.revision <= revision }!
        let keyframe = keyframes[keyframeIndex]
        let span = try span(after: keyframeIndex) { $0.revision > revision }
        var document: Snapshot
        do {
            document = try Snapshot(json: span.piece[span.document])
        } catch {
            throw RecordingError(line: keyframe.line, offset: span.document.lowerBound, message: "keyframe document: \(error)")
        }
        guard document.revision == keyframe.revision else {
            throw RecordingError(
                line: keyframe.line, offset: span.document.lowerBound,
                message: "keyframe's document is revision \(document.revision), not \(keyframe.revision)")
        }
        // Every update after the keyframe up to `revision`, applied in one pass over one tree.
        guard revision == keyframe.revision || span.updates.last?.revision == revision else {
            throw RecordingError(
                line: 0, offset: 0, message: "revision \(revision) was not recorded (the recorder did not get it)")
        }
        var ops: [UpdateOp] = []
        var opLines: [(endIndex: Int, update: Span.Update)] = []
        for update in span.updates {
            do {
                ops += try UpdateOp.decode(span.piece[update.body])
            } catch {
                throw RecordingError(line: update.line, offset: update.body.lowerBound, message: "update ops: \(error)")
            }
            opLines.append((ops.count, update))
        }
        do {
            try UpdateOps.apply(ops, to: &document)
        } catch let error as UpdateOpError {
            guard let failing = opLines.first(where: { $0.endIndex > (error.opIndex ?? 0) })?.update else {
                throw RecordingError(line: keyframe.line, offset: keyframe.offset, message: "\(error.message)")
            }
            throw RecordingError(
                line: failing.line, offset: failing.body.lowerBound,
                message: "revision \(failing.revision) does not apply: \(error.message)")
        } catch {
            throw RecordingError(line: keyframe.line, offset: keyframe.offset, message: "\(error)")
        }
        document.revision = revision
        document.meta = header.meta
        return document
    }

    /// The last revision recorded at or before program frame `frame` (the first revision when
    /// `frame` is before it).
    public func revision(atFrame frame: Int) throws(RecordingError) -> Int {
        try revision(atOrBefore: { $0.frame <= frame })
    }

    /// The last revision recorded at or before program time `time` (seconds).
    public func revision(atTime time: Double) throws(RecordingError) -> Int {
        try revision(atOrBefore: { $0.time <= time + 1e-9 })
    }

    private func revision(atOrBefore isAtOrBefore: (RecordingLine.Moment) -> Bool) throws(RecordingError) -> Int {
        // Moments never go back: the last keyframe at or before the moment, then its updates.
        guard let keyframeIndex = Self.lastIndex(in: keyframes, where: { isAtOrBefore($0.moment) }) else {
            return firstRevision
        }
        let span = try span(after: keyframeIndex) { !isAtOrBefore($0.moment) }
        return span.updates.last?.revision ?? keyframes[keyframeIndex].revision
    }

    /// A keyframe's line and the updates after it, read and checked.
    private struct Span {
        struct Update {
            var revision: Int
            var line: Int
            var body: Range<Int>
        }

        var piece: RecordingBytes.Piece
        /// The keyframe's `document`.
        var document: Range<Int>
        var updates: [Update] = []
    }

    /// Reads keyframe `index`'s line and the updates after it, up to the next keyframe or the
    /// first update `isPast` (left out).
    private func span(after index: Int, stoppingAt isPast: (RecordingRecord) -> Bool) throws(RecordingError) -> Span {
        let keyframe = keyframes[index]
        let next = index + 1 < keyframes.count ? keyframes[index + 1] : nil
        let stop = next?.offset ?? recordsEnd
        func misplaced(_ what: String, line: Int, offset: Int) -> RecordingError {
            RecordingError(
                line: line, offset: offset,
                message: "\(what) (the index in the end record does not match the lines: changed after it was written?)")
        }
        let piece = try bytes.read((keyframe.offset - 1)..<stop)
        var lines = piece.lines(from: keyframe.offset, to: stop)
        guard piece[keyframe.offset - 1] == 0x0A, let first = lines.next(),
            let record = try? RecordingRecord.read(
                first.range, of: piece, line: keyframe.line, checkingTheBody: !first.terminated),
            record.kind == .keyframe, record.revision == keyframe.revision, record.moment == keyframe.moment,
            let document = record.body
        else {
            throw misplaced(
                "no keyframe of revision \(keyframe.revision) starts here", line: keyframe.line, offset: keyframe.offset)
        }
        var span = Span(piece: piece, document: document)
        var order = RecordingOrder(after: keyframe)
        var lineNumber = keyframe.line
        while let line = lines.next() {
            lineNumber += 1
            if line.range.isEmpty { continue }
            let offset = line.range.lowerBound
            let record = try RecordingRecord.read(line.range, of: piece, line: lineNumber, checkingTheBody: !line.terminated)
            try order.admit(record, line: lineNumber, offset: offset)
            switch record.kind {
            case .update:
                if isPast(record) { return span }
                span.updates.append(Span.Update(revision: record.revision, line: lineNumber, body: record.body!))
            case .marker:
                continue
            case .keyframe, .end:
                throw misplaced("a \(record.kind) the index does not name", line: lineNumber, offset: offset)
            }
        }
        if let next, next.line != lineNumber + 1 {
            throw misplaced(
                "the keyframe of revision \(next.revision) is not line \(next.line)", line: next.line, offset: next.offset)
        }
        return span
    }

    /// The last index of `keyframes` where `isAtOrBefore` holds, which holds for a prefix of
    /// them; nil when it holds for none.
    private static func lastIndex(in keyframes: [Revision], where isAtOrBefore: (Revision) -> Bool) -> Int? {
        var low = 0
        var high = keyframes.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrBefore(keyframes[middle]) { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
