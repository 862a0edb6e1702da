import Foundation

/// A layout's scroll effects (the summary's `scrollEffects`; docs/scroll-effects.md): cells that shrink and fade
/// with their distance from the centre of the visible area. Tiles hold at every offset and carry none; a session
/// gives each cell of a tile the scale (`transform3D`) and alpha the service answers at the visible bounds' offset.
public struct ScrollEffects: Sendable, Hashable {
    /// The effects on a run of consecutive sections: Δ = a cell's centre − (offset + `center`) along y (`alongY`)
    /// or x; f = 1 − min(1, |Δ| / `distance`); scale = `scale` + (1 − `scale`) f, alpha = `alpha` + (1 − `alpha`) f.
    public struct Run: Sendable, Hashable {
        public var sections: ClosedRange<Int>
        public var alongY: Bool
        public var center: Double
        public var distance: Double
        public var scale: Double
        public var alpha: Double

        public init(sections: ClosedRange<Int>, alongY: Bool, center: Double, distance: Double, scale: Double,
                    alpha: Double) {
            self.sections = sections
            self.alongY = alongY
            self.center = center
            self.distance = distance
            self.scale = scale
            self.alpha = alpha
        }
    }

    /// In section order.
    public var runs: [Run]

    public init(runs: [Run]) { self.runs = runs }

    /// The summary's effects; nil when it has none.
    public init?(_ summary: Components.Schemas.LayoutSummary) {
        guard let given = summary.scrollEffects, !given.isEmpty else { return nil }
        runs = given.compactMap { r in
            guard r.sections.count == 2, r.sections[0] <= r.sections[1] else { return nil }
            return Run(sections: r.sections[0]...r.sections[1], alongY: r.axis == .y, center: r.center,
                       distance: r.distance, scale: r.scale, alpha: r.alpha)
        }
    }

    /// The run of section `s`, or nil (binary search).
    public func run(ofSection s: Int) -> Run? {
        var lo = 0
        var hi = runs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].sections.upperBound < s { lo = mid + 1 } else { hi = mid }
        }
        return lo < runs.count && runs[lo].sections.contains(s) ? runs[lo] : nil
    }

    /// The scale and alpha of a cell of `section` whose frame is `frame`, at content offset `offset`; nil when no
    /// effects act on its section.
    public func factors(section: Int, frame: CGRect, offset: CGPoint) -> (scale: Double, alpha: Double)? {
        guard let run = run(ofSection: section) else { return nil }
        let delta = run.alongY
            ? Double(frame.origin.y) + Double(frame.size.height) / 2 - (Double(offset.y) + run.center)
            : Double(frame.origin.x) + Double(frame.size.width) / 2 - (Double(offset.x) + run.center)
        let f = 1 - Swift.min(1, abs(delta) / run.distance)
        return (run.scale + (1 - run.scale) * f, run.alpha + (1 - run.alpha) * f)
    }

    /// `e` with its effects at `offset` when it is a cell of a section they act on (the scale about its centre as
    /// `transform3D`, nil at 1; the alpha); anything else unchanged.
    public func applied(to e: ElementAttributes, offset: CGPoint) -> ElementAttributes {
        guard e.category == .cell, let (scale, alpha) = factors(section: e.section, frame: e.frame, offset: offset)
        else { return e }
        var out = e
        out.alpha = alpha
        out.transform3D = scale == 1 ? nil : [scale, 0, 0, 0, 0, scale, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        return out
    }
}
