public import LayoutEngine

extension RandomSpecs {
    /// Content insets: none half of the time, else up to `max` on each side.
    public static func contentInset(_ rng: inout SeededRandom, max: Double = 60) -> LayoutEdgeInsets {
        guard Bool.random(using: &rng) else { return .zero }
        return LayoutEdgeInsets(top: rng.length(0...max), left: rng.length(0...max), bottom: rng.length(0...max),
                          right: rng.length(0...max))
    }

    public static func circle(_ rng: inout SeededRandom) -> CircleLayoutSpec {
        var spec = CircleLayoutSpec(collectionView: LayoutSize(width: rng.length(150...600), height: rng.length(150...600)),
                                    items: Int.random(in: 0...40, using: &rng))
        spec.itemSize = LayoutSize(width: rng.length(10...80), height: rng.length(10...80))
        if Bool.random(using: &rng) { spec.radius = rng.length(0...300) }
        return spec
    }

    public static func wheel(_ rng: inout SeededRandom) -> WheelLayoutSpec {
        var spec = WheelLayoutSpec(collectionView: LayoutSize(width: rng.length(150...600), height: rng.length(100...600)),
                                   items: Int.random(in: 1...40, using: &rng))
        spec.infinite = Bool.random(using: &rng)
        return spec
    }

    /// A spec of any kind (every kind the engine has: a new kind joins here), with a content inset and, for flow
    /// and waterfall, a content anchor at random.
    public static func anyLayout(_ rng: inout SeededRandom, wheels: Bool = true) -> LayoutSpec {
        let inset = contentInset(&rng)
        if Int.random(in: 0..<6, using: &rng) == 0 {
            // Compositional layouts (valid ones: random groups may not fit their first subitem).
            for _ in 0..<20 {
                var c = compositional(&rng)
                c.contentInset = inset
                if (try? c.validate(limits: SpecLimits())) != nil { return .compositional(c) }
            }
        }
        switch Int.random(in: 0..<(wheels ? 5 : 4), using: &rng) {
        case 0, 1:
            var s = Bool.random(using: &rng) ? flow(&rng) : flowWithOptions(&rng)
            s.contentInset = inset
            if Int.random(in: 0..<4, using: &rng) == 0 { s.contentAnchor = .end }
            return .flow(s)
        case 2:
            var s = waterfall(&rng)
            s.contentInset = inset
            if Int.random(in: 0..<4, using: &rng) == 0 { s.contentAnchor = .end }
            return .waterfall(s)
        case 3:
            var s = circle(&rng)
            s.contentInset = inset
            return .circle(s)
        default:
            var s = wheel(&rng)
            s.contentInset = inset
            return .wheel(s)
        }
    }

    /// An offset in the layout's scroll range.
    public static func offset(_ rng: inout SeededRandom, in range: ScrollRange) -> LayoutPoint {
        LayoutPoint(x: Double.random(in: range.min.x...range.max.x, using: &rng),
              y: Double.random(in: range.min.y...range.max.y, using: &rng))
    }
}
