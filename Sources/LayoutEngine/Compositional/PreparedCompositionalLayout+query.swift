extension PreparedCompositionalLayout {
    /// Item `item` of section `s`'s frame, its row not scrolled. O(1).
    @inline(__always)
    func cellFrame(_ s: SectionFrame, _ item: Int) -> (frame: LayoutRect, node: Int32) {
        if !s.groups.isEmpty { return (itemFrames[s.explicitItems + item], itemNodes[s.explicitItems + item]) }
        let config = configs[s.config]
        let per = config.template.count
        let k = Double(item / per)
        let j = item % per
        var f = config.template[j]
        if config.rowVertical {
            f.x += s.origin.x
            f.y += s.origin.y + k * config.pitch
        } else {
            f.x += s.origin.x + k * config.pitch
            f.y += s.origin.y
        }
        return (f, config.templateNodes[j])
    }

    /// A frame of an orthogonal section's row scrolled by `shift`.
    @inline(__always)
    func shifted(_ f: LayoutRect, _ shift: Double, _ rowVertical: Bool) -> LayoutRect {
        guard shift != 0 else { return f }
        var r = f
        if rowVertical { r.y -= shift } else { r.x -= shift }
        return r
    }

    /// The boundary item `index` of section `s`, pinned per the content offset.
    func boundary(_ sectionIndex: Int, _ index: Int, offset: LayoutPoint) -> LayoutAttributes {
        let s = sections[sectionIndex]
        let config = configs[s.config]
        let items = config.section.boundarySupplementaryItems
        let b = items[index]
        let size = config.boundarySizes[index]
        let length = vertical ? size.height : size.width
        var v: Double
        if b.alignment.isBefore {
            v = s.start
            for i in 0..<index where items[i].alignment.isBefore {
                v += vertical ? config.boundarySizes[i].height : config.boundarySizes[i].width
            }
            if b.pinToVisibleBounds {
                // At the visible area's leading edge (inside the content inset).
                let o = header?.pinEdge(offset: offset)
                    ?? (vertical ? offset.y + compositionalSpec.contentInset.top : offset.x + compositionalSpec.contentInset.left)
                v = max(v, min(o, s.contentEnd - length))
            }
        } else {
            v = s.contentEnd
            for i in 0..<index where !items[i].alignment.isBefore {
                v += vertical ? config.boundarySizes[i].height : config.boundarySizes[i].width
            }
            if b.pinToVisibleBounds {
                let inset = compositionalSpec.contentInset
                let trailing = (vertical ? offset.y + viewSize.height - inset.bottom : offset.x + viewSize.width - inset.right)
                    - length
                v = min(v, max(trailing, s.contentStart))
            }
        }
        let insets = config.section.contentInsets
        let frame = vertical
            ? LayoutRect(x: insets.leading, y: v, width: size.width, height: size.height)
            : LayoutRect(x: v, y: insets.top, width: size.width, height: size.height)
        var a = LayoutAttributes.supplementary(b.kind, LayoutIndexPath(section: sectionIndex, item: 0), frame)
        if b.pinToVisibleBounds { a.zIndex = CompositionalBoundaryItem.pinnedZIndex }
        return a
    }

    func decoration(_ sectionIndex: Int, _ d: CompositionalDecoration) -> LayoutAttributes {
        let s = sections[sectionIndex]
        let band = vertical
            ? LayoutRect(x: 0, y: s.start, width: viewSize.width, height: s.end - s.start)
            : LayoutRect(x: s.start, y: 0, width: s.end - s.start, height: viewSize.height)
        return LayoutAttributes(category: .decoration, kind: d.kind, indexPath: LayoutIndexPath(section: sectionIndex, item: 0),
                                frame: d.contentInsets.shrink(band), zIndex: CompositionalDecoration.zIndex)
    }

    static func badge(_ b: CompositionalBadge, _ path: LayoutIndexPath, _ frame: LayoutRect) -> LayoutAttributes {
        LayoutAttributes(category: .supplementary, kind: b.kind, indexPath: path, frame: frame,
                         zIndex: CompositionalBadge.zIndex)
    }

    public func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int,
                                                         into out: inout Sink) -> Bool {
        elements(in: rect, offset: offset, sectionOffsets: [:], limit: limit, into: &out)
    }

    /// `elements(in:offset:limit:into:)` with orthogonal sections scrolled: `sectionOffsets[s]` is section s's row
    /// offset (its cells and badges move back by it; its boundary items and decorations stay).
    /// - Complexity: O(log sections + log groups + k), plus the slots of the groups met that miss the rect.
    public func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, sectionOffsets: [Int: Double],
                                                         limit: Int, into out: inout Sink) -> Bool {
        var limit = limit
        if let header, header.append(rect: rect, offset: offset, into: &out) { limit -= 1 }
        let vMin = vertical ? rect.minY : rect.minX
        let vMax = vertical ? rect.maxY : rect.maxX
        guard vMin <= vMax, rect.width >= 0, rect.height >= 0 else { return true }
        let startCount = out.count
        var looked = 0
        // The first section whose elements reach the rect; then on while sections can reach back to it.
        var lo = 0
        var hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if reach[mid] < vMin { lo = mid + 1 } else { hi = mid }
        }
        var index = lo
        while index < sections.count, sections[index].start - maxOverhang <= vMax {
            defer { index += 1 }
            looked += 1
            if looked > limit { return false }
            let s = sections[index]
            guard s.visitMin <= vMax, s.visitMax >= vMin else { continue }
            let config = configs[s.config]
            let boundaryItems = config.section.boundarySupplementaryItems
            for i in boundaryItems.indices where boundaryItems[i].alignment.isBefore {
                appendBoundary(index, i, rect: rect, offset: offset, into: &out)
            }
            let shift = config.orthogonal ? sectionOffsets[index] ?? 0 : 0
            if !appendCells(index, s, config, rect: rect, shift: shift, limit: limit, looked: &looked, into: &out) {
                return false
            }
            for i in boundaryItems.indices where !boundaryItems[i].alignment.isBefore {
                appendBoundary(index, i, rect: rect, offset: offset, into: &out)
            }
            for d in config.section.decorationItems {
                let a = decoration(index, d)
                if a.frame.intersects(rect) { out.append(a) }
            }
            if out.count - startCount > limit { return false }
        }
        return true
    }

    /// Appends boundary item `i` of a section if it meets `rect`: pinned for the content offset, or, for answers
    /// that hold at every offset (`ElementSink.unpinned`), a pinned item where it sits unpinned with its sticky
    /// range, when any place of that range meets `rect`.
    private func appendBoundary(_ index: Int, _ i: Int, rect: LayoutRect, offset: LayoutPoint,
                                into out: inout some ElementSink & ~Copyable) {
        if out.unpinned, let (a, range) = stickyBoundary(section: index, boundaryItem: i) {
            let length = vertical ? a.frame.height : a.frame.width
            let span = vertical
                ? LayoutRect(x: a.frame.x, y: range.min, width: a.frame.width, height: range.max - range.min + length)
                : LayoutRect(x: range.min, y: a.frame.y, width: range.max - range.min + length, height: a.frame.height)
            if span.intersects(rect) { out.append(a, sticky: range) }
            return
        }
        let a = boundary(index, i, offset: offset)
        if a.frame.intersects(rect) { out.append(a) }
    }

    /// Appends the cells (each followed by its badges) of a section meeting `rect`, its row scrolled by `shift`.
    private func appendCells(_ index: Int, _ s: SectionFrame, _ config: SectionConfig, rect: LayoutRect, shift: Double,
                             limit: Int, looked: inout Int, into out: inout some ElementSink & ~Copyable) -> Bool {
        guard s.itemCount > 0 else { return true }
        let rowVertical = config.rowVertical
        let a = (rowVertical ? rect.minY : rect.minX) + shift
        let b = (rowVertical ? rect.maxY : rect.maxX) + shift
        let startCount = out.count
        let rows = s.outline >= 0 ? outlines[Int(s.outline)] : nil
        func visit(_ item: Int) -> Bool {
            looked += 1
            if looked > limit { return false }
            let (f, node) = cellFrame(s, item)
            let frame = shifted(f, shift, rowVertical)
            // An outline's row: found by its visible position, named by its item number, with its level.
            let path = LayoutIndexPath(section: index, item: rows.map { Int($0.items[item]) } ?? item)
            if frame.intersects(rect) {
                if let rows {
                    out.append(Self.row(path, frame, level: rows.levels[path.item]))
                } else {
                    out.appendCell(path, frame)
                }
            }
            for badge in config.compiled.badges[Int(node)] {
                let bf = shifted(badge.frame(on: f), shift, rowVertical)
                if bf.intersects(rect) { out.append(Self.badge(badge, path, bf)) }
            }
            return out.count - startCount <= limit
        }
        if s.groups.isEmpty {
            let per = config.template.count
            let origin = rowVertical ? s.origin.y : s.origin.x
            let pitch = config.pitch
            var first = 0
            var last = s.groupCount - 1
            if pitch > 0 {
                let lowK = ((a - origin - config.rowExtent.max) / pitch).rounded(.up)
                let highK = ((b - origin - config.rowExtent.min) / pitch).rounded(.down)
                guard highK >= 0, lowK <= Double(last) else { return true }
                first = max(0, Int(max(lowK, 0)))
                last = min(last, Int(min(highK, Double(last))))
            }
            if first > last { return true }
            for k in first...last {
                var j = 0
                var end = per
                if let starts = config.slotStarts {
                    // Slots in order along the row: the first whose reach meets the rect, on while one can.
                    let groupStart = origin + Double(k) * pitch
                    let la = a - groupStart
                    let lb = b - groupStart
                    var hi = per
                    while j < hi {
                        let mid = (j + hi) / 2
                        if config.slotReach[mid] < la { j = mid + 1 } else { hi = mid }
                    }
                    end = j
                    while end < per, starts[end] - config.slotOverhang <= lb { end += 1 }
                }
                while j < end {
                    let item = k * per + j
                    if item >= s.itemCount { break }
                    if !visit(item) { return false }
                    j += 1
                }
            }
            return true
        }
        // Placed groups: the first whose running reach meets the rect, then on while a group can reach back to it.
        var lo = s.groups.lowerBound
        var hi = s.groups.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if groupReach[mid] < a { lo = mid + 1 } else { hi = mid }
        }
        var g = lo
        while g < s.groups.upperBound, groupRow[g] - s.overhang <= b {
            let end = g + 1 < s.groups.upperBound ? Int(groupFirstItem[g + 1]) : s.itemCount
            for item in Int(groupFirstItem[g])..<end where !visit(item) { return false }
            g += 1
        }
        return true
    }

    /// O(1).
    public func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint) -> LayoutAttributes? {
        attributesForItem(at: indexPath, sectionOffsets: [:])
    }

    public func attributesForItem(at indexPath: LayoutIndexPath, sectionOffsets: [Int: Double]) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let s = sections[indexPath.section]
        guard let position = position(s, indexPath.item) else { return nil }
        let config = configs[s.config]
        let shift = config.orthogonal ? sectionOffsets[indexPath.section] ?? 0 : 0
        let frame = shifted(cellFrame(s, position).frame, shift, config.rowVertical)
        guard s.outline >= 0 else { return .cell(indexPath, frame) }
        return Self.row(indexPath, frame, level: outlines[Int(s.outline)].levels[indexPath.item])
    }

    /// Where item `item` of section `s` is laid out (its position among the visible items of an outline): nil when
    /// it is not an item, or is under a collapsed item. O(1), O(log visible) in an outline.
    @inline(__always)
    func position(_ s: SectionFrame, _ item: Int) -> Int? {
        if s.outline >= 0 { return outlines[Int(s.outline)].position(of: item) }
        return item >= 0 && item < s.itemCount ? item : nil
    }

    /// A visible row of an outline: a cell with its level.
    static func row(_ path: LayoutIndexPath, _ frame: LayoutRect, level: Int32) -> LayoutAttributes {
        var a = LayoutAttributes.cell(path, frame)
        a.level = Int(level)
        return a
    }

    /// The item that stands on screen for item `item` of section `section`: itself when it is shown, else its
    /// nearest visible ancestor in the section's outline. Nil when there is no such item.
    public func visibleStandIn(for path: LayoutIndexPath) -> LayoutIndexPath? {
        guard sections.indices.contains(path.section) else { return nil }
        let s = sections[path.section]
        guard s.outline >= 0 else { return path.item >= 0 && path.item < s.itemCount ? path : nil }
        return outlines[Int(s.outline)].visibleStandIn(for: path.item).map { LayoutIndexPath(section: path.section, item: $0) }
    }

    /// A boundary item of its kind (item 0), else the badge of that kind on the item.
    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        attributesForSupplementaryView(ofKind: kind, at: indexPath, offset: offset, sectionOffsets: [:])
    }

    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint,
                                               sectionOffsets: [Int: Double]) -> LayoutAttributes? {
        if kind == CollapsingHeader.kind { return header?.attributes(at: indexPath, offset: offset) }
        guard sections.indices.contains(indexPath.section) else { return nil }
        let s = sections[indexPath.section]
        let config = configs[s.config]
        if indexPath.item == 0, let i = config.section.boundarySupplementaryItems.firstIndex(where: { $0.kind == kind }) {
            return boundary(indexPath.section, i, offset: offset)
        }
        guard let position = position(s, indexPath.item) else { return nil }
        let (f, node) = cellFrame(s, position)
        guard let badge = config.compiled.badges[Int(node)].first(where: { $0.kind == kind }) else { return nil }
        let shift = config.orthogonal ? sectionOffsets[indexPath.section] ?? 0 : 0
        return Self.badge(badge, indexPath, shifted(badge.frame(on: f), shift, config.rowVertical))
    }

    public func attributesForDecorationView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        guard indexPath.item == 0, sections.indices.contains(indexPath.section) else { return nil }
        let config = configs[sections[indexPath.section].config]
        guard let d = config.section.decorationItems.first(where: { $0.kind == kind }) else { return nil }
        return decoration(indexPath.section, d)
    }

    /// Whether section `s` scrolls on its own (`orthogonalScrollingBehavior` other than `none`).
    public func isOrthogonal(section s: Int) -> Bool {
        sections.indices.contains(s) && configs[sections[s].config].orthogonal
    }

    /// The kinds of section `s`'s boundary items (before the content, then after) and of its badges, for tests
    /// and clients listing a section's views.
    public func boundaryKinds(section s: Int) -> (before: [String], after: [String]) {
        let items = configs[sections[s].config].section.boundarySupplementaryItems
        return (items.filter(\.alignment.isBefore).map(\.kind), items.filter { !$0.alignment.isBefore }.map(\.kind))
    }

    /// The badge kinds of item `item` of section `s`, in order.
    public func badgeKinds(section s: Int, item: Int) -> [String] {
        guard let position = position(sections[s], item) else { return [] }
        let node = cellFrame(sections[s], position).node
        return configs[sections[s].config].compiled.badges[Int(node)].map(\.kind)
    }

    public func decorationKinds(section s: Int) -> [String] {
        configs[sections[s].config].section.decorationItems.map(\.kind)
    }
}

