#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recording's bytes: held in memory, or read from its file piece by piece (`pread`), so that
/// a reader that follows the index reads a few pieces of a file of hundreds of megabytes.
final class RecordingBytes: Sendable {
    private enum Storage {
        case memory([UInt8])
        /// An open file and its size when opened (a recording being written grows after it).
        case file(Int32)
    }

    private let storage: Storage
    let count: Int

    init(_ bytes: [UInt8]) {
        storage = .memory(bytes)
        count = bytes.count
    }

    /// Opens `path`; throws when it cannot be opened or is not a regular file.
    init(file path: String) throws(RecordingError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error("cannot be opened", path: path) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw RecordingError(line: 0, offset: 0, message: "\(path) is not a regular file")
        }
        storage = .file(descriptor)
        count = Int(status.st_size)
    }

    deinit {
        if case .file(let descriptor) = storage { close(descriptor) }
    }

    /// The bytes in `range` of the file (a file's are read now, into an array of their own).
    func read(_ range: Range<Int>) throws(RecordingError) -> Piece {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        switch storage {
        case .memory(let bytes):
            return Piece(bytes: bytes[range], offset: range.lowerBound)
        case .file(let descriptor):
            let bytes = try [UInt8](unsafeUninitializedCapacity: range.count) { buffer, filled throws(RecordingError) in
                while filled < range.count {
                    let read = pread(
                        descriptor, buffer.baseAddress! + filled, range.count - filled, off_t(range.lowerBound + filled))
                    if read > 0 {
                        filled += read
                    } else if read == 0 {
                        throw RecordingError(
                            line: 0, offset: range.lowerBound + filled,
                            message: "the file is shorter than when it was opened (\(count) bytes)")
                    } else if errno != EINTR {
                        throw Self.error("cannot be read", path: nil, at: range.lowerBound + filled)
                    }
                }
            }
            return Piece(bytes: bytes[...], offset: range.lowerBound)
        }
    }

    /// Bytes of the file from `offset` on, addressed by their offsets in the file.
    struct Piece {
        let bytes: ArraySlice<UInt8>
        let offset: Int

        var range: Range<Int> { offset..<offset + bytes.count }

        subscript(range: Range<Int>) -> ArraySlice<UInt8> {
            let start = bytes.startIndex - offset
            return bytes[(start + range.lowerBound)..<(start + range.upperBound)]
        }

        subscript(position: Int) -> UInt8 { bytes[bytes.startIndex - offset + position] }

        /// The offset of the first `\n` in `range`, if any.
        func newline(in range: Range<Int>) -> Int? {
            self[range].withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress, let found = memchr(base, 0x0A, buffer.count) else { return nil }
                return range.lowerBound + (UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base)
            }
        }

        /// The offset of the last `\n` in `range`, if any.
        func lastNewline(in range: Range<Int>) -> Int? {
            var position = range.upperBound
            while position > range.lowerBound {
                position -= 1
                if self[position] == 0x0A { return position }
            }
            return nil
        }

        /// The `\n`-terminated lines from `start` up to `end` (a last one without `\n` is cut short).
        func lines(from start: Int, to end: Int) -> Lines { Lines(piece: self, position: start, end: end) }

        struct Lines: Sequence, IteratorProtocol {
            let piece: Piece
            var position: Int
            let end: Int

            mutating func next() -> (range: Range<Int>, terminated: Bool)? {
                guard position < end else { return nil }
                let start = position
                if let newline = piece.newline(in: start..<end) {
                    position = newline + 1
                    return (start..<newline, true)
                }
                position = end
                return (start..<end, false)
            }
        }
    }

    private static func error(_ what: String, path: String?, at offset: Int = 0) -> RecordingError {
        let reason = String(cString: strerror(errno))
        return RecordingError(line: 0, offset: offset, message: "\(path.map { "\($0) " } ?? "the file ")\(what) (\(reason))")
    }
}
