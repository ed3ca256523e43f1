import CLibWebSockets
import Foundation
import Synchronization

/// Everything that runs on the transport's own thread: the lws context, the one connection,
/// reassembly, fragmenting writes, and the reconnection schedule. libwebsockets is not
/// thread-safe (docs/architecture.md, "Threads"), so every lws call is made here; the mutable
/// properties below are touched only on this thread, which is why the class may be
/// `@unchecked Sendable` (it is handed to the thread once).
final class ServiceLoop: @unchecked Sendable {
    static let subprotocol = "weft.v1"

    private let endpoint: GatewayEndpoint
    private let requestPath: String
    private let options: TransportOptions
    private let mailbox: Mailbox
    private let handlers: WebSocketClient.Handlers

    // C strings and tables that must outlive the context.
    private let cAddress: UnsafeMutablePointer<CChar>
    private let cPath: UnsafeMutablePointer<CChar>
    private let cHost: UnsafeMutablePointer<CChar>
    private let cProtocol: UnsafeMutablePointer<CChar>
    private let protocols: UnsafeMutablePointer<lws_protocols>
    /// lws stores the connection here early, and clears it when the attempt is scrapped.
    private let connectionSlot: UnsafeMutablePointer<OpaquePointer?>
    private let sendBuffer: UnsafeMutableRawBufferPointer
    /// Keep-alive: lws pings an idle connection and hangs up one that stays silent.
    private let idlePolicy: UnsafeMutablePointer<lws_retry_bo_t>

    private var context: OpaquePointer?
    private var connection: OpaquePointer? { connectionSlot.pointee }
    private var established = false
    private var establishedAt: ContinuousClock.Instant?
    private var generation: UInt64 = 0
    private var consecutiveFailures = 0
    private var reconnectAt: ContinuousClock.Instant?
    private var peerCloseCode: Int?
    private var replaced = false
    private var refused = false
    private var closeStatus: lws_close_status?
    private var stopDeadline: ContinuousClock.Instant?
    private var readingPaused = false
    private var assembler: MessageAssembler
    private var inFlight: OutgoingMessage?
    private var inFlightPart = 0
    private var inFlightOffset = 0
    private var inFlightSent = 0
    private var housekeepingTimer: ServiceTimer!
    /// The housekeeping timer fired since it was last scheduled: what it was set for is due
    /// (whatever the clock says: poll's millisecond rounding can wake it a hair early).
    private var housekeepingTimerFired = false
    private var eventTimer: ServiceTimer!
    private var eventTicking = false
    private var idleEventTicks = 0
    private var handshakeTimer: ServiceTimer!
    /// The current connection is being hung up because its handshake went unanswered: it
    /// counts as a failed attempt however long it was open.
    private var handshakeTimedOut = false

    init(
        endpoint: GatewayEndpoint, requestPath: String, options: TransportOptions, mailbox: Mailbox,
        handlers: WebSocketClient.Handlers
    ) {
        self.endpoint = endpoint
        self.requestPath = requestPath
        self.options = options
        self.mailbox = mailbox
        self.handlers = handlers
        cAddress = strdup(endpoint.host)
        cPath = strdup(requestPath)
        cHost = strdup(endpoint.hostHeader)
        cProtocol = strdup(Self.subprotocol)
        protocols = .allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(cProtocol)
        protocols[0].callback = weftServiceCallback
        protocols[0].rx_buffer_size = options.fragmentBytes
        protocols[0].tx_packet_size = options.fragmentBytes
        connectionSlot = .allocate(capacity: 1)
        connectionSlot.initialize(to: nil)
        sendBuffer = .allocate(byteCount: weft_lws_pre + options.fragmentBytes, alignment: 16)
        assembler = MessageAssembler(limit: options.maximumIncomingMessageBytes)
        let pingSeconds = UInt16(clamping: max(1, options.keepAliveInterval.components.seconds))
        idlePolicy = .allocate(capacity: 1)
        idlePolicy.initialize(
            to: lws_retry_bo_t(
                retry_ms_table: nil, retry_ms_table_count: 0, conceal_count: 0,
                secs_since_valid_ping: pingSeconds,
                secs_since_valid_hangup: pingSeconds.multipliedReportingOverflow(by: 2).overflow ? .max : pingSeconds * 2,
                jitter_percent: 0))
        housekeepingTimer = ServiceTimer(owner: self, purpose: .housekeeping)
        eventTimer = ServiceTimer(owner: self, purpose: .eventTick)
        handshakeTimer = ServiceTimer(owner: self, purpose: .handshakeDeadline)
    }

