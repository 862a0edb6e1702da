/// Appends JSON text to a byte buffer. Numbers: integral values print as integers (`1`, not `1.0`), others in the
/// shortest form that reads back to the same `Double`; -0 prints as 0. Callers keep the structure valid.
public struct JSONWriter {
    public var bytes: [UInt8]

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    public mutating func byte(_ c: UInt8) { bytes.append(c) }

    /// `"key":`, for keys that need no escaping.
    @inline(__always)
    public mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                bytes.append(Self.hexDigits[Int(c >> 4)])
                bytes.append(Self.hexDigits[Int(c & 15)])
            default: bytes.append(c)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    public mutating func bool(_ b: Bool) {
        if b { raw("true") } else { raw("false") }
    }

    public mutating func int(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            unsigned(value.magnitude)
        } else {
            unsigned(UInt(value))
        }
    }

    @inline(__always)
    private mutating func unsigned(_ value: UInt) {
        if value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch: UInt.max has 20 digits
        var v = value
        var n = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            while v > 0 {
                scratch[23 - n] = UInt8(truncatingIfNeeded: v % 10) &+ 48
                v /= 10
                n += 1
            }
            bytes.append(contentsOf: scratch[(24 - n)...])
        }
    }

    /// A finite number (callers never pass NaN or infinities: specs and layouts are validated finite).
    public mutating func number(_ value: Double) {
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
            int(Int(value))
        } else if value.isFinite {
            bytes.append(contentsOf: value.description.utf8)
        } else {
            raw("null")
        }
    }
}
