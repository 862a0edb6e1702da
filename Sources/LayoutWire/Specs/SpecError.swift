public import LayoutEngine

/// Why a well-formed JSON body is not a valid spec, with the path of the offending field.
public struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: [SpecPathComponent]
    public var reason: String
    /// True when a configured limit was exceeded (items, sections) rather than a value being wrong.
    public var isLimit: Bool

    public init(path: [SpecPathComponent], reason: String, isLimit: Bool = false) {
        self.path = path
        self.reason = reason
        self.isLimit = isLimit
    }

    init(_ error: LayoutError) {
        self.init(path: error.path, reason: error.reason, isLimit: { if case .limitExceeded = error { true } else { false } }())
    }

    /// The RFC 6901 pointer of the field (`""` for the whole document).
    public var pointer: String { JSONPointer.string(path) }

    public var description: String { "\(pointer.isEmpty ? "/" : pointer): \(reason)" }
}
