/// Appends JSON text to a growable byte buffer that it owns (noncopyable: one owner, freed on destruction).
/// Every write is a capacity check and direct stores: this is the hot path of every rect query.
///
/// Numbers: integral values print as integers (`1`, not `1.0`), others in the shortest form that reads back to
/// the same `Double` (the standard library's algorithm, without its String allocation); -0 prints as 0.
/// Callers keep the structure valid.
public struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    public private(set) var count = 0

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the text written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Hands over the memory holding the text (allocated with `UnsafeMutablePointer.allocate`): the caller now
    /// owns it and deallocates it. No copy.
    public consuming func takeBuffer() -> (pointer: UnsafeMutablePointer<UInt8>, count: Int) {
        let result = (base, count)
        discard self
        return result
    }

    /// Forgets the text, keeping the memory for reuse.
    public mutating func reset() { count = 0 }

    /// Calls `body` with the text written so far (no copy).
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        reserve(n)
        (base + count).update(from: text.utf8Start, count: n)
        count += n
    }

    @inline(__always)
    public mutating func byte(_ c: UInt8) {
        reserve(1)
        base[count] = c
        count += 1
    }

    /// Bytes that are already valid JSON text (a nested document).
    public mutating func json(_ text: UnsafeBufferPointer<UInt8>) {
        guard let start = text.baseAddress else { return }
        reserve(text.count)
        (base + count).update(from: start, count: text.count)
        count += text.count
    }

    /// `"key":`, for keys that need no escaping.
    @inline(__always)
    public mutating func key(_ name: StaticString) {
        byte(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    public mutating func string(_ s: String) {
        byte(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                byte(Self.hexDigit(c >> 4))
                byte(Self.hexDigit(c & 15))
            default: byte(c)
            }
        }
        byte(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? v + 48 : v + 87 }

    public mutating func bool(_ b: Bool) {
        if b { raw("true") } else { raw("false") }
    }

    public mutating func int(_ value: Int) {
        reserve(20)
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        unsigned(value.magnitude)
    }

    /// "00" "01" ... "99": two digits per division. A StaticString: no lazy initialization on the hot path.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Writes the digits of `value` (20 bytes already reserved) in place, backwards, two at a time.
    @inline(__always)
    private mutating func unsigned(_ value: UInt) {
        if value < 10 {
            base[count] = UInt8(truncatingIfNeeded: value) &+ 48
            count += 1
            return
        }
        var digits: Int
        if value < 100 {
            digits = 2
        } else if value < 1000 {
            digits = 3
        } else if value < 10_000 {
            digits = 4
        } else {
            digits = 5
            var limit: UInt = 100_000
            while digits < 20, value >= limit {
                digits += 1
                limit = limit &* 10
            }
        }
        let pairs = Self.digitPairs.utf8Start
        var v = value
        var i = count + digits
        while v >= 100 {
            let pair = Int(v % 100) &* 2
            v /= 100
            i -= 2
            base[i] = pairs[pair]
            base[i + 1] = pairs[pair + 1]
        }
        if v >= 10 {
            let pair = Int(v) &* 2
            base[i - 2] = pairs[pair]
            base[i - 1] = pairs[pair + 1]
        } else {
            base[i - 1] = UInt8(truncatingIfNeeded: v) &+ 48
        }
        count += digits
    }

    /// Writes again the text at `range` of what was written (a value already formatted once).
    @inline(__always)
    public mutating func repeatWritten(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the written text")
        reserve(range.count)
        for i in range { base[count + i - range.lowerBound] = base[i] }
        count += range.count
    }

    /// A finite number; NaN and infinities (never produced by validated layouts) print as `null`.
    public mutating func number(_ value: Double) {
        // The range test comes first so that the conversion cannot trap; it truncates without a libm call.
        if abs(value) < 9_007_199_254_740_992, Double(Int(value)) == value {
            int(Int(value))
        } else if let thousandths = Self.exactThousandths(value) {
            reserve(24)
            if thousandths < 0 {
                base[count] = UInt8(ascii: "-")
                count += 1
            }
            let magnitude = thousandths.magnitude
            unsigned(magnitude / 1000)
            var fraction = magnitude % 1000  // not 0: integral values took the first branch
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            base[count] = UInt8(ascii: ".")
            var i = count + digits
            count = i + 1
            while i > count - digits - 1 {
                base[i] = UInt8(truncatingIfNeeded: fraction % 10) &+ 48
                fraction /= 10
                i -= 1
            }
        } else if value.isFinite {
            reserve(32)  // the shortest form of a Double takes at most 24 bytes
            var sink = ASCIISink(base: base + count)
            value.write(to: &sink)
            count += sink.count
        } else {
            raw("null")
        }
    }
}

extension JSONWriter {
    /// `value * 1000` when that is an integer whose decimal (three fraction digits at most) reads back as exactly
    /// `value`, for 0.001 <= |value| < 1e12. That decimal is then the shortest round-trip form: any other decimal
    /// with as few fraction digits is at least 0.001 away, far outside `value`'s rounding interval at this size.
    @inline(__always)
    static func exactThousandths(_ value: Double) -> Int? {
        let magnitude = abs(value)
        guard magnitude >= 0.001, magnitude < 1e12 else { return nil }
        let scaled = value * 1000
        let nearest = Int(scaled < 0 ? scaled - 0.5 : scaled + 0.5)  // below 1e15: exact enough, and checked next
        guard Double(nearest) / 1000 == value else { return nil }
        return nearest
    }
}

/// Receives `Double.write(to:)`, the standard library's shortest round-trip printing. The standard library hands
/// its stack buffer to `_writeASCII` (copied here, no String made); any other route arrives through `write`.
/// At most 32 bytes are written (reserved by the caller).
struct ASCIISink: TextOutputStream {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    mutating func write(_ string: String) {
        for byte in string.utf8 where count < 32 {
            base[count] = byte
            count += 1
        }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let start = buffer.baseAddress else { return }
        let n = min(buffer.count, 32 - count)
        (base + count).update(from: start, count: n)
        count += n
    }
}
