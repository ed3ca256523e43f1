import Foundation

/// Lines appended to the recording file, within its size limit (room kept for the end record).
/// Each line is written at once, so a session that stops in any way leaves a readable file.
struct SessionFileWriter {
    let file: FileHandle
    let limitBytes: Int
    private(set) var bytes = 0
    private(set) var isFull = false
    private(set) var failure: Error?

    init(file: FileHandle, limitBytes: Int) {
        self.file = file
        self.limitBytes = limitBytes
    }

    /// Appends `line` unless it would pass the limit (then the writer is full); returns whether it did.
    @discardableResult
    mutating func write(_ line: [UInt8]) -> Bool {
        guard !isFull, failure == nil else { return false }
        guard bytes + line.count + 160 <= limitBytes else {
            isFull = true
            return false
        }
        return append(line)
    }

    mutating func end(_ line: [UInt8]) {
        _ = append(line)
    }

    private mutating func append(_ line: [UInt8]) -> Bool {
        do {
            try file.write(contentsOf: line)
            bytes += line.count
            return true
        } catch {
            failure = error
            return false
        }
    }
}
