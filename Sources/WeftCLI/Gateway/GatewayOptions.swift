/// `--gateway URL` and `--token T`, shared by the commands that talk to a gateway. Defaults come
/// from `WEFT_GATEWAY` (else `ws://127.0.0.1:9223`) and `WEFT_TOKEN` (protocol.md, Transport).
enum GatewayOptions {
    static var options: [ArgumentParser.Option] { [.value("gateway"), .value("token")] }

    /// Lines for a command's `--help`.
    static let help = """
          --gateway URL   the gateway (ws://, wss://, http:// or https://; default $WEFT_GATEWAY,
                          else \(GatewayAddress.defaultBaseURL))
          --token T       the gateway's token (default $WEFT_TOKEN), sent as Authorization: Bearer
        """

    static func client(_ parsed: ArgumentParser, io: CommandIO) throws -> GatewayClient {
        let baseURL = parsed.value("gateway") ?? nonEmpty(io.environment["WEFT_GATEWAY"]) ?? GatewayAddress.defaultBaseURL
        let token = parsed.value("token") ?? nonEmpty(io.environment["WEFT_TOKEN"])
        return GatewayClient(address: try GatewayAddress(baseURL), token: token)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
