import HTTPCore

/// FNV-1a, 64-bit: a fast, stable (never seeded per process) hash for entity tags and page cursors.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01b3
    }

    /// The bytes of `text`, then `separator` (so that "ab","c" and "a","bc" hash apart).
    mutating func add(_ text: String, separator: UInt8) {
        withUTF8(of: text) { add($0, separator: separator) }
    }

    /// `bytes`, then `separator`.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        var v = value
        for byte in bytes { v = (v ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        value = v
        add(separator)
    }

    /// The value as 16 lowercase hex digits between `prefix` and `suffix` (each one ASCII byte or none).
    func hex(prefix: UInt8? = nil, suffix: UInt8? = nil) -> String {
        let value = value
        let count = 16 + (prefix == nil ? 0 : 1) + (suffix == nil ? 0 : 1)
        return String(unsafeUninitializedCapacity: count) { text in
            var i = 0
            if let prefix { text[0] = prefix; i = 1 }
            for k in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * k)) & 15
                text[i + k] = nibble < 10 ? nibble + 48 : nibble + 87
            }
            if let suffix { text[i + 16] = suffix }
            return count
        }
    }
}
