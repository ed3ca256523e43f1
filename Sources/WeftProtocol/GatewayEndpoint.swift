import Foundation

/// Where the gateway listens: a base URL `ws://`, `wss://`, `http://` or `https://` `host:port`
/// (docs/protocol.md, "Transport"). `http(s)` map to `ws(s)`, so the URL a user copies from the
/// gateway's banner works as is. Clients append the path they need (`/device`, `/inspector`).
/// The one parser of gateway URLs: the client library connects with it, the CLI reaches the
/// HTTP API with it (`httpOrigin`).
public struct GatewayEndpoint: Sendable, Equatable, CustomStringConvertible {
    public let usesTLS: Bool
    /// Host name or address, without the brackets of an IPv6 literal.
    public let host: String
    public let port: Int
    /// A path prefix from the base URL ("" or "/prefix", no trailing slash).
    public let basePath: String

    /// `ws://127.0.0.1:9223`, the protocol's default.
    public static let `default` = GatewayEndpoint(usesTLS: false, host: "127.0.0.1", port: 9223, basePath: "")

    public init(usesTLS: Bool, host: String, port: Int, basePath: String = "") {
        self.usesTLS = usesTLS
        self.host = host
        self.port = port
        self.basePath = basePath
    }

    /// Parses a base URL. Without a port, the scheme's default port (80 or 443) applies.
    /// White space and line breaks around it are trimmed; inside it a space or a control
    /// character is refused: the host becomes the Host header and the path the upgrade's request
    /// line, which either would break (RFC 3986 allows neither in a URL).
    public init(parsing text: String) throws(GatewayEndpointError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .init(text, "contains a space or a control character")
        }
        guard let schemeEnd = trimmed.range(of: "://") else {
            throw .init(text, "missing scheme (ws://, wss://, http://, https://)")
        }
        let usesTLS: Bool
        switch trimmed[..<schemeEnd.lowerBound].lowercased() {
        case "ws", "http": usesTLS = false
        case "wss", "https": usesTLS = true
        default: throw .init(text, "unsupported scheme (use ws://, wss://, http:// or https://)")
        }
        let rest = trimmed[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var path = String(rest[authority.endIndex...].prefix { $0 != "?" && $0 != "#" })
        while path.hasSuffix("/") { path.removeLast() }
        guard !authority.contains("@") else { throw .init(text, "user information is not supported") }

        let host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .init(text, "unterminated IPv6 address") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .init(text, "unexpected text after the IPv6 address") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            let afterColon = authority[authority.index(after: colon)...]
            // More colons: an IPv6 address, whose colons cannot be told from the port's.
            guard !afterColon.contains(":") else { throw .init(text, "an IPv6 address must be in brackets ([::1]:9223)") }
            host = authority[..<colon]
            portText = afterColon
        } else {
            host = authority
        }
        guard !host.isEmpty else { throw .init(text, "missing host") }
        var port = usesTLS ? 443 : 80
        if let portText {
            guard let parsed = Int(portText), (1...65535).contains(parsed) else { throw .init(text, "invalid port") }
            port = parsed
        }
        self.init(usesTLS: usesTLS, host: String(host), port: port, basePath: path)
    }

    /// The Host header: `host:port`, with brackets for an IPv6 literal. The gateway accepts
    /// only Host headers that name itself (docs/protocol.md, "Host").
    public var hostHeader: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The request path of an upgrade: base path + `path`, plus `?token=` (percent-encoded)
    /// when a token is set.
    public func requestPath(_ path: String, token: String?) -> String {
        var result = basePath + path
        if let token, !token.isEmpty {
            result += "?token=" + Self.percentEncode(token)
        }
        return result
    }

    /// `ws://host:port/path` (without the token, so it can be logged).
    public func webSocketURL(path: String) -> String {
        (usesTLS ? "wss://" : "ws://") + hostHeader + basePath + path
    }

    public var description: String { webSocketURL(path: "") }

    /// `http://host:port` (`https` with TLS): where the HTTP API (`/api/...`) is. The base path is
    /// left out: the API lives at the root of the gateway's server.
    public var httpOrigin: String {
        (usesTLS ? "https://" : "http://") + hostHeader
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    static func percentEncode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

/// A gateway base URL that cannot be used, with the reason.
public struct GatewayEndpointError: Error, Equatable, CustomStringConvertible {
    public let text: String
    public let reason: String

    public init(_ text: String, _ reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String { "invalid gateway URL \"\(text)\": \(reason)" }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
