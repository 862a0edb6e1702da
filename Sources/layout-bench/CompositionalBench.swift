import LayoutEngine

/// Compositional layouts: a repeating photo grid (groups located by arithmetic), a self-sized list (every group
/// placed, located by binary search), and an App Store–style page of orthogonal rows.
enum CompositionalBench {
    static let view = LayoutSize(width: 390, height: 844)

    static func dimension(_ w: CompositionalDimension, _ h: CompositionalDimension) -> CompositionalSize {
        CompositionalSize(width: w, height: h)
    }

    /// Three-up square photos, a big one and two small every other row (nested groups).
    static func grid(n: Int) -> LayoutSpec {
        let photo = CompositionalItem(size: dimension(.fractionalWidth(1 / 3), .fractionalHeight(1)),
                                      contentInsets: DirectionalInsets(top: 1, leading: 1, bottom: 1, trailing: 1))
        let row = CompositionalGroup(axis: .horizontal, size: dimension(.fractionalWidth(1), .fractionalWidth(1 / 3)),
                                     subitems: [.item(photo)])
        let pair = CompositionalGroup(axis: .vertical, size: dimension(.fractionalWidth(1 / 3), .fractionalHeight(1)),
                                      subitems: [.item(CompositionalItem(size: dimension(.fractionalWidth(1), .fractionalHeight(0.5))))],
                                      count: 2)
        let feature = CompositionalGroup(axis: .horizontal, size: dimension(.fractionalWidth(1), .fractionalWidth(2 / 3)), subitems: [
            .item(CompositionalItem(size: dimension(.fractionalWidth(2 / 3), .fractionalHeight(1)))), .group(pair),
        ])
        let top = CompositionalGroup(axis: .vertical, size: dimension(.fractionalWidth(1), .fractionalWidth(1)),
                                     subitems: [.group(row), .group(feature)])
        return .compositional(CompositionalLayoutSpec(collectionView: view, sections: [
            CompositionalSectionSpec(items: .count(n), section: CompositionalSection(group: top)),
        ]))
    }

    /// A plain list whose rows all reported their heights.
    static func sizedList(n: Int) -> LayoutSpec {
        var rng = BenchRandom(state: 11)
        var list = ListConfiguration(collectionView: view, sections: [
            .sizes((0..<n).map { _ in LayoutSize(width: 390, height: rng.uniform(44, 120).rounded()) }),
        ])
        list.headerMode = .supplementary
        return .compositional(list.compositional())
    }

    /// 1000 sections: rows of 300-wide cards paging centred, each with a header and 20 cards.
    static func rows(sections: Int) -> LayoutSpec {
        let card = CompositionalGroup(axis: .horizontal, size: dimension(.absolute(300), .absolute(180)),
                                      subitems: [.item(CompositionalItem(size: dimension(.fractionalWidth(1), .fractionalHeight(1))))])
        var section = CompositionalSection(group: card, interGroupSpacing: 10,
                                           contentInsets: DirectionalInsets(top: 8, leading: 16, bottom: 8, trailing: 16),
                                           orthogonalScrollingBehavior: .groupPagingCentered)
        section.boundarySupplementaryItems = [CompositionalBoundaryItem(kind: "header", size: dimension(.fractionalWidth(1), .absolute(44)),
                                                                        alignment: .top)]
        return .compositional(CompositionalLayoutSpec(collectionView: view, sections: (0..<sections).map { _ in
            CompositionalSectionSpec(items: .count(20))
        }, defaultSection: section))
    }

    static func rows(quick: Bool) {
        let n = quick ? 100_000 : 1_000_000
        LayoutBench.customRow("compositional grid \(n / 1000)k", grid(n: n), n: n)
        LayoutBench.customRow("list \(n / 1000)k, self-sized", sizedList(n: n), n: n)
        LayoutBench.customRow("1000 orthogonal rows", rows(sections: 1000), n: 20_000)
    }
}
