/// Figures that `/metrics` reads at each scrape from a part of the service it does not otherwise know (the layout
/// store, the tile cache): a gauge is a current value, a counter a total since the start.
public protocol MetricsSource: Sendable {
    /// Every figure, by metric name (names are fixed: each one becomes one unlabeled series).
    func metricFigures() -> [MetricFigure]
}

public struct MetricFigure: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case gauge, counter }
    public var name: String
    public var kind: Kind
    public var value: Int

    public init(_ name: String, _ kind: Kind, _ value: Int) {
        self.name = name
        self.kind = kind
        self.value = value
    }
}
