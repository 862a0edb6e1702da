#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line of the keys file: `ID SHA256-OF-SECRET SCOPES [requests-per-minute=N] [post-bytes-per-minute=N]`.
public struct APIKey: Sendable, Equatable {
    /// Names the key in logs and metrics (1 to 64 of `A-Z a-z 0-9 . _ -`; `anonymous` is taken).
    public var id: String
    /// SHA-256 of the secret (32 bytes): the file never holds a secret.
    public var digest: [UInt8]
    public var scopes: Scopes
    /// This key's own quotas; nil takes the service's defaults.
    public var requestsPerMinute: Int?
    public var postBytesPerMinute: Int?

    public init(id: String, digest: [UInt8], scopes: Scopes, requestsPerMinute: Int? = nil,
                postBytesPerMinute: Int? = nil) {
        self.id = id
        self.digest = digest
        self.scopes = scopes
        self.requestsPerMinute = requestsPerMinute
        self.postBytesPerMinute = postBytesPerMinute
    }

    /// A new key: a random secret (`lsk_` and 64 hex digits, 256 bits), and the key that holds its digest.
    public static func generate(id: String, scopes: Scopes) -> (secret: String, key: APIKey) {
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
        let secret = "lsk_" + SecretDigest.hex(bytes)
        return (secret, APIKey(id: id, digest: SecretDigest.of(secret[...]), scopes: scopes))
    }

    /// The key's line in the keys file.
    public var line: String {
        var line = "\(id) \(SecretDigest.hex(digest)) \(scopes)"
        if let requestsPerMinute { line += " requests-per-minute=\(requestsPerMinute)" }
        if let postBytesPerMinute { line += " post-bytes-per-minute=\(postBytesPerMinute)" }
        return line
    }

    static func validID(_ id: some StringProtocol) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id != "anonymous" && id.utf8.allSatisfy { b in
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }
}

/// The keys file: one key a line (see `APIKey`); blank lines and lines starting with `#` are skipped.
public enum KeysFile {
    public struct Malformed: Error, CustomStringConvertible, Equatable {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Every key of the text, or the first malformed line: never some of the keys.
    public static func parse(_ text: String) throws(Malformed) -> [APIKey] {
        var keys: [APIKey] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let fields = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            func fail(_ reason: String) -> Malformed { Malformed(line: lineNumber, reason: reason) }
            guard fields.count >= 3 else { throw fail("expected: ID SHA256-OF-SECRET SCOPES [name=value ...]") }
            guard APIKey.validID(first) else {
                throw fail("the id must be 1 to 64 of A-Z a-z 0-9 . _ - (and not \"anonymous\")")
            }
            guard let digest = SecretDigest.bytes(hex: fields[1]) else {
                throw fail("the second field must be a SHA-256 as 64 hex digits (the file never holds a secret)")
            }
            guard let scopes = Scopes(list: fields[2]) else {
                throw fail("unknown scope in \"\(fields[2])\": scopes are read, write, admin, separated by commas")
            }
            var key = APIKey(id: String(first), digest: digest, scopes: scopes)
            for option in fields.dropFirst(3) {
                let parts = option.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let value = Int(parts[1]), value >= 0 else {
                    throw fail("expected name=value with a whole number 0 or more: \(option)")
                }
                switch parts[0] {
                case "requests-per-minute": key.requestsPerMinute = value
                case "post-bytes-per-minute": key.postBytesPerMinute = value
                default: throw fail("unknown setting \(parts[0]) (requests-per-minute, post-bytes-per-minute)")
                }
            }
            if keys.contains(where: { $0.id == key.id }) { throw fail("the id \(key.id) is used twice") }
            if keys.contains(where: { $0.digest == key.digest }) { throw fail("the same secret is used twice") }
            keys.append(key)
        }
        return keys
    }
}

extension KeysFile {
    public struct Unreadable: Error, CustomStringConvertible {
        public let path: String
        public let errno: Int32
        public var description: String { "cannot read \(path) (errno \(errno))" }
    }

    /// The keys of the file at `path` (see `parse`).
    public static func load(path: String) throws -> [APIKey] {
        guard let file = fopen(path, "r") else { throw Unreadable(path: path, errno: errno) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n > 0 { bytes += chunk[..<n] }
            if n < chunk.count { break }
        }
        if ferror(file) != 0 { throw Unreadable(path: path, errno: errno) }
        return try parse(String(decoding: bytes, as: UTF8.self))
    }
}
