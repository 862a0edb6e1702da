import Synchronization

/// An immutable response body in memory it owns. Bodies built by a writer are adopted without a copy, and the
/// server hands the same memory to the socket layer (no copy there either).
///
/// A *shared* body (`init(sharing:)`) answers many requests with the same headers, as a cached tile does. A server
/// may then keep, once per body, an answer ready to send (its `attachment`): made for the first request, sent again
/// for every later one whose status and headers are the same.
public final class HTTPBody: @unchecked Sendable {
    public let count: Int
    private let storage: UnsafeMutablePointer<UInt8>?  // owned (by `owner` when there is one); never written after init
    /// For a shared body: the plain body whose memory this one sends. A server's ready answer keeps it alive, so
    /// that the memory outlives this body for as long as a connection still sends it.
    private let owner: HTTPBody?
    /// The server's ready answer (an `Unmanaged` object, retained), set once; only on shared bodies.
    private let attached = Atomic<UnsafeMutableRawPointer?>(nil)
    /// What frees `storage` when it is not from `allocate` (`init(adopting:count:release:)`).
    private let release: (@Sendable (UnsafeMutablePointer<UInt8>, Int) -> Void)?

    /// A copy of `bytes`.
    public init(_ bytes: [UInt8]) {
        count = bytes.count
        owner = nil
        release = nil
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
        owner = nil
        release = nil
    }

    /// Takes ownership of `count` initialized bytes at `storage` that `release` frees (memory the allocator does not
    /// keep: a mapping of its own, given back to the system at once).
    public init(adopting storage: UnsafeMutablePointer<UInt8>, count: Int,
                release: @escaping @Sendable (UnsafeMutablePointer<UInt8>, Int) -> Void) {
        self.storage = storage
        self.count = count
        owner = nil
        self.release = release
    }

    /// A shared body with the bytes of `body` (not copied).
    public init(sharing body: HTTPBody) {
        storage = body.storage
        count = body.count
        owner = body.owner ?? body
        release = nil
    }

    public static let empty = HTTPBody([])

    deinit {
        if let attachment = attached.load(ordering: .acquiring) {
            Unmanaged<AnyObject>.fromOpaque(attachment).release()
        }
        guard owner == nil, let storage else { return }
        if let release { release(storage, count) } else { storage.deallocate() }
    }

    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// The bytes, valid while this body is alive.
    public var baseAddress: UnsafePointer<UInt8>? { UnsafePointer(storage) }

    /// Whether this body answers many requests (`init(sharing:)`).
    public var isShared: Bool { owner != nil }

    /// The body that owns the memory: what keeps `baseAddress` valid once this body is gone.
    public var memoryOwner: HTTPBody { owner ?? self }

    /// The server's ready answer for this shared body, if one was attached.
    public var attachment: AnyObject? {
        guard let pointer = attached.load(ordering: .acquiring) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Attaches `object` to this shared body unless one is already there; returns the attachment in place (one
    /// of two threads attaching at once loses, and gets the winner's). The body keeps it until its end.
    public func attach(_ object: AnyObject) -> AnyObject {
        precondition(isShared, "only a shared body takes an attachment")
        let retained = Unmanaged<AnyObject>.passRetained(object).toOpaque()
        let (exchanged, original) = attached.compareExchange(expected: nil, desired: retained,
                                                             ordering: .acquiringAndReleasing)
        if exchanged { return object }
        Unmanaged<AnyObject>.fromOpaque(retained).release()
        return Unmanaged<AnyObject>.fromOpaque(original!).takeUnretainedValue()
    }
}
