#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPCore

/// Writes a log line's bytes through a pointer into memory with room for them.
struct LineWriter {
    let start: UnsafeMutablePointer<UInt8>
    var at: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        at = start
    }

    /// The bytes written so far.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: start.distance(to: at)) }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        at.pointee = byte
        at += 1
    }

    @inline(__always)
    mutating func put(_ literal: StaticString) {
        at.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        at += literal.utf8CodeUnitCount
    }

    /// The digits of `value` (0 or more), `count` of them with leading zeros.
    @inline(__always)
    mutating func putDigits(_ value: Int, _ count: Int) {
        var v = value
        var i = count
        while i > 0 {
            i -= 1
            at[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
            v /= 10
        }
        at += count
    }

    /// The most `putTimestamp` writes.
    static let timestampBytes = 40

    /// Now, in UTC, RFC 3339 with milliseconds: `2026-11-22T07:49:42.196Z`.
    mutating func putTimestamp() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        putTimestamp(seconds: Int(now.tv_sec), milliseconds: now.tv_nsec / 1_000_000)
    }

    /// `seconds` since 1970 (UTC) and milliseconds as RFC 3339: the civil date by arithmetic on days (no
    /// `gmtime_r`, no shared cache or lock: both event-loop threads write lines at once). Years of four digits;
    /// later ones with all of theirs.
    mutating func putTimestamp(seconds: Int, milliseconds: Int) {
        let (days, secondOfDay) = Self.floorDivide(seconds, 86_400)
        let (year, month, day) = Self.civil(days: days)
        if year >= 0, year <= 9999 { putDigits(year, 4) } else { putDecimal(year) }
        put(UInt8(ascii: "-"))
        putDigits(month, 2)
        put(UInt8(ascii: "-"))
        putDigits(day, 2)
        put(UInt8(ascii: "T"))
        putDigits(secondOfDay / 3600, 2)
        put(UInt8(ascii: ":"))
        putDigits(secondOfDay / 60 % 60, 2)
        put(UInt8(ascii: ":"))
        putDigits(secondOfDay % 60, 2)
        put(UInt8(ascii: "."))
        putDigits(milliseconds, 3)
        put(UInt8(ascii: "Z"))
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> (Int, Int) {
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01: eras of 400 years (146,097 days), years
    /// starting on March 1 so that the leap day ends them (H. Hinnant's `civil_from_days`).
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let (era, dayOfEra) = floorDivide(z, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The decimal digits of a number 0 or more (at most 19).
    mutating func putDecimal(_ value: Int) {
        let v = max(0, value)
        var n = 1
        var rest = v
        while rest >= 10 {
            rest /= 10
            n += 1
        }
        putDigits(v, n)
    }

    /// A logfmt value (`LineLogHandler.appendValue` writes through it): bare when it is a bare word, else quoted
    /// with `"`, `\` and newlines escaped.
    mutating func putValue(_ value: String) {
        withUTF8(of: value) { putValue(bytes: $0) }
    }

    private mutating func putValue(bytes: UnsafeBufferPointer<UInt8>) {
        let bare = !bytes.isEmpty
            && !bytes.contains { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") }
        if bare {
            at.update(from: bytes.baseAddress!, count: bytes.count)
            at += bytes.count
            return
        }
        put(UInt8(ascii: "\""))
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                put(UInt8(ascii: "\\"))
                put(b)
            case UInt8(ascii: "\n"):
                put(UInt8(ascii: "\\"))
                put(UInt8(ascii: "n"))
            default: put(b)
            }
        }
        put(UInt8(ascii: "\""))
    }
}
