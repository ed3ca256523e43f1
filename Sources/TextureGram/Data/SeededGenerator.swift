import WeftSnapshot
import WeftSynthetic

/// The feed's randomness is WeftSynthetic's `SeededGenerator` (SplitMix64): the same seed gives
/// the same feed on every machine and every run, which `--frames N` checkpoints rely on. Swift's
/// `SystemRandomNumberGenerator` and `Hasher` are seeded per process, so neither is used.
extension SeededGenerator {
    /// A generator for one item, independent of how many items were made before it: post 57
    /// is the same post whether the feed loaded 20 or 200 items first.
    static func forItem(_ index: Int, kind: UInt64, seed: UInt64) -> SeededGenerator {
        var mixer = SeededGenerator(seed: seed ^ (kind &* 0xD6E8_FEB8_6659_FD93) ^ UInt64(truncatingIfNeeded: index))
        return SeededGenerator(seed: mixer.next())
    }
}
