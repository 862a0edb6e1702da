extension PreparedWaterfallLayout {
    /// - Complexity: O(log sections + log items + k), plus the items of other columns that end in the band
    ///   between the first reaching item's start and the rect (at most a column's worth per column).
    public func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int,
                                                         into out: inout Sink) -> Bool {
        guard isMirrored else { return unmirroredElements(in: rect, offset: offset, limit: limit, into: &out) }
        let (list, complete) = mirror.elements(in: rect, offset: offset, limit: limit, unpinned: out.unpinned) {
            unmirroredElements(in: $0, offset: $1, limit: limit, into: &$2)
        }
        return list.handOver(to: &out, limit: limit) && complete
    }

    var mirror: ContentMirror {
        ContentMirror(width: contentSize.width, viewWidth: waterfallSpec.collectionView.width,
                      alongScrollAxis: !axes.vertical)
    }

    /// The elements as computed, left to right.
    func unmirroredElements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int,
                                                           into out: inout Sink) -> Bool {
        var limit = limit
        if let header = chrome.header, header.append(rect: rect, offset: offset, into: &out) { limit -= 1 }
        let (vMin, vMax) = axes.vRange(rect)
        guard vMin <= vMax, rect.width >= 0, rect.height >= 0 else { return true }
        let startCount = out.count
        // A section whose starts decrease is scanned by start; answers go in item order
        // (`ElementSink.appendCells(foundOutOfOrder:)`).
        var found: [(indexPath: LayoutIndexPath, frame: LayoutRect)] = []
        return visitBands(count: sections.count, from: vMin, to: vMax, limit: limit, { sections[$0].band }) { s in
            let section = sections[s]
            chrome.appendHeader(section: s, band: section.band, rect: rect, offset: offset, into: &out)
            // First position (by start) whose running maximum of ends reaches the rect.
            var lo = 0
            var hi = section.itemCount
            while lo < hi {
                let mid = (lo + hi) / 2
                if reach[section.firstItem + mid] < vMin { lo = mid + 1 } else { hi = mid }
            }
            var p = lo
            var stopped = false
            while p < section.itemCount {
                let item = section.sorted ? Int(order[section.orderFirst + p]) : p
                let index = section.firstItem + item
                if itemV[index] > vMax { break }
                // Items looked at count against the limit too (millions can start at one place).
                if p - lo > limit {
                    stopped = true
                    break
                }
                let frame = cellFrame(section, index)
                if frame.intersects(rect) {
                    if section.sorted {
                        found.append((LayoutIndexPath(section: s, item: item), frame))
                        if out.count + found.count - startCount > limit {
                            stopped = true
                            break
                        }
                    } else {
                        out.appendCell(LayoutIndexPath(section: s, item: item), frame)
                        if out.count - startCount > limit { return false }
                    }
                }
                p += 1
            }
            if !found.isEmpty {
                out.appendCells(foundOutOfOrder: &found)
                found.removeAll(keepingCapacity: true)
            }
            if stopped { return false }
            chrome.appendFooterAndDecorations(section: s, band: section.band,
                                              own: waterfallSpec.sections[s].decorations, rect: rect, offset: offset,
                                              into: &out)
            return out.count - startCount <= limit
        }
    }

    /// An item's frame as computed (unmirrored): its columns' length across, or its span's.
    @inline(__always)
    func cellFrame(_ section: WaterfallSectionFrame, _ index: Int) -> LayoutRect {
        let across = section.spanFirst < 0 ? section.columnLength
            : section.spannedLength(Int(itemSpan[section.spanFirst + index - section.firstItem]))
        return axes.frame(u: section.columnU(itemColumn[index]), v: itemV[index], lengthU: across,
                          lengthV: itemLength[index])
    }

    /// O(1).
    public func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
        let frame = cellFrame(section, section.firstItem + indexPath.item)
        return .cell(indexPath, isMirrored ? mirror.rect(frame) : frame)
    }

    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        if kind == CollapsingHeader.kind { return chrome.header?.attributes(at: indexPath, offset: offset) }
        guard indexPath.item == 0, sections.indices.contains(indexPath.section) else { return nil }
        guard isMirrored else {
            return chrome.supplementary(kind, section: indexPath.section, band: sections[indexPath.section].band,
                                        offset: offset)
        }
        return mirror.attributes(chrome.supplementary(kind, section: indexPath.section,
                                                      band: sections[indexPath.section].band,
                                                      offset: mirror.offset(offset)))
    }

    public func attributesForDecorationView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        guard indexPath.item == 0, sections.indices.contains(indexPath.section) else { return nil }
        let s = indexPath.section
        let list = waterfallSpec.sections[s].decorations ?? waterfallSpec.chrome.decorations
        guard let d = list.first(where: { $0.kind == kind }) else { return nil }
        let a = chrome.decoration(section: s, band: sections[s].band, d)
        return isMirrored ? mirror.attributes(a) : a
    }
}

extension PreparedWaterfallLayout {
    /// The first column of the item's window as placed: 0 is the leading column (the right one when mirrored), so
    /// it is what the item's `itemColumns` entry says to place it there again. Nil when there is no such item. O(1).
    public func placedColumn(at indexPath: LayoutIndexPath) -> Int? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
        return Int(itemColumn[section.firstItem + indexPath.item])
    }
}
