import Testing

@testable import WeftLayout

/// Dimensions, layout sizes and element sizes: docs/texture-semantics.md section 1.
@Suite struct DimensionTests {
    @Test func resolvesEachUnit() {
        // auto -> the supplied auto value; points -> value; fraction -> value x parent.
        #expect(Dimension.auto.resolve(autoSize: 7, parentSize: 100) == 7)
        #expect(Dimension.points(12).resolve(autoSize: 7, parentSize: 100) == 12)
        #expect(Dimension.fraction(0.25).resolve(autoSize: 7, parentSize: 200) == 50)
        #expect(Dimension.fraction(0.5).resolve(autoSize: 7, parentSize: .nan).isNaN)
    }

    @Test func lenientParsingFollowsTexture() {
        // ASDimensionMake(NSString): "pt" suffix first, then "auto", then "%"; the number is the
        // leading numeric prefix; anything else is auto.
        #expect(Dimension(lenient: "10pt") == .points(10))
        #expect(Dimension(lenient: "12.5pt") == .points(12.5))
        #expect(Dimension(lenient: "50%") == .fraction(0.5))
        #expect(Dimension(lenient: "auto") == .auto)
        #expect(Dimension(lenient: "") == .auto)
        #expect(Dimension(lenient: "big") == .auto)
        #expect(Dimension(lenient: "xpt") == .points(0))
        #expect(Dimension(lenient: "10") == .auto)
        // NSString's doubleValue: a decimal prefix only (no inf, nan or hex), whitespace skipped.
        #expect(Dimension(lenient: " -2.5e1xpt") == .points(-25))
        #expect(Dimension(lenient: "infpt") == .points(0))
        #expect(Dimension(lenient: "0x10pt") == .points(0))
        #expect(Dimension(lenient: "7e%") == .fraction(0.07))
        #expect(Dimension(lenient: ".5%") == .fraction(0.005))
    }

    @Test func strictParsingAcceptsOnlyWellFormedDimensions() throws {
        #expect(try Dimension(parsing: "10pt") == .points(10))
        #expect(try Dimension(parsing: "-4.5pt") == .points(-4.5))
        #expect(try Dimension(parsing: "25%") == .fraction(0.25))
        #expect(try Dimension(parsing: "auto") == .auto)
        for bad in ["xpt", "10", "", "pt", "%", "10 pt", "1e999pt", "nanpt", "Auto", "10px"] {
            #expect(throws: DimensionParseError.self, "\(bad)") { try Dimension(parsing: bad) }
        }
    }

    @Test func descriptionsUseTexturesFormats() {
        // "%.0fpt", "%.0f%%" of value x 100, "Auto".
        #expect(Dimension.points(10).description == "10pt")
        #expect(Dimension.fraction(0.5).description == "50%")
        #expect(Dimension.auto.description == "Auto")
        #expect(Dimension.points(10.4).description == "10pt")
    }

    @Test func layoutElementSizeDescription() {
        // The example of docs/texture-semantics.md section 1.
        let size = LayoutElementSize(width: .fraction(0.25), minHeight: .fraction(0.5), maxWidth: .points(200))
        #expect(size.description == "<ASLayoutElementSize: exact={25%, Auto}, min={Auto, 50%}, max={200pt, Auto}>")
    }

    @Test func elementSizeResolvesInTexturesOrder() {
        let parent = Size(width: 200, height: 100)
        // No exact size: [min, max] with the auto range filling the gaps: [0, inf] by default.
        #expect(
            LayoutElementSize().resolve(parentSize: parent)
                == SizeRange(min: .zero, max: .infinite))
        // exact = 50% of 200 = 100 within [0, inf]: [100, 100]; height 30pt exactly.
        #expect(
            LayoutElementSize(width: .fraction(0.5), height: .points(30)).resolve(parentSize: parent)
                == SizeRange(exactly: Size(width: 100, height: 30)))
        // exact 300 > max 150 -> [150, 150]; exact 10 < min 20 -> [20, 20].
        #expect(
            LayoutElementSize(
                width: .points(300), height: .points(10), minHeight: .points(20),
                maxWidth: .points(150)
            ).resolve(parentSize: parent)
                == SizeRange(exactly: Size(width: 150, height: 20)))
        // max <= min wins over everything: min 80, max 40, exact 60 -> [80, 80].
        #expect(
            LayoutElementSize(width: .points(60), minWidth: .points(80), maxWidth: .points(40))
                .resolve(parentSize: parent).min.width == 80)
        // The auto range supplies min and max: {10, 20} to {30, 40}.
        let autoRange = SizeRange(min: Size(width: 10, height: 20), max: Size(width: 30, height: 40))
        #expect(LayoutElementSize().resolve(parentSize: parent, autoRange: autoRange) == autoRange)
    }
}
