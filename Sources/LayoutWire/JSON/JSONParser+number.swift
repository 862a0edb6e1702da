extension JSONParser.Cursor {
    /// Powers of ten exactly representable as `Double`.
    private static let exactPowers: [Double] = (0...22).map { e in (0..<e).reduce(1.0) { r, _ in r * 10 } }

    /// A number at `position`: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, correctly rounded.
    /// Up to 19 significant digits with a small exponent take Clinger's exact fast path; the rest the standard
    /// library's (strtod-backed) conversion.
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard let first = current, isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            position += 1
            if let c = current, isDigit(c) { throw error("leading zeros are not allowed") }
        } else {
            while let c = current, isDigit(c) {
                accumulate(c, &mantissa, &digits, &exponent, fraction: false)
                position += 1
            }
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let c = current, isDigit(c) else { throw error("expected a digit after '.'") }
            while let c = current, isDigit(c) {
                accumulate(c, &mantissa, &digits, &exponent, fraction: true)
                position += 1
            }
        }
        if let c = current, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            position += 1
            var negativeExponent = false
            if let sign = current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                negativeExponent = sign == UInt8(ascii: "-")
                position += 1
            }
            guard let d = current, isDigit(d) else { throw error("expected a digit in the exponent") }
            var e = 0
            while let d = current, isDigit(d) {
                if e < 100_000 { e = e * 10 + Int(d - UInt8(ascii: "0")) }
                position += 1
            }
            exponent += negativeExponent ? -e : e
        }
        if digits <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 { value /= Self.exactPowers[-exponent] } else { value *= Self.exactPowers[exponent] }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw error("unreadable number", at: start) }
        guard value.isFinite else { throw error("number out of range", at: start) }
        return value
    }

    @inline(__always) private func isDigit(_ c: UInt8) -> Bool {
        c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
    }

    /// Adds one digit to the mantissa; past 19 significant digits the fast path is off anyway (`digits` tells).
    @inline(__always)
    private func accumulate(_ c: UInt8, _ mantissa: inout UInt64, _ digits: inout Int, _ exponent: inout Int,
                            fraction: Bool) {
        if mantissa == 0 && c == UInt8(ascii: "0") {
            if fraction { exponent -= 1 }
            return
        }
        digits += 1
        if digits <= 19 {
            mantissa = mantissa &* 10 &+ UInt64(c - UInt8(ascii: "0"))
            if fraction { exponent -= 1 }
        } else if !fraction {
            exponent += 1
        }
    }
}
