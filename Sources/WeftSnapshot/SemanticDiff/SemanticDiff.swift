import WeftJSON

/// The semantic diff of two snapshots, as `weft diff`, `WeftTesting` and the web page use it:
/// elements are matched by structural path (class name, debug name and position among the
/// siblings with the same class and debug name), never by id, so two runs of a program compare
/// even though their node counters differ.
public enum SemanticDiff {
    public struct Options: Hashable, Sendable {
        /// Frame, size and rect components that differ by at most this many points are equal.
        public var tolerance: Double
        /// Field names (`frame`, `style`, `style.flexGrow`, `props.text` or just `text`,
        /// `interfaceState`, `order`, `meta`, `meta.capturedAt`, `revision`, `rangeControllers`,
        /// ...) or change kinds (`moved`, `resized`, `added`, `removed`, `order`, ...) to leave
        /// out; `validate()` refuses names the diff does not know (`SemanticDiffFieldNames`).
        public var ignoredFields: Set<String>
        /// Interface-state changes (element bits and range controllers' index runs and item
        /// states) are runtime state and reported only when asked for.
        public var includeInterfaceState: Bool

        /// `meta` and `revision` are ignored by default (docs/protocol.md, Snapshots without a gateway).
        public static let defaultIgnoredFields: Set<String> = ["meta", "revision"]

        public init(tolerance: Double = 0, ignoredFields: Set<String> = defaultIgnoredFields, includeInterfaceState: Bool = false)
        {
            self.tolerance = tolerance
            self.ignoredFields = ignoredFields
            self.includeInterfaceState = includeInterfaceState
        }

        /// Whether a change to `field` (dotted name) of kind `kind` is left out.
        func ignores(_ field: String?, kind: SemanticChange.Kind) -> Bool {
            if ignoredFields.contains(kind.rawValue) { return true }
            guard let field else { return false }
            if ignoredFields.contains(field) { return true }
            if let dot = field.firstIndex(of: ".") {
                if ignoredFields.contains(String(field[..<dot])) { return true }
                if ignoredFields.contains(String(field[field.index(after: dot)...])) { return true }
            }
            return false
        }
    }

    /// The compared range-controller fields, in document order, with the values documents omit.
    static let rangeControllerFields: [(name: String, defaultValue: JSONValue)] = [
        ("dataSource", ""), ("orientation", "vertical"), ("scrollDirection", []), ("mode", "minimum"), ("tuning", nil),
        ("viewport", [0, 0, 0, 0]), ("contentSize", [0, 0]), ("contentOffset", [0, 0]), ("itemCount", 0),
        ("visible", []), ("display", []), ("preload", []), ("itemStates", []),
    ]

    /// Every difference from `a` to `b`, in document order (each level: a change of the
    /// children's order, then the new snapshot's children in order, then the removed ones), then
    /// range controllers, then `meta`/`revision`.
    public static func compare(_ a: Snapshot, _ b: Snapshot, options: Options = Options()) -> [SemanticChange] {
        var differ = SemanticDiffer(options: options)
        differ.compareSiblings(a.roots, b.roots)
        differ.compareRangeControllers(a, b)
        differ.compareDocument(a, b)
        return differ.changes
    }
}

/// The walk behind `SemanticDiff.compare`.
private struct SemanticDiffer {
    let options: SemanticDiff.Options
    var changes: [SemanticChange] = []

    init(options: SemanticDiff.Options) {
        self.options = options
    }

    private mutating func report(_ change: SemanticChange) {
        guard !options.ignores(change.field, kind: change.kind) else { return }
        changes.append(change)
    }

    // MARK: Elements

    /// The path components from the root to the element being compared; text is built only for
    /// reported changes.
    private var path: [String] = []

    private func pathText(_ last: String) -> String {
        path.isEmpty ? last : path.joined(separator: " > ") + " > " + last
    }

    /// Compares two sibling lists: the roots (no parents), or the children of a matched pair
    /// of elements (their ids in `parentIds`) whose path is on `path`.
    mutating func compareSiblings(_ a: [Snapshot.Element], _ b: [Snapshot.Element], parentIds: (String, String)? = nil) {
        let pairs = StructuralPath.match(a, b)
        reportOrder(pairs, b, parentIds: parentIds)
        for (aIndex, bIndex) in pairs.matched {
            compareElements(a[aIndex], b[bIndex], ordinal: pairs.bOrdinals[bIndex])
        }
        for bIndex in pairs.addedInB {
            let element = b[bIndex]
            report(
                SemanticChange(
                    kind: .added, path: pathText(StructuralPath.component(element, ordinal: pairs.bOrdinals[bIndex])),
                    after: rectValue(element.frame), idAfter: element.id))
        }
        for aIndex in pairs.removedFromA {
            let element = a[aIndex]
            report(
                SemanticChange(
                    kind: .removed, path: pathText(StructuralPath.component(element, ordinal: pairs.aOrdinals[aIndex])),
                    before: rectValue(element.frame), idBefore: element.id))
        }
    }