    deinit {
        free(cAddress)
        free(cPath)
        free(cHost)
        free(cProtocol)
        protocols.deallocate()
        connectionSlot.deallocate()
        sendBuffer.deallocate()
        idlePolicy.deallocate()
    }

    // MARK: The thread

    /// Runs until a stop is requested: creates the context, connects, services, reconnects.
    func run() {
        lws_set_log_level(Int32(LLL_ERR), nil)
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.protocols = UnsafePointer(protocols)
        info.gid = -1
        info.uid = -1
        // lws sizes its descriptor table from this; the default (the process's fd limit) would
        // cost a host megabytes for one socket.
        info.fd_limit_per_thread = 16
        info.user = Unmanaged.passUnretained(self).toOpaque()
        if endpoint.usesTLS { info.options = UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT) }
        guard let context = lws_create_context(&info) else {
            mailbox.lastError.withLock { $0 = "libwebsockets could not create its context" }
            publish(.closed)
            return
        }
        self.context = context
        let handle = ContextHandle(pointer: context)
        mailbox.contents.withLock { $0.context = handle }
        connect()
        while !housekeeping() {
            lws_service(context, 0)
        }
        stopEventTicks()
        housekeepingTimer.cancel()
        handshakeTimer.cancel()
        mailbox.retireContext()
        lws_context_destroy(context)
        self.context = nil
        publish(replaced ? .replaced : refused ? .refused : .closed)
    }

    /// Acts on the mailbox's requests and the reconnection schedule between service passes.
    /// Returns true when the loop should end.
    private func housekeeping() -> Bool {
        let (stop, pauseReading, overflowed, drop) = mailbox.contents.withLock { contents in
            defer { contents.dropRequested = false }
            return (contents.stopRequested, contents.readingPaused, contents.overflowed, contents.dropRequested)
        }
        let now = ContinuousClock.now
        if stop {
            guard let connection, established else { return true }
            if stopDeadline == nil {
                stopDeadline = now + options.closeTimeout
                scheduleWake(after: options.closeTimeout)
                startClosing(connection, status: LWS_CLOSE_STATUS_NORMAL)
            }
            return housekeepingTimerFired || now >= stopDeadline!
        }
        if let connection, established {
            if overflowed, closeStatus == nil {
                mailbox.lastError.withLock { $0 = "outgoing queue overflow: connection reset" }
                startClosing(connection, status: LWS_CLOSE_STATUS_POLICY_VIOLATION)
            }
            if drop, closeStatus == nil {
                startClosing(connection, status: LWS_CLOSE_STATUS_GOINGAWAY)
            }
            if pauseReading != readingPaused {
                readingPaused = pauseReading
                lws_rx_flow_control(connection, pauseReading ? 0 : 1)
            }
        }
        if connection == nil, !replaced, !refused, let reconnectAt, housekeepingTimerFired || now >= reconnectAt {
            self.reconnectAt = nil
            connect()
        }
        return false
    }

    private func connect() {
        guard let context else { return }
        var info = lws_client_connect_info()
        info.context = context
        info.address = UnsafePointer(cAddress)
        info.port = Int32(endpoint.port)
        info.path = UnsafePointer(cPath)
        info.host = UnsafePointer(cHost)
        // No Origin header: the gateway treats upgrades without one as native clients.
        info.origin = nil
        info.protocol = UnsafePointer(cProtocol)
        if endpoint.usesTLS {
            var flags = LCCSCF_USE_SSL.rawValue
            if options.allowSelfSignedCertificates {
                flags |= LCCSCF_ALLOW_SELFSIGNED.rawValue | LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK.rawValue
            }
            info.ssl_connection = Int32(flags)
        }
        info.pwsi = connectionSlot
        info.retry_and_idle_policy = UnsafePointer(idlePolicy)
        established = false
        peerCloseCode = nil
        closeStatus = nil
        handshakeTimedOut = false
        publish(.connecting)
        if lws_client_connect_via_info(&info) == nil, reconnectAt == nil, !established {
            // Failed synchronously (lws may or may not have reported CONNECTION_ERROR).
            connectionSlot.pointee = nil
            attemptFailed(reason: "could not start a connection to \(endpoint)")
        }
    }

    private func startClosing(_ connection: OpaquePointer, status: lws_close_status) {
        closeStatus = status
        lws_callback_on_writable(connection)
    }

    // MARK: Callbacks (on this thread, from weftServiceCallback)

    func handle(wsi: OpaquePointer, reason: lws_callback_reasons, input: UnsafeMutableRawPointer?, length: Int) -> Int32 {
        switch reason {
        case LWS_CALLBACK_CLIENT_ESTABLISHED:
            established = true
            establishedAt = .now
            readingPaused = false
            generation = mailbox.opened()
            publish(.open)
            queue(handlers.opened(generation))
            if let context { handshakeTimer.schedule(in: context, after: options.handshakeTimeout) }
            if mailbox.contents.withLock({ $0.readingPaused }) {
                readingPaused = true
                lws_rx_flow_control(wsi, 0)
            }
            return 0

        case LWS_CALLBACK_CLIENT_RECEIVE:
            let piece = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
            let isMessageEnd = lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0
            switch assembler.append(piece, isMessageEnd: isMessageEnd) {
            case .incomplete: break
            case .message(let bytes): queue(handlers.received(bytes, generation))
            case .oversized(let head, let size): queue(handlers.oversized(head, size, generation))
            }
            return 0

        case LWS_CALLBACK_CLIENT_WRITEABLE:
            if let closeStatus {
                lws_close_reason(wsi, closeStatus, nil, 0)
                return -1
            }
            return writeNextFragment(wsi)

        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            if let input, length >= 2 {
                let bytes = input.assumingMemoryBound(to: UInt8.self)
                peerCloseCode = Int(bytes[0]) << 8 | Int(bytes[1])
            }
            return 0

        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            let reason = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "connection failed"
            connectionSlot.pointee = nil
            attemptFailed(reason: reason)
            return 0

        case LWS_CALLBACK_CLIENT_CLOSED:
            connectionClosed()
            return 0

        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            mailbox.wakeReceived()
            if let connection, established, inFlight != nil || closeStatus != nil || mailbox.hasQueuedMessages {
                lws_callback_on_writable(connection)
                startEventTicks()
            }
            return 0

        default:
            return 0
        }
    }

    /// Writes the next fragment of the message in flight (taking the next queued message when
    /// none is). Large messages go out as several fragments so no single write needs a copy of
    /// the whole message, and lws never has to buffer more than one fragment.
    private func writeNextFragment(_ wsi: OpaquePointer) -> Int32 {
        if inFlight == nil {
            guard let next = mailbox.dequeue() else { return 0 }
            inFlight = next
            inFlightPart = 0
            inFlightOffset = 0
            inFlightSent = 0
        }
        let message = inFlight!
        let payload = sendBuffer.baseAddress! + weft_lws_pre
        var filled = 0
        while filled < options.fragmentBytes, inFlightPart < message.parts.count {
            let part = message.parts[inFlightPart]
            let count = min(part.count - inFlightOffset, options.fragmentBytes - filled)
            if count > 0 {  // an empty part (say, empty params) has no base address
                part.withUnsafeBytes { bytes in
                    (payload + filled).copyMemory(from: bytes.baseAddress! + inFlightOffset, byteCount: count)
                }
            }
            filled += count
            inFlightOffset += count
            if inFlightOffset == part.count {
                inFlightPart += 1
                inFlightOffset = 0
            }
        }
        let isFirst = inFlightSent == 0
        inFlightSent += filled
        let isLast = inFlightSent == message.byteCount
        var mode = (isFirst ? LWS_WRITE_TEXT : LWS_WRITE_CONTINUATION).rawValue
        if !isLast { mode |= LWS_WRITE_NO_FIN.rawValue }
        let written = lws_write(wsi, payload.assumingMemoryBound(to: UInt8.self), filled, lws_write_protocol(rawValue: mode))
        if written < 0 { return -1 }
        if isLast {
            inFlight = nil
            mailbox.contents.withLock { $0.messagesSent += 1 }
        }
        if inFlight != nil || mailbox.hasQueuedMessages { lws_callback_on_writable(wsi) }
        return 0
    }

    /// Queues what a handler answered, for the connection it was about.
    private func queue(_ messages: [OutgoingMessage]) {
        for message in messages { _ = mailbox.send(message, generation: generation) }
    }

    // MARK: Timers

    func timerFired(_ purpose: ServiceTimer.Purpose) {
        switch purpose {
        case .housekeeping:
            // lws runs timers at the start of a service pass and then polls; the wake-up makes
            // that poll return at once so housekeeping() runs now, not at the next socket event.
            housekeepingTimerFired = true
            if let context { lws_cancel_service(context) }
        case .eventTick:
            guard eventTicking, let context else { return }
            let (hasMessages, keepTicking) = mailbox.eventTick(idleTicks: idleEventTicks, limit: options.eventTicksBeforeSleep)
            idleEventTicks = hasMessages ? 0 : idleEventTicks + 1
            if hasMessages, let connection, established { lws_callback_on_writable(connection) }
            if keepTicking {
                eventTimer.schedule(in: context, after: options.eventFlushInterval)
            } else {
                eventTicking = false
            }
        case .handshakeDeadline:
            handshakeDeadlinePassed()
        }
    }

    /// `handshakeTimeout` after the connection opened: if the session still waits for the
    /// answer to its first request, or was refused and left connected, whatever accepted the
    /// WebSocket is not a working gateway for it.
    /// The socket is dropped without a closing handshake (a peer that does not answer requests
    /// would not answer that either); `connectionClosed` then counts a failed attempt and
    /// schedules the next one with the back-off.
    private func handshakeDeadlinePassed() {
        guard let connection, established, closeStatus == nil, handlers.handshakePending() else { return }
        handshakeTimedOut = true
        mailbox.lastError.withLock {
            $0 = "the handshake did not complete within \(options.handshakeTimeout) (no answer, or a refusal): reconnecting"
        }
        lws_set_timeout(connection, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
    }

    /// Events are flowing: tick so the next ones need no wake-up.
    private func startEventTicks() {
        idleEventTicks = 0
        guard !eventTicking, let context else { return }
        eventTicking = true
        mailbox.setEventTicking(true)
        eventTimer.schedule(in: context, after: options.eventFlushInterval)
    }

    private func stopEventTicks() {
        guard eventTicking else { return }
        eventTicking = false
        mailbox.setEventTicking(false)
        eventTimer.cancel()
    }

    private func attemptFailed(reason: String) {
        mailbox.lastError.withLock { $0 = reason }
        consecutiveFailures += 1
        scheduleReconnect()
    }

    private func connectionClosed() {
        let wasEstablished = established
        established = false
        connectionSlot.pointee = nil
        assembler.reset()
        inFlight = nil
        stopEventTicks()
        handshakeTimer.cancel()
        mailbox.closed()
        let stopping = mailbox.contents.withLock { $0.stopRequested }
        if peerCloseCode == 4000 {
            replaced = true
            mailbox.lastError.withLock { $0 = "replaced by another connection with the same identity (close code 4000)" }
            publish(.replaced)
        } else if !stopping, !handlers.shouldReconnect() {
            refused = true
            publish(.refused)
        } else if !stopping {
            if !handshakeTimedOut, let establishedAt, ContinuousClock.now - establishedAt >= options.stableConnection {
                consecutiveFailures = 1
            } else {
                consecutiveFailures += 1
            }
            scheduleReconnect()
        }
        if wasEstablished { handlers.closed(peerCloseCode) }
    }

    private func scheduleReconnect() {
        let delay = options.backoff.delay(afterFailures: consecutiveFailures)
        reconnectAt = .now + delay
        publish(.waitingToReconnect)
        scheduleWake(after: delay)
    }

    /// lws_service sleeps until socket activity or a timer: this one makes it return for the
    /// reconnection time or the close deadline.
    private func scheduleWake(after delay: Duration) {
        guard let context else { return }
        housekeepingTimerFired = false
        housekeepingTimer.schedule(in: context, after: delay)
    }

    private func publish(_ state: ConnectionState) {
        mailbox.state.store(state.rawValue, ordering: .releasing)
    }
}
