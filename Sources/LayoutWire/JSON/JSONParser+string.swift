extension JSONParser.Cursor {
    /// A string at `position` (its opening quote): validated here, decoded lazily by `JSONValue.string`.
    mutating func string(into nodes: inout [JSONDocument.Node]) throws(JSONSyntaxError) {
        position += 1
        let start = position
        var escaped = false
        while true {
            guard position < bytes.count else { throw error("unterminated string", at: start - 1) }
            let c = bytes[position]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") {
                escaped = true
                try escape()
            } else if c < 0x20 {
                throw error("control character in a string (escape it)")
            } else if c < 0x80 {
                position += 1
            } else {
                try utf8Sequence()
            }
        }
        let length = position - start
        position += 1
        nodes.append(.init(kind: .string, escaped: escaped, count: 0,
                           payload: UInt64(start) << 32 | UInt64(length)))
    }

    private mutating func escape() throws(JSONSyntaxError) {
        guard position + 1 < bytes.count else { throw error("unterminated escape") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: position + 2)
            position += 6
            if unit >= 0xD800 && unit < 0xDC00 {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate escape", at: position - 6) }
                let low = try hex4(at: position + 2)
                guard low >= 0xDC00 && low < 0xE000 else { throw error("unpaired surrogate escape") }
                position += 6
            } else if unit >= 0xDC00 && unit < 0xE000 {
                throw error("unpaired surrogate escape", at: position - 6)
            }
        default:
            throw error("invalid escape")
        }
    }

    private func hex4(at offset: Int) throws(JSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("truncated \\u escape", at: offset) }
        var value: UInt32 = 0
        for i in offset..<(offset + 4) {
            guard let digit = JSONStringDecoder.hexValue(bytes[i]) else {
                throw error("invalid hex digit in \\u escape", at: i)
            }
            value = value << 4 | digit
        }
        return value
    }

    /// One multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
    private mutating func utf8Sequence() throws(JSONSyntaxError) {
        let b0 = bytes[position]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: throw error("invalid UTF-8")
        }
        guard position + length <= bytes.count else { throw error("truncated UTF-8") }
        let b1 = bytes[position + 1]
        guard b1 >= lower && b1 <= upper else { throw error("invalid UTF-8") }
        for i in 2..<length where bytes[position + i] & 0xC0 != 0x80 { throw error("invalid UTF-8") }
        position += length
    }
}

/// Decodes the text of an escaped JSON string (already validated by the parser).
enum JSONStringDecoder {
    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        func hex(_ at: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 << 4 | (hexValue(text[at + $1]) ?? 0) }
        }
        while i < text.count {
            let c = text[i]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i += 1
                continue
            }
            let e = text[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex(i)
                i += 4
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    let low = hex(i + 2)
                    i += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(contentsOf: Unicode.Scalar(scalar).map { Array(String($0).utf8) } ?? [])
            default: out.append(e)  // " \ /
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
