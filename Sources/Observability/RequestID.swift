import Synchronization

/// The id a request is logged and answered under: the client's `X-Request-Id` when it is a sane token (1 to 128
/// of `A-Z a-z 0-9 - _ . : /`), else a new one: 16 hex digits, a random prefix drawn once per process and a
/// counter (unique in the process, and across processes but for a 1 in 2^32 chance; no system call per request).
enum RequestID {
    private static let prefix: UInt64 = {
        var random = SystemRandomNumberGenerator()
        let value: UInt64 = random.next()
        return value & 0xFFFF_FFFF_0000_0000
    }()
    private static let counter = Atomic<UInt64>(0)

    static func of(_ header: String?) -> String {
        if let header, !header.isEmpty, header.utf8.count <= 128, header.utf8.allSatisfy(isTokenByte) {
            return header
        }
        return generate()
    }

    static func generate() -> String {
        let value = prefix | (counter.add(1, ordering: .relaxed).newValue & 0xFFFF_FFFF)
        return String(unsafeUninitializedCapacity: 16) { text in
            for i in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * i)) & 15
                text[i] = nibble < 10 ? nibble + 48 : nibble + 87
            }
            return 16
        }
    }

    private static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: ":"), UInt8(ascii: "/"):
            true
        default: false
        }
    }
}
