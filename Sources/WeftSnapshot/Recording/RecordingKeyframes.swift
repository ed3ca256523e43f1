/// When a recorder writes a keyframe (docs/recording-format.md, "Keyframes"): after
/// `interval` updates, or sooner when the updates since the last keyframe weigh more than it.
/// Seeking then reads one keyframe and at most about as many bytes of ops, and keyframes stay
/// under about half of the file.
public struct RecordingKeyframes: Sendable {
    public let interval: Int
    private var updates = 0
    private var updateBytes = 0
    private var lastKeyframeBytes = 0

    public init(interval: Int) {
        self.interval = interval
    }

    /// An update line of `bytes` was written; returns whether a keyframe is due now.
    public mutating func updateWritten(bytes: Int) -> Bool {
        updates += 1
        updateBytes += bytes
        return updates >= interval || updateBytes >= lastKeyframeBytes
    }

    /// A keyframe line of `bytes` was written.
    public mutating func keyframeWritten(bytes: Int) {
        lastKeyframeBytes = bytes
        updates = 0
        updateBytes = 0
    }
}
