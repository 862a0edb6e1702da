/// Writes JSON text through a pointer held in a local variable, into space the caller reserved. The writer's
/// primitives all run through it: a store through a byte pointer may alias any memory, so a pointer kept in a
/// local (a register) is not reloaded after every byte, as a pointer stored in the writer would be.
///
/// Capacity: `raw` writes the literal's length; `int` at most 20 bytes; `number` at most 32.
///
/// Unchecked: nothing stops a write past the space reserved, so the cursor is internal to LayoutWire (code outside
/// it writes through `JSONWriter`'s checked methods). Debug builds check every store and every read of earlier
/// text against the reserved space and the writer's buffer (`assertRoom`, `assertReadable`); release builds
/// carry no such bounds.
struct JSONCursor {
    var p: UnsafeMutablePointer<UInt8>
    /// The writer's memo of recently printed numbers (see `NumberMemo`).
    let memo: UnsafeMutablePointer<NumberMemo.Entry>
    #if DEBUG
        /// The end of the space reserved for this cursor, and the start of the writer's buffer (earlier text).
        let end: UnsafeMutablePointer<UInt8>
        let buffer: UnsafeMutablePointer<UInt8>
    #endif

    /// A cursor at `p` with `room` bytes reserved, in the buffer that starts at `buffer`.
    init(_ p: UnsafeMutablePointer<UInt8>, room: Int, buffer: UnsafeMutablePointer<UInt8>,
         memo: UnsafeMutablePointer<NumberMemo.Entry>) {
        self.p = p
        self.memo = memo
        #if DEBUG
            end = p + room
            self.buffer = buffer
        #endif
    }

    /// Where the next byte goes.
    var position: UnsafeMutablePointer<UInt8> { p }

    /// Debug builds: stops when `n` bytes stored at `at` (the cursor by default) would pass the space reserved.
    @inline(__always)
    func assertRoom(_ n: Int, at: UnsafeMutablePointer<UInt8>? = nil, _ what: StaticString) {
        #if DEBUG
            let at = at ?? p
            assert(at >= buffer && n >= 0 && at + n <= end,
                   "JSONCursor.\(what): \(n) bytes here do not fit in the space reserved")
        #endif
    }

    /// Debug builds: stops when a load of `n` bytes at `start` would read outside the writer's buffer as far as
    /// the space reserved (the text written so far, and the room after it).
    @inline(__always)
    func assertReadable(_ start: UnsafePointer<UInt8>, _ n: Int, _ what: StaticString) {
        #if DEBUG
            assert(start >= UnsafePointer(buffer) && n >= 0 && start + n <= UnsafePointer(end),
                   "JSONCursor.\(what): reads \(n) bytes outside the writer's buffer")
        #endif
    }

    /// Writes again the text between two earlier positions (a value formatted once, needed twice). The cursor
    /// must have 8 bytes of room, whatever the text's length (see `copyText`).
    @inline(__always)
    mutating func repeatText(from start: UnsafeMutablePointer<UInt8>, to end: UnsafeMutablePointer<UInt8>) {
        copyText(from: start, count: end - start)
    }

    /// Writes again `count` bytes written earlier, in this writer's buffer. Text of at most 8 bytes (a number of a
    /// layout) is copied as one 8-byte load and store, with no call and no loop: the bytes past `count` are the
    /// writer's own memory, read before anything is stored and overwritten by what comes next. So the cursor must
    /// have 8 bytes of room, whatever `count` is (every caller writes a number there, which reserves 32).
    @inline(__always)
    mutating func copyText(from start: UnsafePointer<UInt8>, count: Int) {
        assertReadable(start, max(count, 8), "copyText")
        assertRoom(max(count, 8), "copyText")
        #if DEBUG
            assert(count >= 0 && start + count <= UnsafePointer(p), "JSONCursor.copyText: the text is not written yet")
        #endif
        if count <= 8 {
            let text = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(p).storeBytes(of: text, as: UInt64.self)
        } else {
            UnsafeMutableRawPointer(p).copyMemory(from: start, byteCount: count)
        }
        p += count
    }

