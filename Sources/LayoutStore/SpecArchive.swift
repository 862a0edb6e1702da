/// Where accepted specs are kept so that ids outlive the process (embedded SQLite by default). The store calls it
/// with canonical spec bytes; an archive only stores and returns bytes by id.
public protocol SpecArchive: Sendable {
    /// Stores a spec durably; when this returns, a restarted process finds it.
    func save(id: String, canonicalSpec: [UInt8]) throws
    /// The stored spec of an id, or nil.
    func load(id: String) throws -> [UInt8]?
    func remove(id: String) throws
}

/// Why the archive failed (an I/O error, a full disk): the request gets a 503, nothing is half-stored.
public struct ArchiveError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
