/// Why a byte sequence is not the JSON the reader expected, with the byte offset where it
/// went wrong (reported in -32700 / -32600 error messages).
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public let offset: Int
    public let reason: String

    public var description: String { "\(reason) at byte \(offset)" }
}
