import Testing
import WeftSynthetic

@testable import WeftJSON

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct JSONWriterTests {
    private func number(_ value: Double) -> String {
        var writer = JSONWriter()
        writer.number(value)
        return writer.string
    }

    private func string(_ value: String) -> String {
        var writer = JSONWriter()
        writer.string(value)
        return writer.string
    }

    // Expected texts are the shortest decimals that read back as the same double (by hand:
    // 0.1 + 0.2 is the double just above 0.3, whose shortest form needs 17 digits).
    @Test func numbersUseTheShortestRoundTripForm() {
        #expect(number(0) == "0")
        #expect(number(-0.0) == "0")
        #expect(number(1) == "1")
        #expect(number(-42) == "-42")
        #expect(number(8.5) == "8.5")
        #expect(number(-190.25) == "-190.25")
        #expect(number(0.00390625) == "0.00390625")  // 1/256
        #expect(number(0.00048828125) == "0.00048828125")  // 1/2048: the fast path's finest step
        #expect(number(13.0 * 1901 / 2048) == "12.06689453125")  // a 13-point font's ascender
        #expect(number(32_767.5 + 1.0 / 2048) == "32767.50048828125")
        #expect(number(40_000 + 1.0 / 2048) == "40000.00048828125")  // past 2^15: description
        #expect(number(0.1) == "0.1")
        #expect(number(0.1 + 0.2) == "0.30000000000000004")
        #expect(number(1.0 / 3.0) == "0.3333333333333333")
        #expect(number(1e-7) == "1e-07")
        #expect(number(1e21) == "1e+21")
        #expect(number(9_007_199_254_740_991) == "9007199254740991")
        #expect(number(123_456.789) == "123456.789")
        #expect(number(2_000_000.5) == "2000000.5")
    }

    @Test func infinityAndNaNUseTheSnapshotForms() {
        #expect(number(.infinity) == "\"inf\"")
        #expect(number(-.infinity) == "\"-inf\"")
        #expect(number(.nan) == "null")
    }

    @Test func everyNumberReadsBackExactly() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let value: Double
            switch Int.random(in: 0..<5, using: &random) {
            case 0: value = Double(bitPattern: random.next())  // any double, NaN/inf excluded below
            case 1: value = Double(Int.random(in: -100_000...100_000, using: &random)) / 256
            case 2: value = Double.random(in: -1000...1000, using: &random)
            case 3: value = Double(Int.random(in: -10_000...10_000, using: &random)) / 3
            default: value = Double(Int.random(in: -70_000_000...70_000_000, using: &random)) / 2048
            }
            guard value.isFinite else { continue }
            let text = number(value)
            let parsed = try #require(try JSONReader.parse(text).number)
            #expect(parsed == value, "\(value) was written as \(text) and read back as \(parsed)")
            // Shortest: Swift's description is the shortest round-trip form (plus ".0" on whole numbers).
            #expect(text.count <= value.description.count)
            // The same digits as description's (which adds ".0" to whole numbers).
            if !value.description.contains("e") {
                #expect(text == value.description || text + ".0" == value.description, "\(value) was written as \(text)")
            }
        }
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharacters() {
        #expect(string("plain") == "\"plain\"")
        #expect(string("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(string("\n\r\t\u{08}\u{0C}") == "\"\\n\\r\\t\\b\\f\"")
        #expect(string("\u{01}\u{1F}") == "\"\\u0001\\u001f\"")
        #expect(string("\u{7F}") == "\"\u{7F}\"")  // DEL is not a control character in JSON
        #expect(string("é 😀 /") == "\"é 😀 /\"")  // non-ASCII stays UTF-8; '/' needs no escape
        // Short strings are copied in one pass, long ones in runs: escapes are found in both.
        let long = String(repeating: "abcdefgh", count: 5)
        #expect(string(long) == "\"\(long)\"")
        #expect(string(long + "\"" + long) == "\"\(long)\\\"\(long)\"")
        #expect(string(String(repeating: "x", count: 31) + "\n") == "\"" + String(repeating: "x", count: 31) + "\\n\"")
        #expect(string(String(repeating: "x", count: 32) + "\t") == "\"" + String(repeating: "x", count: 32) + "\\t\"")
        // Short strings are checked eight bytes at a time, then byte by byte: an escape in a
        // whole word, in the tail after one, and in a second word.
        #expect(string("abcdefg\"") == "\"abcdefg\\\"\"")
        #expect(string("abcdefghij\\k") == "\"abcdefghij\\\\k\"")
        #expect(string("0123456789abcde\n") == "\"0123456789abcde\\n\"")
        #expect(string("0123456789abcdef") == "\"0123456789abcdef\"")
    }

    /// From a small buffer through the doublings past 8 MB, where the buffer is aligned for huge
    /// pages: nine chunks of 1 MB, chunk k filled with the byte k, read back in order.
    @Test func aBufferGrownPastHugePageSizesKeepsEveryByte() {
        let chunk = 1 << 20
        var writer = JSONWriter(capacity: 64)
        for k in 0..<9 { writer.raw(bytes: [UInt8](repeating: UInt8(k), count: chunk)) }
        #expect(writer.count == 9 * chunk)
        writer.withBytes { bytes in
            for k in 0..<9 {
                let expected = [UInt8](repeating: UInt8(k), count: chunk)
                #expect(memcmp(bytes.baseAddress! + k * chunk, expected, chunk) == 0)
            }
        }
    }

    @Test func objectsKeepTheirOrder() {
        let value: JSONValue = ["z": 1, "a": [true, nil, "x"], "m": ["k": 0.5]]
        #expect(value.jsonString == #"{"z":1,"a":[true,null,"x"],"m":{"k":0.5}}"#)
    }

    // Containers whose one-line form fits in 100 columns (counting indentation and key) stay on
    // one line; longer ones are split, one member per line.
    @Test func indentedOutputKeepsShortContainersOnOneLine() throws {
        let long = String(repeating: "x", count: 80)
        let input = #"{"a":[1,2],"b":{"c":[],"d":{}},"e":[{"f":1}],"g":{"h":""# + long + #"","i":[1]}}"#
        let text = String(decoding: try JSONFormatter.indent(Array(input.utf8)), as: UTF8.self)
        #expect(
            text == """
                {
                  "a": [1, 2],
                  "b": {"c": [], "d": {}},
                  "e": [{"f": 1}],
                  "g": {
                    "h": "\(long)",
                    "i": [1]
                  }
                }

                """)
        #expect(
            String(decoding: try JSONFormatter.indent(Array("[1,{\"a\":null}]".utf8)), as: UTF8.self) == "[1, {\"a\": null}]\n")
    }
}
