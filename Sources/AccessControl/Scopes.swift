/// What a key may do: `read` (GET and HEAD), `write` (POST), `admin` (DELETE, `/metrics`). A key holds each
/// scope it is given, and no other: `admin` does not imply `read`.
public struct Scopes: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let read = Scopes(rawValue: 1)
    public static let write = Scopes(rawValue: 2)
    public static let admin = Scopes(rawValue: 4)

    static let names: [(String, Scopes)] = [("read", .read), ("write", .write), ("admin", .admin)]

    /// Scopes from a comma-separated list (`read,write`); nil when a name is not a scope or the list is empty.
    public init?(list: some StringProtocol) {
        var scopes = Scopes()
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let (_, scope) = Self.names.first(where: { $0.0 == name }) else { return nil }
            scopes.insert(scope)
        }
        guard !scopes.isEmpty else { return nil }
        self = scopes
    }

    /// `read,write`: the form of the keys file.
    public var description: String {
        Self.names.filter { contains($0.1) }.map(\.0).joined(separator: ",")
    }
}
