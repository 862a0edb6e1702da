/// Timing helpers: medians of repeated runs, in nanoseconds.
enum Measure {
    static let clock = ContinuousClock()

    /// The median time of `body` over `runs` runs, each of `repeats` calls, per call, in ns.
    static func median(runs: Int, repeats: Int = 1, _ body: () -> Void) -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            let elapsed = clock.measure { for _ in 0..<repeats { body() } }
            samples.append(nanoseconds(elapsed) / Double(repeats))
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func nanoseconds(_ d: Duration) -> Double {
        let (seconds, attoseconds) = d.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    static func format(_ ns: Double) -> String {
        if ns >= 1e6 { return fixed(ns / 1e6, 2) + " ms" }
        if ns >= 1e3 { return fixed(ns / 1e3, 2) + " µs" }
        return fixed(ns, 1) + " ns"
    }

    static func fixed(_ v: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let r = (v * scale).rounded() / scale
        var s = String(r)
        if let dot = s.firstIndex(of: ".") {
            let decimals = s.distance(from: dot, to: s.endIndex) - 1
            if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
        }
        return s
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
}

/// A tiny seeded generator, so every run measures the same layouts.
struct BenchRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 11
    }
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() % 1_000_000) / 1_000_000
    }
}
