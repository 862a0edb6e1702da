extension PreparedFlowLayout {
    /// - Complexity: O(log sections + log lines + k); lines crossed whose items all miss the rect across count as
    ///   items looked at (against `limit`), and a uniform section whose columns all miss it looks at one line.
    ///
    /// Inlinable, with what it runs, so that a module that calls it with its own sink (the service's answer
    /// writers) specializes it for that sink: no witness call an element.
    @inlinable
    public func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int,
                                                         into out: inout Sink) -> Bool {
        var limit = limit
        if let header = chrome.header, header.append(rect: rect, offset: offset, into: &out) { limit -= 1 }
        guard isMirrored else { return unmirroredElements(in: rect, offset: offset, limit: limit, into: &out) }
        let (list, complete) = mirroredElements(in: rect, offset: offset, limit: limit, unpinned: out.unpinned)
        return list.handOver(to: &out, limit: limit) && complete
    }

    /// The elements of a right-to-left layout, in a list. Mirroring does not round-trip exactly: search a hair
    /// wider, mirror back, then keep exactly what meets `rect` as the caller sees the frames.
    @usableFromInline
    func mirroredElements(in rect: LayoutRect, offset: LayoutPoint, limit: Int, unpinned: Bool)
        -> (list: ElementList, complete: Bool)
    {
        let slack = 1e-9 * max(1, contentSize.width)
        var wider = mirrored(rect)
        wider.x -= slack
        wider.width += 2 * slack
        var list = ElementList(unpinned: unpinned)
        let complete = unmirroredElements(in: wider, offset: mirrored(offset: offset), limit: limit, into: &list)
        list.rewriteKept(from: 0) { a, sticky in
            var a = a
            a.frame = mirrored(a.frame)
            guard var range = sticky else { return a.frame.intersects(rect) ? (a, nil) : nil }
            // Unpinned (`ElementSink.unpinned`): already chosen by the span of its range. Horizontal lines are
            // mirrored along the scroll axis: the range is too, and the element sticks to the other edge, as far
            // inside it (the content inset on that side).
            if flowSpec.scrollDirection == .horizontal {
                let length = a.frame.width
                range = StickyRange(edge: range.edge == .leading ? .trailing : .leading,
                                    min: contentSize.width - range.max - length,
                                    max: contentSize.width - range.min - length, inset: range.inset)
            }
            return (a, range)
        }
        return (list, complete)
    }

    /// Made one by one and given as they are made: plain cells as their index path and frame.
    @inlinable
    func unmirroredElements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int,
                                                                   into out: inout Sink) -> Bool
    {
        let (vMin, vMax) = axes.vRange(rect)
        let (uMin, uMax) = axes.uRange(rect)
        guard vMin <= vMax, uMin <= uMax else { return true }
        let startCount = out.count
        return visitBands(count: sections.count, from: vMin, to: vMax, limit: limit, { sections[$0].band }) { s in
            let section = sections[s]
            chrome.appendHeader(section: s, band: section.band, rect: rect, offset: offset, into: &out)
            switch section.placement {
            case .grid(let grid):
                if !appendGridItems(grid, section: s, count: section.itemCount, rect: rect, limit: limit + startCount,
                                    into: &out) { return false }
            case .lines(let lines, let sizes, let firstU):
                if !appendLineItems(lines, sizes: sizes, firstU: firstU, section: s, rect: rect,
                                    u: (uMin, uMax), v: (vMin, vMax), limit: limit + startCount, into: &out) {
                    return false
                }
            }
            chrome.appendFooterAndDecorations(section: s, band: section.band, own: flowSpec.sections[s].decorations,
                                              rect: rect, offset: offset, into: &out)
            return out.count - startCount <= limit
        }
    }

    @inlinable
    func appendGridItems<Sink: ElementSink & ~Copyable>(_ g: FlowGrid, section: Int, count: Int,
                                                                rect: LayoutRect, limit: Int, into out: inout Sink)
        -> Bool
    {
        let (vMin, vMax) = axes.vRange(rect)
        let (uMin, uMax) = axes.uRange(rect)
        let lineCount = g.lineCount(items: count)
        guard var lines = FlowGrid.candidates(lo: vMin, hi: vMax, origin: g.originV, pitch: g.pitchV,
                                              length: g.itemV, count: lineCount)
        else { return true }
        // When no column of the full lines meets the rect across, only a last line placed apart can: the lines
        // before it are not looked at (a tall rect in a gap between columns costs O(1), not O(lines)).
        if !g.anyColumnMeets(uMin, uMax, origin: g.originU, pitch: g.pitchU, count: min(g.columns, count)) {
            guard let last = g.lastLine?.index, lines.contains(last) else { return true }
            lines = last...last
        }
        for line in lines {
            let v = g.v(line: line)
            guard v <= vMax, v + g.itemV >= vMin else { continue }
            let (origin, pitch) = g.columnsOrigin(line: line)
            guard let columns = FlowGrid.candidates(lo: uMin, hi: uMax, origin: origin, pitch: pitch,
                                                    length: g.itemU, count: min(g.columns, count))
            else { continue }
            for column in columns {
                let item = line * g.columns + column
                if item >= count { break }
                let u = origin + Double(column) * pitch
                guard u <= uMax, u + g.itemU >= uMin else { continue }
                out.appendCell(LayoutIndexPath(section: section, item: item),
                               axes.frame(u: u, v: v, lengthU: g.itemU, lengthV: g.itemV))
                // Per element: one line can hold millions of zero-width items.
                if out.count > limit { return false }
            }
        }
        return true
    }

    @inlinable
    func appendLineItems(_ lines: Range<Int>, sizes: [LayoutSize], firstU: Int, section: Int, rect: LayoutRect,
                                 u: (Double, Double), v: (Double, Double), limit: Int,
                                 into out: inout some ElementSink & ~Copyable) -> Bool {
        // First line whose far edge reaches the rect: line ends grow with the line index.
        var lo = lines.lowerBound
        var hi = lines.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if lineV[mid] + lineLength[mid] < v.0 { lo = mid + 1 } else { hi = mid }
        }
        let across = flowSpec.alignment.items.factor
        var visited = 0  // items looked at count against the limit too: a line can hold millions of them
        var line = lo
        while line < lines.upperBound, lineV[line] <= v.1 {
            let first = lineFirst[line]
            let end = line + 1 < lines.upperBound ? lineFirst[line + 1] : sizes.count
            // First item of the line whose far edge reaches the rect: items of a line do not overlap.
            var a = first
            var b = end
            while a < b {
                let mid = (a + b) / 2
                if itemU[firstU + mid] + axes.u(sizes[mid]) < u.0 { a = mid + 1 } else { b = mid }
            }
            var item = a
            if item == end || itemU[firstU + item] > u.1 {
                // A line none of whose items reaches across into the rect is looked at too: a tall thin rect can
                // cross millions of lines and meet no item.
                visited += 1
                if visited > limit { return false }
            }
            while item < end {
                let itemStart = itemU[firstU + item]
                if itemStart > u.1 { break }
                visited += 1
                if visited > limit { return false }
                let size = sizes[item]
                let itemV = lineV[line] + (lineLength[line] - axes.v(size)) * across
                if itemV <= v.1, itemV + axes.v(size) >= v.0 {
                    out.appendCell(LayoutIndexPath(section: section, item: item),
                                   axes.frame(u: itemStart, v: itemV, lengthU: axes.u(size), lengthV: axes.v(size)))
                    if out.count > limit { return false }  // per element: a line can hold millions of items
                }
                item += 1
            }
            line += 1
        }
        return true
    }

    /// - Complexity: O(1) for uniform sections, O(log lines) for varied ones.
    public func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        let item = indexPath.item
        guard item >= 0, item < section.itemCount else { return nil }
        switch section.placement {
        case .grid(let g):
            let line = item / g.columns
            let frame = axes.frame(u: g.u(line: line, column: item % g.columns), v: g.v(line: line),
                                   lengthU: g.itemU, lengthV: g.itemV)
            return mirrored(.cell(indexPath, frame))
        case .lines(let lines, let sizes, let firstU):
            // Last line whose first item is at or before `item`.
            var lo = lines.lowerBound
            var hi = lines.upperBound
            while lo < hi {
                let mid = (lo + hi) / 2
                if lineFirst[mid] <= item { lo = mid + 1 } else { hi = mid }
            }
            let line = lo - 1
            let size = sizes[item]
            let v = lineV[line] + (lineLength[line] - axes.v(size)) * flowSpec.alignment.items.factor
            return mirrored(.cell(indexPath, axes.frame(u: itemU[firstU + item], v: v, lengthU: axes.u(size),
                                                        lengthV: axes.v(size))))
        }
    }

    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        if kind == CollapsingHeader.kind { return chrome.header?.attributes(at: indexPath, offset: offset) }
        guard indexPath.item == 0, sections.indices.contains(indexPath.section) else { return nil }
        let offset = isMirrored ? mirrored(offset: offset) : offset
        return mirrored(chrome.supplementary(kind, section: indexPath.section, band: sections[indexPath.section].band,
                                             offset: offset))
    }

    public func attributesForDecorationView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        guard indexPath.item == 0, sections.indices.contains(indexPath.section) else { return nil }
        let s = indexPath.section
        guard let d = (flowSpec.sections[s].decorations ?? flowSpec.chrome.decorations).first(where: { $0.kind == kind })
        else { return nil }
        return mirrored(chrome.decoration(section: s, band: sections[s].band, d))
    }
}
