import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot

/// The inspector's edits (`Layout.setStyle`, `Layout.setSpecProperty`) and how they survive
/// relayouts (docs/protocol.md, Identity of elements).
///
/// Specs are rebuilt on every layout pass, so an edit of a spec is kept as an override on its
/// structural id and re-applied to each new spec tree its owner builds (through an observer of
/// the main loop's spec builds, `addLayoutSpecObserver`, installed only while there are edits,
/// before the tree is laid out). When the id's path no longer leads to a
/// spec of the edited type, the override is dropped and `onDropped` reports it
/// (`Layout.editDropped`). A node's style belongs to the node, so a style edit of a node is
/// written once and re-applied after its supernode builds its spec (hosts often set their
/// subnodes' style there); reverting writes the original values back.
///
/// The store is also the program's list of live edits, the one every attached inspector shows
/// (`Layout.editsChanged`, `Layout.getEdits`): each edit with its element's name and path, the
/// value before and who made it, and the history Undo and Redo walk (`undo`, `redo`), so that
/// an edit made from one inspector is undone from another.
///
/// Everything runs on the main loop's thread.
final class EditStore {
    private let loop: MainLoop

    init(loop: MainLoop) {
        self.loop = loop
    }

    /// Called when an override stops applying: the element id and why.
    var onDropped: ((String, String) -> Void)?
    /// Called after every change of the list of live edits (or of its undo and redo history).
    var onChanged: ((LiveEdit.Change) -> Void)?

    /// The live edits, oldest first: one per element and property (a later edit of the same
    /// property replaces the earlier one and keeps its `old`).
    private(set) var live: [LiveEdit] = []
    /// The edits made, newest last, each with the edit of the same property it replaced: Undo
    /// takes the last one back.
    private var history: [(edit: LiveEdit, previous: LiveEdit?)] = []
    /// The edits undone, newest last: Redo makes the last one again. A new edit clears them.
    private var undone: [LiveEdit] = []
    /// How many edits Undo can take back, and Redo make again.
    var undoCount: Int { history.count }
    var redoCount: Int { undone.count }

    private struct SpecOverride {
        enum Target { case style, property }

        let path: [Int]
        /// The layout-json type the spec had when edited.
        let type: String
        /// The edited entries in the order they were first made (a later value replaces an
        /// earlier one of the same key).
        var entries: [(target: Target, key: String, value: JSONValue)] = []

        mutating func set(_ target: Target, _ key: String, _ value: JSONValue) {
            if let index = entries.firstIndex(where: { $0.target == target && $0.key == key }) {
                entries[index].value = value
            } else {
                entries.append((target, key, value))
            }
        }
    }

    private struct NodeOverride {
        weak var node: DisplayNode?
        var style: [String: JSONValue] = [:]
        /// The values before the first edit of each key (what revert writes back).
        var original: [String: JSONValue] = [:]
    }

    /// Spec overrides by owner node id, then by spec id.
    private var specOverrides: [String: [String: SpecOverride]] = [:]
    /// Node style overrides by node id.
    private var nodeOverrides: [String: NodeOverride] = [:]
    /// The ids of the nodes whose spec builds matter: owners of spec overrides and supernodes
    /// of nodes with style overrides.
    private var observedOwners: Set<String> = []

    var isEmpty: Bool { specOverrides.isEmpty && nodeOverrides.isEmpty }

    // MARK: Editing

    /// Makes `edit` (its value written to its element, whose tree is laid out again) and lists
    /// it; a value the property does not take changes nothing.
    func apply(_ edit: LiveEdit, roots: [DisplayNode]) throws(CommandError) {
        try write(edit, roots: roots)
        record(edit)
        onChanged?(.applied)
    }

    /// Takes the last edit back: the value it replaced, or the property's own value when it
    /// replaced none. Throws, changing nothing, when there is nothing to undo or the element is
    /// gone.
    func undo(roots: [DisplayNode]) throws(CommandError) {
        guard let last = history.last else { throw .invalidParams("there is no edit to undo") }
        if let previous = last.previous {
            try write(previous, roots: roots)
            live.removeAll { $0.isSame(as: last.edit) }
            live.append(previous)
        } else {
            guard removeOverride(of: last.edit, roots: roots) else { throw .unknownElement(last.edit.id) }
            live.removeAll { $0.isSame(as: last.edit) }
        }
        history.removeLast()
        undone.append(last.edit)
        onChanged?(.undone)
    }

    /// Makes the last undone edit again.
    func redo(roots: [DisplayNode]) throws(CommandError) {
        guard let edit = undone.last else { throw .invalidParams("there is no undone edit to redo") }
        try write(edit, roots: roots)
        undone.removeLast()
        record(edit, keepingRedo: true)
        onChanged?(.redone)
    }

    private func write(_ edit: LiveEdit, roots: [DisplayNode]) throws(CommandError) {
        switch edit.kind {
        case .style: try setStyle(id: edit.id, property: edit.property, value: edit.value, roots: roots)
        case .spec: try setSpecProperty(id: edit.id, property: edit.property, value: edit.value, roots: roots)
        }
    }

