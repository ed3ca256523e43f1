import Foundation
import WeftCapture
import WeftNodes
import WeftProtocol
import WeftSnapshot

/// Makes a running program inspectable: the one object a host program creates.
///
/// ```swift
/// let loop = MainLoop(clock: .real)
/// loop.addRoot(window, frame: Rect(x: 0, y: 0, width: 375, height: 667))
/// let inspector = try Inspector.attach(to: loop, options: .init(appId: "org.example.Feed"))
/// loop.run()                                   // until the program quits
/// inspector.detach()                           // writes the `exit` checkpoint
/// ```
///
/// It connects to the gateway in the background (never blocking the program; it retries with
/// back-off while there is none), serves every device method on the loop's thread, streams
/// `Tree.updated` while an inspector is attached, and writes checkpoints to
/// `WEFT_SNAPSHOT_DIR` (`first-layout`, the names the program passes to `checkpoint(_:)`, and
/// `exit`) with or without a gateway. Create, use and detach it on the loop's thread. While the
/// loop sleeps between frames (`run()` on the real clock, or `MainLoop.sleep(until:)`), the
/// captures for updates are taken on its worker, in those sleeps, instead of after the frames.
public final class Inspector {
    /// The capture behind it: documents, commands and streaming.
    public let session: CaptureSession
    /// The gateway connection, when there is one.
    public let device: DeviceSession?
    /// The main loop the inspector captures from, after each frame and in its sleeps.
    public let loop: MainLoop
    /// Where checkpoints go (nil: not written).
    public let snapshotDirectory: String?
    /// The file the run is recorded to (nil: not recorded).
    public let recording: String?

    /// The most recently attached inspector that is still attached (`Inspector.checkpoint`).
    /// One for the whole process, safe to read from any thread (each inspector lives on its own
    /// loop's thread, and programs may run several).
    public static var current: Inspector? { AttachedInspectors.shared.current }

    /// Serves the requests the transport posts to the loop (nil without a gateway).
    let requests: RequestServer?
    private var hook: MainLoop.Token?
    private var wroteFirstLayout = false
    private var isDetached = false
    /// The thread that attached it: the loop's (see `deinit`, `checkpoint(_:)`).
    let loopThread = Thread.current

    /// Inspects `loop`'s roots (as they are at each capture), or only `roots`.
    public static func attach(
        to loop: MainLoop, roots: [DisplayNode]? = nil, gateway: Gateway = .environment,
        options: Options = Options()
    ) throws -> Inspector {
        try Inspector(
            loop: loop, roots: roots, gateway: gateway, options: options,
            environment: ProcessInfo.processInfo.environment)
    }

    /// Inspects `roots`, which must be roots of one main loop (`MainLoop.addRoot`).
    public static func attach(
        roots: [DisplayNode], gateway: Gateway = .environment,
        options: Options = Options()
    ) throws -> Inspector {
        guard let loop = roots.first?.mainLoop, roots.allSatisfy({ $0.mainLoop === loop }) else {
            throw InspectorError(
                message: "Inspector.attach(roots:): every root must be a root of the same main loop (MainLoop.addRoot)")
        }
        return try attach(to: loop, roots: roots, gateway: gateway, options: options)
    }

