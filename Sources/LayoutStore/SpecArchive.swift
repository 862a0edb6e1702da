/// Where accepted specs are kept so that ids outlive the process (embedded SQLite by default, PostgreSQL for
/// replicas). The store calls it with canonical spec bytes, or with a change to a stored spec; an archive only
/// stores and returns bytes by id.
public protocol SpecArchive: Sendable {
    /// Stores a spec durably; when this returns, a restarted process finds it. Saving a known id again keeps what
    /// is stored and makes the id live again if it was removed.
    func save(id: String, canonicalSpec: [UInt8]) throws
    /// Stores a spec durably as a change to the stored spec `base` (the bytes of a batch update or a size report:
    /// small, where the whole spec can be megabytes). Same rules as `save(id:canonicalSpec:)`. Returns false,
    /// storing nothing, when `base` is not stored (it was removed meanwhile): save the whole spec then.
    func save(id: String, base: String, change: [UInt8]) throws -> Bool
    /// What is stored for an id, and whether it was removed (a removed spec that others are changes to stays
    /// as their base), or nil.
    func load(id: String) throws -> (spec: StoredSpec, removed: Bool)?
    /// Removes an id: gone for good when no stored spec is a change to it, else kept as a base only.
    func remove(id: String) throws
    /// A small durable write (no spec), to learn whether writes work again after they failed.
    func probe() throws
}

/// A stored spec: its canonical bytes, or a change to another stored spec.
public enum StoredSpec: Sendable, Hashable {
    case whole([UInt8])
    case derived(base: String, change: [UInt8])
}

/// Why the store failed (an I/O error, a full disk, a database that did not answer): the request gets a 503,
/// nothing is half-stored. The message names the failure in words, never the statement that met it.
public struct ArchiveError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The archive failed (try again).
        case failed
        /// The archive did not answer within its deadline (try again).
        case timedOut
        /// Not an archive's failure: the memory store has no room for one more spec (`--spec-memory-bytes`).
        case specMemoryFull
    }

    public var message: String
    public var kind: Kind

    public init(_ message: String, kind: Kind = .failed) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }
}