extension PreparedCompositionalLayout {
    /// The section's boundary item of kind `header` placed before its content, unpinned (scroll-to a section).
    public func headerExtent(ofSection section: Int) -> ScrollExtent? {
        guard sections.indices.contains(section) else { return nil }
        let items = configs[sections[section].config].section.boundarySupplementaryItems
        guard let i = items.firstIndex(where: { $0.kind == SupplementaryKind.header && $0.alignment.isBefore }) else {
            return nil
        }
        let f = boundary(section, i, offset: LayoutPoint(x: -Double.infinity, y: -Double.infinity)).frame
        return vertical ? ScrollExtent(f.minY, f.height) : ScrollExtent(f.minX, f.width)
    }

    /// The length of the section's pinned `header`, which covers the visible area's start over its cells.
    public func pinnedHeaderLength(ofSection section: Int) -> Double {
        guard sections.indices.contains(section) else { return 0 }
        let config = configs[sections[section].config]
        guard let i = config.section.boundarySupplementaryItems.firstIndex(where: {
            $0.kind == SupplementaryKind.header && $0.alignment.isBefore && $0.pinToVisibleBounds
        }) else { return 0 }
        return vertical ? config.boundarySizes[i].height : config.boundarySizes[i].width
    }
}

extension PreparedCompositionalLayout {
    /// A pinned boundary item's range along the scroll axis, for answers that hold at every offset (tiles): where
    /// its start can be as the content offset moves, and the edge of the visible bounds it follows (`leading`
    /// for items before the content, else trailing), inside the content inset (`inset`). Nil when the item is not
    /// pinned.
    public func stickyRange(section: Int, boundaryItem index: Int) -> StickyRange? {
        stickyBoundary(section: section, boundaryItem: index)?.range
    }

