import Foundation
import WeftInspector

/// TextureGram's three lines of Weft: attach the inspector to the main loop (both screens are
/// its roots), name a checkpoint, detach at exit. Plus the status messages about the gateway.
final class InspectorAttachment {
    static let appId = "org.weft.TextureGram"
    /// When the `feed-loaded` checkpoint is written: after the first screen's photos and avatars
    /// came back (at most 200 ms) and before the scripted finger starts (500 ms).
    static let feedLoadedTime = 0.45

    let inspector: Inspector
    private let status: GatewayStatusReporter?

    init(app: TextureGramApp, options: Options) throws {
        let gateway: Inspector.Gateway =
            if !options.connects {
                .none
            } else if let url = options.gateway {
                .url(url)
            } else {
                .environment
            }
        inspector = try Inspector.attach(
            to: app.loop, gateway: gateway,
            options: Inspector.Options(
                appId: Self.appId, appName: "TextureGram", appVersion: "1.0", instance: options.instance))
        app.loop.schedule(after: Self.feedLoadedTime) { Inspector.checkpoint("feed-loaded") }
        // A deterministic run says nothing about the gateway: it is over in a moment.
        if let device = inspector.device, options.frames == nil {
            status = GatewayStatusReporter(device: device, appId: Self.appId, instance: device.configuration.instance)
            status?.start()
        } else {
            status = nil
        }
    }

    /// Writes the `exit` checkpoint and closes the connection.
    func detach() {
        status?.stop()
        inspector.detach()
    }
}
