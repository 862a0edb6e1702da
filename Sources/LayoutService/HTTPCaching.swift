import HTTPCore

/// Answers about a layout id never change (a change is a new id), so GET answers under /v1/layouts/{id} are
/// cacheable for ever: an `ETag` derived from the request (and the answer format's version), and
/// `Cache-Control: public, max-age=31536000, immutable`. A matching `If-None-Match` gets a 304 without any work.
enum HTTPCaching {
    /// Bumped whenever the wire format of answers changes, so cached answers of an older format do not match.
    static let formatVersion = "2"
    /// The `Cache-Control` of every immutable answer (layouts, programs, font files).
    static let cacheControl = "public, max-age=31536000, immutable"

    /// A strong entity tag for a GET: FNV-1a (64-bit) of the format version, path and query.
    static func entityTag(_ request: HTTPRequest) -> String {
        var hash = FNV1a()
        hash.add(formatVersion, separator: 0xFF)
        hash.add(request.path, separator: 0xFF)
        request.forEachQueryArgument { name, value in
            hash.add(name, separator: 0xFF)
            hash.add(value, separator: 0xFF)
        }
        return hash.hex(prefix: UInt8(ascii: "\""), suffix: UInt8(ascii: "\""))
    }

    /// Whether `If-None-Match` names `tag` (or `*`).
    static func matches(_ request: HTTPRequest, _ tag: String) -> Bool {
        guard let header = request.header("If-None-Match") else { return false }
        return header.split(separator: ",").contains { part in
            let t = part.trimmingSpaces
            return t == "*" || t == Substring(tag) || t == Substring("W/" + tag)
        }
    }
}

/// Cross-origin requests from browsers: the allowed origins (`*` for any) get `Access-Control-Allow-Origin`, and
/// preflight `OPTIONS` requests their answer.
struct CrossOrigin {
    let origins: [String]

    /// The `Access-Control-Allow-Origin` value for a request, if its origin is allowed.
    func allowedOrigin(_ request: HTTPRequest) -> String? {
        if origins.contains("*") { return "*" }
        guard let origin = request.header("Origin"), origins.contains(origin) else { return nil }
        return origin
    }

    func preflight(_ request: HTTPRequest, methods: [String]) -> HTTPResponse {
        var headers: [(name: String, value: String)] = [
            ("Access-Control-Allow-Methods", methods.joined(separator: ", ")),
            ("Access-Control-Allow-Headers", "Authorization, Content-Type, If-None-Match"),
            ("Access-Control-Max-Age", "86400"),
            ("Allow", (methods + ["OPTIONS"]).joined(separator: ", ")),
        ]
        if let origin = allowedOrigin(request) { headers.append(("Access-Control-Allow-Origin", origin)) }
        if !origins.contains("*") { headers.append(("Vary", "Origin")) }
        return HTTPResponse(status: 204, headers: headers)
    }
}
