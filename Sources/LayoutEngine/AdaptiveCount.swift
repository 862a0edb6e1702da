/// Rule 7 of docs/specs.md's waterfall and flow rules, the count shared by every kind whose columns follow the
/// width (Compose's `GridCells.Adaptive`, CSS's `repeat(auto-fill, minmax(w, 1fr))`).
public enum AdaptiveCount {
    /// The most columns any adaptive count gives.
    public static let maximumColumns = 1024

    /// The largest n from 1 to `maximum` with `n × minimumWidth + (n − 1) × spacing ≤ available + 1e-9`
    /// (1 when even one does not fit). `minimumWidth` must be more than 0, `spacing` 0 or more.
    /// - Complexity: O(1): the quotient's estimate, then the inequality itself decides between it and its
    ///   neighbours.
    public static func count(minimumWidth: Double, maximum: Int = maximumColumns, available: Double, spacing: Double)
        -> Int
    {
        let top = max(1, min(maximum, maximumColumns))
        func fits(_ n: Int) -> Bool { Double(n) * minimumWidth + Double(n - 1) * spacing <= available + 1e-9 }
        let estimate = ((available + spacing) / (minimumWidth + spacing)).rounded(.down)
        guard estimate.isFinite, estimate >= 1 else { return 1 }
        var n = estimate >= Double(top) ? top : Int(estimate)
        while n < top && fits(n + 1) { n += 1 }
        while n > 1 && !fits(n) { n -= 1 }
        return n
    }
}
