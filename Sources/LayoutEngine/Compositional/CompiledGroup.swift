/// A section's group tree flattened into nodes (node 0 is the top group), so that placing a group walks arrays
/// and an item's node number names its spec (for its insets and badges).
struct CompiledGroup: Sendable {
    struct Node: Sendable {
        var isGroup: Bool
        var axis: CompositionalGroupAxis
        var size: CompositionalSize
        /// 0: no count.
        var count: Int
        var spacing: CompositionalSpacing
        var children: Range<Int>
        var insets: DirectionalInsets
        var frame: LayoutRect?
    }

    /// Plain values (placing a group copies nodes without reference counting); badges by node beside them.
    var nodes: [Node] = []
    var badges: [[CompositionalBadge]] = []
    var childList: [Int32] = []
    /// Whether any item or group has an estimated dimension (reported sizes can then change the layout).
    var hasEstimated = false
    /// Whether a nested group has an estimated dimension (it may end shorter than its estimate and repeat more).
    var hasEstimatedGroup = false

    init(_ group: CompositionalGroup) {
        _ = add(.group(group))
    }

    private mutating func add(_ subitem: CompositionalSubitem) -> Int {
        let index = nodes.count
        switch subitem {
        case .item(let item):
            nodes.append(Node(isGroup: false, axis: .horizontal, size: item.size, count: 0, spacing: .fixed(0),
                              children: 0..<0, insets: item.contentInsets, frame: item.frame))
            badges.append(item.supplementaryItems)
            if item.frame == nil, item.size.width.isEstimated || item.size.height.isEstimated { hasEstimated = true }
        case .group(let group):
            nodes.append(Node(isGroup: true, axis: group.axis, size: group.size, count: group.count ?? 0,
                              spacing: group.interItemSpacing, children: 0..<0, insets: .zero, frame: nil))
            badges.append([])
            if group.size.width.isEstimated || group.size.height.isEstimated {
                hasEstimated = true
                if index > 0 { hasEstimatedGroup = true }
            }
            let children = group.subitems.map { add($0) }
            let start = childList.count
            childList.append(contentsOf: children.map { Int32($0) })
            nodes[index].children = start..<childList.count
        }
        return index
    }
}

/// Places group instances: item frames (after their insets) in item order, each with its node, from the sizes
/// reported for the items (which replace their estimated dimensions).
///
/// Along a group's axis subitems follow one another `interItemSpacing` apart (with `count`, n copies share the
/// length; without, the list repeats while the next one fits whole); across it they sit at the leading edge. A
/// dimension that is estimated ends as the extent of what the group holds.
struct GroupPlacer {
    let compiled: CompiledGroup
    /// Reported sizes, by item (`CompositionalItems.unreported` or missing: none).
    let reported: [LayoutSize]
    /// The next item's index into `reported`.
    var next: Int
    var frames: [LayoutRect] = []
    var nodes: [Int32] = []
    /// Counts and repeats stop once `frames` holds this many (a top group's budget: its items at most
    /// `CompositionalGroup.maxItemsPerGroup`, however estimated groups shrink); a group still places its first
    /// subitem, so each group consumes at least one item.
    var budgetEnd = CompositionalGroup.maxItemsPerGroup

    /// The height of item `i`'s content in a cell `width` wide, for items given as content (nil: none).
    let contentHeight: ((_ item: Int, _ width: Double) -> Double?)?

    init(_ compiled: CompiledGroup, reported: [LayoutSize] = [], next: Int = 0,
         contentHeight: ((_ item: Int, _ width: Double) -> Double?)? = nil) {
        self.compiled = compiled
        self.reported = reported
        self.next = next
        self.contentHeight = contentHeight
    }

    /// A subitem's size before it is placed (the fit test): its dimensions resolved, an item's estimated ones
    /// replaced by its reported size, its length along a counted parent's axis `forced` when given.
    func provisionalSize(_ n: Int, container: LayoutSize, forced: (vertical: Bool, length: Double)? = nil)
        -> LayoutSize
    {
        let node = compiled.nodes[n]
        var s = node.size.resolve(in: container)
        if !node.isGroup, next < reported.count {
            let r = reported[next]
            if r != CompositionalItems.unreported {
                if node.size.width.isEstimated { s.width = r.width }
                if node.size.height.isEstimated { s.height = r.height }
            }
        }
        if let forced {
            if forced.vertical { s.height = forced.length } else { s.width = forced.length }
        }
        // Content sets an estimated height not forced: the cell (the item's frame, inside its insets) as tall as its
        // content at the cell's width (the forced one in a counted group).
        if !node.isGroup, node.size.height.isEstimated, forced?.vertical != true, let contentHeight,
           let h = contentHeight(next, max(0, s.width - node.insets.leading - node.insets.trailing))
        {
            s.height = h + node.insets.top + node.insets.bottom
        }
        return s
    }

