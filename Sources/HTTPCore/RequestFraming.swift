/// Whether a request head frames its body one way only (RFC 9112 §6.1, §6.3): the shapes that a proxy in front and
/// this server could read differently, and so smuggle a second request past the first, are refused with a `400`
/// (the server then closes the connection, before any of the body is read):
///
/// - `Content-Length` together with `Transfer-Encoding`;
/// - a `Content-Length` that is not digits alone (a list included), or two that differ;
/// - a `Transfer-Encoding` other than one `chunked` (the server decodes no other coding, and libmicrohttpd reads
///   only the first such header, its value untrimmed), or any in HTTP/1.0;
/// - a field name that is not a token (whitespace before the colon: `Transfer-Encoding : chunked`);
/// - a control character in a field value (NUL included; horizontal tab is allowed);
/// - a header line folded onto the next (obs-fold);
/// - HTTP/1.1 without exactly one `Host`.
///
/// Fed one field at a time, as the server reads them (`add`), then asked (`problem`); `check` does both for a list.
public struct RequestFraming: Sendable {
    private let http11: Bool
    private var hosts = 0
    private var contentLength: [UInt8]?
    /// `Transfer-Encoding` headers, and whether each was `chunked` alone.
    private var transferCodings = 0
    private var onlyChunked = true
    private var found: Problem?

    /// `version` as the request line gives it (`HTTP/1.1`).
    public init(version: String) { self.init(http11: version == "HTTP/1.1") }

    /// For an HTTP/1.1 request or (`http11` false) an HTTP/1.0 one.
    public init(http11: Bool) { self.http11 = http11 }

    /// The first problem of `version` and `headers` (names and values as sent), or nil when the framing is sound.
    public static func check(version: String, headers: [(name: String, value: String)]) -> Problem? {
        var framing = RequestFraming(version: version)
        for (name, value) in headers {
            // A value continued on the next line: as sent, CR LF and whitespace inside it.
            let folded = value.utf8.contains(13) && value.utf8.contains(10)
            withUTF8(of: name) { n in withUTF8(of: value) { v in framing.add(folded: folded, name: n, value: v) } }
        }
        return framing.problem
    }

    /// One header field: its name and its value as sent, from after the whitespace that follows the colon to the
    /// end of the line (whitespace at the end included: libmicrohttpd frames no body by a `Content-Length` or a
    /// `Transfer-Encoding` that has it, so neither does this check); `folded` when its line was continued on the
    /// next (obs-fold, RFC 9112 §5.2: refused).
    public mutating func add(folded: Bool = false, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        guard found == nil else { return }
        if folded { return refuse("the header \"\(Self.printable(name))\" is folded onto the next line (obs-fold)") }
        guard !name.isEmpty, name.allSatisfy(Self.isTokenByte) else {
            return refuse("the header name \"\(Self.printable(name))\" is not a token (whitespace before its colon?)")
        }
        if let bad = value.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            return refuse("the header \(String(decoding: name, as: UTF8.self)) holds the control character 0x"
                + String(bad, radix: 16, uppercase: true))
        }
        if Self.equal(name, "content-length") {
            guard !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return refuse("Content-Length \"\(Self.printable(value))\" is not a number")
            }
            if let contentLength, !contentLength.elementsEqual(value) {
                return refuse("two Content-Length headers differ")
            }
            contentLength = Array(value)
        } else if Self.equal(name, "transfer-encoding") {
            transferCodings += 1
            if !Self.equal(value, "chunked") { onlyChunked = false }
        } else if Self.equal(name, "host") {
            hosts += 1
        }
    }

    /// The first problem found, once every field is in.
    public var problem: Problem? {
        if let found { return found }
        if transferCodings > 0, contentLength != nil {
            return Self.problem("Content-Length together with Transfer-Encoding")
        }
        if transferCodings > 0, !onlyChunked || transferCodings > 1 || !http11 {
            return Self.problem(http11 ? "Transfer-Encoding must be one chunked" : "Transfer-Encoding in HTTP/1.0")
        }
        if http11, hosts != 1 {
            return Self.problem(hosts == 0 ? "an HTTP/1.1 request without Host" : "more than one Host header")
        }
        return nil
    }

    private mutating func refuse(_ detail: String) { found = Self.problem(detail) }

    private static func problem(_ detail: String) -> Problem {
        Problem(.malformedRequest, detail: detail + " (RFC 9112): the connection is closed")
    }

    /// tchar of RFC 9110 §5.6.2.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Whether `bytes` is `lowercase` without regard to ASCII case.
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        let target = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        return bytes.count == target.count && zip(bytes, target).allSatisfy { $0 | 0x20 == $1 }
    }

    /// The bytes for a problem's detail: printable ASCII as it is, others as `\xNN`, at most 64 of them.
    private static func printable(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var text = ""
        for byte in bytes.prefix(64) {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return text
    }
}
