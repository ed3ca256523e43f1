import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import WeftProtocol

/// A blocking client for the gateway's HTTP API (protocol.md, HTTP API): the part of the protocol
/// `weft devices` and `weft snapshot` need. Plain HTTP requests through URLSession (only its
/// WebSocket task is broken on Linux), one at a time.
public struct GatewayClient: Sendable {
    /// The gateway; requests go to its `httpOrigin`.
    public let address: GatewayEndpoint
    /// Sent as `Authorization: Bearer TOKEN` when set.
    public let token: String?
    /// How long one request may take. Device calls are bounded by the gateway's own time-out
    /// (504), so this only guards against a gateway that stopped answering.
    public let timeout: TimeInterval

    public init(address: GatewayEndpoint, token: String?, timeout: TimeInterval = 60) {
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
    /// when no connection was made, `.noAnswer` when the server hung up without a response.
    public func get(_ path: String) throws -> Response {
        guard let url = URL(string: address.httpOrigin + path) else {
            throw GatewayError.unreachable(address: address, reason: "cannot form a URL for \(path)")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }

        let outcome = Mutex<Result<Response, GatewayError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            let result: Result<Response, GatewayError>
            if let http = response as? HTTPURLResponse {
                result = .success(Response(status: http.statusCode, body: data ?? Data()))
            } else {
                let reason = error.map { ($0 as NSError).localizedDescription } ?? "no response"
                result = .failure(Self.hungUp(error) ? .noAnswer(address: address, reason: reason)
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
