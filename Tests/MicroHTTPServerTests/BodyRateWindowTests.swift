@testable import MicroHTTPServer
import Testing

/// The body rule's deadlines on literal timelines (nanoseconds; 1000 bytes a second over 8 s, slots of 1 s).
@Suite struct BodyRateWindowTests {
    static let second: Int64 = 1_000_000_000

    func window(total: Int64 = 0) -> BodyRateWindow {
        var window = BodyRateWindow(bytesPerSecond: 1000, window: 8 * Self.second, pressureWindow: Self.second,
                                    total: total)
        window.begin(at: 0)
        return window
    }

    @Test func nothingArrivesForAWindow() {
        let w = window()
        #expect(w.deadline == 8 * Self.second && w.pressureDeadline == Self.second)
    }

    @Test func aBurstCountsForOneWindowOnly() {
        var w = window()
        w.record(100_000, at: Self.second / 2)
        #expect(w.deadline == 8 * Self.second + Self.second / 2)
        // A byte later buys nothing: the window since the burst still holds the burst and too little after it.
        w.record(1, at: 8 * Self.second)
        #expect(w.deadline == 8 * Self.second + Self.second / 2)
        #expect(w.pressureDeadline == Self.second + Self.second / 2)
    }

    @Test func aSteadyBodyIsAlwaysASecondAhead() {
        // 1100 bytes each second for 30 s: the first window runs from the start (0 to 8 s); then the bytes after the
        // sample of 7 s ago fall short of 8000 a second from now. The ring keeps 8 samples, and wraps.
        var w = window()
        for t in Int64(1)...30 {
            w.record(1100, at: t * Self.second)
            #expect(w.deadline == max(8, t + 1) * Self.second, "at \(t) s")
            #expect(w.pressureDeadline == (t + 1) * Self.second, "at \(t) s")
        }
    }

    @Test func theFirstWindowThatFallsShortSetsTheDeadline() {
        var w = window()
        for t in Int64(1)...4 { w.record(1000, at: t * Self.second) }
        #expect(w.deadline == 8 * Self.second)  // 4000 bytes in (0 s, 8 s]
        // 9000 in all: (1 s, 9 s] holds 8000 (2, 3, 4 and 7 s); (2 s, 10 s] holds 7000, short.
        w.record(5000, at: 7 * Self.second)
        #expect(w.deadline == 10 * Self.second)
    }

    @Test func theTotalCapsTheDeadline() {
        var w = window(total: 10 * Self.second)
        for t in Int64(1)...9 { w.record(5000, at: t * Self.second) }
        #expect(w.deadline == 10 * Self.second)
    }

    @Test func withoutARateOnlyTheTotalCounts() {
        var w = BodyRateWindow(bytesPerSecond: 0, window: 8 * Self.second, pressureWindow: Self.second,
                               total: 30 * Self.second)
        w.begin(at: Self.second)
        #expect(w.deadline == 31 * Self.second && w.pressureDeadline == BodyRateWindow.never)
    }
}