    /// Writes the first `count` bytes (at most 8) of `text`, the bytes of a short text in the order they are
    /// written (byte k at bits 8k to 8k+7, `JSONCursor.text(at:)`), as one 8-byte store: the cursor must have 8
    /// bytes of room.
    @inline(__always)
    mutating func word(_ text: UInt64, count: Int) {
        assert(count >= 0 && count <= 8, "JSONCursor.word: at most 8 bytes")
        assertRoom(8, "word")
        UnsafeMutableRawPointer(p).storeBytes(of: text.littleEndian, as: UInt64.self)
        p += count
    }

    /// The 8 bytes at `start`, as `word` takes them: `start` is in this writer's buffer, with 8 bytes after it
    /// that are its text or the space reserved.
    @inline(__always)
    func text(at start: UnsafePointer<UInt8>) -> UInt64 {
        assertReadable(start, 8, "text(at:)")
        return UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
    }

    /// Writes `count` bytes that continue the text from `start`, an earlier position in this writer's buffer: byte
    /// k is the one at `start + k`, so the text from `start` to the cursor repeats, with its length as the period
    /// (a column's run of rows written once and copied, as an LZ77 decoder copies). A period of 8 bytes or more is
    /// copied 8 bytes at a time when the run is short (up to 7 bytes past `count`, so the cursor must have that
    /// room); otherwise by doubling, a few copies in all.
    @inline(__always)
    mutating func continueText(from start: UnsafeMutablePointer<UInt8>, count: Int) {
        let period = p - start
        assertReadable(start, period, "continueText")
        if period >= 8, count <= 128 {
            assertRoom((count + 7) & ~7, "continueText")  // whole words
            var k = 0
            while k < count {  // each word read lies wholly before the one stored: period >= 8
                let word = UnsafeRawPointer(start + k).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(p + k).storeBytes(of: word, as: UInt64.self)
                k += 8
            }
        } else {
            assertRoom(count, "continueText")
            var written = 0
            while written < count {  // `written` stays a multiple of the period, so `start` is in phase
                let n = Swift.min(period + written, count - written)
                (p + written).update(from: start, count: n)  // never overlaps: n <= period + written
                written += n
            }
        }
        p += count
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        assertRoom(n, "raw")
        // A memcpy of a constant length (inlined as a few wide moves), not a memmove: the literal never overlaps.
        UnsafeMutableRawPointer(p).copyMemory(from: text.utf8Start, byteCount: n)
        p += n
    }

    /// Takes back the last byte written (a list's comma after its last entry).
    @inline(__always)
    mutating func dropLast() {
        #if DEBUG
            assert(p > buffer, "JSONCursor.dropLast: nothing written")
        #endif
        p -= 1
    }

    @inline(__always)
    mutating func byte(_ c: UInt8) {
        assertRoom(1, "byte")
        p.pointee = c
        p += 1
    }

