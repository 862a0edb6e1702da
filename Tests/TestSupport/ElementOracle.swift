public import LayoutEngine

/// Every element of a prepared layout, rebuilt from the per-element look-ups (not the rect index), in the order
/// rect answers use: by section, header, cells, footer, decorations. Filtering it by a rect is the brute-force
/// answer to that rect.
public enum ElementOracle {
    public static func all(_ layout: any PreparedLayout, offset: LayoutPoint = .zero) -> [LayoutAttributes] {
        // A collapsing header comes first.
        let header = layout.collapsingHeader(offset: offset).map { [$0] } ?? []
        if let c = layout as? PreparedCompositionalLayout { return header + compositional(c, offset: offset) }
        var out: [LayoutAttributes] = header
        for s in 0..<layout.numberOfSections {
            let path = LayoutIndexPath(section: s, item: 0)
            if let h = layout.attributesForSupplementaryView(ofKind: "header", at: path, offset: offset) { out.append(h) }
            for i in 0..<layout.numberOfItems(inSection: s) {
                out.append(layout.attributesForItem(at: LayoutIndexPath(section: s, item: i), offset: offset)!)
            }
            if let f = layout.attributesForSupplementaryView(ofKind: "footer", at: path, offset: offset) { out.append(f) }
            for kind in decorationKinds(layout.spec, section: s) {
                if let d = layout.attributesForDecorationView(ofKind: kind, at: path, offset: offset) { out.append(d) }
            }
        }
        return out
    }

    static func decorationKinds(_ spec: LayoutSpec, section: Int) -> [String] {
        switch spec {
        case .flow(let f): (f.sections[section].decorations ?? f.chrome.decorations).map(\.kind)
        case .waterfall(let w): (w.sections[section].decorations ?? w.chrome.decorations).map(\.kind)
        case .circle, .wheel: []
        case .compositional, .grid, .frames: []
        }
    }

    /// A compositional layout's elements by section: boundary items before the content, each cell followed by its
    /// badges, boundary items after, decorations; orthogonal rows not scrolled.
    static func compositional(_ layout: PreparedCompositionalLayout, offset: LayoutPoint) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        for s in 0..<layout.numberOfSections {
            let path = LayoutIndexPath(section: s, item: 0)
            let (before, after) = layout.boundaryKinds(section: s)
            for kind in before { out.append(layout.attributesForSupplementaryView(ofKind: kind, at: path, offset: offset)!) }
            for i in 0..<layout.numberOfItems(inSection: s) {
                let p = LayoutIndexPath(section: s, item: i)
                // An item under a collapsed item of an outline is in no answer.
                guard let cell = layout.attributesForItem(at: p, offset: offset) else { continue }
                out.append(cell)
                for kind in layout.badgeKinds(section: s, item: i) {
                    out.append(layout.attributesForSupplementaryView(ofKind: kind, at: p, offset: offset, sectionOffsets: [:])!)
                }
            }
            for kind in after { out.append(layout.attributesForSupplementaryView(ofKind: kind, at: path, offset: offset)!) }
            for kind in layout.decorationKinds(section: s) {
                out.append(layout.attributesForDecorationView(ofKind: kind, at: path, offset: offset)!)
            }
        }
        return out
    }

    /// The brute-force answer: every element meeting `rect`.
    public static func query(_ layout: any PreparedLayout, _ rect: LayoutRect, offset: LayoutPoint = .zero) -> [LayoutAttributes] {
        all(layout, offset: offset).filter { $0.frame.intersects(rect) }
    }

    /// The index's answer.
    public static func indexed(_ layout: any PreparedLayout, _ rect: LayoutRect, offset: LayoutPoint = .zero) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        _ = layout.elements(in: rect, offset: offset, limit: .max - 1, into: &out)
        return out
    }
}
