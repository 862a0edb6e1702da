/// The rule a request body keeps while it arrives: at least `bytesPerSecond` over every `window` (not on average
/// since it began, so an early burst buys at most one window), and all of it within `total`. Under connection
/// pressure it must also have kept the rate over the last `pressureWindow` (the slowest bodies go first, as slow
/// heads do).
///
/// It keeps one sample a slot (an eighth of the window): the time of the last bytes in that slot and the bytes
/// received by then, the last `slots` of them. A deadline found from samples is never earlier than the exact one
/// (the bytes that crossed a threshold may have come earlier in their slot) and at most a slot later.
///
/// A plain value, told the time: the connection's own thread records each chunk and publishes the deadlines.
struct BodyRateWindow {
    static let slots = 8
    /// A deadline never met (it still fits `WatchedConnection`'s state word).
    static let never = Int64.max >> 4

    let bytesPerSecond: Int
    let window: Int64
    let pressureWindow: Int64
    /// The most a body may take in all, in nanoseconds (0: no limit).
    let total: Int64
    private let slot: Int64

    private(set) var start: Int64 = 0
    private(set) var received = 0
    /// Samples: (time, bytes received by then), oldest first once `count` is `slots`; `last` is the newest's index.
    private var times = [Int64](repeating: 0, count: slots)
    private var totals = [Int](repeating: 0, count: slots)
    private var count = 0
    private var last = 0

    init(bytesPerSecond: Int, window: Int64, pressureWindow: Int64, total: Int64) {
        self.bytesPerSecond = bytesPerSecond
        self.window = max(1, window)
        self.pressureWindow = max(1, min(pressureWindow, window))
        self.total = total
        slot = max(1, self.window / Int64(Self.slots))
    }

    /// A new body begins at `now`.
    mutating func begin(at now: Int64) {
        start = now
        received = 0
        count = 1
        last = 0
        times[0] = now
        totals[0] = 0
    }

    /// `bytes` more arrived at `now`.
    mutating func record(_ bytes: Int, at now: Int64) {
        received += bytes
        if (now - start) / slot != (times[last] - start) / slot {
            last = (last + 1) % Self.slots
            count = min(count + 1, Self.slots)
        }
        times[last] = now
        totals[last] = received
    }

    /// When the body breaks the rule if nothing more arrives: the rate over `window` or the `total` cap.
    var deadline: Int64 {
        let rate = deadline(over: window)
        return total > 0 ? min(rate, start + total) : rate
    }

    /// When the body has not kept the rate over the last `pressureWindow` if nothing more arrives.
    var pressureDeadline: Int64 { deadline(over: pressureWindow) }

    /// The earliest `t` at which the bytes of (t - span, t] fall short of the rate: `span` after the first sample
    /// that holds more than the bytes received less what a span needs.
    private func deadline(over span: Int64) -> Int64 {
        guard bytesPerSecond > 0 else { return Self.never }
        // Saturating: a rate and window large enough to overflow need more than any body holds.
        let (product, overflow) = Int64(bytesPerSecond).multipliedReportingOverflow(by: span)
        let needed = overflow ? Int.max / 2 : Int(min(Int64(Int.max / 2), product / 1_000_000_000))
        let threshold = received - needed
        var index = (last - count + 1 + Self.slots) % Self.slots
        for _ in 0..<count {
            if totals[index] > threshold { return times[index] + span }
            index = (index + 1) % Self.slots
        }
        return times[last] + span
    }
}
