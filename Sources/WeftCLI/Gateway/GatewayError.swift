import Foundation
import WeftJSON
import WeftProtocol
import WeftSnapshot

/// Why a gateway request failed. Every case is an input error for the CLI (exit status 2):
/// the user named a gateway or device that is not there, or is not allowed in.
public enum GatewayError: Error, CustomStringConvertible {
    /// No connection: nothing listens there (yet).
    case unreachable(address: GatewayEndpoint, reason: String)
    /// Connected, but the server hung up without an HTTP response: it is no gateway, or a
    /// gateway that dropped the request.
    case noAnswer(address: GatewayEndpoint, reason: String)
    /// Connected, but no answer (or no next part of it) came within the client's time-out:
    /// a gateway that hangs, or one whose own `--request-timeout` is longer than ours.
    case timedOut(address: GatewayEndpoint, seconds: TimeInterval)
    /// The gateway answered with an error status.
    case api(GatewayAPIError)
    /// A 200 whose body is not what docs/protocol.md promises.
    case malformed(String)

    public var description: String {
        switch self {
        case .unreachable(let address, let reason):
            "cannot reach the gateway at \(address.httpOrigin) (\(reason)); start it, or point --gateway or WEFT_GATEWAY at it"
        case .noAnswer(let address, let reason):
            "the server at \(address.httpOrigin) closed the connection without an answer (\(reason)); "
                + "check that --gateway or WEFT_GATEWAY names a weft gateway"
        case .timedOut(let address, let seconds):
            "the gateway at \(address.httpOrigin) did not answer within \(PlainHTTPRequest.seconds(seconds)) "
                + "(weft's --request-timeout; when the gateway's own --request-timeout is longer, give weft a longer one)"
        case .api(let error):
            error.description
        case .malformed(let what):
            "the gateway sent \(what)"
        }
    }
}

/// A gateway error reply: the HTTP status and the `{"error": {"code", "message", "data"?}}` body
/// (docs/protocol.md, HTTP API).
public struct GatewayAPIError: Error, CustomStringConvertible {
    public var status: Int
    public var code: Int?
    public var message: String
    public var data: JSONValue?

    init(_ response: GatewayClient.Response) {
        status = response.status
        let error = (try? JSONReader.parse(response.body))?["error"]
        code = error?["code"]?.number.map { Int($0) }
        // One line: a device's own error message (502) may span several.
        message = (error?["message"]?.string ?? "the gateway answered HTTP \(response.status)")
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        data = error?["data"]
    }

    /// For 409: the ids of the devices the selector matched (`data.candidates`; the gateway
    /// lists device ids, a Device object's `deviceId` is taken too).
    public var candidateIDs: [String] {
        (data?["candidates"]?.array ?? []).compactMap { $0.string ?? $0["deviceId"]?.string }
    }

    public var description: String {
        switch status {
        case 401: "the gateway refused the request: \(message) (give the gateway's token with --token or WEFT_TOKEN)"
        case 403, 421: "the gateway refused the request: \(message)"
        default: "\(message) (HTTP \(status))"
        }
    }
}
