/// One element's animation across a batch update: where it starts and where it ends.
public struct UpdateAnimation: Sendable, Hashable {
    public var before: LayoutAttributes
    public var after: LayoutAttributes
}

/// What a client needs to animate a batch update.
public struct UpdateAnimations: Sendable, Hashable {
    /// Every element visible in the rect before or after: kept and moved ones from their old attributes to their
    /// new ones; appearing ones from their final frame with alpha 0 (`initialLayoutAttributesForAppearingItem`),
    /// disappearing ones to their old frame with alpha 0 (`finalLayoutAttributesForDisappearingItem`).
    public var animations: [UpdateAnimation]
    /// Headers and footers of inserted (and reloaded) sections, and of deleted (and reloaded) ones.
    public var insertedSupplementary: [LayoutAttributes]
    public var deletedSupplementary: [LayoutAttributes]

    /// - Complexity: two rect queries, plus O(k log runs) look-ups in the plan.
    public static func make(old: any PreparedLayout, new: any PreparedLayout, plan: UpdatePlan, rect: LayoutRect,
                            offset: LayoutPoint, limit: Int) -> UpdateAnimations? {
        let oldItems = plan.oldItemIndex
        // Sections that continue (kept or moved, not reloaded): their views carry over.
        var newSection: [Int: Int] = [:]
        var oldSection: [Int: Int] = [:]
        for (s, p) in plan.sections.enumerated() where !p.reloaded && p.content == nil {
            if let o = p.oldSection {
                newSection[o] = s
                oldSection[s] = o
            }
        }
        let inserted = plan.sections.indices.filter { oldSection[$0] == nil }
        let continued = Set(newSection.keys)
        let deleted = (0..<old.numberOfSections).filter { !continued.contains($0) }
        return make(old: old, new: new, rect: rect, offset: offset, limit: limit,
                    newPath: oldItems.newPath(ofOld:), oldPath: plan.oldPath(ofNew:),
                    newSection: { newSection[$0] }, oldSection: { oldSection[$0] },
                    insertedSections: inserted, deletedSections: deleted)
    }

    /// The animations of any change that says where cells and sections went: `newPath` (an old cell's index path
    /// after the change, nil when it is gone) and `oldPath` (the other way), `newSection` and `oldSection` the same
    /// for sections (their headers, footers and decorations); `insertedSections` and `deletedSections` give their
    /// views as inserted and deleted supplementary views.
    /// - Complexity: two rect queries, plus a look-up each way per element found.
    public static func make(old: any PreparedLayout, new: any PreparedLayout, rect: LayoutRect, offset: LayoutPoint,
                            limit: Int, newPath: (LayoutIndexPath) -> LayoutIndexPath?,
                            oldPath: (LayoutIndexPath) -> LayoutIndexPath?, newSection: (Int) -> Int?,
                            oldSection: (Int) -> Int?, insertedSections: [Int], deletedSections: [Int])
        -> UpdateAnimations?
    {
        var before: [LayoutAttributes] = []
        var after: [LayoutAttributes] = []
        guard old.elements(in: rect, offset: offset, limit: limit, into: &before),
              new.elements(in: rect, offset: offset, limit: limit, into: &after) else { return nil }
        func counterpart(_ a: LayoutAttributes, in layout: any PreparedLayout, paths: (LayoutIndexPath) -> LayoutIndexPath?,
                         sections: (Int) -> Int?) -> LayoutAttributes? {
            switch a.category {
            case .cell:
                guard let p = paths(a.indexPath) else { return nil }
                return layout.attributesForItem(at: p, offset: offset)
            case .supplementary where a.kind == CollapsingHeader.kind:
                // The collapsing header belongs to no section: it is the other layout's header, if it has one.
                return layout.attributesForSupplementaryView(ofKind: a.kind, at: a.indexPath, offset: offset)
            case .supplementary, .decoration:
                guard let s = sections(a.indexPath.section) else { return nil }
                let p = LayoutIndexPath(section: s, item: a.indexPath.item)
                return a.category == .supplementary
                    ? layout.attributesForSupplementaryView(ofKind: a.kind, at: p, offset: offset)
                    : layout.attributesForDecorationView(ofKind: a.kind, at: p, offset: offset)
            }
        }
        func faded(_ a: LayoutAttributes) -> LayoutAttributes {
            var f = a
            f.alpha = 0
            return f
        }
        var animations: [UpdateAnimation] = []
        var paired = Set<ElementKey>()
        for a in before {
            if let b = counterpart(a, in: new, paths: newPath, sections: newSection) {
                animations.append(UpdateAnimation(before: a, after: b))
                paired.insert(ElementKey(b))
            } else {
                animations.append(UpdateAnimation(before: a, after: faded(a)))
            }
        }
        for b in after where !paired.contains(ElementKey(b)) {
            if let a = counterpart(b, in: old, paths: oldPath, sections: oldSection) {
                animations.append(UpdateAnimation(before: a, after: b))
            } else {
                animations.append(UpdateAnimation(before: faded(b), after: b))
            }
        }
        func views(_ layout: any PreparedLayout, sections: [Int]) -> [LayoutAttributes] {
            sections.flatMap { s in
                [SupplementaryKind.header, SupplementaryKind.footer].compactMap {
                    layout.attributesForSupplementaryView(ofKind: $0, at: LayoutIndexPath(section: s, item: 0), offset: offset)
                }
            }
        }
        return UpdateAnimations(animations: animations, insertedSupplementary: views(new, sections: insertedSections),
                                deletedSupplementary: views(old, sections: deletedSections))
    }
}
