import HTTPCore
import Synchronization
import TextShaping

/// Font files served, made when asked: the faces `GET /v1/fonts/{family}/{weight}` serves (read from their files,
/// within `--font-file-bytes`) or the slices `GET /v1/fonts/{family}/{weight}/{slice}` serves (subset from them,
/// within `--font-slice-bytes`). What they hold in memory, the files recently served and those still being sent
/// together, stays within `budget` bytes. A file is in memory once, however many connections send it (they share
/// one body). One that does not fit beside those being sent is refused (503 `busy`, `Retry-After`), unless none is
/// being sent.
final class FontFiles: Sendable {
    /// A face (`slice` nil: its whole file) or one of its slices.
    struct Key: Hashable {
        let face: ObjectIdentifier
        let slice: Int?

        init(_ face: FontFace, slice: Int? = nil) { self.face = ObjectIdentifier(face); self.slice = slice }
    }

    private final class Entry {
        /// The body while anything holds it: the recent list or a connection sending it.
        weak var body: HTTPBody?
        /// The body while it is among the recent files.
        var kept: HTTPBody?
        var bytes = 0
        var used = 0
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock = 0
    }

    private let state = Mutex(State())
    let budget: Int
    /// The flag that sets `budget`, named by a refusal.
    let flag: String

    init(budget: Int, flag: String = "--font-file-bytes") { self.budget = budget; self.flag = flag }

    /// The bytes of font files in memory now (recent or being sent), and the files among the recent ones.
    var statistics: (bytes: Int, kept: Int) {
        state.withLock { state in
            let live = state.entries.values.filter { $0.body != nil }
            return (live.reduce(0) { $0 + $1.bytes }, live.filter { $0.kept != nil }.count)
        }
    }

    /// Whether the file of `key` is in memory (a request for it makes nothing).
    func holds(_ key: Key) -> Bool { state.withLock { $0.entries[key]?.body != nil } }

    /// A body sending the file of `face`: the one in memory, or one read now (`body(of:make:)`).
    func body(of face: FontFace) throws(Problem) -> HTTPBody {
        try body(of: Key(face)) { () throws(Problem) in
            guard let read = face.servedBytes() else {
                throw Problem(status: 500, detail: "the font file \(face.path) cannot be read")
            }
            return HTTPBody(adopting: read.baseAddress!, count: read.count, release: FontFace.freeServedBytes)
        }
    }

    /// A body sending the file of `key`: the one in memory, or the one `make` makes now. Throws a 503 when it does
    /// not fit the budget beside the files being sent, and what `make` throws.
    func body(of key: Key, make: () throws(Problem) -> HTTPBody) throws(Problem) -> HTTPBody {
        if let body = state.withLock({ Self.live(&$0, key) }) { return HTTPBody(sharing: body) }
        let made = try make()
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
            throw Problem(.busy, detail: "font files of \(budget) bytes are being sent (\(flag)); try again",
                          headers: [("Retry-After", "1")])
        }
        return HTTPBody(sharing: kept)
    }

    /// The body of `key` in memory, marked recently used.
    private static func live(_ state: inout State, _ key: Key) -> HTTPBody? {
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
