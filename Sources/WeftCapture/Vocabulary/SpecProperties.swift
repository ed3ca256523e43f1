import WeftJSON
import WeftLayout
import WeftSnapshot

/// One property of a layout spec under its layout-json key: how capture reads it (nil when it
/// has the default, which snapshots omit) and how `Layout.setSpecProperty` writes it. A
/// property is only handed specs of its own class (`SpecDescriptor`).
///
/// An enum read with switches rather than a table of closures: a capture reads every property
/// of every spec, and a closure made by a generic helper ran unspecialized, with a reference
/// count operation for each table entry copied out, at several times the cost of the read.
enum SpecProperty: Sendable {
    case direction, spacing, justifyContent, alignItems, flexWrap, alignContent, lineSpacing  // stack
    case insets  // inset
    case centeringOptions, centerSizingOptions  // center
    case ratio  // ratio
    case horizontalPosition, verticalPosition, relativeSizingOption  // relative
    case absoluteSizing  // absolute
    case location, offset, wrapsCorner  // corner

    /// The layout-json key (docs/layout-json.md, Elements).
    var key: String {
        switch self {
        case .direction: "direction"
        case .spacing: "spacing"
        case .justifyContent: "justifyContent"
        case .alignItems: "alignItems"
        case .flexWrap: "flexWrap"
        case .alignContent: "alignContent"
        case .lineSpacing: "lineSpacing"
        case .insets: "insets"
        case .centeringOptions: "centeringOptions"
        case .centerSizingOptions: "sizingOptions"
        case .ratio: "ratio"
        case .horizontalPosition: "horizontalPosition"
        case .verticalPosition: "verticalPosition"
        case .relativeSizingOption: "sizingOption"
        case .absoluteSizing: "sizing"
        case .location: "location"
        case .offset: "offset"
        case .wrapsCorner: "wrapsCorner"
        }
    }

    /// Puts the property of `spec` under its key, nothing when it has the default. `ratio` and
    /// `location` are required in layout-json, so always put.
    func put<Sink: JSONSink>(_ spec: LayoutSpec, into sink: inout Sink) {
        switch self {
        case .direction: put(Self.stack(spec).direction, unless: .horizontal, LayoutNames.direction, into: &sink)
        case .spacing: put(Self.stack(spec).spacing, into: &sink)
        case .justifyContent: put(Self.stack(spec).justifyContent, unless: .start, LayoutNames.justifyContent, into: &sink)
        case .alignItems: put(Self.stack(spec).alignItems, unless: .stretch, LayoutNames.alignItems, into: &sink)
        case .flexWrap: put(Self.stack(spec).flexWrap, unless: .noWrap, LayoutNames.flexWrap, into: &sink)
        case .alignContent: put(Self.stack(spec).alignContent, unless: .start, LayoutNames.alignContent, into: &sink)
        case .lineSpacing: put(Self.stack(spec).lineSpacing, into: &sink)
        case .insets:
            let insets = unsafeDowncast(spec, to: InsetLayoutSpec.self).insets
            if insets != .zero {
                sink.key(key)
                sink.insets(insets)
            }
        case .centeringOptions:
            put(
                unsafeDowncast(spec, to: CenterLayoutSpec.self).centeringOptions, unless: [], LayoutNames.centeringOptions,
                into: &sink)
        case .centerSizingOptions:
            put(
                unsafeDowncast(spec, to: CenterLayoutSpec.self).sizingOptions, unless: [], LayoutNames.centerSizingOptions,
                into: &sink)
        case .ratio: sink.member(key, unsafeDowncast(spec, to: RatioLayoutSpec.self).ratio)
        case .horizontalPosition:
            put(
                unsafeDowncast(spec, to: RelativeLayoutSpec.self).horizontalPosition, unless: .none, LayoutNames.relativePosition,
                into: &sink)
        case .verticalPosition:
            put(
                unsafeDowncast(spec, to: RelativeLayoutSpec.self).verticalPosition, unless: .none, LayoutNames.relativePosition,
                into: &sink)
        case .relativeSizingOption:
            put(
                unsafeDowncast(spec, to: RelativeLayoutSpec.self).sizingOption, unless: [], LayoutNames.relativeSizingOption,
                into: &sink)
        case .absoluteSizing:
            put(
                unsafeDowncast(spec, to: AbsoluteLayoutSpec.self).sizing, unless: .default, LayoutNames.absoluteSizing,
                into: &sink)
        case .location:
            sink.member(key, LayoutNames.cornerLocation.name(of: unsafeDowncast(spec, to: CornerLayoutSpec.self).location))
        case .offset:
            let offset = unsafeDowncast(spec, to: CornerLayoutSpec.self).offset
            if offset != .zero {
                sink.key(key)
                sink.point(offset)
            }
        case .wrapsCorner: if unsafeDowncast(spec, to: CornerLayoutSpec.self).wrapsCorner { sink.member(key, true) }
        }
    }

