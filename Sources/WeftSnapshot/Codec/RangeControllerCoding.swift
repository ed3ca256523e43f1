import WeftJSON

extension Snapshot.RangeController {
    /// Writes the controller as one JSON object. `id` and `owner` are always written; other keys
    /// only when they differ from their defaults. The tuning's default is Texture's: a
    /// controller whose tuning differs in any mode writes every mode, so a reader never has to
    /// merge a partial table.
    public func encode(into writer: inout JSONWriter) {
        writer.raw("{\"id\":")
        writer.string(id)
        writer.raw(",\"owner\":")
        writer.string(owner)
        if !dataSource.isEmpty {
            writer.raw(",\"dataSource\":")
            writer.string(dataSource)
        }
        if orientation != .vertical {
            writer.raw(",\"orientation\":")
            writer.string(orientation.rawValue)
        }
        if !scrollDirection.isEmpty {
            writer.raw(",\"scrollDirection\":")
            writer.flags(scrollDirection, Snapshot.ScrollDirection.named)
        }
        if mode != .minimum {
            writer.raw(",\"mode\":")
            writer.string(mode.rawValue)
        }
        if tuning != .textureDefaults {
            writer.raw(",\"tuning\":{")
            for (index, mode) in Mode.allCases.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.string(mode.rawValue)
                writer.raw(":{\"display\":")
                writer.tuningParameters(tuning[mode].display)
                writer.raw(",\"preload\":")
                writer.tuningParameters(tuning[mode].preload)
                writer.byte(UInt8(ascii: "}"))
            }
            writer.byte(UInt8(ascii: "}"))
        }
        if viewport != .zero {
            writer.raw(",\"viewport\":")
            writer.rect(viewport)
        }
        if contentSize != .zero {
            writer.raw(",\"contentSize\":")
            writer.size(contentSize)
        }
        if contentOffset != .zero {
            writer.raw(",\"contentOffset\":")
            writer.point(contentOffset)
        }
        if itemCount != 0 {
            writer.raw(",\"itemCount\":")
            writer.int(itemCount)
        }
        for (key, runs) in [("visible", visible), ("display", display), ("preload", preload)] where !runs.isEmpty {
            writer.byte(UInt8(ascii: ","))
            writer.string(key)
            writer.byte(UInt8(ascii: ":"))
            writer.indexRuns(runs)
        }
        if !itemStates.isEmpty {
            writer.raw(",\"itemStates\":[")
            for (index, run) in itemStates.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.byte(UInt8(ascii: "["))
                writer.int(run.start)
                writer.byte(UInt8(ascii: ","))
                writer.int(run.end)
                writer.byte(UInt8(ascii: ","))
                writer.int(run.state.rawValue)
                writer.byte(UInt8(ascii: "]"))
            }
            writer.byte(UInt8(ascii: "]"))
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// Compact JSON of this controller.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        encode(into: &writer)
        return writer.bytes
    }

    public init(json bytes: some Collection<UInt8>) throws {
        self = try JSONScanner.scan(bytes) { try Snapshot.RangeController(from: &$0) }
    }

    private enum Key: String, CaseIterable {
        case id, owner, dataSource, orientation, scrollDirection, mode, tuning, viewport, contentSize
        case contentOffset, itemCount, visible, display, preload, itemStates
    }

    init(from scanner: inout JSONScanner) throws {
        let start = scanner.position
        var controller = Snapshot.RangeController(id: "", owner: "")
        var seen = Set<Key>()
        try scanner.readObject { scanner, name in
            guard let key = Key(rawValue: name) else { throw scanner.error("unknown range controller key \"\(name)\"") }
            seen.insert(key)
            switch key {
            case .id: controller.id = try scanner.readString()
            case .owner: controller.owner = try scanner.readString()
            case .dataSource: controller.dataSource = try scanner.readString()
            case .orientation: controller.orientation = try scanner.readEnum(Orientation.self)
            case .scrollDirection: controller.scrollDirection = try scanner.readFlags(Snapshot.ScrollDirection.named)
            case .mode: controller.mode = try scanner.readEnum(Mode.self)
            case .tuning: controller.tuning = try scanner.readTuning()
            case .viewport: controller.viewport = try scanner.readRect()
            case .contentSize: controller.contentSize = try scanner.readSize()
            case .contentOffset: controller.contentOffset = try scanner.readPoint()
            case .itemCount: controller.itemCount = try scanner.readCount()
            case .visible: controller.visible = try scanner.readIndexRuns()
            case .display: controller.display = try scanner.readIndexRuns()
            case .preload: controller.preload = try scanner.readIndexRuns()
            case .itemStates: controller.itemStates = try scanner.readItemStates()
            }
        }
        for key in [Key.id, .owner] where !seen.contains(key) {
            throw scanner.error("range controller is missing \"\(key.rawValue)\"", at: start)
        }
        self = controller
    }
}

