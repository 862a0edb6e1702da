import CCrypto

/// SHA-256 digests of key secrets (libcrypto), and their comparison in constant time.
enum SecretDigest {
    /// The 32 bytes of SHA-256 of `secret`'s UTF-8.
    static func of(_ secret: Substring) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var text = String(secret)
        text.withUTF8 { bytes in
            out.withUnsafeMutableBufferPointer { digest in
                var length: UInt32 = 32
                _ = EVP_Digest(bytes.baseAddress, bytes.count, digest.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        return out
    }

    /// Whether two digests are equal, in time that does not depend on where they differ.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<a.count { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of 64 hex digits, or nil.
    static func bytes(hex: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 64 else { return nil }
        func value(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var out: [UInt8] = []
        for i in stride(from: 0, to: 64, by: 2) {
            guard let high = value(utf8[i]), let low = value(utf8[i + 1]) else { return nil }
            out.append(high << 4 | low)
        }
        return out
    }
}