    /// An `order` change on the parent when the children present in both lists changed their
    /// relative order. Matching keeps same-named siblings in order (their ordinals are their
    /// order), so only siblings of different class or debug name can swap; insertions and
    /// removals alone never report one. Frames may all be equal (an overlay's or a background
    /// spec's children, absolutely placed children), yet what is drawn on top changed.
    private mutating func reportOrder(
        _ pairs: StructuralPath.Pairs, _ b: [Snapshot.Element], parentIds: (String, String)?
    ) {
        // `matched` is in the new order; the old indices rise unless something moved back.
        let oldIndices = pairs.matched.lazy.map(\.0)
        guard zip(oldIndices, oldIndices.dropFirst()).contains(where: { $0 > $1 }) else { return }
        func names(_ list: [(Int, Int)]) -> JSONValue {
            .array(list.map { .string(StructuralPath.component(b[$0.1], ordinal: pairs.bOrdinals[$0.1])) })
        }
        let pairsInOldOrder = pairs.matched.sorted { $0.0 < $1.0 }
        report(
            SemanticChange(
                kind: .order, path: path.joined(separator: " > "), field: "order",
                before: names(pairsInOldOrder), after: names(pairs.matched),
                idBefore: parentIds?.0, idAfter: parentIds?.1))
    }

    private mutating func compareElements(_ a: Snapshot.Element, _ b: Snapshot.Element, ordinal: Int) {
        var pathCache: String?
        func change(_ kind: SemanticChange.Kind, _ field: String, _ before: JSONValue?, _ after: JSONValue?) -> SemanticChange {
            if pathCache == nil { pathCache = pathText(StructuralPath.component(b, ordinal: ordinal)) }
            return SemanticChange(
                kind: kind, path: pathCache!, field: field, before: before, after: after, idBefore: a.id, idAfter: b.id)
        }
        let sizeChanged = !close(a.frame.width, b.frame.width) || !close(a.frame.height, b.frame.height)
        let originChanged = !close(a.frame.x, b.frame.x) || !close(a.frame.y, b.frame.y)
        if sizeChanged || originChanged {
            report(change(sizeChanged ? .resized : .moved, "frame", rectValue(a.frame), rectValue(b.frame)))
        }
        if a.kind != b.kind { report(change(.field, "kind", .string(a.kind.rawValue), .string(b.kind.rawValue))) }
        if a.type != b.type { report(change(.field, "type", .string(a.type), .string(b.type))) }
        if !close(a.constrainedSize, b.constrainedSize) {
            report(
                change(
                    .field, "constrainedSize", ElementField.constrainedSize.jsonValue(of: a),
                    ElementField.constrainedSize.jsonValue(of: b)))
        }
        let calculatedA = ElementField.calculatedSize.isDefault(in: a)
        let calculatedB = ElementField.calculatedSize.isDefault(in: b)
        if !(calculatedA && calculatedB),
            !close(a.calculatedSize.width, b.calculatedSize.width) || !close(a.calculatedSize.height, b.calculatedSize.height)
        {
            report(change(.field, "calculatedSize", sizeValue(a.calculatedSize), sizeValue(b.calculatedSize)))
        }
        for entry in Self.entryChanges(a.style, b.style, prefix: "style") {
            report(change(.style, entry.field, entry.before, entry.after))
        }
        let propertyKind: SemanticChange.Kind = b.kind == .spec ? .specProperty : .nodeProperty
        for entry in Self.entryChanges(a.props, b.props, prefix: "props") {
            report(change(propertyKind, entry.field, entry.before, entry.after))
        }
        if !close(a.tappable, b.tappable) {
            report(change(.field, "tappable", tappableValue(a), tappableValue(b)))
        }
        if options.includeInterfaceState, a.interfaceState != b.interfaceState {
            report(
                change(
                    .interfaceState, "interfaceState", .number(Double(a.interfaceState.rawValue)),
                    .number(Double(b.interfaceState.rawValue))))
        }
        guard !a.children.isEmpty || !b.children.isEmpty else { return }
        path.append(StructuralPath.component(b, ordinal: ordinal))
        compareSiblings(a.children, b.children, parentIds: (a.id, b.id))
        path.removeLast()
    }

    /// Entry by entry: changed and removed keys in the old order, then new keys.
    private static func entryChanges(
        _ a: JSONObject, _ b: JSONObject, prefix: String
    ) -> [(field: String, before: JSONValue?, after: JSONValue?)] {
        guard a != b else { return [] }
        var result: [(field: String, before: JSONValue?, after: JSONValue?)] = []
        for entry in a where entry.value != b[entry.key] {
            result.append(("\(prefix).\(entry.key)", entry.value, b[entry.key]))
        }
        for entry in b where a[entry.key] == nil {
            result.append(("\(prefix).\(entry.key)", nil, entry.value))
        }
        return result
    }

    // MARK: Tolerance

