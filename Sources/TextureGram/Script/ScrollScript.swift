import WeftLayout
import WeftNodes

/// The scripted finger: plays the pattern's drags one after the other, forever, on the main
/// loop's program time. Each is a real simulated drag (begin, move at `speed`, lift with that
/// velocity, then decelerate or settle on a page), so the range controllers see a user
/// scrolling: they switch to full mode and follow the direction, as on a device. Pausing the
/// loop pauses the script; on the manual clock every run plays the same frames.
final class ScrollScript {
    struct Settings: Hashable, Sendable {
        var pattern = ScrollPattern.standard
        /// Finger speed in points per second (also the release velocity).
        var speed = 1500.0
        /// How far each drag moves the content, in points (at most 40% of a page for pagers,
        /// so a drag turns one page).
        var distance = 480.0
        /// Seconds between the end of one drag and the start of the next.
        var rest = 1.0
        /// Seconds before the first drag (the feed loads and photos arrive).
        var startDelay = 0.5
    }

    private let loop: MainLoop
    private let settings: Settings
    private let resolve: (ScrollStep.Target) -> ContainerNode?
    private var nextStep = 0
    private var isRunning = false
    /// Drags played so far (for the status line).
    private(set) var dragCount = 0

    init(loop: MainLoop, settings: Settings, resolve: @escaping (ScrollStep.Target) -> ContainerNode?) {
        self.loop = loop
        self.settings = settings
        self.resolve = resolve
    }

    func start() {
        guard !isRunning else { return }
        isRunning = true
        loop.schedule(after: settings.startDelay) { [weak self] in self?.playNextStep() }
    }

    private func playNextStep() {
        let step = settings.pattern.steps[nextStep % settings.pattern.steps.count]
        nextStep += 1
        var duration = 0.0
        if let container = resolve(step.target) {
            duration = drag(container, step.direction)
        }
        loop.schedule(after: duration + settings.rest) { [weak self] in self?.playNextStep() }
    }

    /// Starts the drag; returns how long it takes.
    private func drag(_ container: ContainerNode, _ wanted: ScrollStep.Direction) -> Double {
        // A drag toward an edge the content already rests at goes the other way, so the demo
        // keeps moving at the end of the feed or the last page.
        let direction = isAtEdge(container, wanted) ? wanted.opposite : wanted
        var distance = settings.distance
        if container.pagingEnabled {
            distance = min(distance, 0.4 * (direction.isHorizontal ? container.frame.size.width : container.frame.size.height))
        }
        let delta: Point =
            switch direction {
            case .down: Point(x: 0, y: distance)
            case .up: Point(x: 0, y: -distance)
            case .right: Point(x: distance, y: 0)
            case .left: Point(x: -distance, y: 0)
            }
        let duration = distance / max(settings.speed, 1)
        container.drag(by: delta, duration: duration)
        dragCount += 1
        return duration
    }

    private func isAtEdge(_ container: ContainerNode, _ direction: ScrollStep.Direction) -> Bool {
        let offset = container.contentOffset
        let limit = container.maximumContentOffset
        let tolerance = 0.5
        return switch direction {
        case .up: offset.y <= tolerance
        case .down: offset.y >= limit.y - tolerance
        case .left: offset.x <= tolerance
        case .right: offset.x >= limit.x - tolerance
        }
    }
}
