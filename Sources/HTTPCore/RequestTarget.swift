/// The request line's target (`/path?query`) checked for control characters (0x00-0x1F, 0x7F) before it is
/// decoded. libmicrohttpd hands a handler the path and query arguments as C strings, percent-decoded: a NUL ends
/// one early (`/metrics%00.css` would be served as `/metrics`, past a proxy's rule that blocks the exact path
/// `/metrics`), and no route of this service holds a control character. So a target is refused with `400`
/// (`malformed-request`, `parameter` naming `path` or `query`; the connection is closed) when
///
/// - its path holds a control character, sent as it is or percent-escaped (`%00`-`%1F`, `%7F`);
/// - its query holds one as sent (RFC 3986 allows none) or a NUL escaped (`%00`); the other escapes are values'
///   bytes (`%0A` is a newline in a value), as any percent-escape there;
/// - it holds a NUL as sent, anywhere (`NUL`, found by the server: it ends the bytes given here).
public struct RequestTarget: Sendable {
    /// The bytes given (up to the end, or to a NUL sent in the target).
    public let length: Int
    /// The first control character found in them, or nil.
    private let found: Problem?
    /// Whether the bytes given end in the query.
    private let endsInQuery: Bool

    /// Checks a target as sent: its bytes up to the end, or to a NUL sent in it (see `problem(sentLength:)`).
    public init(_ target: UnsafeBufferPointer<UInt8>) {
        length = target.count
        var inQuery = false
        var found: Problem?
        var i = 0
        while i < target.count, found == nil {
            let byte = target[i]
            if byte == UInt8(ascii: "?"), !inQuery {
                inQuery = true
            } else if Self.isControl(byte) {
                found = Self.problem(inQuery, "a control character (\(Self.hex(byte))) at byte \(i)")
            } else if byte == UInt8(ascii: "%"), i + 2 < target.count,
                      let high = Self.hexValue(target[i + 1]), let low = Self.hexValue(target[i + 2])
            {
                let decoded = high << 4 | low
                if inQuery ? decoded == 0 : Self.isControl(decoded) {
                    found = Self.problem(inQuery, "a control character (\(Self.hex(decoded)), escaped) at byte \(i)")
                }
                i += 2
            }
            i += 1
        }
        self.found = found
        endsInQuery = inQuery
    }

    /// The problem with the target, whose request line held `sentLength` bytes for it: more than were given means
    /// that a NUL sent in it ended them. Nil when it has none.
    public func problem(sentLength: Int) -> Problem? {
        if let found { return found }
        guard sentLength == length else {
            return Self.problem(endsInQuery, "a control character (0x00) at byte \(length)")
        }
        return nil
    }

    private static func problem(_ inQuery: Bool, _ what: String) -> Problem {
        Problem(.malformedRequest, detail: "the request target holds \(what): the connection is closed",
                parameter: inQuery ? "query" : "path")
    }

    private static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
