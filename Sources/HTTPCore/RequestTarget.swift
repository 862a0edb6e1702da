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
    /// The first control character found in them, or nil. A plain value (no strings): the server keeps one for each
    /// request it reads, and makes the problem only for a target that has one.
    private let flaw: Flaw?
    /// Whether the bytes given end in the query (where a NUL sent after them would be).
    private let endsInQuery: Bool

    private struct Flaw {
        var offset: Int
        var byte: UInt8
        var escaped: Bool
        var inQuery: Bool
    }

    /// Checks a target as sent: its bytes up to the end, or to a NUL sent in it (see `problem(sentLength:)`).
    public init(_ target: UnsafeBufferPointer<UInt8>) {
        length = target.count
        var inQuery = false
        var flaw: Flaw?
        var i = 0
        while i < target.count, flaw == nil {
            let byte = target[i]
            if byte == UInt8(ascii: "?"), !inQuery {
                inQuery = true
            } else if Self.isControl(byte) {
                flaw = Flaw(offset: i, byte: byte, escaped: false, inQuery: inQuery)
            } else if byte == UInt8(ascii: "%"), i + 2 < target.count,
                      let high = Self.hexValue(target[i + 1]), let low = Self.hexValue(target[i + 2])
            {
                let decoded = high << 4 | low
                if inQuery ? decoded == 0 : Self.isControl(decoded) {
                    flaw = Flaw(offset: i, byte: decoded, escaped: true, inQuery: inQuery)
                }
                i += 2
            }
            i += 1
        }
        self.flaw = flaw
        endsInQuery = inQuery
    }

    /// A target of `length` bytes that holds neither a control character nor `%`, as the caller found (the server
    /// looks for those bytes with one `strcspn`, and scans with `init(_:)` only a target that has one).
    public init(clean length: Int, endsInQuery: Bool) {
        self.length = length
        flaw = nil
        self.endsInQuery = endsInQuery
    }

    /// The problem with the target, whose request line held `sentLength` bytes for it: more than were given means
    /// that a NUL sent in it ended them. Nil when it has none.
    public func problem(sentLength: Int) -> Problem? {
        let nul = sentLength == length ? nil : Flaw(offset: length, byte: 0, escaped: false, inQuery: endsInQuery)
        guard let found = flaw ?? nul else { return nil }
        let character = Self.hex(found.byte) + (found.escaped ? ", escaped" : "")
        return Problem(.malformedRequest,
                       detail: "the request target holds a control character (\(character)) at byte \(found.offset): "
                           + "the connection is closed",
                       parameter: found.inQuery ? "query" : "path")
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
