import Testing
import WeftJSON
import WeftSynthetic

@testable import WeftSnapshot

/// Bad input must give an error, never a crash or a hang: thousands of damaged documents
/// (truncated, bytes flipped, inserted or deleted) from a seeded generator.
@Suite struct MalformedInputTests {
    private static func damaged(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var copy = bytes
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            copy.removeSubrange(Int.random(in: 0..<copy.count, using: &random)...)
        case 1:
            copy[Int.random(in: 0..<copy.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        case 2:
            let structural: [UInt8] = Array("{}[]\",:\\0-.eE \u{00}".utf8) + [0xC3, 0xFF]
            copy.insert(structural.randomElement(using: &random)!, at: Int.random(in: 0...copy.count, using: &random))
        case 3:
            let start = Int.random(in: 0..<copy.count, using: &random)
            copy.removeSubrange(start..<min(copy.count, start + Int.random(in: 1...40, using: &random)))
        default:
            // Swap two bytes far apart (breaks nesting while keeping the byte counts).
            let i = Int.random(in: 0..<copy.count, using: &random)
            let j = Int.random(in: 0..<copy.count, using: &random)
            copy.swapAt(i, j)
        }
        return copy
    }

    @Test func damagedSnapshotsAreRejectedCleanly() {
        var random = SeededGenerator(seed: 99)
        let original = SyntheticFeed.snapshot(elementCount: 16, seed: 5)
        let bytes = original.encoded()
        var rejected = 0
        for _ in 0..<800 {
            let input = Self.damaged(bytes, &random)
            do {
                let decoded = try Snapshot(json: input)
                // Whatever still reads must also diff and re-encode.
                _ = SemanticDiff.compare(original, decoded)
                _ = UpdateOps.diff(original, decoded)
                _ = try Snapshot(json: decoded.encoded())
            } catch is JSONError {
                rejected += 1
            } catch {
                Issue.record("unexpected error type \(error)")
            }
        }
        #expect(rejected > 500)
    }

    @Test func damagedOpListsAreRejectedCleanly() {
        var random = SeededGenerator(seed: 7)
        var edits = RandomEdits(seed: 8)
        let a = edits.snapshot()
        let ops = UpdateOps.diff(a, edits.edited(a))
        let bytes = UpdateOp.encode(ops)
        guard bytes.count > 2 else { return }
        for _ in 0..<2000 {
            do {
                let decoded = try UpdateOp.decode(Self.damaged(bytes, &random))
                _ = try? UpdateOps.applying(decoded, to: a)  // may not fit: an error, not a crash
            } catch is JSONError {
            } catch {
                Issue.record("unexpected error type \(error)")
            }
        }
    }
}
