import Foundation
import Testing
import WeftSnapshot
import WeftTestSupport

/// `weft snapshot` of a program whose inspector answers badly, through the real gateway. The
/// gateway's HTTP API answers 502 when the device's reply is an error or is not JSON
/// (docs/protocol.md, HTTP API), and passes a well-formed reply on byte for byte. Whatever comes
/// back, the CLI says what happened in one line on stderr, exit status 2, and writes no file.
@Suite(.serialized) final class BrokenDeviceTests {
    let gateway: GatewayProcess
    let directory: TemporaryDirectory

    init() throws {
        // Forwarded requests time out after half a second (504), for the device that never answers.
        gateway = try GatewayProcess(arguments: ["--request-timeout", "0.5"])
        directory = try TemporaryDirectory()
    }

    deinit {
        directory.remove()
        gateway.stop()
    }

    /// `weft snapshot` of the device, expected to fail (exit status 2) with one line on stderr
    /// that starts and ends as given, and to write nothing.
    func expectOneLineFailure(
        snapshotting device: ScriptedDevice, starting prefix: String, ending suffix: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let run = CLIRun.weft([
            "snapshot", "--device", device.selector, "-o", directory.path("out.json"), "--gateway", gateway.webSocketURL,
        ])
        #expect(run.status == 2, sourceLocation: sourceLocation)
        #expect(
            run.stderr.hasPrefix("weft snapshot: " + prefix) && run.stderr.hasSuffix(suffix + "\n"), "\(run.stderr)",
            sourceLocation: sourceLocation)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(directory.files() == [], sourceLocation: sourceLocation)
    }

    /// A device's error message is its own text, which may span lines: it is shown on one line,
    /// after the device it came from.
    @Test func aDeviceErrorIsOneLineNamingTheDevice() throws {
        let device = try ScriptedDevice(gateway: gateway) { id in
            #"{"id":\#(id),"error":{"code":-32099,"message":"layout failed:\nnode n3 has no size"}}"#
        }
        expectOneLineFailure(
            snapshotting: device,
            starting: "device \"\(device.selector)\" sent no snapshot: layout failed: node n3 has no size (HTTP 502)")
    }

    @Test func aReplyThatIsNotJSONIsOneLine() throws {
        let device = try ScriptedDevice(gateway: gateway) { id in #"{"id":\#(id),"result":{"roots":[tru"# }
        expectOneLineFailure(
            snapshotting: device, starting: "device \"\(device.selector)\" sent no snapshot: the device's reply is not",
            ending: " (HTTP 502)")
    }

    /// docs/cli.md: a program that does not answer in time is the gateway's 504, exit status 2;
    /// the message says which device did not answer, not only that a request timed out.
    @Test func aDeviceThatNeverAnswersIsTheGatewaysTimeout() throws {
        let device = try ScriptedDevice(gateway: gateway) { _ in nil }
        expectOneLineFailure(
            snapshotting: device, starting: "device \"\(device.selector)\" did not answer in time (", ending: "(HTTP 504)")
    }

    /// docs/cli.md: a device that sends something other than a version-1 snapshot is exit
    /// status 2, and FILE is written whole or not at all.
    @Test func aSnapshotOfAnotherVersionIsRefused() throws {
        let device = try ScriptedDevice(gateway: gateway) { id in
            #"{"id":\#(id),"result":{"format":"weft.snapshot","version":2,"revision":1,"roots":[]}}"#
        }
        expectOneLineFailure(
            snapshotting: device,
            starting: "the program's snapshot: not a weft snapshot: version: unsupported snapshot version 2")
    }
}