    init(
        loop: MainLoop, roots: [DisplayNode]?, gateway: Gateway, options: Options,
        environment: [String: String]
    ) throws {
        guard options.updateRate.isFinite, options.updateRate >= 0 else {
            throw InspectorError(
                message: "Inspector.attach: updateRate must be a number of updates per second >= 0 "
                    + "(0: every changed frame), not \(options.updateRate)")
        }
        guard options.captureBudget.isFinite, options.captureBudget >= 0 else {
            throw InspectorError(
                message: "Inspector.attach: captureBudget must be a share of the frame time >= 0 "
                    + "(0: no limit), not \(options.captureBudget)")
        }
        guard options.recordingLimitBytes >= 4096 else {
            throw InspectorError(
                message: "Inspector.attach: recordingLimitBytes must be 4096 or more, not \(options.recordingLimitBytes)")
        }
        let environment = GatewayEnvironment(environment)
        self.loop = loop
        snapshotDirectory = options.snapshotDirectory ?? environment.snapshotDirectory
        recording = options.recording ?? environment.recording
        let instance = options.instance ?? environment.instance ?? GatewayEnvironment.defaultInstance
        let appName = options.appName ?? ProcessInfo.processInfo.processName
        let firstRoot = roots?.first ?? loop.roots.first
        let screen =
            options.screen
            ?? Snapshot.Screen(
                width: firstRoot?.frame.size.width ?? 375,
                height: firstRoot?.frame.size.height ?? 667,
                scale: loop.screenScale)
        let fixedRoots = roots.map { list in { list } }
        // A manual clock's run is deterministic, and so must its recording be: which captures
        // the worker publishes, and the budget's wall time, depend on the machine.
        let deterministicRecording = recording != nil && loop.clock == .manual
        session = CaptureSession(
            loop: loop, roots: fixedRoots,
            meta: Snapshot.Meta(
                appId: options.appId, appName: appName, instance: instance,
                host: ProcessInfo.processInfo.hostName,
                pid: Int(ProcessInfo.processInfo.processIdentifier), protocolVersion: ProtocolVersion.current,
                screen: screen),
            updateRate: options.updateRate, captureBudget: deterministicRecording ? 0 : options.captureBudget,
            publishing: deterministicRecording ? .inline : .worker)

        let endpointText: String?
        switch gateway {
        case .none: endpointText = nil
        case .url(let text): endpointText = text
        case .environment:
            endpointText =
                environment.gateway
                ?? (snapshotDirectory == nil && recording == nil ? GatewayEndpoint.default.description : nil)
        }
        if let endpointText {
            let endpoint: GatewayEndpoint
            do { endpoint = try GatewayEndpoint(parsing: endpointText) } catch {
                throw InspectorError(message: "Inspector.attach: \(error)")
            }
            // The gateway refuses the registration and keeps the connection: never inspectable.
            guard !options.appId.isEmpty else {
                throw InspectorError(message: "Inspector.attach: appId is empty: the gateway registers no device without one")
            }
            let configuration = GatewayConfiguration(
                endpoint: endpoint, token: options.token ?? environment.token,
                instance: instance, snapshotDirectory: snapshotDirectory)
            let requests = RequestServer(session: session, changes: RuntimeChanges(loop: loop), poster: loop.poster)
            var transport = TransportOptions.device
            transport.handshakeTimeout = options.registrationTimeout
            let device = DeviceSession(
                configuration: configuration,
                identity: DeviceIdentity(appId: options.appId, instance: instance),
                info: DeviceInfo(
                    appName: appName, appVersion: options.appVersion,
                    screen: screen),
                options: transport,
                // The request server weakly: it holds the device (to answer) and the capture
                // session, which holds the device too (to stream). Held strongly here, by the device's
                // delivery, the device, server and session kept each other alive: after detach
                // (a session, its caches and a transport per attach), and, when the program
                // dropped an inspector without detaching, connected and served for good.
                delivery: .forward { [weak requests] request in requests?.receive(request) })
            requests.device = device
            self.device = device
            self.requests = requests
            session.isListening = { device.isSomeoneListening }
            session.sendEvent = { method, params in device.sendEvent(method: method, params: params) }
            // Weakly: the session owns the agent, and nothing here should keep it alive.
            device.onDevToolsSessionClosed { [weak devTools = session.devTools] in devTools?.close(session: $0) }
        } else {
            device = nil
            requests = nil
        }
        if let recording {
            do {
                try session.record(to: recording, limitBytes: options.recordingLimitBytes)
            } catch {
                throw InspectorError(message: "Inspector.attach: cannot record to \(recording): \(error.localizedDescription)")
            }
        }
        session.start()
        hook = loop.addAfterFrameHook { [weak self] _ in self?.afterFrame() }
        if AttachedInspectors.shared.add(self) { Inspector.installExitHandler() }
        device?.start()
    }

    /// Stops inspecting: puts back what inspectors changed (a pause, the application state,
    /// range tuning: `RuntimeChanges`; layout edits: `CaptureSession.stop()`), then writes the
    /// `exit` checkpoint (when a snapshot directory is set) of the trees as the program left them,
    /// laid out again where an edit was reverted, and closes the connection. Idempotent.
    public func detach() {
        guard !isDetached else { return }
        isDetached = true
        Detachment(self).run()
        AttachedInspectors.shared.remove(self)
    }

