import WeftLayout

/// Whether the host program is on screen, UIApplication's active / background states.
public enum ApplicationState: String, Sendable {
    /// In the foreground (`active`, the default) or not (`background`: containers count as not visible).
    case active, background
}

/// The node trees a main loop runs: roots (windows or screens) get every interface-state bit,
/// are laid out each frame, and their on-screen containers move and update their ranges.
extension MainLoop {
    /// Adds a root node with `frame` (its window); the tree enters the hierarchy state (all bits,
    /// cells excepted: their range controllers decide). Refused with a warning when the node
    /// already has a supernode or is a root.
    @discardableResult
    public func addRoot(_ node: DisplayNode, frame: Rect) -> Bool {
        if node.supernode != nil || roots.contains(where: { $0 === node }) || node.isRangeManaged {
            NodeDiagnostics.warn(node.id, "refused as a root: it is already in a tree")
            return false
        }
        roots.append(node)
        node.mainLoop = self
        node.layoutContext = LayoutContext(scale: screenScale)
        node.frame = frame
        node.setNeedsLayout()
        node.recursivelySetInterfaceState(.inHierarchy)
        noteChange()
        return true
    }

    /// Removes a root; its tree leaves every interface state.
    public func removeRoot(_ node: DisplayNode) {
        guard roots.contains(where: { $0 === node }) else { return }
        // `changeCount` sums the roots' revisions: keep the removed root's in the loop's own
        // count, so the counter never goes back (it could otherwise land on the value it had at
        // the last frame, other roots' changes making up the difference, and the frame would
        // say nothing changed).
        changes &+= node.revisions.tree
        roots.removeAll { $0 === node }
        node.mainLoop = nil
        node.recursivelySetInterfaceState([])
        noteChange()
    }

    /// Every container reachable through the roots' trees (on-screen cells included), parents
    /// first. Subtrees without a container are skipped without a visit
    /// (`containerCountInSubtree`): the animation phase lists them every frame.
    public var containers: [ContainerNode] {
        var result: [ContainerNode] = []
        for root in roots { root.appendContainers(to: &result, includingOffscreenCells: false) }
        return result
    }

    /// The host got a memory warning: every container's range controller reacts (displayed
    /// containers keep only their visible items, the others drop to
    /// `rangeModeForMemoryWarnings`, lowMemory by default).
    public func simulateMemoryWarning() {
        let controllers = allContainers()
        for container in controllers {
            container.rangeController.handleMemoryWarning(modeForOthers: rangeModeForMemoryWarnings)
        }
        for container in controllers { container.showVisibleCells() }
        memoryWarnings += 1
        noteChange()
        runStateChanged(.memoryWarning)
    }

    /// The host went to the background or came back: range controllers switch modes as Texture's
    /// do (section 6) and treat their containers as not visible while in the background. Node
    /// states outside containers do not change (Texture's do not either).
    public func setApplicationState(_ state: ApplicationState) {
        guard state != applicationState else { return }
        applicationState = state
        let controllers = allContainers()
        for container in controllers {
            state == .background ? container.rangeController.enterBackground() : container.rangeController.enterForeground()
        }
        for container in controllers { container.showVisibleCells() }
        noteChange()
        runStateChanged(.applicationState)
    }

    /// The containers of the roots' trees and of every cell in some range of them (nested
    /// containers in off-screen pages included), parents first: every range controller the
    /// program runs, as an inspector lists them (`DisplayNode.appendContainers`).
    public func allContainers() -> [ContainerNode] {
        var result: [ContainerNode] = []
        for root in roots { root.appendContainers(to: &result) }
        return result
    }

    /// The animation phase's built-in work: scrolling motion of on-screen containers.
    func advanceMotion(by dt: Double) {
        for container in containers { container.advanceMotion(by: dt) }
    }

    /// The layout phase's built-in work: lay out the roots, then update the containers.
    func layoutRoots() {
        for root in roots {
            root.layoutIfNeeded()
            // Containers shown by a container's update (nested ones) are updated in the same frame:
            // a node's subnodes are taken after its update. A node moved during the walk is
            // visited once: it keeps the number of the last walk that visited it, which costs
            // no hashing. Only subtrees holding a container are entered (`containerCountInSubtree`,
            // read when the subnodes are taken), since this runs every frame.
            containerUpdateWalks &+= 1
            let walk = containerUpdateWalks
            var pending = [root]
            while let node = pending.popLast() {
                guard node.containerUpdateWalk != walk else { continue }
                node.containerUpdateWalk = walk
                if let container = node as? ContainerNode { container.frameUpdate() }
                for subnode in node.subnodes.reversed() where subnode.containerCountInSubtree > 0 { pending.append(subnode) }
            }
        }
    }
}
