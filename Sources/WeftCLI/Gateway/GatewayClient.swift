import Foundation
import Synchronization
import WeftProtocol

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A blocking client for the gateway's HTTP API (docs/protocol.md, HTTP API): the part of the protocol
/// `weft devices` and `weft snapshot` need, one request at a time. `http://` gateways are asked
/// over a plain socket (`PlainHTTPRequest`), since URLSession on Linux refuses IPv6 literals;
/// `https://` ones through URLSession, which brings TLS.
public struct GatewayClient: Sendable {
    /// The gateway; requests go to its `httpOrigin`.
    public let address: GatewayEndpoint
    /// Sent as `Authorization: Bearer TOKEN` when set.
    public let token: String?
    /// How long to wait for the gateway's answer (for the connection, then for each next part
    /// of the answer). A device call waits at the gateway for up to the gateway's own
    /// `--request-timeout` (30 s by default), so this must be longer than that: `--request-timeout`
    /// of `weft devices` and `weft snapshot`, default `defaultTimeout`.
    public let timeout: TimeInterval

    /// Twice the gateway's default request time-out: a device that does not answer is the
    /// gateway's 504, which says more than a time-out here would.
    public static let defaultTimeout: TimeInterval = 60

    public init(address: GatewayEndpoint, token: String?, timeout: TimeInterval = defaultTimeout) {
        self.address = address
        self.token = token
        self.timeout = timeout
    }

    /// A response with its status and raw body.
    public struct Response: Sendable {
        public var status: Int
        public var body: Data
    }

    /// `GET path` (path starts with `/`, already percent-encoded). Throws `GatewayError.unreachable`
    /// when no connection was made, `.noAnswer` when the server hung up without a response,
    /// `.timedOut` when the answer did not come within `timeout`.
    public func get(_ path: String) throws -> Response {
        address.usesTLS ? try getWithURLSession(path) : try getOverSocket(path)
    }

    private func getOverSocket(_ path: String) throws -> Response {
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        let request = PlainHTTPRequest(host: address.host, port: address.port, path: path, headers: headers, timeout: timeout)
        do {
            let (status, body) = try request.send(hostHeader: address.hostHeader)
            return Response(status: status, body: body)
        } catch {
            switch error.kind {
            case .unreachable: throw GatewayError.unreachable(address: address, reason: error.reason)
            case .noAnswer: throw GatewayError.noAnswer(address: address, reason: error.reason)
            case .timedOut: throw GatewayError.timedOut(address: address, seconds: timeout)
            }
        }
    }

    private func getWithURLSession(_ path: String) throws -> Response {
        guard let url = URL(string: address.httpOrigin + path) else {
            throw GatewayError.unreachable(address: address, reason: "cannot form a URL for \(path)")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }

        let outcome = Mutex<Result<Response, GatewayError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { [address, timeout] data, response, error in
            let result: Result<Response, GatewayError>
            if let http = response as? HTTPURLResponse {
                result = .success(Response(status: http.statusCode, body: data ?? Data()))
            } else if (error as? URLError)?.code == .timedOut {
                result = .failure(.timedOut(address: address, seconds: timeout))
            } else if (error as? URLError)?.code == .badURL, address.host.contains(":") {
                result = .failure(
                    .unreachable(
                        address: address,
                        reason:
                            "Foundation's URLSession on Linux cannot reach an IPv6 address over https; name the gateway by a host name"
                    ))
            } else {
                let reason = error.map { ($0 as NSError).localizedDescription } ?? "no response"
                result = .failure(
                    Self.hungUp(error)
                        ? .noAnswer(address: address, reason: reason)
                        : .unreachable(address: address, reason: reason))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        task.resume()
        done.wait()
        return try outcome.withLock { $0! }.get()
    }

    /// Whether the connection was made and then ended without a response (an empty reply, a
    /// reset, bytes that are not HTTP), as opposed to no connection at all.
    private static func hungUp(_ error: Error?) -> Bool {
        guard let error = error as? URLError else { return false }
        return [.badServerResponse, .networkConnectionLost, .cannotParseResponse].contains(error.code)
    }

    /// `GET path`, expecting 200 and a JSON body; any other status becomes a `GatewayError.api`
    /// carrying the gateway's `{"error": {"code", "message", "data"}}`.
    public func getJSON(_ path: String) throws -> Data {
        let response = try get(path)
        guard response.status == 200 else { throw GatewayError.api(GatewayAPIError(response)) }
        return response.body
    }
}
