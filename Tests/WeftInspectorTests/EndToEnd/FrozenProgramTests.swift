import Foundation
import Testing
import WeftJSON
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// A program frozen as a whole (SIGSTOP, as a debugger stopped at a breakpoint freezes it) for
/// longer than the gateway's request time-out: the inspector is told -32002, and the edit must
/// not apply when the program resumes and reads it. The program judges it on the gateway's clock
/// (`expiresAt`, `gatewayTime`: docs/client.md, "Requests the gateway gave up on").
@Suite("A frozen program does not apply edits the gateway timed out")
struct FrozenProgramTests {
    @Test func anEditSentWhileFrozenIsNotAppliedOnResume() async throws {
        let rig = try await Rig(gatewayArguments: ["--request-timeout", "1"])
        let screen = try #require(try await rig.document().roots.first)
        // The header row: the screen's vertical stack (n/0), its inset (n/0.0), the row (n/0.0.0).
        let header = "\(screen.id)/0.0.0"
        func spacing() async throws -> JSONValue? { try await rig.document().element(withId: header)?.props["spacing"] }
        #expect(try await spacing() == 12)

        rig.host.process.signal(SIGSTOP)
        var resumed = false
        defer { if !resumed { rig.host.process.signal(SIGCONT) } }
        let edit = await rig.call("Layout.setSpecProperty", ["id": .string(header), "property": "spacing", "value": 30])
        guard case .failure(let error) = edit else {
            Issue.record("the frozen program answered the edit: \(edit)")
            return
        }
        #expect(error.code == .timedOut)
        // Frozen a while longer than the time-out, then resumed: it reads the edit only now.
        try await Task.sleep(for: .milliseconds(300))
        rig.host.process.signal(SIGCONT)
        resumed = true

        // The program serves requests in order: the edit was refused before this document.
        #expect(try await spacing() == 12, "the edit its sender was told timed out was applied on resume")
        // The program keeps serving: the next edit applies.
        let applied = try await rig.result("Layout.setSpecProperty", ["id": .string(header), "property": "spacing", "value": 30])
        #expect(applied["element"]?["props"]?["spacing"] == 30)
        #expect(try await spacing() == 30)
    }
}
