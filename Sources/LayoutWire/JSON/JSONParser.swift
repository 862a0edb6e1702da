/// A strict RFC 8259 parser: the whole grammar (any value at the top), UTF-8 validated, no trailing commas, no
/// leading zeros, no NaN or comments, unpaired surrogate escapes rejected; depth and size bounded.
public enum JSONParser {
    /// Parses `bytes` into a tape.
    /// - Complexity: O(bytes); one allocation for the node array (amortized), none per value.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(JSONSyntaxError)
        -> JSONDocument
    {
        guard bytes.count <= limits.maxBytes else {
            throw JSONSyntaxError(offset: 0, line: 1, column: 1,
                                  reason: "input of \(bytes.count) bytes exceeds \(limits.maxBytes)")
        }
        var nodes: [JSONDocument.Node] = []
        // Numbers and short strings dominate large specs: a value takes about 4 bytes of text or more.
        nodes.reserveCapacity(bytes.count / 4 + 1)
        let result: Result<Void, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = Cursor(bytes: buffer, maxDepth: limits.maxDepth)
            do throws(JSONSyntaxError) {
                parser.skipWhitespace()
                try parser.value(depth: 0, into: &nodes)
                parser.skipWhitespace()
                if parser.position != buffer.count { throw parser.error("unexpected text after the value") }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
        return JSONDocument(bytes: bytes, nodes: nodes)
    }

    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
            let at = min(offset ?? position, bytes.count)
            var line = 1
            var lineStart = 0
            for i in 0..<at where bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            return JSONSyntaxError(offset: at, line: line, column: at - lineStart + 1, reason: reason)
        }

        @inline(__always) var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        @inline(__always) mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int, into nodes: inout [JSONDocument.Node]) throws(JSONSyntaxError) {
            guard let c = current else { throw error("expected a value, found the end of the input") }
            switch c {
            case UInt8(ascii: "{"): try object(depth: depth + 1, into: &nodes)
            case UInt8(ascii: "["): try array(depth: depth + 1, into: &nodes)
            case UInt8(ascii: "\""): try string(into: &nodes)
            case UInt8(ascii: "t"): try literal("true", .true, into: &nodes)
            case UInt8(ascii: "f"): try literal("false", .false, into: &nodes)
            case UInt8(ascii: "n"): try literal("null", .null, into: &nodes)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let value = try number()
                nodes.append(.init(kind: .number, escaped: false, count: 0, payload: value.bitPattern))
            default: throw error("expected a value")
            }
        }

        mutating func literal(_ word: StaticString, _ kind: JSONDocument.Kind,
                              into nodes: inout [JSONDocument.Node]) throws(JSONSyntaxError) {
            let n = word.utf8CodeUnitCount
            guard position + n <= bytes.count else { throw error("expected \(word)") }
            for i in 0..<n where bytes[position + i] != word.utf8Start[i] { throw error("expected \(word)") }
            position += n
            nodes.append(.init(kind: kind, escaped: false, count: 0, payload: 0))
        }

        mutating func array(depth: Int, into nodes: inout [JSONDocument.Node]) throws(JSONSyntaxError) {
            guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth)") }
            let me = nodes.count
            nodes.append(.init(kind: .array, escaped: false, count: 0, payload: 0))
            position += 1
            skipWhitespace()
            var count: UInt32 = 0
            if current == UInt8(ascii: "]") {
                position += 1
            } else {
                while true {
                    try value(depth: depth, into: &nodes)
                    count += 1
                    skipWhitespace()
                    guard let c = current else { throw error("unterminated array") }
                    position += 1
                    if c == UInt8(ascii: "]") { break }
                    guard c == UInt8(ascii: ",") else { throw error("expected ',' or ']'", at: position - 1) }
                    skipWhitespace()
                }
            }
            nodes[me].count = count
            nodes[me].payload = UInt64(nodes.count)
        }

        mutating func object(depth: Int, into nodes: inout [JSONDocument.Node]) throws(JSONSyntaxError) {
            guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth)") }
            let me = nodes.count
            nodes.append(.init(kind: .object, escaped: false, count: 0, payload: 0))
            position += 1
            skipWhitespace()
            var count: UInt32 = 0
            if current == UInt8(ascii: "}") {
                position += 1
            } else {
                while true {
                    guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
                    try string(into: &nodes)
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
                    position += 1
                    skipWhitespace()
                    try value(depth: depth, into: &nodes)
                    count += 1
                    skipWhitespace()
                    guard let c = current else { throw error("unterminated object") }
                    position += 1
                    if c == UInt8(ascii: "}") { break }
                    guard c == UInt8(ascii: ",") else { throw error("expected ',' or '}'", at: position - 1) }
                    skipWhitespace()
                }
            }
            nodes[me].count = count
            nodes[me].payload = UInt64(nodes.count)
        }
    }
}
