import WeftJSON
import WeftNodes
import WeftSnapshot

/// The device methods of docs/protocol.md, dispatched by name. Each handler reads its params, acts on
/// the live trees and answers with pre-encoded result bytes or a `CommandError`.
extension CaptureSession {
    public typealias Reply = (Result<[UInt8], CommandError>) -> Void

    /// Serves one request on the main loop's thread. `reply` is called exactly once: at once,
    /// or for `Runtime.step` after the stepped frames (with `.worker` publishing: on the worker,
    /// after the updates produced before it), or for `Layout.evaluate` on the evaluation thread
    /// when it is done. Unknown methods get -32601, bad params -32602, unknown ids -32010, bad
    /// edit values -32011.
    ///
    /// No request holds the loop for long whatever its size: `Layout.evaluate`, which touches no
    /// node, is handed to a thread of its own (`LayoutEvaluator`) and answered from there; the
    /// other methods take small params, and larger ones are refused unread (-32602,
    /// `maximumParamsBytes`).
    public func handle(method: String, params: [UInt8], reply caller: @escaping Reply) {
        if method == LayoutEvaluation.method {
            evaluator.submit(params: params, reply: caller)
            return
        }
        let reply: Reply = { [publisher] result in publisher.afterPublishing { _ in caller(result) } }
        guard let handler = Self.handlers[method] else {
            reply(.failure(.methodNotFound(method)))
            return
        }
        guard params.count <= Self.maximumParamsBytes else {
            reply(.failure(.invalidParams("params of \(params.count) bytes: \(method) takes at most \(Self.maximumParamsBytes)")))
            return
        }
        let changesBefore = loop.changeCount
        do {
            let parsed = try CommandParams(bytes: params)
            switch try serving(method, { () throws(CommandError) in try handler(self, parsed) }) {
            case .now(let result):
                reply(.success(result))
            case .afterFrames(let frames):
                // Step orders its reply itself, and the frames it ran were seen (and streamed)
                // by the after-frame hook: their changes are not a change between frames.
                step(frames: frames, reply: caller)
                return
            }
        } catch {
            reply(.failure(error))
        }
        if loop.changeCount != changesBefore { treeChangedOutsideFrame() }
    }

    /// Runs a method's handler with `servedMethod` set: a change of the edits it makes names it.
    private func serving(_ method: String, _ body: () throws(CommandError) -> Answer) throws(CommandError) -> Answer {
        servedMethod = method
        defer { servedMethod = nil }
        return try body()
    }

    /// The methods this session serves, for documentation and tests.
    public static var methods: [String] { (Array(handlers.keys) + [LayoutEvaluation.method]).sorted() }

    /// The largest params a method served on the loop's thread takes (every one but
    /// `Layout.evaluate`): an id, a property and a value fit many times over, and reading it
    /// costs the loop well under a millisecond.
    public static let maximumParamsBytes = 64 << 10

    enum Answer {
        /// The result, ready.
        case now([UInt8])
        /// Run this many frames, then answer `{frame, revision}` (Runtime.step).
        case afterFrames(Int)
    }

    typealias Handler = @Sendable (CaptureSession, CommandParams) throws(CommandError) -> Answer

    private static let handlers: [String: Handler] = [
        "Tree.getDocument": { session, _ in .now(session.document().encoded()) },
        "Tree.getElement": { session, params throws(CommandError) in try session.getElement(params) },
        "Layout.getAsciiArt": { session, params throws(CommandError) in try session.getAsciiArt(params) },
        "Layout.setStyle": { session, params throws(CommandError) in try session.setStyle(params) },
        "Layout.setSpecProperty": { session, params throws(CommandError) in try session.setSpecProperty(params) },
        "Layout.revertEdits": { session, params throws(CommandError) in try session.revertEdits(params) },
        "Layout.getEdits": { session, _ in .now(session.editsList()) },
        "Layout.undoEdit": { session, _ throws(CommandError) in try session.undoEdit() },
        "Layout.redoEdit": { session, _ throws(CommandError) in try session.redoEdit() },
        "Layout.explain": { session, params throws(CommandError) in try session.explain(params) },
        "HitTest.probe": { session, params throws(CommandError) in try session.probe(params) },
        "Range.setTuningParameters": { session, params throws(CommandError) in try session.setTuningParameters(params) },
        "Scroll.setContentOffset": { session, params throws(CommandError) in try session.setContentOffset(params) },
        "Scroll.toItem": { session, params throws(CommandError) in try session.scrollToItem(params) },
        "Scroll.drag": { session, params throws(CommandError) in try session.drag(params) },
        "DevTools.call": { session, params throws(CommandError) in
            session.sendBeforeReply(try session.devTools.call(params, session: session))
        },
        "DevTools.inspectNode": { session, params throws(CommandError) in
            session.sendBeforeReply(try session.devTools.inspectNode(params, session: session))
        },
        "Runtime.pause": { session, _ in
            session.loop.pause()
            return .now(emptyObject)
        },
        "Runtime.resume": { session, _ in
            session.loop.resume()
            return .now(emptyObject)
        },
        "Runtime.step": { _, params throws(CommandError) in .afterFrames(try params.integer("frames", in: 1...maximumStep)) },
        "Runtime.getState": { session, _ in .now(session.runState()) },
        "Runtime.simulateMemoryWarning": { session, _ in
            session.loop.simulateMemoryWarning()
            return .now(emptyObject)
        },
        "Runtime.setApplicationState": { session, params throws(CommandError) in
            let state = try params.choice("state", ["active", "background"])
            session.loop.setApplicationState(state == "active" ? .active : .background)
            return .now(emptyObject)
        },
    ]

    /// Sends DevTools' events, then answers: Chrome sends `DOM.setChildNodes` before it answers
    /// `DOM.requestChildNodes`, and the frontend expects that order.
    private func sendBeforeReply(_ served: (result: [UInt8], events: [DevToolsAgent.Event])) -> Answer {
        for event in served.events {
            publisher.afterPublishing { [publisher] _ in publisher.sendEvent(event.method, event.params) }
        }
        return .now(served.result)
    }

    /// `{}`, the result of commands that only act.
    static let emptyObject: [UInt8] = Array("{}".utf8)

    /// The most frames one `Runtime.step` may ask for (a minute at 60 fps), so a typo cannot
    /// freeze the program for hours.
    static let maximumStep = 3600

    /// `{"element": Element}` (docs/protocol.md, Tree.getElement and the edits).
    static func elementResult(_ element: Snapshot.Element) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.raw("{\"element\":")
        element.encode(into: &writer)
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
    }
}