extension JSONWriter {
    mutating func tuningParameters(_ parameters: Snapshot.TuningParameters) {
        byte(UInt8(ascii: "["))
        number(parameters.leading)
        byte(UInt8(ascii: ","))
        number(parameters.trailing)
        byte(UInt8(ascii: "]"))
    }

    mutating func indexRuns(_ runs: [Snapshot.IndexRun]) {
        byte(UInt8(ascii: "["))
        for (index, run) in runs.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            byte(UInt8(ascii: "["))
            int(run.start)
            byte(UInt8(ascii: ","))
            int(run.end)
            byte(UInt8(ascii: "]"))
        }
        byte(UInt8(ascii: "]"))
    }
}

extension JSONScanner {
    /// `{"full": {"display": [lead, trail], "preload": [lead, trail]}, "minimum": ...}`: every
    /// mode and both range types must be present, so a reader never guesses a tuning.
    mutating func readTuning() throws -> Snapshot.Tuning {
        let start = position
        var tuning = Snapshot.Tuning.textureDefaults
        var modes = Set<Snapshot.RangeController.Mode>()
        try readObject { scanner, key in
            let mode = try Self.mode(named: key, scanner: scanner)
            modes.insert(mode)
            tuning[mode] = try scanner.readRangeTuning()
        }
        for mode in Snapshot.RangeController.Mode.allCases where !modes.contains(mode) {
            throw error("tuning is missing mode \"\(mode.rawValue)\"", at: start)
        }
        return tuning
    }

    private static func mode(named key: String, scanner: JSONScanner) throws -> Snapshot.RangeController.Mode {
        guard let mode = Snapshot.RangeController.Mode(rawValue: key) else {
            throw scanner.error("unknown mode \"\(key)\" (expected full, minimum, visibleOnly, lowMemory)")
        }
        return mode
    }

    private mutating func readRangeTuning() throws -> Snapshot.RangeTuning {
        let start = position
        var display: Snapshot.TuningParameters?
        var preload: Snapshot.TuningParameters?
        try readObject { scanner, key in
            var parameters = Snapshot.TuningParameters.zero
            try scanner.readNumbers(count: 2, what: "[leading, trailing]") { index, value in
                if index == 0 { parameters.leading = value } else { parameters.trailing = value }
            }
            switch key {
            case "display": display = parameters
            case "preload": preload = parameters
            default: throw scanner.error("unknown range type \"\(key)\" (expected display, preload)")
            }
        }
        guard let display, let preload else { throw error("a mode's tuning needs \"display\" and \"preload\"", at: start) }
        return Snapshot.RangeTuning(display: display, preload: preload)
    }

    mutating func readIndexRuns() throws -> [Snapshot.IndexRun] {
        var runs: [Snapshot.IndexRun] = []
        try readArray { scanner, _ in
            let start = scanner.position
            var values = [0, 0]
            var count = 0
            try scanner.readArray { scanner, index in
                guard index < 2 else { throw scanner.error("expected [start, end], got more numbers") }
                values[index] = try scanner.readCount()
                count += 1
            }
            guard count == 2 else { throw scanner.error("expected [start, end]", at: start) }
            guard values[0] <= values[1] else {
                throw scanner.error("run start \(values[0]) is after its end \(values[1])", at: start)
            }
            runs.append(Snapshot.IndexRun(values[0], values[1]))
        }
        return runs
    }

    mutating func readItemStates() throws -> [Snapshot.ItemStateRun] {
        var runs: [Snapshot.ItemStateRun] = []
        try readArray { scanner, _ in
            let start = scanner.position
            var values = [0, 0, 0]
            var count = 0
            try scanner.readArray { scanner, index in
                guard index < 3 else { throw scanner.error("expected [start, end, stateMask], got more numbers") }
                values[index] = try scanner.readCount()
                count += 1
            }
            guard count == 3 else { throw scanner.error("expected [start, end, stateMask]", at: start) }
            guard values[0] <= values[1] else {
                throw scanner.error("run start \(values[0]) is after its end \(values[1])", at: start)
            }
            runs.append(Snapshot.ItemStateRun(values[0], values[1], Snapshot.InterfaceState(rawValue: values[2])))
        }
        return runs
    }
}
