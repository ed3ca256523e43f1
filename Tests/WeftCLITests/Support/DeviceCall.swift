import Foundation
import Synchronization
import WeftJSON
import WeftSnapshot
import WeftTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `POST /api/devices/{device}/call` (docs/protocol.md, HTTP API): how a test drives a program it
/// then snapshots with the CLI (for example `Runtime.pause`).
enum DeviceCall {
    /// The call's `result`; throws when the gateway or the device answers with an error.
    @discardableResult
    static func call(_ gateway: GatewayProcess, device: String, method: String, params: JSONValue = [:]) throws -> JSONValue {
        let segment =
            device.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: ".-_@")))
            ?? device
        var request = URLRequest(url: URL(string: "\(gateway.httpURL)/api/devices/\(segment)/call")!, timeoutInterval: 20)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token = gateway.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        var body = JSONWriter()
        body.value(["method": .string(method), "params": params])
        request.httpBody = Data(body.bytes)
        let answer = Mutex<(Int, Data)?>(nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, _ in
            if let http = response as? HTTPURLResponse { answer.withLock { $0 = (http.statusCode, data ?? Data()) } }
            done.signal()
        }.resume()
        done.wait()
        guard let (status, data) = answer.withLock({ $0 }) else { throw HarnessError("\(method): no answer from the gateway") }
        let document = try JSONReader.parse(data)
        guard status == 200, let result = document["result"] else {
            throw HarnessError("\(method) answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return result
    }
}
