/// Why a recording could not be read: the line (1-based) and the byte offset in the file where
/// reading stopped, and what was wrong.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var offset: Int
    public var message: String

    public init(line: Int, offset: Int, message: String) {
        self.line = line
        self.offset = offset
        self.message = message
    }

    /// `line 12 (byte 4031): update 41 does not follow revision 39`.
    public var description: String { "line \(line) (byte \(offset)): \(message)" }
}
