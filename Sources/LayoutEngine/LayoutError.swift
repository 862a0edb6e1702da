/// One step of a path into a spec: an object member or an array index (a JSON pointer is a list of these).
public enum SpecPathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
}

/// Why a spec cannot be prepared. Each case names the offending field by its path into the spec.
public enum LayoutError: Error, Sendable, Hashable {
    /// A value is out of its allowed range (negative size, non-finite number, ...).
    case invalidValue(path: [SpecPathComponent], reason: String)
    /// A count exceeds a configured limit (items per layout, sections).
    case limitExceeded(path: [SpecPathComponent], reason: String)

    public var path: [SpecPathComponent] {
        switch self {
        case .invalidValue(let path, _), .limitExceeded(let path, _): path
        }
    }

    public var reason: String {
        switch self {
        case .invalidValue(_, let reason), .limitExceeded(_, let reason): reason
        }
    }
}
