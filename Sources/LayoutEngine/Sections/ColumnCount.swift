/// How many columns a section has (a waterfall's `columnCount`; a flow's adaptive `itemSize` counts the same way): a
/// fixed number, or as many of at least `minimumWidth` as fit across the section (`{"minimumWidth": w, "maximum"?:
/// m}` on the wire, like CSS `repeat(auto-fill, minmax(w, 1fr))`).
public enum ColumnCount: Sendable, Hashable, ExpressibleByIntegerLiteral {
    case fixed(Int)
    case adaptive(minimumWidth: Double, maximum: Int)

    public init(integerLiteral n: Int) { self = .fixed(n) }

    /// The count across `available` points with `spacing` between columns: the fixed number, or the largest n from
    /// 1 to `maximum` with `n × minimumWidth + (n − 1) × spacing ≤ available + 1e-9`. O(1).
    public func count(available: Double, spacing: Double) -> Int {
        switch self {
        case .fixed(let n): return n
        case .adaptive(let w, let maximum): return Self.fitting(minimumWidth: w, maximum: maximum, available: available,
                                                             spacing: spacing)
        }
    }

    /// The largest n from 1 to `maximum` with `n × minimumWidth + (n − 1) × spacing ≤ available + 1e-9`
    /// (`minimumWidth` > 0, `spacing` ≥ 0). The quotient's guess is corrected by a step either way, so rounding in
    /// the division never gives a count whose widths do not fit (or leaves one out that does).
    public static func fitting(minimumWidth w: Double, maximum: Int, available: Double, spacing: Double) -> Int {
        func fits(_ n: Int) -> Bool { Double(n) * w + Double(n - 1) * spacing <= available + 1e-9 }
        let guess = ((available + spacing) / (w + spacing)).rounded(.down)
        var n = guess.isFinite ? Int(max(1, min(Double(maximum), guess))) : 1
        while n < maximum && fits(n + 1) { n += 1 }
        while n > 1 && !fits(n) { n -= 1 }
        return n
    }
}
