extension PreparedCompositionalLayout {
    /// The largest zIndex of the layout's elements (cells 0, badges, boundary items pinned or not, decorations);
    /// nil when it has none. A collapsing header is drawn one above it.
    /// - Complexity: O(sections + the items of placed sections).
    static func largestZIndex(sections: [SectionFrame], configs: [SectionConfig], itemNodes: [Int32]) -> Int? {
        var z: Int?
        for s in sections {
            let config = configs[s.config]
            if s.itemCount > 0 {
                z = max(z ?? .min, 0)
                // Items use the template's slots in turn, or their own nodes when placed one by one.
                let nodes = s.groups.isEmpty
                    ? config.templateNodes.prefix(s.itemCount)
                    : itemNodes[s.explicitItems..<s.explicitItems + s.itemCount]
                if nodes.contains(where: { !config.compiled.badges[Int($0)].isEmpty }) {
                    z = max(z ?? .min, CompositionalBadge.zIndex)
                }
            }
            for b in config.section.boundarySupplementaryItems {
                z = max(z ?? .min, b.pinToVisibleBounds ? CompositionalBoundaryItem.pinnedZIndex : 0)
            }
            if !config.section.decorationItems.isEmpty { z = max(z ?? .min, CompositionalDecoration.zIndex) }
        }
        return z
    }
}
