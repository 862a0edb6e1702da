/// FNV-1a, 64-bit: a fast, stable (never seeded per process) hash for entity tags and page cursors.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01b3
    }

    /// The bytes of `text`, then `separator` (so that "ab","c" and "a","bc" hash apart).
    mutating func add(_ text: String, separator: UInt8) {
        for byte in text.utf8 { add(byte) }
        add(separator)
    }
}
