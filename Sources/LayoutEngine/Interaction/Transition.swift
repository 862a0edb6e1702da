/// `UICollectionViewTransitionLayout`: attributes interpolated linearly between two layouts of the same data.
public enum Transition {
    /// Why two layouts cannot transition: their sections or item counts differ.
    public static func mismatch(_ from: any PreparedLayout, _ to: any PreparedLayout) -> String? {
        guard from.numberOfSections == to.numberOfSections else {
            return "the layouts have \(from.numberOfSections) and \(to.numberOfSections) sections"
        }
        // A grid's rows all hold its columns: one row says it (a grid may have a billion of them).
        let rows = from is PreparedGridLayout && to is PreparedGridLayout ? min(from.numberOfSections, 1)
            : from.numberOfSections
        for s in 0..<rows where from.numberOfItems(inSection: s) != to.numberOfItems(inSection: s) {
            return "section \(s) has \(from.numberOfItems(inSection: s)) and \(to.numberOfItems(inSection: s)) items"
        }
        return nil
    }

    /// The elements meeting `rect` at `progress` (0: `from`, 1: `to`), among those that meet it in either layout;
    /// matched by category, kind and index path: frame, alpha and transform3D interpolated component by
    /// component, zIndex and hidden taken from the nearer end. An element of one layout only fades (alpha to 0
    /// towards the other end) where it is. At progress 0 and 1 the answer is exactly the layout's own.
    /// - Complexity: two rect queries and O(k log k).
    public static func elements(from: any PreparedLayout, to: any PreparedLayout, progress p: Double, in rect: LayoutRect,
                                offset: LayoutPoint, limit: Int) -> [LayoutAttributes]? {
        var a: [LayoutAttributes] = []
        var b: [LayoutAttributes] = []
        guard from.elements(in: rect, offset: offset, limit: limit, into: &a),
              to.elements(in: rect, offset: offset, limit: limit, into: &b) else { return nil }
        // The nearer end's answer gives the order (the other's elements follow).
        var keys: [ElementKey] = []
        var seen = Set<ElementKey>()
        for e in p < 0.5 ? a + b : b + a where seen.insert(ElementKey(e)).inserted { keys.append(ElementKey(e)) }
        var out: [LayoutAttributes] = []
        for key in keys {
            let start = key.attributes(in: from, offset: offset)
            let end = key.attributes(in: to, offset: offset)
            let mixed: LayoutAttributes
            switch (start, end) {
            case (let s?, let e?): mixed = interpolate(s, e, p)
            case (var s?, nil):
                guard p < 1 else { continue }  // gone at the end
                s.alpha *= 1 - p
                mixed = s
            case (nil, var e?):
                guard p > 0 else { continue }  // not there yet at the start
                e.alpha *= p
                mixed = e
            case (nil, nil): continue
            }
            if mixed.frame.intersects(rect) { out.append(mixed) }
        }
        // The order of rect answers: by section, header, cells by item, footer, decorations.
        let rank = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        func sortKey(_ e: LayoutAttributes) -> (Int, Int, Int, Int) {
            let key = ElementKey(e)
            let (section, category, item) = key.order
            return (section, category, item, rank[key]!)
        }
        out.sort { sortKey($0) < sortKey($1) }
        return out
    }

    static func interpolate(_ s: LayoutAttributes, _ e: LayoutAttributes, _ p: Double) -> LayoutAttributes {
        func mix(_ x: Double, _ y: Double) -> Double { p == 0 ? x : p == 1 ? y : x + (y - x) * p }
        var out = p < 0.5 ? s : e
        out.frame = LayoutRect(x: mix(s.frame.x, e.frame.x), y: mix(s.frame.y, e.frame.y),
                         width: mix(s.frame.width, e.frame.width), height: mix(s.frame.height, e.frame.height))
        out.alpha = mix(s.alpha, e.alpha)
        if let a = s.collapseProgress, let b = e.collapseProgress { out.collapseProgress = mix(a, b) }
        if !(s.transform3D.isIdentity && e.transform3D.isIdentity) {
            out.transform3D = Transform3D(rowMajor: (0..<16).map { mix(s.transform3D[$0], e.transform3D[$0]) })
        }
        return out
    }
}

/// An element's identity across layouts: category, kind, index path.
struct ElementKey: Hashable {
    var category: ElementCategory
    var kind: String
    var indexPath: LayoutIndexPath

    init(_ a: LayoutAttributes) {
        category = a.category
        kind = a.kind
        indexPath = a.indexPath
    }

    /// Section, then header, cells by item, footer and other supplementary views, decorations.
    var order: (Int, Int, Int) {
        // The collapsing header comes first in every answer.
        if category == .supplementary, kind == CollapsingHeader.kind { return (-1, 0, 0) }
        let rank: Int
        switch category {
        case .supplementary: rank = kind == SupplementaryKind.header ? 0 : 2
        case .cell: rank = 1
        case .decoration: rank = 3
        }
        return (indexPath.section, rank, indexPath.item)
    }

    func attributes(in layout: any PreparedLayout, offset: LayoutPoint) -> LayoutAttributes? {
        switch category {
        case .cell: layout.attributesForItem(at: indexPath, offset: offset)
        case .supplementary: layout.attributesForSupplementaryView(ofKind: kind, at: indexPath, offset: offset)
        case .decoration: layout.attributesForDecorationView(ofKind: kind, at: indexPath, offset: offset)
        }
    }
}