    /// The sticky range of section `section`'s boundary item of kind `kind` (kinds are unique among a section's
    /// boundary items); nil when there is none or it is not pinned.
    public func stickyRange(section: Int, kind: String) -> StickyRange? {
        guard sections.indices.contains(section) else { return nil }
        let items = configs[sections[section].config].section.boundarySupplementaryItems
        return items.firstIndex(where: { $0.kind == kind }).flatMap { stickyRange(section: section, boundaryItem: $0) }
    }

    /// A pinned boundary item where it sits unpinned, with its sticky range; nil when the item is not pinned.
    func stickyBoundary(section: Int, boundaryItem index: Int) -> (attributes: LayoutAttributes, range: StickyRange)? {
        let s = sections[section]
        let config = configs[s.config]
        let b = config.section.boundarySupplementaryItems[index]
        guard b.pinToVisibleBounds else { return nil }
        // Unpinned: an item before the content at an offset far before it, one after at an offset far after.
        let far = b.alignment.isBefore ? -Double.infinity : Double.infinity
        let a = boundary(section, index, offset: vertical ? LayoutPoint(x: 0, y: far) : LayoutPoint(x: far, y: 0))
        let natural = vertical ? a.frame.minY : a.frame.minX
        let length = vertical ? a.frame.height : a.frame.width
        let range = b.alignment.isBefore
            ? StickyRange(edge: .leading, min: natural, max: max(natural, s.contentEnd - length))
            : StickyRange(edge: .trailing, min: min(s.contentStart, natural), max: natural)
        let inset = compositionalSpec.contentInset
        return (a, vertical ? range.inside(before: inset.top, after: inset.bottom)
                            : range.inside(before: inset.left, after: inset.right))
    }
}
