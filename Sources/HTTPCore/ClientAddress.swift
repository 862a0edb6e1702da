/// A client's IP address as a value (no allocation): IPv4 addresses are kept as IPv4-mapped IPv6 ones
/// (`::ffff:a.b.c.d`), so that one client has one key whichever way it came.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// The 16 bytes of the IPv6 form, big-endian, in two halves.
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// An IPv4 address from its four bytes in network order (`a.b.c.d` is `(a, b, c, d)`).
    public init(ipv4 a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        high = 0
        low = 0xFFFF_0000_0000 | UInt64(a) << 24 | UInt64(b) << 16 | UInt64(c) << 8 | UInt64(d)
    }

    public var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

    /// `a.b.c.d` for IPv4, else eight groups of hex digits separated by colons.
    public var description: String {
        if isIPv4 {
            return [24, 16, 8, 0].map { String((low >> UInt64($0)) & 0xFF) }.joined(separator: ".")
        }
        return [high, low].flatMap { half in [48, 32, 16, 0].map { String((half >> UInt64($0)) & 0xFFFF, radix: 16) } }
            .joined(separator: ":")
    }
}
