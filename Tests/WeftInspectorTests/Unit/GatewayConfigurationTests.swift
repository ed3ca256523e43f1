import Testing

@testable import WeftInspector

/// Base URLs and environment (docs/protocol.md, "Transport": ws, wss, http, https host:port;
/// default ws://127.0.0.1:9223; token as ?token=).
@Suite struct GatewayConfigurationTests {
    @Test func parsesEverySchemeAndMapsHTTPToWebSocket() throws {
        #expect(
            try GatewayEndpoint(parsing: "ws://127.0.0.1:9223") == GatewayEndpoint(usesTLS: false, host: "127.0.0.1", port: 9223))
        #expect(
            try GatewayEndpoint(parsing: "http://localhost:8080/")
                == GatewayEndpoint(usesTLS: false, host: "localhost", port: 8080))
        #expect(
            try GatewayEndpoint(parsing: "wss://weft.example:4443")
                == GatewayEndpoint(usesTLS: true, host: "weft.example", port: 4443))
        #expect(
            try GatewayEndpoint(parsing: "HTTPS://weft.example")
                == GatewayEndpoint(usesTLS: true, host: "weft.example", port: 443))
        #expect(try GatewayEndpoint(parsing: "ws://[::1]:9000") == GatewayEndpoint(usesTLS: false, host: "::1", port: 9000))
        #expect(
            try GatewayEndpoint(parsing: "ws://host:1/prefix/")
                == GatewayEndpoint(usesTLS: false, host: "host", port: 1, basePath: "/prefix"))
    }

    @Test(arguments: [
        "127.0.0.1:9223", "ftp://host:1", "ws://", "ws://host:0", "ws://host:70000", "ws://host:abc",
        "ws://[::1", "ws://[::1]x", "ws://user@host:1",
    ])
    func rejectsUnusableURLs(_ text: String) {
        #expect(throws: GatewayEndpointError.self) { try GatewayEndpoint(parsing: text) }
    }

    /// The host goes into the Host header and the socket address, the base path into the upgrade's
    /// request line (`GET <path> HTTP/1.1`). RFC 3986 allows neither spaces nor control characters
    /// in a URL, and either would break that line or header (a line break in the path starts a
    /// header of its own), so such a `WEFT_GATEWAY` is refused with the reason, as
    /// `Inspector.attach` promises for a URL that cannot be used.
    @Test(arguments: [
        "ws://host:1/a b", "ws://ho st:1", "ws://host:1/x\r\nX-Injected: 1", "ws://host\u{7F}:1",
        "ws://host:1/\u{0}", "ws://host\t:1",
    ])
    func rejectsSpacesAndControlCharacters(_ text: String) {
        #expect(throws: GatewayEndpointError(text, "contains a space or a control character")) {
            try GatewayEndpoint(parsing: text)
        }
    }

    /// RFC 3986 (3.2.2): an IPv6 address in a URL is written in brackets, so that its colons are
    /// not read as the port's. Without them the split is a guess: "127.0.0.1:9223:1" became the
    /// host "127.0.0.1:9223" (a name nothing resolves: retried for good), and "fe80::1" the host
    /// "fe80:" on port 1. A host with a colon outside brackets is refused with the reason.
    @Test(arguments: ["ws://127.0.0.1:9223:1", "ws://::1:9223", "ws://fe80::1"])
    func rejectsAnIPv6AddressWithoutBrackets(_ text: String) {
        #expect(throws: GatewayEndpointError(text, "an IPv6 address must be in brackets ([::1]:9223)")) {
            try GatewayEndpoint(parsing: text)
        }
    }

    /// Leading and trailing white space is not part of the URL (a value copied with its line
    /// break, an environment file's trailing newline): it is trimmed, as spaces already were.
    @Test func trimsSurroundingWhiteSpaceAndLineBreaks() throws {
        #expect(
            try GatewayEndpoint(parsing: " ws://127.0.0.1:9223/base/\n")
                == GatewayEndpoint(usesTLS: false, host: "127.0.0.1", port: 9223, basePath: "/base"))
        #expect(
            try GatewayEndpoint(parsing: "\r\nws://127.0.0.1:9223\r\n")
                == GatewayEndpoint(usesTLS: false, host: "127.0.0.1", port: 9223))
    }

    @Test func buildsHostHeaderPathAndToken() throws {
        let endpoint = try GatewayEndpoint(parsing: "ws://[::1]:9000/base")
        #expect(endpoint.hostHeader == "[::1]:9000")
        #expect(endpoint.requestPath("/device", token: nil) == "/base/device")
        #expect(endpoint.requestPath("/device", token: "") == "/base/device")
        // Only RFC 3986 unreserved characters stay literal.
        #expect(endpoint.requestPath("/inspector", token: "a b&c=d/é~") == "/base/inspector?token=a%20b%26c%3Dd%2F%C3%A9~")
        #expect(endpoint.webSocketURL(path: "/device") == "ws://[::1]:9000/base/device")
        #expect(GatewayEndpoint.default.webSocketURL(path: "/device") == "ws://127.0.0.1:9223/device")
    }

    @Test func readsTheEnvironmentInOnePlace() throws {
        let configuration = try GatewayConfiguration.fromEnvironment(
            GatewayEnvironment([
                "WEFT_GATEWAY": "http://127.0.0.1:1234", "WEFT_TOKEN": "secret", "WEFT_INSTANCE": "test-7",
                "WEFT_SNAPSHOT_DIR": "/tmp/snaps",
            ]))
        #expect(
            configuration
                == GatewayConfiguration(
                    endpoint: GatewayEndpoint(usesTLS: false, host: "127.0.0.1", port: 1234),
                    token: "secret", instance: "test-7", snapshotDirectory: "/tmp/snaps"))
    }

    @Test func emptyOrMissingVariablesGiveTheDefaults() throws {
        let configuration = try GatewayConfiguration.fromEnvironment(
            GatewayEnvironment(["WEFT_GATEWAY": "", "WEFT_TOKEN": "", "WEFT_INSTANCE": ""]))
        #expect(configuration == GatewayConfiguration())
        #expect(configuration.endpoint == .default && configuration.instance == "default" && configuration.token == nil)
    }

    @Test func invalidGatewayVariableIsAClearError() {
        #expect(throws: GatewayEndpointError.self) {
            try GatewayConfiguration.fromEnvironment(GatewayEnvironment(["WEFT_GATEWAY": "localhost:9223"]))
        }
        do {
            _ = try GatewayConfiguration.fromEnvironment(GatewayEnvironment(["WEFT_GATEWAY": "nope"]))
        } catch {
            #expect(error.description == #"invalid gateway URL "nope": missing scheme (ws://, wss://, http://, https://)"#)
        }
    }
}
