import CLibWebSockets

/// The libwebsockets protocol callback. A C callback must be a top-level function; the
/// `ServiceLoop` that owns the context travels as the context's user pointer (unretained: the
/// service thread keeps the loop alive for as long as the context exists).
func weftServiceCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let loopPointer = lws_context_user(context) else { return 0 }
    let loop = Unmanaged<ServiceLoop>.fromOpaque(loopPointer).takeUnretainedValue()
    return loop.handle(wsi: wsi, reason: reason, input: input, length: length)
}
