import WeftJSON

extension Snapshot {
    /// Writes the whole document as compact JSON: `format`, `version`, `revision`, `meta` and
    /// `roots` always; `rangeControllers` when there are any.
    public func encode(into writer: inout JSONWriter) {
        Self.encodeStart(revision: revision, meta: meta, into: &writer)
        for (index, root) in roots.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            root.encode(into: &writer)
        }
        Self.encodeEnd(rangeControllers: rangeControllers, into: &writer)
    }

    /// Everything before the first root: `{"format":...,"roots":[`.
    static func encodeStart(revision: Int, meta: Meta, into writer: inout JSONWriter) {
        writer.raw("{\"format\":\"weft.snapshot\",\"version\":1,\"revision\":")
        writer.int(revision)
        writer.raw(",\"meta\":")
        meta.encode(into: &writer)
        writer.raw(",\"roots\":[")
    }

    /// Everything after the last root: `]`, the range controllers, `}`.
    static func encodeEnd(rangeControllers: [RangeController], into writer: inout JSONWriter) {
        writer.byte(UInt8(ascii: "]"))
        if !rangeControllers.isEmpty {
            writer.raw(",\"rangeControllers\":[")
            for (index, controller) in rangeControllers.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                controller.encode(into: &writer)
            }
            writer.byte(UInt8(ascii: "]"))
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// The document as compact JSON bytes (UTF-8).
    public func encoded() -> [UInt8] {
        // A walk to size the buffer exactly costs more than letting it double as it fills.
        var writer = JSONWriter(capacity: 1 << 16)
        encode(into: &writer)
        return writer.bytes
    }

    /// The document as indented JSON (for files kept under version control).
    public func encodedPretty() -> [UInt8] {
        Self.indenting(encoded())
    }

    /// A document's compact JSON as this encoder (or `SnapshotStreamWriter`) wrote it, indented:
    /// the bytes of `encodedPretty()`.
    public static func indenting(_ compact: [UInt8]) -> [UInt8] {
        // The encoder's output is valid JSON by construction.
        try! JSONFormatter.indent(compact)
    }

    /// Reads a document. Errors name the byte offset and the path of the offending value.
    public init(json bytes: some Collection<UInt8>) throws {
        self = try JSONScanner.scan(bytes) { try Snapshot(from: &$0) }
    }

    public init(json text: String) throws {
        try self.init(json: Array(text.utf8))
    }

    private enum Key: String {
        case format, version, revision, meta, roots, rangeControllers
    }

    init(from scanner: inout JSONScanner) throws {
        let start = scanner.position
        var snapshot = Snapshot()
        var format: String?
        var version: Int?
        var hasRoots = false
        try scanner.readObject { scanner, name in
            guard let key = Key(rawValue: name) else { throw scanner.error("unknown snapshot key \"\(name)\"") }
            switch key {
            case .format:
                let valueStart = scanner.position
                format = try scanner.readString()
                guard format == Snapshot.format else {
                    throw scanner.error(
                        "not a Weft snapshot: format is \"\(format!)\", expected \"\(Snapshot.format)\"", at: valueStart)
                }
            case .version:
                let valueStart = scanner.position
                version = try scanner.readInt()
                guard version == Snapshot.version else {
                    throw scanner.error(
                        "unsupported snapshot version \(version!) (this reader knows version \(Snapshot.version))", at: valueStart
                    )
                }
            case .revision:
                snapshot.revision = try scanner.readCount()
            case .meta:
                snapshot.meta = try Meta(from: &scanner)
            case .roots:
                hasRoots = true
                try scanner.readArray { scanner, _ in snapshot.roots.append(try Element(from: &scanner)) }
            case .rangeControllers:
                try scanner.readArray { scanner, _ in
                    snapshot.rangeControllers.append(try RangeController(from: &scanner))
                }
            }
        }
        guard format != nil else { throw scanner.error("not a Weft snapshot: no \"format\" key", at: start) }
        guard version != nil else { throw scanner.error("snapshot has no \"version\"", at: start) }
        guard hasRoots else { throw scanner.error("snapshot has no \"roots\"", at: start) }
        self = snapshot
    }
}

extension Snapshot.Meta {
    public func encode(into writer: inout JSONWriter) {
        writer.byte(UInt8(ascii: "{"))
        var first = true
        func key(_ name: StaticString) {
            if !first { writer.byte(UInt8(ascii: ",")) }
            first = false
            writer.key(name)
        }
        if let appId {
            key("appId")
            writer.string(appId)
        }
        if let appName {
            key("appName")
            writer.string(appName)
        }
        if let instance {
            key("instance")
            writer.string(instance)
        }
        if let host {
            key("host")
            writer.string(host)
        }
        if let pid {
            key("pid")
            writer.int(pid)
        }
        if let capturedAt {
            key("capturedAt")
            writer.string(capturedAt)
        }
        if let protocolVersion {
            key("protocolVersion")
            writer.int(protocolVersion)
        }
        if let screen {
            key("screen")
            writer.raw("{\"width\":")
            writer.number(screen.width)
            writer.raw(",\"height\":")
            writer.number(screen.height)
            writer.raw(",\"scale\":")
            writer.number(screen.scale)
            writer.byte(UInt8(ascii: "}"))
        }
        for entry in extra {
            if !first { writer.byte(UInt8(ascii: ",")) }
            first = false
            writer.string(entry.key)
            writer.byte(UInt8(ascii: ":"))
            writer.value(entry.value)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    init(from scanner: inout JSONScanner) throws {
        var meta = Snapshot.Meta()
        try scanner.readObject { scanner, key in
            switch key {
            case "appId": meta.appId = try scanner.readString()
            case "appName": meta.appName = try scanner.readString()
            case "instance": meta.instance = try scanner.readString()
            case "host": meta.host = try scanner.readString()
            case "pid": meta.pid = try scanner.readInt()
            case "capturedAt": meta.capturedAt = try scanner.readString()
            case "protocolVersion": meta.protocolVersion = try scanner.readInt()
            case "screen": meta.screen = try Snapshot.Screen(from: &scanner)
            default: meta.extra.append(key: key, value: try scanner.readValue())
            }
        }
        self = meta
    }
}

extension Snapshot.Screen {
    init(from scanner: inout JSONScanner) throws {
        let start = scanner.position
        var width: Double?
        var height: Double?
        var scale = 2.0
        try scanner.readObject { scanner, key in
            switch key {
            case "width": width = try scanner.readDouble()
            case "height": height = try scanner.readDouble()
            case "scale": scale = try scanner.readDouble()
            default: throw scanner.error("unknown screen key \"\(key)\" (expected width, height, scale)")
            }
        }
        guard let width, let height else { throw scanner.error("screen needs \"width\" and \"height\"", at: start) }
        self.init(width: width, height: height, scale: scale)
    }
}
