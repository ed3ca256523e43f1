import Dispatch
import Foundation

extension MainLoop {
    /// Makes SIGINT and SIGTERM stop the loop between two frames (posted to it), so a headless
    /// program detaches cleanly and its `exit` checkpoint sees a settled tree. Keep the
    /// returned sources alive while the loop runs.
    ///
    /// It lives here rather than in each program's main.swift on purpose: closures written in
    /// top-level code are main-actor isolated in Swift 6, and a signal handler runs on a
    /// Dispatch queue, where such a closure traps on its isolation check.
    public func stopOnTerminationSignals() -> [DispatchSourceSignal] {
        let poster = self.poster
        return [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { poster.post { $0.stop() } }
            source.resume()
            return source
        }
    }
}
