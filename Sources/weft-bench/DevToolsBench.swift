import WeftCapture
import WeftNodes

/// `devtools`: what Chrome DevTools' first look at a program costs the program: `DOM.getDocument`
/// of the whole tree (depth -1, what a script or an "expand all" asks), beside `Tree.getDocument`,
/// through the same request path (`CaptureSession.handle`), on a tree of 10 000 elements (feed
/// rows, as the capture suite's). Milliseconds of CPU on the loop's thread, best of a few rounds.
/// TextureGram's own figures come from `TextureGram --bench` (FeedBenchmark).
struct DevToolsBench: BenchSuite {
    let name = "devtools"

    func run(size: BenchSize, report: BenchReport) {
        let elements = size == .tiny ? 1_000 : 10_000
        let session = CaptureSession(loop: CaptureBench.rows(elements: elements))
        let times = Self.documentTimes(session, repeats: size == .tiny ? 2 : 7)
        let label = "\(elements / 1000)k elements"
        report.figure("Tree.getDocument (\(label))", times.tree * 1000, "ms", decimals: 2)
        report.figure("DOM.getDocument, depth -1 (\(label))", times.dom * 1000, "ms", decimals: 2)
    }

    /// The best CPU seconds of `Tree.getDocument` and of a DevTools connection's whole-tree
    /// `DOM.getDocument`, each answered in full (inline publishing: the reply is ready on return).
    static func documentTimes(_ session: CaptureSession, repeats: Int) -> (tree: Double, dom: Double) {
        let devTools = Array(#"{"session":1,"method":"DOM.getDocument","params":{"depth":-1}}"#.utf8)
        func best(_ method: String, _ params: [UInt8]) -> Double {
            (0..<repeats).map { _ in
                ThreadCPUClock.seconds {
                    session.handle(method: method, params: params) { result in
                        if case .failure(let error) = result { fatalError("\(method): \(error)") }
                    }
                }
            }.min()!
        }
        return (best("Tree.getDocument", []), best("DevTools.call", devTools))
    }
}
