import WeftLayout
import WeftSnapshot

/// One property of a layout spec under its layout-json key: how capture reads it (nil when it
/// has the default, which snapshots omit) and how `Layout.setSpecProperty` writes it.
struct SpecProperty: Sendable {
    let key: String
    let read: @Sendable (LayoutSpec) -> JSONValue?
    let write: @Sendable (LayoutSpec, JSONValue) throws(EditValueError) -> Void

    /// A property of `Spec` (the descriptor only hands it specs of that class).
    init<Spec: LayoutSpec>(_ key: String, of _: Spec.Type,
                           read: @escaping @Sendable (Spec) -> JSONValue?,
                           write: @escaping @Sendable (Spec, JSONValue) throws(EditValueError) -> Void) {
        self.key = key
        self.read = { read(unsafeDowncast($0, to: Spec.self)) }
        self.write = { spec, value throws(EditValueError) in try write(unsafeDowncast(spec, to: Spec.self), value) }
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
    /// subclass) are `custom`, with no editable properties.
    static func descriptor(for spec: LayoutSpec) -> SpecDescriptor {
        byClass[ObjectIdentifier(type(of: spec))] ?? custom
    }

    static let custom = SpecDescriptor(type: "custom", properties: [])

    private static let byClass: [ObjectIdentifier: SpecDescriptor] = [
        ObjectIdentifier(StackLayoutSpec.self): stack,
        ObjectIdentifier(InsetLayoutSpec.self): SpecDescriptor(type: LayoutSpecType.inset.rawValue, properties: [
            SpecProperty("insets", of: InsetLayoutSpec.self,
                         read: { $0.insets == .zero ? JSONValue?.none : LayoutValues.json($0.insets) },
                         write: { spec, value throws(EditValueError) in spec.insets = try LayoutValues.insets(value) }),
        ]),
        ObjectIdentifier(OverlayLayoutSpec.self): SpecDescriptor(type: LayoutSpecType.overlay.rawValue, properties: []),
        ObjectIdentifier(BackgroundLayoutSpec.self): SpecDescriptor(type: LayoutSpecType.background.rawValue, properties: []),
        ObjectIdentifier(CenterLayoutSpec.self): SpecDescriptor(type: LayoutSpecType.center.rawValue, properties: [
            enumProperty("centeringOptions", of: CenterLayoutSpec.self, { $0.centeringOptions }, { $0.centeringOptions = $1 }, [], LayoutNames.centeringOptions),
            enumProperty("sizingOptions", of: CenterLayoutSpec.self, { $0.sizingOptions }, { $0.sizingOptions = $1 }, [], LayoutNames.centerSizingOptions),
        ]),
        ObjectIdentifier(RatioLayoutSpec.self): SpecDescriptor(type: LayoutSpecType.ratio.rawValue, properties: [
            // Required in layout-json, so always written.
            SpecProperty("ratio", of: RatioLayoutSpec.self,
                         read: { .number($0.ratio) },
                         write: { spec, value throws(EditValueError) in spec.ratio = try LayoutValues.positiveNumber(value) }),
        ]),
        ObjectIdentifier(RelativeLayoutSpec.self): SpecDescriptor(type: LayoutSpecType.relative.rawValue, properties: [
            enumProperty("horizontalPosition", of: RelativeLayoutSpec.self, { $0.horizontalPosition }, { $0.horizontalPosition = $1 }, .none, LayoutNames.relativePosition),
            enumProperty("verticalPosition", of: RelativeLayoutSpec.self, { $0.verticalPosition }, { $0.verticalPosition = $1 }, .none, LayoutNames.relativePosition),
            enumProperty("sizingOption", of: RelativeLayoutSpec.self, { $0.sizingOption }, { $0.sizingOption = $1 }, [], LayoutNames.relativeSizingOption),
        ]),
        ObjectIdentifier(AbsoluteLayoutSpec.self): SpecDescriptor(type: LayoutSpecType.absolute.rawValue, properties: [
            enumProperty("sizing", of: AbsoluteLayoutSpec.self, { $0.sizing }, { $0.sizing = $1 }, .default, LayoutNames.absoluteSizing),
        ]),
        ObjectIdentifier(CornerLayoutSpec.self): SpecDescriptor(type: LayoutSpecType.corner.rawValue, properties: [
            // Required in layout-json, so always written.
            SpecProperty("location", of: CornerLayoutSpec.self,
                         read: { .string(LayoutNames.cornerLocation.name(of: $0.location)) },
                         write: { spec, value throws(EditValueError) in spec.location = try LayoutNames.cornerLocation.value(of: value) }),
            SpecProperty("offset", of: CornerLayoutSpec.self,
                         read: { $0.offset == .zero ? JSONValue?.none : LayoutValues.json($0.offset) },
                         write: { spec, value throws(EditValueError) in spec.offset = try LayoutValues.point(value) }),
            SpecProperty("wrapsCorner", of: CornerLayoutSpec.self,
                         read: { $0.wrapsCorner ? JSONValue.bool(true) : JSONValue?.none },
                         write: { spec, value throws(EditValueError) in spec.wrapsCorner = try LayoutValues.bool(value) }),
        ]),
        ObjectIdentifier(WrapperLayoutSpec.self): SpecDescriptor(type: LayoutSpecType.wrapper.rawValue, properties: []),
    ]

    private static let stack = SpecDescriptor(type: LayoutSpecType.stack.rawValue, properties: [
        enumProperty("direction", of: StackLayoutSpec.self, { $0.direction }, { $0.direction = $1 }, .horizontal, LayoutNames.direction),
        numberProperty("spacing", of: StackLayoutSpec.self, { $0.spacing }, { $0.spacing = $1 }, LayoutValues.number),
        enumProperty("justifyContent", of: StackLayoutSpec.self, { $0.justifyContent }, { $0.justifyContent = $1 }, .start, LayoutNames.justifyContent),
        enumProperty("alignItems", of: StackLayoutSpec.self, { $0.alignItems }, { $0.alignItems = $1 }, .stretch, LayoutNames.alignItems),
        enumProperty("flexWrap", of: StackLayoutSpec.self, { $0.flexWrap }, { $0.flexWrap = $1 }, .noWrap, LayoutNames.flexWrap),
        enumProperty("alignContent", of: StackLayoutSpec.self, { $0.alignContent }, { $0.alignContent = $1 }, .start, LayoutNames.alignContent),
        numberProperty("lineSpacing", of: StackLayoutSpec.self, { $0.lineSpacing }, { $0.lineSpacing = $1 }, LayoutValues.number),
    ])

    // Getter and setter closures rather than key paths, which cost more than the rest of a capture.
    private static func enumProperty<Spec: LayoutSpec, Value: Equatable & Sendable>(
        _ key: String, of _: Spec.Type, _ get: @escaping @Sendable (Spec) -> Value,
        _ set: @escaping @Sendable (Spec, Value) -> Void, _ defaultValue: Value, _ names: LayoutNameTable<Value>
    ) -> SpecProperty {
        SpecProperty(key, of: Spec.self,
                     read: { spec in
                         let value = get(spec)
                         return value == defaultValue ? JSONValue?.none : .string(names.name(of: value))
                     },
                     write: { spec, value throws(EditValueError) in set(spec, try names.value(of: value)) })
    }

    private static func numberProperty<Spec: LayoutSpec>(
        _ key: String, of _: Spec.Type, _ get: @escaping @Sendable (Spec) -> Double,
        _ set: @escaping @Sendable (Spec, Double) -> Void,
        _ parse: @escaping @Sendable (JSONValue) throws(EditValueError) -> Double
    ) -> SpecProperty {
        SpecProperty(key, of: Spec.self,
                     read: { spec in get(spec) == 0 ? JSONValue?.none : .number(get(spec)) },
                     write: { spec, value throws(EditValueError) in set(spec, try parse(value)) })
    }
}
