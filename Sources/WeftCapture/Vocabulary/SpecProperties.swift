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

    /// The layout-json key (docs/layout-json.md, Types).
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

    /// The property of `spec`, nil when it has the default. `ratio` and `location` are required
    /// in layout-json, so always written.
    func read(_ spec: LayoutSpec) -> JSONValue? {
        switch self {
        case .direction: Self.name(Self.stack(spec).direction, unless: .horizontal, LayoutNames.direction)
        case .spacing: Self.number(Self.stack(spec).spacing)
        case .justifyContent: Self.name(Self.stack(spec).justifyContent, unless: .start, LayoutNames.justifyContent)
        case .alignItems: Self.name(Self.stack(spec).alignItems, unless: .stretch, LayoutNames.alignItems)
        case .flexWrap: Self.name(Self.stack(spec).flexWrap, unless: .noWrap, LayoutNames.flexWrap)
        case .alignContent: Self.name(Self.stack(spec).alignContent, unless: .start, LayoutNames.alignContent)
        case .lineSpacing: Self.number(Self.stack(spec).lineSpacing)
        case .insets:
            unsafeDowncast(spec, to: InsetLayoutSpec.self).insets == .zero
                ? JSONValue?.none : LayoutValues.json(unsafeDowncast(spec, to: InsetLayoutSpec.self).insets)
        case .centeringOptions:
            Self.name(unsafeDowncast(spec, to: CenterLayoutSpec.self).centeringOptions, unless: [], LayoutNames.centeringOptions)
        case .centerSizingOptions:
            Self.name(unsafeDowncast(spec, to: CenterLayoutSpec.self).sizingOptions, unless: [], LayoutNames.centerSizingOptions)
        case .ratio: .number(unsafeDowncast(spec, to: RatioLayoutSpec.self).ratio)
        case .horizontalPosition:
            Self.name(unsafeDowncast(spec, to: RelativeLayoutSpec.self).horizontalPosition, unless: .none, LayoutNames.relativePosition)
        case .verticalPosition:
            Self.name(unsafeDowncast(spec, to: RelativeLayoutSpec.self).verticalPosition, unless: .none, LayoutNames.relativePosition)
        case .relativeSizingOption:
            Self.name(unsafeDowncast(spec, to: RelativeLayoutSpec.self).sizingOption, unless: [], LayoutNames.relativeSizingOption)
        case .absoluteSizing:
            Self.name(unsafeDowncast(spec, to: AbsoluteLayoutSpec.self).sizing, unless: .default, LayoutNames.absoluteSizing)
        case .location: .string(LayoutNames.cornerLocation.name(of: unsafeDowncast(spec, to: CornerLayoutSpec.self).location))
        case .offset:
            unsafeDowncast(spec, to: CornerLayoutSpec.self).offset == .zero
                ? JSONValue?.none : LayoutValues.json(unsafeDowncast(spec, to: CornerLayoutSpec.self).offset)
        case .wrapsCorner: unsafeDowncast(spec, to: CornerLayoutSpec.self).wrapsCorner ? .bool(true) : JSONValue?.none
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
            unsafeDowncast(spec, to: RelativeLayoutSpec.self).horizontalPosition = try LayoutNames.relativePosition.value(of: value)
        case .verticalPosition:
            unsafeDowncast(spec, to: RelativeLayoutSpec.self).verticalPosition = try LayoutNames.relativePosition.value(of: value)
        case .relativeSizingOption:
            unsafeDowncast(spec, to: RelativeLayoutSpec.self).sizingOption = try LayoutNames.relativeSizingOption.value(of: value)
        case .absoluteSizing: unsafeDowncast(spec, to: AbsoluteLayoutSpec.self).sizing = try LayoutNames.absoluteSizing.value(of: value)
        case .location: unsafeDowncast(spec, to: CornerLayoutSpec.self).location = try LayoutNames.cornerLocation.value(of: value)
        case .offset: unsafeDowncast(spec, to: CornerLayoutSpec.self).offset = try LayoutValues.point(value)
        case .wrapsCorner: unsafeDowncast(spec, to: CornerLayoutSpec.self).wrapsCorner = try LayoutValues.bool(value)
        }
    }

    private static func stack(_ spec: LayoutSpec) -> StackLayoutSpec {
        unsafeDowncast(spec, to: StackLayoutSpec.self)
    }

    private static func name<Value>(_ value: Value, unless defaultValue: Value, _ names: LayoutNameTable<Value>) -> JSONValue? {
        value == defaultValue ? JSONValue?.none : .string(names.name(of: value))
    }

    private static func number(_ value: Double) -> JSONValue? {
        value == 0 ? JSONValue?.none : .number(value)
    }
}

/// What capture and edits know about one spec class: its layout-json `type` and properties.
struct SpecDescriptor: Sendable {
    let type: String
    let properties: [SpecProperty]

    func property(named key: String) -> SpecProperty? {
        properties.first { $0.key == key }
    }

    /// The spec's non-default properties, in table order.
    func capture(_ spec: LayoutSpec) -> JSONObject {
        if properties.isEmpty { return JSONObject() }
        var object = JSONObject()
        object.reserveCapacity(properties.count)
        for property in properties {
            if let value = property.read(spec) { object.append(key: property.key, value: value) }
        }
        return object
    }
}

/// The ten layout specs of WeftLayout in the layout-json vocabulary (docs/layout-json.md, Types).
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
        (ObjectIdentifier(StackLayoutSpec.self), descriptor(.stack, [.direction, .spacing, .justifyContent, .alignItems,
                                                                     .flexWrap, .alignContent, .lineSpacing])),
        (ObjectIdentifier(InsetLayoutSpec.self), descriptor(.inset, [.insets])),
        (ObjectIdentifier(OverlayLayoutSpec.self), descriptor(.overlay, [])),
        (ObjectIdentifier(BackgroundLayoutSpec.self), descriptor(.background, [])),
        (ObjectIdentifier(CenterLayoutSpec.self), descriptor(.center, [.centeringOptions, .centerSizingOptions])),
        (ObjectIdentifier(RatioLayoutSpec.self), descriptor(.ratio, [.ratio])),
        (ObjectIdentifier(RelativeLayoutSpec.self), descriptor(.relative, [.horizontalPosition, .verticalPosition,
                                                                           .relativeSizingOption])),
        (ObjectIdentifier(AbsoluteLayoutSpec.self), descriptor(.absolute, [.absoluteSizing])),
        (ObjectIdentifier(CornerLayoutSpec.self), descriptor(.corner, [.location, .offset, .wrapsCorner])),
        (ObjectIdentifier(WrapperLayoutSpec.self), descriptor(.wrapper, [])),
    ]

    private static func descriptor(_ type: LayoutSpecType, _ properties: [SpecProperty]) -> SpecDescriptor {
        SpecDescriptor(type: type.rawValue, properties: properties)
    }
}
