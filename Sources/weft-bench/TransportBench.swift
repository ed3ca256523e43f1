import Foundation
import Synchronization
import WeftInspector
import WeftJSON
import WeftSnapshot
import WeftTestSupport

/// `transport`: what the client costs the host thread (issue 5: "it costs a cheap check per
/// frame"; docs/architecture.md: "the client never blocks or crashes the host").
/// - `listening check`: one `isSomeoneListening` read, done by the host every frame.
/// - `sendEvent, no gateway`: a `Tree.updated` send while nothing listens on the port (the
///   event is discarded at once).
/// - `CPU with no gateway`, `resident memory of a session`: what an uninspected program pays.
/// - `sendEvent, connected`: the same against the real gateway with an inspector attached
///   (queued, then written by the transport thread; the figure is the host thread's share).
/// Events carry 200 bytes of params, about one small update op. The connected figures need
/// gateway/build/weft-gateway (`make gateway`); without it they are skipped with a message.
struct TransportBench: BenchSuite {
    let name = "transport"

    func run(size: BenchSize, report: BenchReport) {
        let calls = size == .tiny ? 20_000 : 500_000
        let params =
            Array(#"{"baseRevision":1,"revision":2,"ops":[{"op":"set","id":"n12","fields":{"frame":[0,0,375,44]}}],"#.utf8)
            + Array(repeating: UInt8(ascii: " "), count: 100) + Array("}".utf8)

        let residentBefore = Self.residentMiB()
        let offline = Self.device(endpoint: GatewayEndpoint(usesTLS: false, host: "127.0.0.1", port: Self.unusedPort()))
        offline.start()
        report.figure("listening check", Self.nanosecondsPerCall(calls * 10) { _ = offline.isSomeoneListening }, "ns/frame")
        report.figure(
            "sendEvent, no gateway",
            Self.nanosecondsPerCall(calls) { _ = offline.sendEvent(method: "Tree.updated", params: params) }, "ns/call")
        // What an uninspected program pays in the background: the transport thread retrying
        // (at most one connect per 5 s once the back-off is capped) while this thread sleeps.
        let idle: Duration = size == .tiny ? .milliseconds(500) : .seconds(10)
        let cpuBefore = Self.processCPUSeconds()
        usleep(UInt32(idle.components.seconds * 1_000_000 + idle.components.attoseconds / 1_000_000_000_000))
        let idleSeconds = Double(idle.components.seconds) + Double(idle.components.attoseconds) * 1e-18
        report.figure(
            "CPU with no gateway (retrying)", 100 * (Self.processCPUSeconds() - cpuBefore) / idleSeconds, "% of a core",
            decimals: 3)
        report.figure("resident memory of a session", Self.residentMiB() - residentBefore, "MiB", decimals: 2)
        offline.close()

        guard FileManager.default.isExecutableFile(atPath: GatewayBinary.path) else {
            print("transport: \(GatewayBinary.path) is missing (run `make gateway`): connected figures skipped")
            return
        }
        do {
            try connectedFigures(calls: calls, params: params, report: report)
        } catch {
            print("transport: connected figures skipped: \(error)")
        }
    }

    private func connectedFigures(calls: Int, params: [UInt8], report: BenchReport) throws {
        let gateway = try GatewayProcess()
        let endpoint = try GatewayEndpoint(parsing: gateway.webSocketURL)
        let device = Self.device(endpoint: endpoint)
        device.start()
        defer { device.close() }
        guard Self.wait({ device.isRegistered }), let deviceId = device.deviceId else {
            throw HarnessError("the device did not register: \(device.client.lastError ?? "")")
        }
        let received = Atomic<Int>(0)
        let inspector = InspectorClient(endpoint: endpoint, onEvent: { _ in received.add(1, ordering: .relaxed) })
        inspector.start()
        defer { inspector.close() }
        guard Self.wait({ inspector.isReady }) else { throw HarnessError("the inspector did not connect") }
        inspector.send("Gateway.attach", params: (["device": .string(deviceId)] as JSONValue).jsonBytes) { _ in }
        guard Self.wait({ device.isSomeoneListening }) else { throw HarnessError("the inspector did not attach") }

        report.figure(
            "listening check, attached", Self.nanosecondsPerCall(calls * 10) { _ = device.isSomeoneListening }, "ns/frame")
        // As a host sends: one update per frame (here one per millisecond, faster than 60 fps),
        // each paying the wake-up of the sleeping transport thread. The median: on a shared
        // machine the mean mostly measures how often the thread was preempted.
        var samples: [Double] = []
        for _ in 0..<(calls / 100) {
            let start = ContinuousClock.now
            _ = device.sendEvent(method: "Tree.updated", params: params)
            let elapsed = ContinuousClock.now - start
            samples.append(Double(elapsed.components.attoseconds) * 1e-9 + Double(elapsed.components.seconds) * 1e9)
            usleep(1000)
        }
        samples.sort()
        report.figure("sendEvent, connected, one per ms (median)", samples[samples.count / 2], "ns/call")
        report.figure("sendEvent, connected, one per ms (99th percentile)", samples[samples.count * 99 / 100], "ns/call")
        // Flat out: the transport thread is awake and contends for the queue's lock; the queue
        // drops what the socket cannot take.
        let before = device.client.statistics
        let nanoseconds = Self.nanosecondsPerCall(calls) { _ = device.sendEvent(method: "Tree.updated", params: params) }
        report.figure("sendEvent, connected, flat out", nanoseconds, "ns/call")
        _ = Self.wait { device.client.statistics.queuedBytes == 0 }
        let dropped = device.client.statistics.droppedEvents - before.droppedEvents
        report.figure(
            "events dropped by the client flat out", 100 * Double(dropped) / Double(calls * Self.repeats), "%", decimals: 1)
    }

    private static func device(endpoint: GatewayEndpoint) -> DeviceSession {
        let instance = "bench-\(getpid())-\(UUID().uuidString.prefix(6))"
        return DeviceSession(
            configuration: GatewayConfiguration(endpoint: endpoint, instance: instance),
            identity: DeviceIdentity(appId: "org.weft.bench", instance: instance),
            info: DeviceInfo(appName: "weft-bench"))
    }

    private static let repeats = 3

    /// Best of `repeats` runs of `calls` calls, in nanoseconds per call.
    private static func nanosecondsPerCall(_ calls: Int, _ body: () -> Void) -> Double {
        Stopwatch.bestSeconds(repeats: repeats) {
            for _ in 0..<calls { body() }
        } * 1e9 / Double(calls)
    }

    private static func wait(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            usleep(2000)
        }
        return true
    }

    /// User + system CPU time of the whole process.
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Current resident set size (VmRSS) in MiB.
    private static func residentMiB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (line.split(separator: " ").compactMap { Double($0) }.first ?? .nan) / 1024
        }
        return .nan
    }

    /// A loopback port nothing listens on: bound, read, and released again.
    private static func unusedPort() -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                _ = bind(socket, generic, length)
                _ = getsockname(socket, generic, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
