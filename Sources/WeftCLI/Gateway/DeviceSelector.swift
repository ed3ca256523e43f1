import Foundation

/// What `--device` names (docs/protocol.md, HTTP API `{device}`): a deviceId (`d3`), an appId
/// (`org.weft.TextureGram`), or one instance of it written `APPID/INSTANCE` (or the API's own
/// `APPID@INSTANCE`).
public struct DeviceSelector: Equatable, Sendable, CustomStringConvertible {
    /// As the user wrote it, for messages.
    public let text: String
    /// The protocol's form (`appId@instance`, a deviceId or an appId), for `Gateway.attach`.
    public let apiForm: String
    /// The API's form (`appId@instance`), percent-encoded for a path segment.
    public let pathSegment: String

    public init(_ text: String) throws {
        guard !text.isEmpty else { throw UsageError("--device needs a device id, an app id or APPID/INSTANCE") }
        self.text = text
        // appIds and instance names never contain "/", so the first one separates them.
        apiForm = text.replacingOccurrences(of: "/", with: "@", options: [], range: text.range(of: "/"))
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%")
        pathSegment = apiForm.addingPercentEncoding(withAllowedCharacters: allowed) ?? apiForm
    }

    public var description: String { text }
}
