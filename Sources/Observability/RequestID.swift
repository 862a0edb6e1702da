/// The id a request is logged and answered under: the client's `X-Request-Id` when it is a sane token (1 to 128
/// of `A-Z a-z 0-9 - _ . : /`), else a new random one (16 hex digits).
enum RequestID {
    static func of(_ header: String?) -> String {
        if let header, !header.isEmpty, header.utf8.count <= 128, header.utf8.allSatisfy(isTokenByte) {
            return header
        }
        return generate()
    }

    static func generate() -> String {
        var random = SystemRandomNumberGenerator()
        let value = random.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
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