    /// Places node `n` at `origin` in a container of `container`'s size (its fractions' reference), its length
    /// along a parent's axis forced to `forced` when given (`count`). Returns its slot's size.
    mutating func place(_ n: Int, at origin: LayoutPoint, container: LayoutSize, forced: (vertical: Bool, length: Double)? = nil)
        -> LayoutSize
    {
        let node = compiled.nodes[n]
        var s = provisionalSize(n, container: container, forced: forced)
        guard node.isGroup else {
            frames.append(node.insets.shrink(LayoutRect(x: origin.x, y: origin.y, width: s.width, height: s.height)))
            nodes.append(Int32(n))
            next += 1
            return s
        }
        let children = compiled.childList[node.children]
        var extent = LayoutSize.zero
        switch node.axis {
        case .custom:
            for c in children {
                let child = compiled.nodes[Int(c)]
                let f = child.frame ?? LayoutRect(x: 0, y: 0, width: 0, height: 0)
                frames.append(child.insets.shrink(LayoutRect(x: origin.x + f.x, y: origin.y + f.y, width: f.width,
                                                       height: f.height)))
                nodes.append(c)
                next += 1
                extent.width = max(extent.width, f.maxX)
                extent.height = max(extent.height, f.maxY)
            }
        case .horizontal, .vertical:
            let vertical = node.axis == .vertical
            let length = vertical ? s.height : s.width
            let spacing = node.spacing.minimum
            var position = 0.0
            var across = 0.0
            var placed = 0
            var childStarts: [Int] = []
            let flexible: Bool = if case .flexible = node.spacing { true } else { false }
            if node.count > 0 {
                let each = (length - Double(node.count - 1) * spacing) / Double(node.count)
                let c = Int(children[children.startIndex])
                for copy in 0..<node.count where copy == 0 || frames.count < budgetEnd {
                    let at = vertical ? LayoutPoint(x: origin.x, y: origin.y + position) : LayoutPoint(x: origin.x + position, y: origin.y)
                    let z = place(c, at: at, container: s, forced: (vertical, each))
                    across = max(across, vertical ? z.width : z.height)
                    position += each + spacing
                    placed += 1
                }
            } else {
                var k = children.startIndex
                while placed == 0 || frames.count < budgetEnd {
                    let c = Int(children[k])
                    let provisional = provisionalSize(c, container: s)
                    let l = vertical ? provisional.height : provisional.width
                    // The first subitem is placed whatever its length (validation rejects groups where it does
                    // not fit; a reported size may still make it longer).
                    if placed > 0, position + l > length + 1e-9 * max(1, abs(length)) { break }
                    if flexible { childStarts.append(frames.count) }
                    let at = vertical ? LayoutPoint(x: origin.x, y: origin.y + position) : LayoutPoint(x: origin.x + position, y: origin.y)
                    let z: LayoutSize
                    if compiled.nodes[c].isGroup {
                        z = place(c, at: at, container: s)
                    } else {
                        // An item: its provisional size is its size (what `place` would compute again).
                        z = provisional
                        frames.append(compiled.nodes[c].insets.shrink(LayoutRect(x: at.x, y: at.y, width: z.width, height: z.height)))
                        nodes.append(Int32(c))
                        next += 1
                    }
                    across = max(across, vertical ? z.width : z.height)
                    position += (vertical ? z.height : z.width) + spacing
                    placed += 1
                    k = k + 1 == children.endIndex ? children.startIndex : k + 1
                }
            }
            var along = placed > 0 ? position - spacing : 0
            if flexible, placed > 1, length > along {
                // The leftover length, spread evenly between the subitems.
                let extra = (length - along) / Double(placed - 1)
                for (i, start) in childStarts.enumerated() where i > 0 {
                    let end = i + 1 < childStarts.count ? childStarts[i + 1] : frames.count
                    let shift = extra * Double(i)
                    for f in start..<end {
                        if vertical { frames[f].y += shift } else { frames[f].x += shift }
                    }
                }
                along = length
            }
            extent = vertical ? LayoutSize(width: across, height: along) : LayoutSize(width: along, height: across)
        }
        if node.size.width.isEstimated { s.width = extent.width }
        if node.size.height.isEstimated { s.height = extent.height }
        if let forced {
            if forced.vertical { s.height = forced.length } else { s.width = forced.length }
        }
        return s
    }
}