    /// Within the tolerance as the user wrote it: 0.4 - 0.3 is 0.10000000000000003 in binary
    /// floating point, and must count as 0.1. A billionth of the tolerance is far above such
    /// rounding (about 1e-16 of the values) and far below any difference a layout can show.
    private func close(_ a: Double, _ b: Double) -> Bool {
        if a == b || (a.isNaN && b.isNaN) { return true }
        return (a - b).magnitude <= options.tolerance * (1 + 1e-9)
    }

    private func close(_ a: Snapshot.SizeRange, _ b: Snapshot.SizeRange) -> Bool {
        close(a.min.width, b.min.width) && close(a.min.height, b.min.height)
            && close(a.max.width, b.max.width) && close(a.max.height, b.max.height)
    }

    private func close(_ a: Snapshot.Tappable?, _ b: Snapshot.Tappable?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.restricted == b.restricted && a.clipped == b.clipped
            && close(a.rect.x, b.rect.x) && close(a.rect.y, b.rect.y)
            && close(a.rect.width, b.rect.width) && close(a.rect.height, b.rect.height)
    }

    // MARK: Range controllers

    mutating func compareRangeControllers(_ a: Snapshot, _ b: Snapshot) {
        let aPaths = StructuralPath.ownerPaths(of: a)
        let bPaths = StructuralPath.ownerPaths(of: b)
        func label(_ controller: Snapshot.RangeController, _ paths: [String: String]) -> String {
            "range " + (paths[controller.owner] ?? controller.owner)
        }
        let aLabels = a.rangeControllers.map { label($0, aPaths) + "|" + $0.dataSource }
        let bLabels = b.rangeControllers.map { label($0, bPaths) + "|" + $0.dataSource }
        let pairs = StructuralPath.matchLabels(aLabels, bLabels)
        for (aIndex, bIndex) in pairs.matched {
            compareControllers(
                a.rangeControllers[aIndex], b.rangeControllers[bIndex], path: label(b.rangeControllers[bIndex], bPaths))
        }
        for bIndex in pairs.addedInB {
            let controller = b.rangeControllers[bIndex]
            report(
                SemanticChange(
                    kind: .rangeController, path: label(controller, bPaths), field: nil, before: nil,
                    after: .string(controller.dataSource), idAfter: controller.id))
        }
        for aIndex in pairs.removedFromA {
            let controller = a.rangeControllers[aIndex]
            report(
                SemanticChange(
                    kind: .rangeController, path: label(controller, aPaths), field: nil, before: .string(controller.dataSource),
                    after: nil, idBefore: controller.id))
        }
    }

    private mutating func compareControllers(_ a: Snapshot.RangeController, _ b: Snapshot.RangeController, path: String) {
        guard a != b else { return }
        let before = Self.fieldValues(a)
        let after = Self.fieldValues(b)
        let runtimeState: Set<String> = ["visible", "display", "preload", "itemStates"]
        for (key, _) in SemanticDiff.rangeControllerFields where before[key] != after[key] {
            if runtimeState.contains(key), !options.includeInterfaceState { continue }
            report(
                SemanticChange(
                    kind: .rangeController, path: path, field: "rangeControllers.\(key)", before: before[key], after: after[key],
                    idBefore: a.id, idAfter: b.id))
        }
    }

    /// Every compared field of a controller as JSON, defaults filled in (so a change from the
    /// default reads `"minimum" -> "full"`, not `(none) -> "full"`).
    private static func fieldValues(_ controller: Snapshot.RangeController) -> JSONObject {
        let written = (try? JSONReader.parse(controller.encoded()).object) ?? JSONObject()
        var values = JSONObject()
        for (key, fallback) in SemanticDiff.rangeControllerFields { values.append(key: key, value: written[key] ?? fallback) }
        return values
    }

    // MARK: Document

    mutating func compareDocument(_ a: Snapshot, _ b: Snapshot) {
        if a.revision != b.revision {
            report(
                SemanticChange(
                    kind: .document, path: "", field: "revision", before: .number(Double(a.revision)),
                    after: .number(Double(b.revision))))
        }
        guard a.meta != b.meta, !options.ignoredFields.contains("meta") else { return }
        let before = metaObject(a.meta)
        let after = metaObject(b.meta)
        for entry in Self.entryChanges(before, after, prefix: "meta") {
            report(SemanticChange(kind: .document, path: "", field: entry.field, before: entry.before, after: entry.after))
        }
    }

    private func metaObject(_ meta: Snapshot.Meta) -> JSONObject {
        var writer = JSONWriter(capacity: 256)
        meta.encode(into: &writer)
        return (try? JSONReader.parse(writer.bytes).object) ?? JSONObject()
    }

    // MARK: Values

    private func rectValue(_ rect: Snapshot.Rect) -> JSONValue {
        .array([.number(rect.x), .number(rect.y), .number(rect.width), .number(rect.height)])
    }

    private func sizeValue(_ size: Snapshot.Size) -> JSONValue {
        .array([.number(size.width), .number(size.height)])
    }

    private func tappableValue(_ element: Snapshot.Element) -> JSONValue? {
        element.tappable == nil ? nil : ElementField.tappable.jsonValue(of: element)
    }
}
