import Foundation
import Glibc
import Testing

@testable import WeftCLI

/// `PlainHTTPRequest` reads an answer however the server's writes split it: here every byte
/// comes in a write of its own, so the end of the head (`\r\n\r\n`) arrives across four reads
/// and the Content-Length is known only after the last of them. The server keeps the
/// connection open: the answer ends where its Content-Length says, or the request times out.
@Suite struct PlainHTTPRequestTests {
    @Test func anAnswerTrickledOneByteAtATime() throws {
        let body = #"{"devices":[]}"#
        let server = try TricklingServer(
            answer: "HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let request = PlainHTTPRequest(host: "127.0.0.1", port: server.port, path: "/devices", headers: [], timeout: 2)
        let answer = try request.send(hostHeader: "127.0.0.1:\(server.port)")
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self) == body)
    }
}

/// A server on a free loopback port that answers one connection with `answer`, one byte per
/// write, a millisecond apart (loopback would otherwise deliver it in one read), then waits for
/// the client to hang up.
private final class TricklingServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32

    init(answer: String) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 1) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        try #require(bound, "could not listen on loopback")
        port = Int(UInt16(bigEndian: address.sin_port))
        let bytes = Array(answer.utf8)
        Thread.detachNewThread {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            var head = [UInt8](repeating: 0, count: 4096)
            _ = recv(connection, &head, head.count, 0)  // the request: one short head
            var flag: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &flag, socklen_t(MemoryLayout<Int32>.size))
            for var byte in bytes {
                _ = send(connection, &byte, 1, Int32(MSG_NOSIGNAL))
                usleep(1000)
            }
            while recv(connection, &head, head.count, 0) > 0 {}
        }
    }

    deinit {
        close(listener)
    }
}
