#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import Observability
import Testing
import TestSupport

/// The log's time stamps are computed by arithmetic on days (`LineWriter.putTimestamp`): they are the ones
/// `gmtime_r` gives, formatted as RFC 3339.
@Suite struct LineWriterTests {
    func timestamp(_ seconds: Int, _ milliseconds: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: LineWriter.timestampBytes) { buffer in
            var w = LineWriter(buffer.baseAddress!)
            w.putTimestamp(seconds: seconds, milliseconds: milliseconds)
            return String(decoding: w.written, as: UTF8.self)
        }
    }

    func reference(_ seconds: Int, _ milliseconds: Int) -> String {
        var t = tm()
        var s = time_t(seconds)
        gmtime_r(&s, &t)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = String(Int(t.tm_year) + 1900)
        let ms = String(milliseconds)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(t.tm_mon + 1) + "-"
            + two(t.tm_mday) + "T" + two(t.tm_hour) + ":" + two(t.tm_min) + ":" + two(t.tm_sec) + "."
            + String(repeating: "0", count: 3 - ms.count) + ms + "Z"
    }

    @Test func timestampsAreTheOnesGmtimeGives() {
        // Every day's edges around the leap days and century years, then random instants up to the year 9999.
        var seconds: [Int] = [0, 59, 86_399, 86_400, 951_782_400, 951_868_799, 951_868_800, 4_107_542_399,
                              4_107_542_400, 1_795_600_182, 253_402_300_799]
        for day in stride(from: 10_950, to: 11_050, by: 1) { seconds += [day * 86_400, day * 86_400 - 1] }
        for day in stride(from: 47_400, to: 47_500, by: 1) { seconds += [day * 86_400, day * 86_400 - 1] }
        var rng = SeededRandom(seed: 21)
        for _ in 0..<20_000 { seconds.append(Int.random(in: 0...253_402_300_799, using: &rng)) }
        for (i, s) in seconds.enumerated() {
            let ms = i % 1000
            #expect(timestamp(s, ms) == reference(s, ms))
        }
        #expect(timestamp(1_795_600_182, 7) == "2026-11-25T09:49:42.007Z")
    }
}
