/// An immutable response body in memory it owns. Bodies built by a writer are adopted without a copy, and the
/// server hands the same memory to the socket layer (no copy there either).
public final class HTTPBody: @unchecked Sendable {
    public let count: Int
    private let storage: UnsafeMutablePointer<UInt8>?  // owned; never written after init

    /// A copy of `bytes`.
    public init(_ bytes: [UInt8]) {
        count = bytes.count
        guard !bytes.isEmpty else {
            storage = nil
            return
        }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { storage.initialize(from: $0.baseAddress!, count: bytes.count) }
        self.storage = storage
    }

    /// Takes ownership of memory from `UnsafeMutablePointer<UInt8>.allocate` holding `count` initialized bytes.
    public init(adopting storage: UnsafeMutablePointer<UInt8>, count: Int) {
        self.storage = storage
        self.count = count
    }

    public static let empty = HTTPBody([])

    deinit { storage?.deallocate() }

    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// The bytes, valid while this body is alive.
    public var baseAddress: UnsafePointer<UInt8>? { UnsafePointer(storage) }
}
