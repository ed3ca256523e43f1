/// A small, fast, seeded random number generator (SplitMix64): the same seed gives the same
/// feed on every machine and every run, which `--frames N` checkpoints rely on. Swift's
/// `SystemRandomNumberGenerator` and `Hasher` are seeded per process, so neither is used.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A generator for one item, independent of how many items were made before it: post 57
    /// is the same post whether the feed loaded 20 or 200 items first.
    static func forItem(_ index: Int, kind: UInt64, seed: UInt64) -> SeededGenerator {
        var mixer = SeededGenerator(seed: seed ^ (kind &* 0xD6E8_FEB8_6659_FD93) ^ UInt64(truncatingIfNeeded: index))
        return SeededGenerator(seed: mixer.next())
    }
}