    /// Lists an edit the element took: it replaces the element's edit of the same property.
    private func record(_ edit: LiveEdit, keepingRedo: Bool = false) {
        let previous = live.first { $0.isSame(as: edit) }
        var entry = edit
        if let previous { entry.old = previous.old }
        live.removeAll { $0.isSame(as: edit) }
        live.append(entry)
        history.append((entry, previous))
        if !keepingRedo { undone = [] }
    }

    /// Forgets the listed edits `matching` (reverted or dropped), with their history.
    private func forget(where matching: (LiveEdit) -> Bool) -> Bool {
        let count = live.count + history.count + undone.count
        live.removeAll(where: matching)
        history.removeAll { matching($0.edit) || $0.previous.map(matching) == true }
        undone.removeAll(where: matching)
        return live.count + history.count + undone.count != count
    }

    /// Sets a style entry of the element `id` (a node or a spec) and lays its tree out again.
    private func setStyle(id: String, property key: String, value: JSONValue, roots: [DisplayNode]) throws(CommandError) {
        guard let property = StyleProperties.named(key) else {
            throw .invalidParams(
                "unknown style property \"\(key)\" (expected one of \(StyleProperties.keys.joined(separator: ", ")))")
        }
        switch try LiveElement.resolve(id, in: roots) {
        case .node(let node):
            let before = property.read(node.style.values) ?? property.defaultValue
            do { try property.write(node.style, value) } catch { throw .invalidValue("\(key): \(error.message)") }
            var override = nodeOverrides[id] ?? NodeOverride(node: node)
            if override.original[key] == nil { override.original[key] = before }
            override.style[key] = value
            nodeOverrides[id] = override
            if let parent = node.supernode { observe(parent) }  // writing the style invalidated the node's layout
        case .spec(let owner, let path, let spec):
            do { try property.write(spec.style, value) } catch { throw .invalidValue("\(key): \(error.message)") }
            record(id: id, owner: owner, path: path, spec: spec) { $0.set(.style, key, value) }
        }
    }

    /// Sets a layout-json property of the spec `id` and lays its owner out again.
    private func setSpecProperty(id: String, property key: String, value: JSONValue, roots: [DisplayNode]) throws(CommandError) {
        guard case .spec(let owner, let path, let spec) = try LiveElement.resolve(id, in: roots) else {
            throw .invalidParams(
                "\"\(id)\" is a node; Layout.setSpecProperty edits specs (use Layout.setStyle for a node's style)")
        }
        let descriptor = SpecDescriptors.descriptor(for: spec)
        guard let property = descriptor.property(named: key) else {
            let keys = descriptor.properties.map(\.key)
            throw .invalidParams(
                "a \(descriptor.type) spec has no property \"\(key)\""
                    + (keys.isEmpty ? "" : " (expected one of \(keys.joined(separator: ", ")))"))
        }
        do { try property.write(spec, value) } catch { throw .invalidValue("\(key): \(error.message)") }
        record(id: id, owner: owner, path: path, spec: spec) { $0.set(.property, key, value) }
    }

    /// Drops the edits of one element (`id`), of one of its properties (`id` and `property`), or
    /// all of them, announcing it (`onChanged`) unless told not to; returns whether any were dropped.
    @discardableResult
    func revert(id: String? = nil, property: String? = nil, roots: [DisplayNode], announcing: Bool = true) -> Bool {
        var reverted = false
        if let id, let property {
            for edit in live where edit.id == id && edit.property == property {
                reverted = removeOverride(of: edit, roots: roots) || reverted
            }
        } else {
            reverted = revertElements(id: id, roots: roots)
        }
        let forgotten = forget { edit in (id == nil || edit.id == id) && (property == nil || edit.property == property) }
        if announcing, reverted || forgotten { onChanged?(.reverted) }
        return reverted
    }

    /// Drops the overrides of one element, or of all.
    private func revertElements(id: String?, roots: [DisplayNode]) -> Bool {
        var owners: [DisplayNode] = []
        var reverted = false
        for (nodeID, override) in nodeOverrides where id == nil || id == nodeID {
            nodeOverrides[nodeID] = nil
            reverted = true
            guard let node = override.node else { continue }
            restore(override.original, on: node)
            owners.append(node)
        }
        for (ownerID, overrides) in specOverrides {
            let kept = overrides.filter { id != nil && $0.key != id }
            guard kept.count != overrides.count else { continue }
            reverted = true
            specOverrides[ownerID] = kept.isEmpty ? nil : kept
            if let owner = NodeLookup.node(withId: ownerID, in: roots) { owners.append(owner) }
        }
        updateObservedOwners()
        for node in owners { node.setNeedsLayout() }
        return reverted
    }

