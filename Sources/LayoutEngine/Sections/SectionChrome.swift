/// Headers, footers and decoration views of sectioned layouts (flow, waterfall), from their bands.
@usableFromInline
struct SectionChrome: Sendable {
    @usableFromInline let axes: LineAxes
    /// The view's length along lines (headers, footers and decorations span it) and in the scroll direction.
    let viewU: Double
    let viewV: Double
    @usableFromInline let spec: SectionChromeSpec
    /// `collectionView.contentInset` before and after the visible area along the scroll axis: pinned headers
    /// stick below the top inset, pinned footers above the bottom one.
    var pinInset: (before: Double, after: Double) = (0, 0)
    /// The layout's collapsing header, under which pinned headers stick.
    @usableFromInline var header: PreparedCollapsingHeader?

    /// zIndex of pinned headers and footers: above cells (0), which they float over.
    static let pinnedZIndex = 1

    /// A section's header (`kind` "header") or footer ("footer") for the content offset `offset`, when its
    /// length is not 0.
    @usableFromInline
    func supplementary(_ kind: String, section: Int, band: SectionBand, offset: LayoutPoint) -> LayoutAttributes? {
        let path = LayoutIndexPath(section: section, item: 0)
        switch kind {
        case SupplementaryKind.header:
            guard band.headerLength > 0 else { return nil }
            var v = band.start
            if spec.pinHeaders {
                // Stick to the visible bounds' leading edge, but never leave the section (header to footer).
                let edge = header?.pinEdge(offset: offset) ?? axes.v(offset) + pinInset.before
                v = max(band.start, min(max(edge, band.start),
                                        band.footerStart - band.headerLength))
            }
            var a = LayoutAttributes.supplementary(kind, path, axes.frame(u: 0, v: v, lengthU: viewU,
                                                                          lengthV: band.headerLength))
            if spec.pinHeaders { a.zIndex = Self.pinnedZIndex }
            return a
        case SupplementaryKind.footer:
            guard band.footerLength > 0 else { return nil }
            var v = band.footerStart
            if spec.pinFooters {
                let trailingEdge = axes.v(offset) + viewV - pinInset.after
                v = min(band.footerStart, max(trailingEdge - band.footerLength, band.contentStart))
            }
            var a = LayoutAttributes.supplementary(kind, path, axes.frame(u: 0, v: v, lengthU: viewU,
                                                                          lengthV: band.footerLength))
            if spec.pinFooters { a.zIndex = Self.pinnedZIndex }
            return a
        default:
            return nil
        }
    }

    /// The largest zIndex of the headers, footers and decorations of the sections `bands` (with their own
    /// decoration lists), and of cells (0) when `items` > 0; nil when there is no element.
    func largestZIndex(bands: [SectionBand], own: (Int) -> [DecorationSpec]?, items: Int) -> Int? {
        var z: Int? = items > 0 ? 0 : nil
        for (s, band) in bands.enumerated() {
            if band.headerLength > 0 { z = max(z ?? .min, spec.pinHeaders ? Self.pinnedZIndex : 0) }
            if band.footerLength > 0 { z = max(z ?? .min, spec.pinFooters ? Self.pinnedZIndex : 0) }
            for d in own(s) ?? spec.decorations where decoration(section: s, band: band, d) != nil {
                z = max(z ?? .min, d.zIndex)
            }
        }
        return z
    }

    /// The decoration views of a section (`own`, or the layout's when nil), in list order.
    func decorations(section: Int, band: SectionBand, own: [DecorationSpec]?) -> [LayoutAttributes] {
        (own ?? spec.decorations).compactMap { decoration(section: section, band: band, $0) }
    }

    @usableFromInline
    func decoration(section: Int, band: SectionBand, _ d: DecorationSpec) -> LayoutAttributes? {
        let from = d.includeHeader ? band.start : band.contentStart
        let to = d.includeFooter ? band.end : band.footerStart
        let r = axes.frame(u: 0, v: from, lengthU: viewU, lengthV: to - from)
        let frame = LayoutRect(x: r.x + d.inset.left, y: r.y + d.inset.top, width: r.width - d.inset.left - d.inset.right,
                         height: r.height - d.inset.top - d.inset.bottom)
        guard frame.width >= 0, frame.height >= 0 else { return nil }
        return LayoutAttributes(category: .decoration, kind: d.kind, indexPath: LayoutIndexPath(section: section, item: 0),
                                frame: frame, zIndex: d.zIndex)
    }