    /// Sets the property of `spec` from its layout-json form, with layout-json's validation.
    func write(_ spec: LayoutSpec, _ value: JSONValue) throws(EditValueError) {
        switch self {
        case .direction: Self.stack(spec).direction = try LayoutNames.direction.value(of: value)
        case .spacing: Self.stack(spec).spacing = try LayoutValues.number(value)
        case .justifyContent: Self.stack(spec).justifyContent = try LayoutNames.justifyContent.value(of: value)
        case .alignItems: Self.stack(spec).alignItems = try LayoutNames.alignItems.value(of: value)
        case .flexWrap: Self.stack(spec).flexWrap = try LayoutNames.flexWrap.value(of: value)
        case .alignContent: Self.stack(spec).alignContent = try LayoutNames.alignContent.value(of: value)
        case .lineSpacing: Self.stack(spec).lineSpacing = try LayoutValues.number(value)
        case .insets: unsafeDowncast(spec, to: InsetLayoutSpec.self).insets = try LayoutValues.insets(value)
        case .centeringOptions:
            unsafeDowncast(spec, to: CenterLayoutSpec.self).centeringOptions = try LayoutNames.centeringOptions.value(of: value)
        case .centerSizingOptions:
            unsafeDowncast(spec, to: CenterLayoutSpec.self).sizingOptions = try LayoutNames.centerSizingOptions.value(of: value)
        case .ratio: unsafeDowncast(spec, to: RatioLayoutSpec.self).ratio = try LayoutValues.positiveNumber(value)
        case .horizontalPosition:
            unsafeDowncast(spec, to: RelativeLayoutSpec.self).horizontalPosition = try LayoutNames.relativePosition.value(
                of: value)
        case .verticalPosition:
            unsafeDowncast(spec, to: RelativeLayoutSpec.self).verticalPosition = try LayoutNames.relativePosition.value(of: value)
        case .relativeSizingOption:
            unsafeDowncast(spec, to: RelativeLayoutSpec.self).sizingOption = try LayoutNames.relativeSizingOption.value(of: value)
        case .absoluteSizing:
            unsafeDowncast(spec, to: AbsoluteLayoutSpec.self).sizing = try LayoutNames.absoluteSizing.value(of: value)
        case .location: unsafeDowncast(spec, to: CornerLayoutSpec.self).location = try LayoutNames.cornerLocation.value(of: value)
        case .offset: unsafeDowncast(spec, to: CornerLayoutSpec.self).offset = try LayoutValues.point(value)
        case .wrapsCorner: unsafeDowncast(spec, to: CornerLayoutSpec.self).wrapsCorner = try LayoutValues.bool(value)
        }
    }

    private static func stack(_ spec: LayoutSpec) -> StackLayoutSpec {
        unsafeDowncast(spec, to: StackLayoutSpec.self)
    }

    private func put<Value, Sink: JSONSink>(
        _ value: Value, unless defaultValue: Value, _ names: LayoutNameTable<Value>,
        into sink: inout Sink
    ) {
        if value != defaultValue { sink.member(key, names.name(of: value)) }
    }

    private func put<Sink: JSONSink>(_ number: Double, into sink: inout Sink) {
        if number != 0 { sink.member(key, number) }
    }
}

/// What capture and edits know about one spec class: its layout-json `type` and properties.
struct SpecDescriptor: Sendable {
    let type: String
    let properties: [SpecProperty]

    func property(named key: String) -> SpecProperty? {
        properties.first { $0.key == key }
    }

    /// Puts the spec's non-default properties, in table order.
    func capture<Sink: JSONSink>(_ spec: LayoutSpec, into sink: inout Sink) {
        for property in properties { property.put(spec, into: &sink) }
    }
}

/// The ten layout specs of WeftLayout in the layout-json vocabulary (docs/layout-json.md, Elements).
enum SpecDescriptors {
    /// The descriptor of `spec`'s exact class. Specs of other classes (a host's own LayoutSpec
    /// subclass) are `custom`, with no editable properties. A scan of ten identities, the
    /// commonest first, costs less than hashing one (a capture asks for every spec).
    static func descriptor(for spec: LayoutSpec) -> SpecDescriptor {
        let specClass = ObjectIdentifier(type(of: spec))
        for index in byClass.indices where byClass[index].specClass == specClass { return byClass[index].descriptor }
        return custom
    }

    static let custom = SpecDescriptor(type: "custom", properties: [])

    private static let byClass: [(specClass: ObjectIdentifier, descriptor: SpecDescriptor)] = [
        (
            ObjectIdentifier(StackLayoutSpec.self),
            descriptor(
                .stack,
                [
                    .direction, .spacing, .justifyContent, .alignItems,
                    .flexWrap, .alignContent, .lineSpacing,
                ])
        ),
        (ObjectIdentifier(InsetLayoutSpec.self), descriptor(.inset, [.insets])),
        (ObjectIdentifier(OverlayLayoutSpec.self), descriptor(.overlay, [])),
        (ObjectIdentifier(BackgroundLayoutSpec.self), descriptor(.background, [])),
        (ObjectIdentifier(CenterLayoutSpec.self), descriptor(.center, [.centeringOptions, .centerSizingOptions])),
        (ObjectIdentifier(RatioLayoutSpec.self), descriptor(.ratio, [.ratio])),
        (
            ObjectIdentifier(RelativeLayoutSpec.self),
            descriptor(
                .relative,
                [
                    .horizontalPosition, .verticalPosition,
                    .relativeSizingOption,
                ])
        ),
        (ObjectIdentifier(AbsoluteLayoutSpec.self), descriptor(.absolute, [.absoluteSizing])),
        (ObjectIdentifier(CornerLayoutSpec.self), descriptor(.corner, [.location, .offset, .wrapsCorner])),
        (ObjectIdentifier(WrapperLayoutSpec.self), descriptor(.wrapper, [])),
    ]

    private static func descriptor(_ type: LayoutSpecType, _ properties: [SpecProperty]) -> SpecDescriptor {
        SpecDescriptor(type: type.rawValue, properties: properties)
    }
}