    @inline(__always)
    mutating func int(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    /// "00" "01" ... "99": two digits per division. A StaticString: no lazy initialization on the hot path.
    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Stores the two digits of `v` (0...99) at `at`: one 16-bit load from the pair table, one store.
    @inline(__always)
    private func pair(_ v: UInt, at: UnsafeMutablePointer<UInt8>) {
        assert(v < 100, "JSONCursor.pair: two digits")
        assertRoom(2, at: at, "pair")
        let two = UnsafeRawPointer(Self.digitPairs.utf8Start + Int(truncatingIfNeeded: v) &* 2)
            .loadUnaligned(as: UInt16.self)
        UnsafeMutableRawPointer(at).storeBytes(of: two, as: UInt16.self)
    }

    /// The digits of a value below 10,000: 1 to 4 of them, with no leading zeros.
    @inline(__always)
    private mutating func upTo4(_ v: UInt) {
        if v < 100 {
            if v < 10 {
                assertRoom(1, "digit")
                p[0] = UInt8(truncatingIfNeeded: v) &+ 48
                p += 1
            } else {
                pair(v, at: p)
                p += 2
            }
        } else {
            let (hi, lo) = v.quotientAndRemainder(dividingBy: 100)
            if hi < 10 {
                assertRoom(1, "digit")
                p[0] = UInt8(truncatingIfNeeded: hi) &+ 48
                pair(lo, at: p + 1)
                p += 3
            } else {
                pair(hi, at: p)
                pair(lo, at: p + 2)
                p += 4
            }
        }
    }

    /// The digits of `value`: below 10^8 (every coordinate and index of a layout) by digit pairs, with at most
    /// two divisions by 10,000 and 100; larger values backwards two at a time.
    @inline(__always)
    mutating func unsigned(_ value: UInt) {
        if value < 10_000 {
            upTo4(value)
        } else if value < 100_000_000 {
            let (hi, lo) = value.quotientAndRemainder(dividingBy: 10_000)
            upTo4(hi)
            let (a, b) = lo.quotientAndRemainder(dividingBy: 100)
            pair(a, at: p)
            pair(b, at: p + 2)
            p += 4
        } else {
            large(value)
        }
    }

    /// The digits of a value of 10^8 or more, written backwards two at a time.
    private mutating func large(_ value: UInt) {
        var digits = 9
        var limit: UInt = 1_000_000_000
        while digits < 20, value >= limit {
            digits += 1
            limit = limit &* 10
        }
        assertRoom(digits, "large")
        var v = value
        var last = p + digits
        while v >= 100 {
            let (q, r) = v.quotientAndRemainder(dividingBy: 100)
            v = q
            last -= 2
            pair(r, at: last)
        }
        if v >= 10 {
            pair(v, at: p)
        } else {
            p[0] = UInt8(truncatingIfNeeded: v) &+ 48
        }
        p += digits
    }

    /// A finite number: integral values as integers, others in their shortest round-trip form (`-0` as `0`).
    /// NaN and infinities (never produced by validated layouts) are written as `null`.
    ///
    /// Inlined where it is written, with a fast path for nearly every coordinate of a layout: a multiple of 1/8
    /// (integers, and the halves and quarters that centering and 2x and 4x screens make) costs one multiply, two
    /// conversions and the digit-pair stores. Other numbers are a call away (`decimal`).
    @inline(__always)
    mutating func number(_ value: Double) {
        // The range test comes first so that the conversion cannot trap; it truncates without a libm call.
        if abs(value) < 1e12 {
            let eighths = value * 8  // exact: a power of two
            let n = Int(eighths)
            if Double(n) == eighths {
                if n < 0 { byte(UInt8(ascii: "-")) }
                unsigned(n.magnitude >> 3)
                let fraction = Int(truncatingIfNeeded: n.magnitude & 7)
                if fraction != 0 { eighth(fraction) }
                return
            }
        }
        decimal(value)
    }

    /// A number that is not a multiple of 1/8 below 1e12: integers up to 2^53, numbers of at most three decimals
    /// (a division more than the fast path), then the memo of recent numbers or the general printer.
    @inline(never)
    mutating func decimal(_ value: Double) {
        if abs(value) >= 1e12 {
            if abs(value) < 9_007_199_254_740_992, Double(Int(value)) == value { return int(Int(value)) }
        } else if let thousandths = Self.exactThousandths(value) {
            if thousandths < 0 { byte(UInt8(ascii: "-")) }
            let magnitude = thousandths.magnitude
            let (whole, fraction) = magnitude.quotientAndRemainder(dividingBy: 1000)  // fraction is not 0
            unsigned(whole)
            // "." and the fraction's three digits without its trailing zeros: one digit, then a pair or nothing.
            let (first, rest) = fraction.quotientAndRemainder(dividingBy: 100)
            assertRoom(rest == 0 ? 2 : 4, "decimal")
            p[0] = UInt8(ascii: ".")
            p[1] = UInt8(truncatingIfNeeded: first) &+ 48
            if rest == 0 {
                p += 2
            } else {
                pair(rest, at: p + 2)
                p += rest % 10 == 0 ? 3 : 4
            }
            return
        }
        general(value)
    }

    /// ".125" ".25" ".375" ".5" ".625" ".75" ".875", 4 bytes each (padded), at 4 * eighths.
    private static let eighthsText: StaticString = "    .125.25 .375.5  .625.75 .875"

    /// The decimal fraction of `eighths`/8 (1...7): one 4-byte store, of which the first 4, 3 or 2 bytes count
    /// (fewer for each factor of 2). Exact, and the shortest round-trip form below 1e12: any shorter decimal is
    /// at least 1/200 away, far outside the rounding interval of a value that size.
    @inline(__always)
    private mutating func eighth(_ eighths: Int) {
        assertRoom(4, "eighth")  // one 4-byte store, whatever the fraction's length
        let text = UnsafeRawPointer(Self.eighthsText.utf8Start + 4 &* eighths).loadUnaligned(as: UInt32.self)
        UnsafeMutableRawPointer(p).storeBytes(of: text, as: UInt32.self)
        p += 4 &- eighths.trailingZeroBitCount
    }

    /// Numbers beyond the fast paths: the memo of recent ones, or the standard library's shortest printer.
    mutating func general(_ value: Double) {
        if value.isFinite {
            let entry = memo + NumberMemo.slot(value)
            if entry.pointee.bits == value.bitPattern, entry.pointee.count > 0 {
                assertRoom(Int(entry.pointee.count), "number")
                withUnsafeBytes(of: entry.pointee.text) { p.update(from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                                   count: Int(entry.pointee.count)) }
                p += Int(entry.pointee.count)
            } else {
                var sink = ASCIISink(base: p)
                #if DEBUG
                    sink.end = end
                #endif
                value.write(to: &sink)
                NumberMemo.store(value, text: p, count: sink.count, in: entry)
                p += sink.count
            }
        } else {
            raw("null")
        }
    }

    /// `value * 1000` when that is an integer whose decimal (three fraction digits at most) reads back as exactly
    /// `value`, for 0.001 <= |value| < 1e12 (the caller checks the upper bound). That decimal is then the shortest
    /// round-trip form: any other decimal with as few fraction digits is at least 0.001 away, far outside `value`'s
    /// rounding interval at this size.
    @inline(__always)
    static func exactThousandths(_ value: Double) -> Int? {
        guard abs(value) >= 0.001 else { return nil }
        let scaled = value * 1000
        let nearest = Int(scaled < 0 ? scaled - 0.5 : scaled + 0.5)  // below 1e15: exact enough, and checked next
        guard Double(nearest) / 1000 == value else { return nil }
        return nearest
    }
}

/// Layouts print the same few non-integral numbers again and again (a waterfall's column width and positions,
/// a justified grid's columns), and the general printer is the slowest step of encoding. The writer keeps the
/// text of recent ones in a small direct-mapped table.
enum NumberMemo {
    static let size = 32

