/// Why a body is not JSON: what was wrong, and where (byte offset, line and column, from 1).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var line: Int
    public var column: Int
    public var reason: String

    public var description: String { "\(reason) at line \(line), column \(column) (byte \(offset))" }
}

/// Bounds on what the parser accepts.
public struct JSONLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects.
    public var maxDepth: Int
    /// The largest input, in bytes (at most 4 GiB - 1: the tape stores 32-bit offsets).
    public var maxBytes: Int

    public init(maxDepth: Int = 64, maxBytes: Int = Int(UInt32.max)) {
        self.maxDepth = maxDepth
        self.maxBytes = min(maxBytes, Int(UInt32.max))
    }
}
