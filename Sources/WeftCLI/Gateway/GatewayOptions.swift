import WeftProtocol

/// `--gateway URL`, `--token T` and `--request-timeout S`, shared by the commands that talk to a gateway. Defaults come
/// from `WEFT_GATEWAY` (else `ws://127.0.0.1:9223`) and `WEFT_TOKEN` (docs/protocol.md, Transport),
/// read by `GatewayEnvironment`; the URL is parsed by `GatewayEndpoint`, as the client library does.
enum GatewayOptions {
    static var options: [ArgumentParser.Option] { [.value("gateway"), .value("token"), .value("request-timeout")] }

    /// Lines for a command's `--help`.
    static let help = """
          --gateway URL   the gateway (ws://, wss://, http:// or https://; default $WEFT_GATEWAY,
                          else \(GatewayEndpoint.default))
          --token T       the gateway's token (default $WEFT_TOKEN), sent as Authorization: Bearer
          --request-timeout S
                          how long to wait for the gateway's answer (default \(Int(GatewayClient.defaultTimeout));
                          longer than the gateway's own --request-timeout, default 30)
        """

    static func client(_ parsed: ArgumentParser, io: CommandIO) throws -> GatewayClient {
        let environment = GatewayEnvironment(io.environment)
        let (source, baseURL) =
            if let option = parsed.value("gateway") { ("--gateway", option) } else if let variable = environment.gateway {
                ("WEFT_GATEWAY", variable)
            } else { ("the default gateway", GatewayEndpoint.default.description) }
        let endpoint: GatewayEndpoint
        do { endpoint = try GatewayEndpoint(parsing: baseURL) } catch {
            throw UsageError(
                "\(source) must be a ws://, wss://, http:// or https:// URL like \(GatewayEndpoint.default): \(error)")
        }
        let (tokenSource, token) =
            if let option = parsed.value("token") { ("--token", Optional(option)) } else { ("WEFT_TOKEN", environment.token) }
        // The token goes into a request header: a line break in it would start a header of its
        // own (or end the request's head).
        if let token, token.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw UsageError("\(tokenSource) must not contain control characters (line breaks, tabs)")
        }
        return GatewayClient(
            address: endpoint, token: token,
            timeout: try parsed.seconds("request-timeout", allowingZero: false) ?? GatewayClient.defaultTimeout)
    }
}
