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

/// Bounds a spec must respect before it is prepared.
public struct SpecLimits: Sendable, Hashable {
    public var maxItems: Int
    public var maxSections: Int
    /// The largest absolute value of any length or coordinate in a spec (points).
    public var maxLength: Double
    /// The longest text of one block of a cell's content, in UTF-8 bytes.
    public var maxTextLength: Int

    public init(maxItems: Int = 2_000_000, maxSections: Int = 100_000, maxLength: Double = 1e9,
                maxTextLength: Int = 10_000) {
        self.maxItems = maxItems
        self.maxSections = maxSections
        self.maxLength = maxLength
        self.maxTextLength = maxTextLength
    }
}
