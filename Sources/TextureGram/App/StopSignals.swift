import Dispatch
import Foundation
import WeftNodes

/// SIGINT and SIGTERM stop the main loop between two frames (posted to it), so the program
/// detaches cleanly and its `exit` checkpoint sees a settled tree.
///
/// Kept out of main.swift on purpose: closures written in top-level code are main-actor
/// isolated in Swift 6, and a signal handler runs on a Dispatch queue, where such a closure
/// traps on its isolation check.
enum StopSignals {
    /// Installs the handlers; keep the returned sources alive while the loop runs.
    static func install(stopping loop: MainLoop) -> [DispatchSourceSignal] {
        let poster = loop.poster
        return [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { poster.post { $0.stop() } }
            source.resume()
            return source
        }
    }
}
