/// Where posted layout programs (WebAssembly modules, docs/programs.md) are kept so that their ids outlive the
/// process: the archives that keep specs keep programs beside them, by the SHA-256 of their bytes.
public protocol ProgramArchive: Sendable {
    /// Stores a module durably; when this returns, a restarted process finds it. Saving a known id again keeps
    /// what is stored and returns false; true when this call stored it.
    @discardableResult
    func saveProgram(id: String, bytes: [UInt8]) throws -> Bool
    /// A module's bytes, or nil when none is stored under the id.
    func loadProgram(id: String) throws -> [UInt8]?
    /// Removes a module; false when none was stored under the id.
    func removeProgram(id: String) throws -> Bool
}
