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
    private let memo: UnsafeMutablePointer<NumberMemo.Entry>

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        memo = .allocate(capacity: NumberMemo.size)
        memo.initialize(repeating: NumberMemo.Entry(), count: NumberMemo.size)
    }

    deinit {
        base.deallocate()
        memo.deallocate()
    }

    /// A copy of the text written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Hands over the memory holding the text (allocated with `UnsafeMutablePointer.allocate`): the caller now
    /// owns it and deallocates it. No copy.
    public consuming func takeBuffer() -> (pointer: UnsafeMutablePointer<UInt8>, count: Int) {
        let result = (base, count)
        memo.deallocate()
        discard self
        return result
    }

    /// Forgets the text, keeping the memory for reuse.
    public mutating func reset() { count = 0 }

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

    /// Runs `body` with a cursor over `reserving` bytes of free space, then keeps what it wrote. `body` must not
    /// write more than it reserved (see `JSONCursor` for what each write takes at most): unchecked in release
    /// builds, so internal to LayoutWire; debug builds stop at the first store past it.
    @inline(__always)
    mutating func write(reserving bytes: Int, _ body: (inout JSONCursor) -> Void) {
        assert(bytes >= 0, "JSONWriter.write(reserving:): a negative count")
        reserve(bytes)
        var cursor = JSONCursor(base + count, room: bytes, buffer: base, memo: memo)
        body(&cursor)
        assert(cursor.p >= base + count && cursor.p <= base + count + bytes,
               "JSONWriter.write(reserving:): wrote \(cursor.p - base - count) bytes of \(bytes) reserved")
        count = cursor.p - base
    }

    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        write(reserving: text.utf8CodeUnitCount) { $0.raw(text) }
    }

    @inline(__always)
    public mutating func byte(_ c: UInt8) {
        write(reserving: 1) { $0.byte(c) }
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

    /// Takes back a comma just written (a list of members each written with one after it).
    mutating func dropTrailingComma() {
        if count > 0, base[count - 1] == UInt8(ascii: ",") { count -= 1 }
    }

    public mutating func bool(_ b: Bool) {
        if b { raw("true") } else { raw("false") }
    }

    public mutating func int(_ value: Int) {
        write(reserving: 20) { $0.int(value) }
    }

    /// A finite number (see `JSONCursor.number`).
    public mutating func number(_ value: Double) {
        write(reserving: 32) { $0.number(value) }
    }
}
