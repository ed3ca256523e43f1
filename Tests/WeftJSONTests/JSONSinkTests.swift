import Testing

@testable import WeftJSON

/// A reader puts the same pieces into either sink: `JSONBuilder` builds the object, the
/// writer's sink writes its JSON straight, and the two agree byte for byte.
@Suite struct JSONSinkTests {
    /// Members of every kind: numbers (with the snapshot's forms of infinity), strings that need
    /// escaping, booleans, a nested object, arrays of numbers and of objects.
    private func putEverything<Sink: JSONSink>(into sink: inout Sink) {
        sink.member("width", 12.5)
        sink.member("title", "a \"quoted\" line\n")
        sink.member("hidden", true)
        sink.key("font")
        sink.object { font in
            font.member("size", 16)
            font.member("weight", "bold")
        }
        sink.key("insets")
        sink.array { insets in
            for value in [1, 0, Double.infinity, -2] { insets.number(value) }
        }
        sink.key("targets")
        sink.array { targets in
            targets.object { $0.member("event", "touchUpInside") }
            targets.object { _ in }
        }
    }

    @Test("the built object, encoded, is the text the writer's sink writes")
    func bothSinksAgree() {
        let built = JSONBuilder.object { putEverything(into: &$0) }
        // Written by hand from the puts above: infinity is "inf", the quote and the newline
        // are escaped, an empty object is {} inside a value.
        let expected =
            #"{"width":12.5,"title":"a \"quoted\" line\n","hidden":true,"font":{"size":16,"weight":"bold"},"#
            + #""insets":[1,0,"inf",-2],"targets":[{"event":"touchUpInside"},{}]}"#
        #expect(JSONValue.object(built).jsonString == expected)

        var writer = JSONWriter()
        writer.nonEmptyObject("") { putEverything(into: &$0) }
        #expect(writer.string == expected)
    }

    @Test("an object nothing was put into is left out whole, its key with it")
    func emptyObjectIsLeftOut() {
        var writer = JSONWriter()
        writer.raw("{\"id\":1")
        writer.nonEmptyObject(",\"style\":") { _ in }
        writer.nonEmptyObject(",\"props\":") { $0.member("alpha", 0.5) }
        writer.byte(UInt8(ascii: "}"))
        #expect(writer.string == #"{"id":1,"props":{"alpha":0.5}}"#)
        #expect(JSONBuilder.object { _ in }.isEmpty)
    }
}
