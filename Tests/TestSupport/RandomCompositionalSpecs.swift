public import LayoutEngine

/// Random compositional layouts for property tests: nested groups (counts, repeats, fixed and flexible spacing,
/// custom frames), insets, badges, boundary items, backgrounds, orthogonal rows, reported sizes.
extension RandomSpecs {
    public static func compositional(_ rng: inout SeededRandom, maxSections: Int = 4, maxItems: Int = 40)
        -> CompositionalLayoutSpec
    {
        let view = LayoutSize(width: rng.length(200...500), height: rng.length(300...900))
        var spec = CompositionalLayoutSpec(collectionView: view, sections: [])
        spec.scrollDirection = Bool.random(using: &rng) ? .vertical : .horizontal
        spec.interSectionSpacing = Bool.random(using: &rng) ? 0 : rng.length(0...30)
        let vertical = spec.scrollDirection == .vertical
        if Bool.random(using: &rng) { spec.defaultSection = section(&rng, vertical: vertical) }
        for _ in 0..<Int.random(in: 1...maxSections, using: &rng) {
            let n = Int.random(in: 0...maxItems, using: &rng)
            let items: CompositionalItems = Bool.random(using: &rng)
                ? .count(n)
                : .sizes((0..<n).map { _ in
                    Int.random(in: 0..<4, using: &rng) == 0
                        ? CompositionalItems.unreported
                        : LayoutSize(width: rng.length(5...150), height: rng.length(5...150))
                })
            let own = spec.defaultSection == nil || Bool.random(using: &rng)
            spec.sections.append(CompositionalSectionSpec(items: items, section: own ? section(&rng, vertical: vertical) : nil))
        }
        return spec
    }

