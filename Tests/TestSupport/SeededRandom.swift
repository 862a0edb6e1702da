/// SplitMix64: a small, seeded, reproducible generator for property tests.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range`, rounded to quarter points half of the time (exact fits and ties happen then).
    public mutating func length(_ range: ClosedRange<Double>) -> Double {
        let v = Double.random(in: range, using: &self)
        return Bool.random(using: &self) ? (v * 4).rounded() / 4 : v
    }
}
