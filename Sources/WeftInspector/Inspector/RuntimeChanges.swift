import WeftNodes

/// What an inspector changed in the running program besides layout edits (those are the capture
/// session's, reverted by `CaptureSession.stop()`): whether it runs (`Runtime.pause` /
/// `Runtime.resume`), its application state (`Runtime.setApplicationState`) and its range
/// controllers' tuning (`Range.setTuningParameters`). `detach()` puts them back, so a program
/// is left as it was before someone inspected it: never paused for good by a closed browser tab.
///
/// Each setting is put back only while it still holds what the inspector's last request left:
/// a program that paused, resumed or retuned itself since has the last word. Scrolling, steps
/// and memory warnings are events the program went through, not settings: they stay.
///
/// `RequestServer` calls `willServe` and `didServe` around each request on the loop's thread
/// (these methods act at once, before their answer), and `Inspector.detach()` calls `restore`.
final class RuntimeChanges {
    /// A setting's value before the inspector's first change, and after its last.
    private struct Change<Value: Equatable> {
        let original: Value
        var leftByInspector: Value

        init(_ value: Value) {
            original = value
            leftByInspector = value
        }

        /// Whether `current` should go back to `original`: the inspector changed it, and it
        /// still holds what the inspector left.
        func shouldRestore(_ current: Value) -> Bool {
            leftByInspector != original && current == leftByInspector
        }
    }

    /// A retuned container's whole tuning table (the request's params are not read here).
    private struct Tuning {
        weak var container: ContainerNode?
        var change: Change<RangeTuningTable>
    }

    private let loop: MainLoop
    private var paused: Change<Bool>?
    private var applicationState: Change<ApplicationState>?
    private var tunings: [ObjectIdentifier: Tuning] = [:]
    /// The tables of every container, taken before a `Range.setTuningParameters`.
    private var tablesBefore: [(container: ContainerNode, table: RangeTuningTable)] = []

    init(loop: MainLoop) {
        self.loop = loop
    }

    func willServe(_ method: String) {
        switch method {
        case "Runtime.pause", "Runtime.resume":
            if paused == nil { paused = Change(loop.isPaused) }
        case "Runtime.setApplicationState":
            if applicationState == nil { applicationState = Change(loop.applicationState) }
        case "Range.setTuningParameters":
            tablesBefore = loop.allContainers().map { ($0, $0.rangeController.tuning) }
        default:
            break
        }
    }

    func didServe(_ method: String) {
        switch method {
        case "Runtime.pause", "Runtime.resume":
            paused?.leftByInspector = loop.isPaused
        case "Runtime.setApplicationState":
            applicationState?.leftByInspector = loop.applicationState
        case "Range.setTuningParameters":
            for (container, before) in tablesBefore {
                let now = container.rangeController.tuning
                let key = ObjectIdentifier(container)
                if tunings[key]?.container == nil {
                    guard now != before else { continue }
                    tunings[key] = Tuning(container: container, change: Change(before))
                }
                tunings[key]?.change.leftByInspector = now
            }
            tablesBefore = []
        default:
            break
        }
    }

    /// Puts back what the inspector changed and the program did not change again since.
    func restore() {
        if let paused, paused.shouldRestore(loop.isPaused) {
            paused.original ? loop.pause() : loop.resume()
        }
        if let applicationState, applicationState.shouldRestore(loop.applicationState) {
            loop.setApplicationState(applicationState.original)
        }
        for tuning in tunings.values {
            guard let container = tuning.container else { continue }
            let controller = container.rangeController
            for mode in RangeMode.allCases {
                for type in RangeType.allCases {
                    var entry = Change(tuning.change.original[mode, type])
                    entry.leftByInspector = tuning.change.leftByInspector[mode, type]
                    if entry.shouldRestore(controller.tuningParameters(for: mode, type)) {
                        controller.setTuningParameters(entry.original, for: mode, type)
                    }
                }
            }
            container.noteChange()
        }
        paused = nil
        applicationState = nil
        tunings = [:]
    }
}