    struct Entry {
        var bits: UInt64 = 0
        var count: UInt8 = 0  // 0: empty
        var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes: the longest form is 24
    }

    @inline(__always)
    static func slot(_ value: Double) -> Int {
        let b = value.bitPattern
        return Int(truncatingIfNeeded: (b ^ (b >> 29) ^ (b >> 41)) & UInt64(size - 1))
    }

    static func store(_ value: Double, text: UnsafePointer<UInt8>, count: Int, in entry: UnsafeMutablePointer<Entry>) {
        guard count <= 32 else { return }
        entry.pointee.bits = value.bitPattern
        entry.pointee.count = UInt8(count)
        withUnsafeMutableBytes(of: &entry.pointee.text) { $0.baseAddress!.copyMemory(from: text, byteCount: count) }
    }
}

/// Receives `Double.write(to:)`, the standard library's shortest round-trip printing: at most 32 bytes.
struct ASCIISink: TextOutputStream {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0
    #if DEBUG
        /// The end of the space reserved (debug builds check each store against it).
        var end: UnsafeMutablePointer<UInt8>?
    #endif

    mutating func write(_ string: String) {
        for byte in string.utf8 where count < 32 {
            #if DEBUG
                assert(end.map { base + count < $0 } ?? true, "JSONCursor.number: past the space reserved")
            #endif
            base[count] = byte
            count += 1
        }
    }
}
