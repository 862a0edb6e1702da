import RealModule

/// A prepared circle. Nothing is stored per item; a rect query turns the rect into the arcs of the circle whose
/// item centres put the item's frame in the rect, and visits only the items on those arcs.
public struct PreparedCircleLayout: PreparedLayout {
    public let circleSpec: CircleLayoutSpec
    let center: LayoutPoint
    let radius: Double

    public init(_ spec: CircleLayoutSpec) {
        circleSpec = spec
        center = LayoutPoint(x: spec.collectionView.width / 2, y: spec.collectionView.height / 2)
        radius = spec.effectiveRadius
    }

    public var spec: LayoutSpec { .circle(circleSpec) }
    public var contentSize: LayoutSize { circleSpec.collectionView }
    public var numberOfSections: Int { 1 }
    public var numberOfItems: Int { circleSpec.items }
    public func numberOfItems(inSection section: Int) -> Int { section == 0 ? circleSpec.items : 0 }
    public var isBoundsDependent: Bool { false }
    public var viewSize: LayoutSize { circleSpec.collectionView }
    public var byteCount: Int { MemoryLayout<Self>.stride }

    func angle(_ item: Int) -> Double { 2 * Double.pi * Double(item) / Double(circleSpec.items) }

    /// Item `item`'s frame. Sine and cosine are `PortableTrig`'s, so that a program computing the circle with the
    /// same operations (examples/programs/circle.c) gets the same bits.
    func frame(_ item: Int) -> LayoutRect {
        let a = angle(item)
        let s = circleSpec.itemSize
        return LayoutRect(x: center.x + radius * PortableTrig.cos(a) - s.width / 2,
                          y: center.y + radius * PortableTrig.sin(a) - s.height / 2,
                    width: s.width, height: s.height)
    }

    public func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < circleSpec.items else { return nil }
        return .cell(indexPath, frame(indexPath.item))
    }

    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        nil
    }

    /// - Complexity: O(k) (plus a few candidates at the arcs' ends); stops at the limit, and after `limit`
    ///   candidates that miss the rect (a ring smaller than the rounding slack makes every item a candidate).
    public func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int,
                                                         into out: inout Sink) -> Bool {
        let n = circleSpec.items
        guard n > 0, rect.width >= 0, rect.height >= 0 else { return true }
        // Each arc is a run of item indexes (one more on each side for rounding); runs that wrap past n - 1 are
        // split, then the few runs are merged, so items are visited once, in order, without collecting them.
        var runs: [ClosedRange<Int>] = []
        for (from, to) in arcs(meeting: rect) {
            let first = Int((from / (2 * .pi) * Double(n)).rounded(.down)) - 1
            let last = min(Int((to / (2 * .pi) * Double(n)).rounded(.up)) + 1, first + n - 1)
            for shift in [0, n, -n] {
                let lower = max(first + shift, 0)
                let upper = min(last + shift, n - 1)
                if lower <= upper { runs.append(lower...upper) }
            }
        }
        runs.sort { $0.lowerBound < $1.lowerBound }
        let start = out.count
        var next = 0  // the first index not visited yet
        var misses = 0
        for run in runs {
            var i = max(run.lowerBound, next)
            while i <= run.upperBound {
                let f = frame(i)
                if f.intersects(rect) {
                    out.appendCell(LayoutIndexPath(section: 0, item: i), f)
                    if out.count - start > limit { return false }
                } else {
                    misses += 1
                    if misses > limit { return false }
                }
                i += 1
            }
            next = max(next, run.upperBound + 1)
        }
        return true
    }

    /// The angle intervals (within [0, 2π]) where an item centred on the circle would meet `rect`: where the
    /// centre lies in the rect grown by half an item on each side, and by a little slack, so that rounding in the
    /// trigonometry loses no item on an edge (the caller tests each candidate's frame exactly).
    func arcs(meeting rect: LayoutRect) -> [(Double, Double)] {
        let s = circleSpec.itemSize
        let slack = 1e-9 * max(1, radius, abs(center.x), abs(center.y))
        let grown = LayoutRect(x: rect.x - s.width / 2 - slack, y: rect.y - s.height / 2 - slack,
                         width: rect.width + s.width + 2 * slack, height: rect.height + s.height + 2 * slack)
        func inside(_ a: Double) -> Bool {
            grown.contains(LayoutPoint(x: center.x + radius * PortableTrig.cos(a), y: center.y + radius * PortableTrig.sin(a)))
        }
        guard radius > 0 else { return inside(0) ? [(0, 2 * .pi)] : [] }
        // The circle crosses each edge line at most twice; between crossings it is all in or all out.
        var cuts: [Double] = [0, 2 * .pi]
        for x in [grown.minX, grown.maxX] where abs(x - center.x) <= radius {
            let a = Double.acos((x - center.x) / radius)
            cuts += [a, 2 * .pi - a]
        }
        for y in [grown.minY, grown.maxY] where abs(y - center.y) <= radius {
            let a = Double.asin((y - center.y) / radius)
            cuts += [a < 0 ? a + 2 * .pi : a, .pi - a]
        }
        cuts.sort()
        var out: [(Double, Double)] = []
        for (a, b) in zip(cuts, cuts.dropFirst()) where b > a && inside((a + b) / 2) {
            out.append((a, b))
        }
        // Tangent points (an arc of length 0) matter too: a rect that only touches the circle.
        for a in cuts where inside(a) && !out.contains(where: { $0.0 <= a && a <= $0.1 }) { out.append((a, a)) }
        return out
    }
}
