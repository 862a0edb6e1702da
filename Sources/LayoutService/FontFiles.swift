import HTTPCore
import Synchronization
import TextShaping

/// The font files `GET /v1/fonts/{family}/{weight}` serves, read from their files when asked: what they hold in
/// memory, the files recently served and those still being sent together, stays within `budget` bytes
/// (`--font-file-bytes`). A face is in memory once, however many connections send it (they share one body). A face
/// that does not fit beside those being sent is refused (503 `busy`, `Retry-After`), unless none is being sent.
final class FontFiles: Sendable {
    private final class Entry {
        /// The body while anything holds it: the recent list or a connection sending it.
        weak var body: HTTPBody?
        /// The body while it is among the recent files.
        var kept: HTTPBody?
        var bytes = 0
        var used = 0
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var clock = 0
    }

    private let state = Mutex(State())
    let budget: Int

    init(budget: Int) { self.budget = budget }

    /// The bytes of font files in memory now (recent or being sent), and the files among the recent ones.
    var statistics: (bytes: Int, kept: Int) {
        state.withLock { state in
            let live = state.entries.values.filter { $0.body != nil }
            return (live.reduce(0) { $0 + $1.bytes }, live.filter { $0.kept != nil }.count)
        }
    }

    /// Whether the file of `face` is in memory (a request for it reads nothing).
    func holds(_ face: FontFace) -> Bool { state.withLock { $0.entries[ObjectIdentifier(face)]?.body != nil } }

    /// A body sending the file of `face`: the one in memory, or one read now. Throws a 503 when it does not fit the
    /// budget beside the files being sent, a 500 when its file cannot be read.
    func body(of face: FontFace) throws(Problem) -> HTTPBody {
        let key = ObjectIdentifier(face)
        if let body = state.withLock({ Self.live(&$0, key) }) { return HTTPBody(sharing: body) }
        guard let read = face.servedBytes() else {
            throw Problem(status: 500, detail: "the font file \(face.path) cannot be read")
        }
        let made = HTTPBody(adopting: read.baseAddress!, count: read.count, release: FontFace.freeServedBytes)
        var dropped: [HTTPBody] = []  // freed outside the lock
        let kept = state.withLock { state -> HTTPBody? in
            if let body = Self.live(&state, key) { return body }  // read meanwhile by another request
            let inMemory: Int
            (dropped, inMemory) = Self.makeRoom(&state, for: made.count, budget: budget)
            guard inMemory == 0 || inMemory + made.count <= budget else { return nil }
            let entry = state.entries[key] ?? Entry()
            state.clock += 1
            entry.body = made; entry.kept = made; entry.bytes = made.count; entry.used = state.clock
            state.entries[key] = entry
            return made
        }
        dropped.removeAll()
        guard let kept else {
            throw Problem(.busy, detail: "font files of \(budget) bytes are being sent (--font-file-bytes); try again",
                          headers: [("Retry-After", "1")])
        }
        return HTTPBody(sharing: kept)
    }

    /// The body of `key` in memory, marked recently used.
    private static func live(_ state: inout State, _ key: ObjectIdentifier) -> HTTPBody? {
        guard let entry = state.entries[key], let body = entry.body else { return nil }
        state.clock += 1
        entry.used = state.clock
        entry.kept = body
        return body
    }

    /// Lets go of the least recently used files kept until `bytes` more fit the budget (or none is kept); returns
    /// them, for the caller to free outside the lock, and the bytes of files that stay in memory (kept, or being
    /// sent).
    private static func makeRoom(_ state: inout State, for bytes: Int, budget: Int) -> ([HTTPBody], Int) {
        var dropped: [HTTPBody] = []
        var inMemory = state.entries.values.reduce(0) { $0 + ($1.body != nil ? $1.bytes : 0) }
        let kept = state.entries.values.filter { $0.kept != nil }.sorted { $0.used < $1.used }
        for entry in kept where inMemory + bytes > budget {
            dropped.append(entry.kept!)
            entry.kept = nil
            // Still in memory while a connection sends it; counted until then.
            if isKnownUniquelyReferenced(&dropped[dropped.count - 1]) { inMemory -= entry.bytes }
        }
        return (dropped, inMemory)
    }
}
