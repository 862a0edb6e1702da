import Synchronization

/// Open connections per client address (`ServerConfiguration.maxConnectionsPerIP`), counted across every event
/// loop: each loop runs a daemon of its own, so libmicrohttpd's own per-daemon limit would admit `threads` times
/// as many. A connection over the limit is shut down as soon as it opens (libmicrohttpd does the same with its own
/// limit), and uncounted when libmicrohttpd closes it.
final class ConnectionsPerIP: Sendable {
    /// A client's IP address: the 16 bytes of its IPv6 form (IPv4 as ::ffff:a.b.c.d).
    struct Address: Hashable {
        let high: UInt64
        let low: UInt64
    }

    let limit: Int
    private let counts = Mutex<[Address: Int]>([:])

    init(limit: Int) { self.limit = limit }

    /// Counts a connection from `address`; false when that makes more than `limit` (it stays counted until
    /// `closed`).
    func opened(_ address: Address) -> Bool {
        counts.withLock {
            let open = $0[address, default: 0] + 1
            $0[address] = open
            return open <= limit
        }
    }

    func closed(_ address: Address) {
        counts.withLock {
            let open = $0[address, default: 1] - 1
            $0[address] = open > 0 ? open : nil
        }
    }

    /// Addresses with a connection open (for tests).
    var addresses: Int { counts.withLock { $0.count } }
}
