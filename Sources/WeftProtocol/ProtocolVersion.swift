/// The protocol's major version (docs/protocol.md, "Devices: registration and identity"): what
/// `Gateway.register` and `Gateway.hello` say, and the only one a peer accepts.
public enum ProtocolVersion {
    public static let current = 1
}
