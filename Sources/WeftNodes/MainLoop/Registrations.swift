/// What is registered with a main loop under a token (frame callbacks, after-frame hooks, layout
/// spec observers), called in registration order. A body removed during a pass, by a body
/// called before it (an inspector detaching from a hook, a callback removing another), is not
/// called; one added during a pass waits for the next.
///
/// A class whose entries are classes: a pass walks the entries it started with while bodies add
/// and remove others, and a removal marks the entry the pass holds, so a pass never looks an
/// entry up again before calling it.
final class Registrations<Body> {
    private final class Entry {
        let token: MainLoop.Token
        let body: Body
        var isRegistered = true

        init(token: MainLoop.Token, body: Body) {
            self.token = token
            self.body = body
        }
    }

    /// Touched on the loop's thread only, never passed `inout` out of this type: unchecked for
    /// exclusivity, as the loop's frame state is (a frame walks it several times).
    @exclusivity(unchecked) private var entries: [Entry] = []

    func add(_ body: Body, token: MainLoop.Token) {
        entries.append(Entry(token: token, body: body))
    }

    /// Removes the entry of `token`, if any.
    func remove(_ token: MainLoop.Token) {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return }
        entries[index].isRegistered = false
        entries.remove(at: index)
    }

    /// Calls `call` with each body in order, skipping those removed since the pass began.
    func callEach(_ call: (Body) -> Void) {
        for entry in entries where entry.isRegistered { call(entry.body) }
    }
}
