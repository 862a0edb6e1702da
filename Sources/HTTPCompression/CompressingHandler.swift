public import HTTPCore

/// Wraps a handler: answers of a textual type (JSON, SVG, HTML, JavaScript, text) of at least `minimumBytes`
/// are gzipped for clients whose `Accept-Encoding` takes gzip. Such answers say `Vary: Accept-Encoding` either
/// way (caches keep both forms), and a compressed one's strong `ETag` becomes weak (`W/"..."`, as nginx does:
/// the bytes differ, the content does not; `If-None-Match` compares weakly).
public struct CompressingHandler<Inner: HTTPHandler>: HTTPLayer {
    public let inner: Inner
    /// Smaller answers are sent as they are (gzip's header and the work are not worth it).
    public let minimumBytes: Int
    /// zlib's level: 1 is the fastest, 9 the smallest.
    public let level: Int32

    public init(_ inner: Inner, minimumBytes: Int = CompressionDefaults.minimumBytes, level: Int32 = 1) {
        self.inner = inner
        self.minimumBytes = minimumBytes
        self.level = level
    }

    public func respond(to request: HTTPRequest) -> (answer: HTTPResponse, state: Void) {
        (inner.handle(request), ())
    }

    public func finish(_ response: inout HTTPResponse, to request: HTTPRequest, state: Void) {
        guard response.body.count >= minimumBytes, !response.hasHeader("Content-Encoding"),
              let type = response.header("Content-Type"), Self.isTextual(type) else { return }
        Self.addVary(&response)
        guard Self.acceptsGzip(request.header("Accept-Encoding")),
              let base = response.body.baseAddress,
              let (bytes, count) = Gzip.compress(UnsafeRawBufferPointer(start: base, count: response.body.count),
                                                 level: level)
        else { return }
        response.body = HTTPBody(adopting: bytes, count: count)
        response.headers.append(("Content-Encoding", "gzip"))
        if let i = response.headerIndex("ETag"),
           response.headers[i].value.hasPrefix("\"") {
            response.headers[i].value = "W/" + response.headers[i].value
        }
    }

    static func isTextual(_ contentType: String) -> Bool {
        return withUTF8(of: contentType) { t in
            // ASCII prefixes compared without regard to case, without making a lowercased copy.
            func starts(_ prefix: StaticString) -> Bool {
                guard t.count >= prefix.utf8CodeUnitCount else { return false }
                let p = prefix.utf8Start
                for i in 0..<prefix.utf8CodeUnitCount where t[i] != p[i] {
                    // The prefixes are lowercase: a byte may differ from a letter of theirs by case only.
                    guard t[i] | 0x20 == p[i], p[i] >= UInt8(ascii: "a"), p[i] <= UInt8(ascii: "z") else { return false }
                }
                return true
            }
            return starts("application/json") || starts("application/problem+json") || starts("image/svg+xml")
                || starts("text/") || starts("application/javascript")
        }
    }

    static func addVary(_ response: inout HTTPResponse) {
        if let i = response.headerIndex("Vary") {
            guard !Self.namesAcceptEncoding(response.headers[i].value) else { return }
            response.headers[i].value += ", Accept-Encoding"
        } else {
            response.headers.append(("Vary", "Accept-Encoding"))
        }
    }

    /// Whether a `Vary` value lists `Accept-Encoding` (any case), comparing bytes: no lowercased copy.
    static func namesAcceptEncoding(_ vary: String) -> Bool {
        return withUTF8(of: vary) { v in
            let name: StaticString = "accept-encoding"
            let n = name.utf8CodeUnitCount
            guard v.count >= n else { return false }
            for start in 0...(v.count - n) {
                var k = 0
                while k < n {
                    let (a, b) = (v[start + k], name.utf8Start[k])
                    guard a == b || (a | 0x20 == b && b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) else { break }
                    k += 1
                }
                if k == n { return true }
            }
            return false
        }
    }

    /// Whether an `Accept-Encoding` value takes gzip: `gzip` or `*` with a quality above 0 (RFC 9110 §12.5.3).
    public static func acceptsGzip(_ header: String?) -> Bool {
        guard let header, header.utf8.count >= 1 else { return false }
        if header == "gzip" || header.hasPrefix("gzip, ") { return true }  // browsers, curl --compressed
        if header == "identity" { return false }
        var gzip: Double?
        var any: Double?
        for part in header.split(separator: ",") {
            let fields = part.split(separator: ";")
            guard let name = fields.first?.trimmed.lowercased() else { continue }
            var quality = 1.0
            for parameter in fields.dropFirst() {
                let p = parameter.trimmed
                if p.lowercased().hasPrefix("q=") { quality = Double(p.dropFirst(2)) ?? 0 }
            }
            if name == "gzip" || name == "x-gzip" { gzip = quality } else if name == "*" { any = quality }
        }
        return (gzip ?? any ?? 0) > 0
    }
}

extension Substring {
    var trimmed: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return s
    }
}

/// The defaults of `CompressingHandler` (a generic type cannot hold them), for its callers to show.
public enum CompressionDefaults {
    /// The smallest answer gzipped.
    public static let minimumBytes = 1024
}
