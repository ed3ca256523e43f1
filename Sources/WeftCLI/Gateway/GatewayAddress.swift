import Foundation

/// Where the gateway's HTTP API is: the `--gateway` / `WEFT_GATEWAY` base URL turned into an
/// `http(s)://host:port` origin. protocol.md accepts `ws://`, `wss://`, `http://` and `https://`
/// base URLs; the WebSocket schemes name the same server, so `ws` maps to `http` and `wss` to
/// `https`.
public struct GatewayAddress: Equatable, Sendable, CustomStringConvertible {
    /// The gateway a command uses when neither `--gateway` nor `WEFT_GATEWAY` names one.
    public static let defaultBaseURL = "ws://127.0.0.1:9223"

    /// `http://127.0.0.1:9223` (no trailing slash, no path).
    public let origin: String

    /// Parses a base URL. A path after the authority (for example `/inspector`) is ignored: the
    /// API lives at `/api/...` on the same server.
    public init(_ baseURL: String) throws {
        guard let components = URLComponents(string: baseURL), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty
        else {
            throw UsageError("--gateway must be a ws://, wss://, http:// or https:// URL like \(Self.defaultBaseURL), got \"\(baseURL)\"")
        }
        let httpScheme: String
        switch scheme {
        case "ws", "http": httpScheme = "http"
        case "wss", "https": httpScheme = "https"
        default:
            throw UsageError("--gateway must use ws://, wss://, http:// or https://, got \"\(baseURL)\"")
        }
        // URLComponents drops the brackets of an IPv6 literal from `host`; put them back.
        let hostPart = host.contains(":") ? "[\(host)]" : host
        let portPart = components.port.map { ":\($0)" } ?? ""
        origin = "\(httpScheme)://\(hostPart)\(portPart)"
    }

    public var description: String { origin }
}
