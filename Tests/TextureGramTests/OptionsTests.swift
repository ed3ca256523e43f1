import XCTest

@testable import TextureGram

final class OptionsTests: XCTestCase {
    func testDefaults() throws {
        let options = try XCTUnwrap(Options.parse([]))
        XCTAssertNil(options.frames)
        XCTAssertNil(options.gateway)
        XCTAssertTrue(options.connects)
        XCTAssertTrue(options.scrolls)
        XCTAssertEqual(options.script.pattern, ScrollPattern.standard)
    }

    func testHelp() throws {
        XCTAssertNil(try Options.parse(["--help"]))
        XCTAssertNil(try Options.parse(["--frames", "3", "-h"]))
    }

    func testValues() throws {
        let options = try XCTUnwrap(
            Options.parse([
                "--gateway", "ws://127.0.0.1:1234", "--instance", "a", "--frames", "600", "--seed", "9",
                "--scroll-pattern", "feed:down, stories:left", "--scroll-speed", "800", "--scroll-rest", "0",
            ]))
        XCTAssertEqual(options.gateway, "ws://127.0.0.1:1234")
        XCTAssertEqual(options.instance, "a")
        XCTAssertEqual(options.frames, 600)
        XCTAssertEqual(options.seed, 9)
        XCTAssertEqual(options.script.pattern.description, "feed:down,stories:left")
        XCTAssertEqual(options.script.speed, 800)
        XCTAssertEqual(options.script.rest, 0)
    }

    func testBadInputIsAClearUsageError() {
        let cases: [([String], String)] = [
            (["--bogus"], "unknown option '--bogus'"),
            (["--frames"], "--frames needs a value"),
            (["--frames", "0"], "--frames needs a whole number from 1 to 1e9, not '0'"),
            (["--frames", "2.5"], "--frames needs a whole number from 1 to 1e9, not '2.5'"),
            (["--frames", "1e300"], "--frames needs a whole number from 1 to 1e9, not '1e300'"),
            (["--scroll-speed", "nan"], "--scroll-speed needs a number from 1 to 1e9, not 'nan'"),
            (["--seed", "-1"], "--seed needs a whole number >= 0, not '-1'"),
            (["--instance", ""], "--instance needs a non-empty name"),
            (["--gateway", "ws://x:1", "--no-gateway"], "--gateway and --no-gateway contradict each other"),
            (["--scroll-pattern", ""], "the scroll pattern has no steps"),
            (["--scroll-pattern", "feed:left"], "bad scroll step 'feed:left': feed scrolls up or down"),
            (["--scroll-pattern", "pages:down"], "bad scroll step 'pages:down': pages scrolls left or right"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try Options.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? CommandLineError)?.description, message, "\(arguments)")
            }
        }
        XCTAssertThrowsError(try Options.parse(["--scroll-pattern", "sideways:up"])) { error in
            XCTAssertTrue("\(error)".hasPrefix("bad scroll step 'sideways:up': expected TARGET:DIRECTION"), "\(error)")
        }
    }
}
