/// The word cache's hash of a piece of text in a style's fonts: SipHash-1-3 (as Swift's `Hasher`) under a key drawn
/// at random for each cache, so that text a client chooses cannot be made to collide in its table. Written out
/// for this one message (the fonts' number, then the UTF-16 units four to a word) rather than through `Hasher`,
/// whose streaming interface cost three times as many instructions a piece.
struct PieceHash {
    private let k0: UInt64
    private let k1: UInt64

    init() {
        var random = SystemRandomNumberGenerator()
        k0 = random.next()
        k1 = random.next()
    }

    /// The hash of `units` in the fonts numbered `fonts`.
    @inline(__always)
    func hash(_ fonts: Int, _ units: UnsafeBufferPointer<UInt16>) -> Int {
        var v0 = k0 ^ 0x736f_6d65_7073_6575, v1 = k1 ^ 0x646f_7261_6e64_6f6d
        var v2 = k0 ^ 0x6c79_6765_6e65_7261, v3 = k1 ^ 0x7465_6462_7974_6573
        @inline(__always) func round() {
            v0 &+= v1; v1 = v1.rotateLeft(13); v1 ^= v0; v0 = v0.rotateLeft(32)
            v2 &+= v3; v3 = v3.rotateLeft(16); v3 ^= v2
            v0 &+= v3; v3 = v3.rotateLeft(21); v3 ^= v0
            v2 &+= v1; v1 = v1.rotateLeft(17); v1 ^= v2; v2 = v2.rotateLeft(32)
        }
        @inline(__always) func compress(_ m: UInt64) {
            v3 ^= m
            round()
            v0 ^= m
        }
        compress(UInt64(UInt(bitPattern: fonts)))
        let count = units.count
        var k = 0
        if let base = units.baseAddress {
            let raw = UnsafeRawPointer(base)
            while k + 4 <= count {
                compress(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * k, as: UInt64.self)))
                k += 4
            }
        }
        // The last word: the units left over and the message's length in bytes in its top byte.
        var last = UInt64(truncatingIfNeeded: 8 + 2 * count) << 56
        for j in k..<count { last |= UInt64(units[j]) << UInt64(16 * (j - k)) }
        compress(last)
        v2 ^= 0xff
        round()
        round()
        round()
        return Int(bitPattern: UInt(v0 ^ v1 ^ v2 ^ v3))
    }
}

extension UInt64 {
    @inline(__always) fileprivate func rotateLeft(_ n: UInt64) -> UInt64 { self << n | self >> (64 - n) }
}