    static func dimension(_ rng: inout SeededRandom, fractionMax: Double = 1) -> CompositionalDimension {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: .absolute(rng.length(10...120))
        case 1: .fractionalWidth(rng.length(0.1...fractionMax))
        case 2: .fractionalHeight(rng.length(0.1...fractionMax))
        default: .estimated(rng.length(10...120))
        }
    }

    static func insets(_ rng: inout SeededRandom, max: Double = 12) -> DirectionalInsets {
        Bool.random(using: &rng) ? .zero : DirectionalInsets(top: rng.length(0...max), leading: rng.length(0...max),
                                                            bottom: rng.length(0...max), trailing: rng.length(0...max))
    }

    static func section(_ rng: inout SeededRandom, vertical: Bool) -> CompositionalSection {
        var s = CompositionalSection(group: group(&rng, depth: 1, vertical: vertical))
        s.interGroupSpacing = rng.length(0...20)
        s.contentInsets = insets(&rng, max: 30)
        s.orthogonalScrollingBehavior = Int.random(in: 0..<3, using: &rng) == 0
            ? OrthogonalScrollingBehavior.allCases.randomElement(using: &rng)! : .none
        if Bool.random(using: &rng) {
            s.boundarySupplementaryItems.append(CompositionalBoundaryItem(
                kind: "header", size: CompositionalSize(width: .fractionalWidth(rng.length(0.5...1)), height: .absolute(rng.length(10...50))),
                alignment: vertical ? .top : .leading, pinToVisibleBounds: Bool.random(using: &rng)))
        }
        if Bool.random(using: &rng) {
            var size = CompositionalSize(width: .fractionalWidth(1), height: .estimated(rng.length(10...40)))
            if !vertical { size = CompositionalSize(width: .absolute(rng.length(10...40)), height: .fractionalHeight(1)) }
            s.boundarySupplementaryItems.append(CompositionalBoundaryItem(
                kind: "footer", size: size, alignment: vertical ? .bottom : .trailing,
                pinToVisibleBounds: Bool.random(using: &rng)))
        }
        if Bool.random(using: &rng) {
            s.decorationItems = [CompositionalDecoration(kind: "background", contentInsets: insets(&rng))]
        }
        return s
    }

    /// A group whose first subitem fits (fractions of at most 1, absolute lengths below the group's).
    static func group(_ rng: inout SeededRandom, depth: Int, vertical: Bool) -> CompositionalGroup {
        let axis: CompositionalGroupAxis = Int.random(in: 0..<6, using: &rng) == 0
            ? .custom : (Bool.random(using: &rng) ? .horizontal : .vertical)
        // The top group: fractional (or absolute) across the scroll axis, any dimension along it.
        let size: CompositionalSize
        if depth == 1 {
            let along: CompositionalDimension = [.absolute(rng.length(40...160)), .estimated(rng.length(40...160)),
                                                 vertical ? .fractionalHeight(rng.length(0.1...0.3)) : .fractionalWidth(rng.length(0.1...0.3))]
                .randomElement(using: &rng)!
            let across: CompositionalDimension = Bool.random(using: &rng)
                ? (vertical ? .fractionalWidth(rng.length(0.5...1)) : .fractionalHeight(rng.length(0.5...1)))
                : .absolute(rng.length(150...200))
            size = vertical ? CompositionalSize(width: across, height: along) : CompositionalSize(width: along, height: across)
        } else {
            size = CompositionalSize(width: .fractionalWidth(rng.length(0.2...1)), height: .fractionalHeight(rng.length(0.2...1)))
        }
        var g = CompositionalGroup(axis: axis, size: size, subitems: [])
        if axis == .custom {
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let f = LayoutRect(x: rng.length(0...60), y: rng.length(0...60), width: rng.length(5...60), height: rng.length(5...60))
                g.subitems.append(.item(CompositionalItem(size: CompositionalSize(width: .absolute(f.width), height: .absolute(f.height)),
                                                          frame: f, contentInsets: insets(&rng, max: 3))))
            }
            return g
        }
        g.interItemSpacing = Bool.random(using: &rng) ? .fixed(rng.length(0...10)) : .flexible(rng.length(0...10))
        if Int.random(in: 0..<3, using: &rng) == 0 { g.count = Int.random(in: 1...4, using: &rng) }
        let n = g.count == nil ? Int.random(in: 1...3, using: &rng) : 1
        for i in 0..<n {
            if depth < 3, Int.random(in: 0..<4, using: &rng) == 0 {
                g.subitems.append(.group(group(&rng, depth: depth + 1, vertical: vertical)))
            } else {
                // Items: a fraction of the group along its axis small enough to fit (the first one must).
                let along: CompositionalDimension = i == 0 || Bool.random(using: &rng)
                    ? (axis == .horizontal ? .fractionalWidth(rng.length(0.1...0.5)) : .fractionalHeight(rng.length(0.1...0.5)))
                    : [.absolute(rng.length(1...30)), .estimated(rng.length(1...30))].randomElement(using: &rng)!
                let across: CompositionalDimension = [.absolute(rng.length(5...80)), .estimated(rng.length(5...80)),
                                                      axis == .horizontal ? .fractionalHeight(rng.length(0.2...1)) : .fractionalWidth(rng.length(0.2...1))]
                    .randomElement(using: &rng)!
                var item = CompositionalItem(size: axis == .horizontal ? CompositionalSize(width: along, height: across)
                                                 : CompositionalSize(width: across, height: along),
                                             contentInsets: insets(&rng, max: 3))
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    let edges = [[CompositionalEdge.top, .trailing], [.bottom], [.leading, .bottom], []].randomElement(using: &rng)!
                    item.supplementaryItems = [CompositionalBadge(
                        kind: "badge", size: CompositionalSize(width: .absolute(rng.length(4...20)), height: .fractionalHeight(rng.length(0.1...0.5))),
                        edges: edges, fractionalOffset: LayoutPoint(x: rng.length(-0.5...0.5), y: rng.length(-0.5...0.5)),
                        absoluteOffset: Bool.random(using: &rng) ? .zero : LayoutPoint(x: rng.length(-5...5), y: rng.length(-5...5)))]
                }
                g.subitems.append(.item(item))
            }
        }
        return g
    }
}
