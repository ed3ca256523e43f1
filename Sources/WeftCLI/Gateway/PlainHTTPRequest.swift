import Foundation
import Glibc

/// One `GET` over a TCP connection of its own, for a gateway reached with `http://` (or `ws://`):
/// what `GatewayClient` uses instead of URLSession, which on Linux refuses every URL whose host
/// is a bracketed IPv6 address (`http://[::1]:9223`: its URL type and libcurl disagree on the
/// brackets, NSURLErrorBadURL). The request is HTTP/1.0, so the answer is never chunked: it
/// ends where its Content-Length says, or where the gateway closes the connection.
struct PlainHTTPRequest {
    let host: String
    let port: Int
    /// Request path, percent-encoded.
    let path: String
    /// Sent after `Host`.
    let headers: [(name: String, value: String)]
    /// The longest wait for the connection, or for the next bytes of the answer.
    let timeout: TimeInterval

    /// Why no answer came, in the terms `GatewayError` reports.
    struct Failure: Error {
        enum Kind {
            /// No connection was made.
            case unreachable
            /// Connected, but the server hung up without a whole HTTP answer.
            case noAnswer
            /// Connected, then nothing came for `timeout` seconds.
            case timedOut
        }

        var kind: Kind
        var reason: String
    }

    /// The status and body of the answer.
    func send(hostHeader: String) throws(Failure) -> (status: Int, body: Data) {
        let socket = try connect()
        defer { close(socket) }
        var request = "GET \(path) HTTP/1.0\r\nHost: \(hostHeader)\r\n"
        for header in headers { request += "\(header.name): \(header.value)\r\n" }
        request += "\r\n"
        try write(Array(request.utf8), to: socket)
        let (answer, head) = try readAnswer(from: socket)
        return try parse(answer, head: head)
    }

    // MARK: Connecting

    /// A connected, non-blocking socket: each address the host has (an IPv6 literal is one) is
    /// tried in turn.
    private func connect() throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            throw Failure(kind: .unreachable, reason: "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let address = entry?.pointee {
            entry = address.ai_next
            let socket = Glibc.socket(
                address.ai_family, address.ai_socktype | Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue),
                address.ai_protocol)
            guard socket >= 0 else {
                reason = Self.systemReason()
                continue
            }
            if Glibc.connect(socket, address.ai_addr, address.ai_addrlen) == 0 { return socket }
            if errno == EINPROGRESS {
                switch wait(for: Int16(POLLOUT), on: socket) {
                case true:
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
                    if error == 0 { return socket }
                    reason = String(cString: strerror(error))
                case false:
                    reason = "no connection within \(Self.seconds(timeout))"
                }
            } else {
                reason = Self.systemReason()
            }
            close(socket)
        }
        throw Failure(kind: .unreachable, reason: reason)
    }

    // MARK: Exchanging

    private func write(_ bytes: [UInt8], to socket: Int32) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                sent += count
            } else if errno == EAGAIN || errno == EINTR {
                guard wait(for: Int16(POLLOUT), on: socket) else {
                    throw Failure(kind: .timedOut, reason: "the request could not be sent within \(Self.seconds(timeout))")
                }
            } else {
                throw Failure(kind: .noAnswer, reason: Self.systemReason())
            }
        }
    }

    /// Where an answer's body starts, and its Content-Length when it gives one.
    private typealias Head = (bodyStart: Int, contentLength: Int?)

    /// The bytes of the answer, up to the end of its Content-Length or to the end of the
    /// connection, and its head once complete (nil when the bytes hold none).
    private func readAnswer(from socket: Int32) throws(Failure) -> (answer: [UInt8], head: Head?) {
        var answer: [UInt8] = []
        var head: Head?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !Self.holdsWholeBody(answer, head) {
            let count = buffer.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                // The end of the head may straddle the bytes read before: look from three back.
                let searchStart = max(0, answer.count - 3)
                answer += buffer[..<count]
                if head == nil { head = Self.head(of: answer, searchingFrom: searchStart) }
            } else if count == 0 {
                return (answer, head)
            } else if errno == EAGAIN || errno == EINTR {
                guard wait(for: Int16(POLLIN), on: socket) else {
                    throw Failure(kind: .timedOut, reason: "nothing came for \(Self.seconds(timeout))")
                }
            } else {
                throw Failure(kind: .noAnswer, reason: Self.systemReason())
            }
        }
        return (answer, head)
    }

    /// Whether `answer` holds all the body its head's Content-Length announces (without one,
    /// the body ends where the connection does).
    private static func holdsWholeBody(_ answer: [UInt8], _ head: Head?) -> Bool {
        guard let head, let length = head.contentLength else { return false }
        return answer.count >= head.bodyStart + length
    }

    /// Where the body starts and the Content-Length, once the header is complete. The end of
    /// the header is looked for from `searchStart` on: an answer read in pieces is searched
    /// once, not again from its start for every piece.
    private static func head(of answer: [UInt8], searchingFrom searchStart: Int) -> Head? {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        guard let index = answer.indices[searchStart...].dropLast(3).first(where: { answer[$0..<$0 + 4].elementsEqual(end) })
        else { return nil }
        let lines = String(decoding: answer[..<index], as: UTF8.self).components(separatedBy: "\r\n")
        let length = lines.dropFirst().lazy.compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else {
                return nil
            }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first
        return (index + 4, length)
    }

    private func parse(_ answer: [UInt8], head: Head?) throws(Failure) -> (status: Int, body: Data) {
        guard !answer.isEmpty else { throw Failure(kind: .noAnswer, reason: "the connection closed with no answer") }
        guard let head else {
            throw Failure(kind: .noAnswer, reason: "the answer is not HTTP, or ends within its header")
        }
        let statusLine = answer.prefix { $0 != UInt8(ascii: "\r") }
        let words = String(decoding: statusLine, as: UTF8.self).split(separator: " ")
        guard words.count >= 2, words[0].hasPrefix("HTTP/1."), words[1].count == 3, let status = Int(words[1]) else {
            throw Failure(kind: .noAnswer, reason: "the answer is not HTTP")
        }
        let body = answer[head.bodyStart...]
        if let length = head.contentLength, body.count < length {
            throw Failure(kind: .noAnswer, reason: "the connection closed after \(body.count) of the answer's \(length) bytes")
        }
        return (status, Data(body))
    }

    // MARK: Helpers

    /// Waits until `socket` is ready for `events`; false after `timeout`.
    private func wait(for events: Int16, on socket: Int32) -> Bool {
        var entry = pollfd(fd: socket, events: events, revents: 0)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, Double(Int32.max))).rounded(.up))
            let ready = poll(&entry, 1, remaining)
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR { return false }
        }
    }

    private static func systemReason() -> String { String(cString: strerror(errno)) }

    /// `0.5 s`, `60 s`: as the user wrote the time-out.
    static func seconds(_ value: TimeInterval) -> String {
        (value == value.rounded() ? String(Int(value)) : String(value)) + " s"
    }
}