    /// Drops the override of one property of an element (its other edits stay); returns whether
    /// there was one.
    private func removeOverride(of edit: LiveEdit, roots: [DisplayNode]) -> Bool {
        var owner: DisplayNode?
        if edit.kind == .style, var override = nodeOverrides[edit.id], let original = override.original[edit.property] {
            override.style[edit.property] = nil
            override.original[edit.property] = nil
            nodeOverrides[edit.id] = override.style.isEmpty ? nil : override
            guard let node = override.node else {
                updateObservedOwners()
                return true
            }
            restore([edit.property: original], on: node)
            owner = node
        } else {
            let target: SpecOverride.Target = edit.kind == .style ? .style : .property
            guard let ownerID = specOverrides.first(where: { $0.value[edit.id] != nil })?.key,
                var override = specOverrides[ownerID]?[edit.id],
                override.entries.contains(where: { $0.target == target && $0.key == edit.property })
            else { return false }
            override.entries.removeAll { $0.target == target && $0.key == edit.property }
            specOverrides[ownerID]?[edit.id] = override.entries.isEmpty ? nil : override
            if specOverrides[ownerID]?.isEmpty == true { specOverrides[ownerID] = nil }
            // The owner builds its specs afresh: the other overrides are applied to them again.
            owner = NodeLookup.node(withId: ownerID, in: roots)
        }
        updateObservedOwners()
        owner?.setNeedsLayout()
        return true
    }

    /// Whether `id` has edits.
    func hasEdits(for id: String) -> Bool {
        nodeOverrides[id] != nil || specOverrides.values.contains { $0[id] != nil }
    }

    // MARK: Re-applying

    /// The owner built a new spec tree: re-apply its spec overrides (dropping those whose path no
    /// longer leads to a spec of their type) and the style edits of its subnodes.
    private func reapply(owner: DisplayNode, specRoot: any LayoutElement) {
        guard observedOwners.contains(owner.id) else { return }
        for (id, override) in specOverrides[owner.id] ?? [:] {
            // The owner's layout has one sublayout, its spec root: paths start with 0.
            guard override.path.first == 0, let spec = EditStore.spec(at: Array(override.path.dropFirst()), from: specRoot),
                SpecDescriptors.descriptor(for: spec).type == override.type
            else {
                drop(
                    id, owner: owner.id,
                    reason: "the spec tree of \(owner.id) changed: \(id) is no longer a \(override.type) spec")
                continue
            }
            apply(override, to: spec)
        }
        for (_, override) in nodeOverrides {
            guard let node = override.node, node.supernode === owner else { continue }
            for (key, value) in override.style { try? StyleProperties.named(key)?.write(node.style, value) }
        }
    }

    /// The values were checked when the edit was made, so writing them again cannot fail.
    private func apply(_ override: SpecOverride, to spec: LayoutSpec) {
        let descriptor = SpecDescriptors.descriptor(for: spec)
        for entry in override.entries {
            switch entry.target {
            case .style: try? StyleProperties.named(entry.key)?.write(spec.style, entry.value)
            case .property: try? descriptor.property(named: entry.key)?.write(spec, entry.value)
            }
        }
    }

    private func drop(_ id: String, owner: String, reason: String) {
        specOverrides[owner]?[id] = nil
        if specOverrides[owner]?.isEmpty == true { specOverrides[owner] = nil }
        updateObservedOwners()
        onDropped?(id, reason)
        if forget(where: { $0.id == id }) { onChanged?(.dropped) }
    }

    private func restore(_ original: [String: JSONValue], on node: DisplayNode) {
        for (key, value) in original { try? StyleProperties.named(key)?.write(node.style, value) }
    }

    // MARK: Bookkeeping

    private func record(id: String, owner: DisplayNode, path: [Int], spec: LayoutSpec, _ change: (inout SpecOverride) -> Void) {
        let type = SpecDescriptors.descriptor(for: spec).type
        var override = specOverrides[owner.id]?[id] ?? SpecOverride(path: path, type: type)
        change(&override)
        specOverrides[owner.id, default: [:]][id] = override
        observe(owner)
        owner.setNeedsLayout()
    }

    private func observe(_ owner: DisplayNode) {
        observedOwners.insert(owner.id)
        installHook()
    }

    /// Recomputes the owners that still matter; removes the hook when there are none.
    private func updateObservedOwners() {
        observedOwners = Set(specOverrides.keys)
        for override in nodeOverrides.values {
            if let parent = override.node?.supernode { observedOwners.insert(parent.id) }
        }
        if observedOwners.isEmpty {
            if let hook { loop.remove(hook) }
            hook = nil
        } else {
            installHook()
        }
    }

    /// The loop's observer of spec builds, while there are edits. An observer of its own, not
    /// `layoutSpecWillLayout`: the host may use that one, and so may other sessions on the loop.
    private var hook: MainLoop.Token?

    private func installHook() {
        guard hook == nil else { return }
        hook = loop.addLayoutSpecObserver { [weak self] node, specRoot in self?.reapply(owner: node, specRoot: specRoot) }
    }

    /// The spec reached from a spec root by child indices (a path without its leading index).
    static func spec(at path: [Int], from root: any LayoutElement) -> LayoutSpec? {
        var current: any LayoutElement = root
        for index in path {
            guard let spec = current as? LayoutSpec, index < spec.children.count else { return nil }
            current = spec.children[index]
        }
        return current as? LayoutSpec
    }
}