    /// An inspector the program drops without `detach()` detaches: the program can no longer
    /// reach it to put back what its inspectors changed (a pause, edits), so it does that itself,
    /// writes `exit` and hangs up. On the loop's thread at once. Dropped elsewhere (another
    /// thread held the last reference, say one it took from `Inspector.current`), it hangs up
    /// there (the transport may be closed from any thread) and posts the rest to the loop,
    /// since the trees and the loop may be touched on its thread only; a loop that never runs
    /// again then keeps no connection open.
    deinit {
        guard !isDetached else { return }
        let detachment = Detachment(self)
        if Thread.current === loopThread {
            detachment.run()
        } else {
            device?.close()
            loop.post { _ in detachment.run() }
        }
    }

    /// What detaching does, with the parts it needs and without the inspector, so that an
    /// inspector going away on another thread can hand it to the loop.
    private struct Detachment: @unchecked Sendable {
        let loop: MainLoop
        let hook: MainLoop.Token?
        let session: CaptureSession
        let requests: RequestServer?
        let device: DeviceSession?
        let snapshotDirectory: String?

        init(_ inspector: Inspector) {
            loop = inspector.loop
            hook = inspector.hook
            session = inspector.session
            requests = inspector.requests
            device = inspector.device
            snapshotDirectory = inspector.snapshotDirectory
        }

        /// On the loop's thread.
        func run() {
            requests?.isDetached = true
            if let hook { loop.remove(hook) }
            requests?.changes.restore()
            session.stop()
            if let snapshotDirectory {
                for root in session.inspectedRoots { root.layoutIfNeeded() }  // where a revert left it stale
                Inspector.writeCheckpoint("exit", of: session, to: snapshotDirectory)
            }
            device?.close()
        }
    }

    // MARK: Checkpoints

    /// Writes `<snapshot dir>/<name>.json` with the current document (nothing without a
    /// snapshot directory). Names keep letters, digits, `.`, `_` and `-`; other characters
    /// become `-`. Errors are reported on standard error: a checkpoint never stops the program.
    public func checkpoint(_ name: String) {
        guard let snapshotDirectory else { return }
        Inspector.writeCheckpoint(name, of: session, to: snapshotDirectory)
    }

    private static func writeCheckpoint(_ name: String, of session: CaptureSession, to directory: String) {
        var document = session.document()
        document.meta.extra["checkpoint"] = .string(name)
        let path = (directory as NSString).appendingPathComponent(Inspector.fileName(for: name))
        do {
            try Capture.write(document, to: path)
        } catch {
            FileHandle.standardError.write(Data("weft: could not write checkpoint \(path): \(error)\n".utf8))
        }
    }

    /// `checkpoint(_:)` on the newest inspector attached on the calling thread, the loop's
    /// (nothing when none is). In a program with one loop that is `current`; with loops on
    /// several threads, each thread's checkpoints are its own loop's (another loop's trees may
    /// not be read there).
    public static func checkpoint(_ name: String) {
        AttachedInspectors.shared.newest(attachedOn: Thread.current)?.checkpoint(name)
    }

    static func fileName(for name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        var safe = String(name.map { allowed.contains($0) ? $0 : "-" })
        if safe.isEmpty || safe.hasPrefix(".") { safe = "checkpoint" + safe }
        return safe + ".json"
    }

    /// `first-layout`: after the first frame in which every root has a layout. Once per process
    /// and directory: an inspector attached again later (or a second one) keeps the program's
    /// first layout instead of overwriting it with its own.
    private func afterFrame() {
        guard !wroteFirstLayout else { return }
        let roots = session.inspectedRoots
        guard !roots.isEmpty, roots.allSatisfy({ $0.calculatedLayout != nil }) else { return }
        wroteFirstLayout = true
        guard let snapshotDirectory, Inspector.firstLayouts.claim(snapshotDirectory) else { return }
        checkpoint("first-layout")
    }

    /// The snapshot directories this process wrote `first-layout` to.
    private static let firstLayouts = FirstLayoutDirectories()

    /// The `exit` checkpoint (and the recording's end) when the process exits without `detach()`, written by the newest
    /// inspector attached on the thread that calls `exit` (its loop's thread, usually the main
    /// one; exiting elsewhere, it cannot read any loop's trees, and writes nothing). Installed
    /// once, by the first attach.
    private static func installExitHandler() {
        atexit {
            guard let inspector = AttachedInspectors.shared.newest(attachedOn: Thread.current) else { return }
            inspector.checkpoint("exit")
            inspector.session.finishRecording()
        }
    }
}