    /// A pinned header where it sits unpinned, and its sticky range: it follows the visible bounds' leading edge
    /// from its own place to where it meets the footer (see `supplementary`).
    @usableFromInline
    func stickyHeader(section: Int, band: SectionBand) -> (LayoutAttributes, StickyRange)? {
        guard spec.pinHeaders, band.headerLength > 0 else { return nil }
        var a = LayoutAttributes.supplementary(SupplementaryKind.header, LayoutIndexPath(section: section, item: 0),
                                               axes.frame(u: 0, v: band.start, lengthU: viewU,
                                                          lengthV: band.headerLength))
        a.zIndex = Self.pinnedZIndex
        return (a, StickyRange(edge: .leading, min: band.start, max: max(band.start, band.footerStart - band.headerLength),
                               inset: pinInset.before))
    }

    /// A pinned footer where it sits unpinned, and its sticky range: it follows the visible bounds' trailing edge
    /// from the section's content start to its own place.
    @usableFromInline
    func stickyFooter(section: Int, band: SectionBand) -> (LayoutAttributes, StickyRange)? {
        guard spec.pinFooters, band.footerLength > 0 else { return nil }
        var a = LayoutAttributes.supplementary(SupplementaryKind.footer, LayoutIndexPath(section: section, item: 0),
                                               axes.frame(u: 0, v: band.footerStart, lengthU: viewU,
                                                          lengthV: band.footerLength))
        a.zIndex = Self.pinnedZIndex
        return (a, StickyRange(edge: .trailing, min: min(band.contentStart, band.footerStart), max: band.footerStart,
                               inset: pinInset.after))
    }

    /// Appends a sticky element if any place its range allows meets `rect`.
    @inlinable
    func appendSticky<Sink: ElementSink & ~Copyable>(_ sticky: (LayoutAttributes, StickyRange), rect: LayoutRect,
                                                 into out: inout Sink) {
        let (a, range) = sticky
        let length = axes.vertical ? a.frame.height : a.frame.width
        let span = axes.frame(u: axes.vertical ? a.frame.x : a.frame.y, v: range.min,
                              lengthU: axes.vertical ? a.frame.width : a.frame.height,
                              lengthV: range.max - range.min + length)
        if span.intersects(rect) { out.append(a, sticky: range) }
    }

    /// Appends the header of `section` if it meets `rect` (called before the section's cells).
    @inlinable
    func appendHeader<Sink: ElementSink & ~Copyable>(section: Int, band: SectionBand, rect: LayoutRect, offset: LayoutPoint,
                                         into out: inout Sink) {
        if out.unpinned, let sticky = stickyHeader(section: section, band: band) {
            appendSticky(sticky, rect: rect, into: &out)
            return
        }
        if let a = supplementary(SupplementaryKind.header, section: section, band: band, offset: offset),
            a.frame.intersects(rect)
        {
            out.append(a)
        }
    }

    /// Appends the footer, then the decorations, of `section` that meet `rect` (called after its cells).
    @inlinable
    func appendFooterAndDecorations<Sink: ElementSink & ~Copyable>(section: Int, band: SectionBand, own: [DecorationSpec]?,
                                                       rect: LayoutRect, offset: LayoutPoint, into out: inout Sink) {
        if out.unpinned, let sticky = stickyFooter(section: section, band: band) {
            appendSticky(sticky, rect: rect, into: &out)
        } else if let a = supplementary(SupplementaryKind.footer, section: section, band: band, offset: offset),
            a.frame.intersects(rect)
        {
            out.append(a)
        }
        for d in own ?? spec.decorations {
            if let a = decoration(section: section, band: band, d), a.frame.intersects(rect) { out.append(a) }
        }
    }
}
