/// A prepared `UICollectionViewFlowLayout`: section frames, plus per-item positions only where sizes vary.
///
/// Memory: O(sections) for uniform sections; one `Double` per item and three words per line for varied ones
/// (item sizes are the spec's own array, shared).
public struct PreparedFlowLayout: SectionedLayout {
    public let flowSpec: FlowLayoutSpec
    /// The spec as given when it differs from `flowSpec`: one with content, whose sizes `flowSpec` holds.
    var givenSpec: FlowLayoutSpec?
    @usableFromInline let axes: LineAxes
    @usableFromInline let chrome: SectionChrome
    public let contentSize: LayoutSize
    @usableFromInline let sections: [FlowSectionFrame]
    /// Line table of the varied sections: first item (within its section), start and length in `v`.
    @usableFromInline let lineFirst: [Int]
    @usableFromInline let lineV: [Double]
    @usableFromInline let lineLength: [Double]
    /// Start along the line of every item of the varied sections.
    @usableFromInline let itemU: [Double]
    public let numberOfItems: Int
    /// Where the first section starts along the scroll axis: 0, or the room left above content shorter than the
    /// view with `contentAnchor` `end`.
    let contentOrigin: Double

    /// `prepareLayout`. The spec must have passed `validate`.
    /// - Complexity: O(items of varied sections + sections).
    public init(_ spec: FlowLayoutSpec) {
        self = Self.anchored(spec, resume: nil)
    }

    /// Content shorter than the visible area goes to its end with `contentAnchor` `end` (prepared again from
    /// there: such content is at most a view long).
    private static func anchored(_ spec: FlowLayoutSpec, resume: Resume?) -> PreparedFlowLayout {
        // A collapsing header moves every other element down by its expanded height.
        let e = spec.collapsingHeader?.expandedHeight ?? 0
        let first = PreparedFlowLayout(spec, resume: resume, origin: e)
        guard spec.contentAnchor == .end else { return first }
        let axes = LineAxes(spec.scrollDirection)
        let (before, after) = axes.stackInsets(spec.contentInset)
        let room = axes.v(spec.collectionView) - before - after - (axes.v(first.contentSize) - e)
        return room > 0 ? PreparedFlowLayout(spec, resume: nil, origin: e + room) : first
    }

    /// `prepareLayout` for a spec that matches `old`'s before item `item` of section `section` (the sections
    /// before it, its own keys, its items before that one: `UpdatePlan.firstChange`): the sections before it and
    /// the lines before the one holding that item are `old`'s, copied; line breaking starts again there. Gives
    /// exactly what `init(spec)` gives.
    /// - Complexity: O(what is copied, as memory) + O(items from the change on).
    public init(_ spec: FlowLayoutSpec, reusing old: PreparedFlowLayout, unchangedBefore section: Int, item: Int) {
        self = Self.anchored(spec, resume: Resume(old: old, section: section, item: item))
    }

    /// Where a preparation starts again in an older layout of the same spec up to some item.
    struct Resume {
        let old: PreparedFlowLayout
        let section: Int
        let item: Int
    }

    private init(_ spec: FlowLayoutSpec, resume: Resume?, origin: Double) {
        let axes = LineAxes(spec.scrollDirection)
        let viewU = axes.u(spec.collectionView)
        var sections: [FlowSectionFrame] = []
        sections.reserveCapacity(spec.sections.count)
        var lineFirst: [Int] = []
        var lineV: [Double] = []
        var lineLength: [Double] = []
        var itemU: [Double] = []
        // One reservation for all varied sections (reserving per section would copy the array each time).
        let variedItems = spec.sections.reduce(0) { total, s in
            if case .sizes(let sizes) = s.items { total + sizes.count } else { total }
        }
        var v = origin
        var total = 0
        var firstSection = 0
        // Within the first section prepared again: its line table's start, and the old line to go on from.
        var within: (firstLine: Int, firstU: Int, line: Int)?
        if let r = resume, r.section <= min(r.old.sections.count, spec.sections.count),
           r.old.flowSpec.collectionView == spec.collectionView, r.old.contentOrigin == origin
        {
            let old = r.old
            let s = r.section
            // The line table and item positions of the sections before `s`.
            var keptLines = 0
            var keptU = 0
            for frame in old.sections[..<s] {
                if case .lines(let lines, let sizes, let firstU) = frame.placement {
                    keptLines = lines.upperBound
                    keptU = firstU + sizes.count
                }
            }
            if s < old.sections.count, case .lines(let lines, let oldSizes, let firstU) = old.sections[s].placement,
               case .sizes(let newSizes) = spec.sections[s].items
            {
                // Line breaking starts again at the old line holding the item before the change (whether the
                // changed item joins that line was decided there) or the last item both have; lines before it stay.
                let target = min(r.item - 1, oldSizes.count - 1, newSizes.count - 1)
                if target >= 0 {
                    var lo = lines.lowerBound
                    var hi = lines.upperBound
                    while hi - lo > 1 {
                        let mid = (lo + hi) / 2
                        if old.lineFirst[mid] <= target { lo = mid } else { hi = mid }
                    }
                    within = (lines.lowerBound, firstU, lo)
                    keptLines = lo
                    keptU = firstU + old.lineFirst[lo]
                }
            }
            sections = Array(old.sections[..<s])
            lineFirst = Array(old.lineFirst[..<keptLines])
            lineV = Array(old.lineV[..<keptLines])
            lineLength = Array(old.lineLength[..<keptLines])
            itemU.reserveCapacity(variedItems)
            itemU.append(contentsOf: old.itemU[..<keptU])
            v = s > 0 ? old.sections[s - 1].band.end : origin
            total = sections.reduce(0) { $0 + $1.itemCount }
            firstSection = s
        } else {
            itemU.reserveCapacity(variedItems)
        }
        for index in firstSection..<spec.sections.count {
            let r = spec.resolved(index)
            let (before, after) = axes.lineInsets(r.inset)
            let (insetBefore, insetAfter) = axes.stackInsets(r.inset)
            let available = viewU - before - after
            let start = v
            let headerLength = axes.v(r.header)
            let firstLineV = start + headerLength + insetBefore
            let count = r.items.count
            total += count
            var endOfLines = firstLineV
            let placement: FlowPlacement
            // Rule 7: items given by count of an adaptive size fill lines of exactly its count.
            let adaptive = r.items.isCount ? r.adaptive?.resolved(available: available, spacing: r.interitemSpacing) : nil
            if let uniform = adaptive?.size ?? r.items.uniformSize(default: r.itemSize) {
                if index == firstSection, let (line0, u0, _) = within {
                    // The section became uniform: none of its old lines stay.
                    lineFirst.removeSubrange(line0...)
                    lineV.removeSubrange(line0...)
                    lineLength.removeSubrange(line0...)
                    itemU.removeSubrange(u0...)
                }
                let grid = FlowLineBreaker.grid(
                    itemU: axes.u(uniform), itemV: axes.v(uniform), spacing: r.interitemSpacing,
                    lineSpacing: r.lineSpacing, before: before, available: available, originV: firstLineV,
                    items: count, alignment: spec.alignment, columns: adaptive?.columns)
                let lines = grid.lineCount(items: count)
                if lines > 0 { endOfLines = grid.v(line: lines - 1) + grid.itemV }
                placement = .grid(grid)
            } else {
                guard case .sizes(let sizes) = r.items else { preconditionFailure("counts are uniform") }
                var firstLine = lineFirst.count
                var firstU = itemU.count
                var lineStart = firstLineV
                var startItem = 0
                if index == firstSection, let (line0, u0, line) = within, let old = resume?.old {
                    // Going on from an old line: the lines before it are in the table already.
                    (firstLine, firstU, startItem) = (line0, u0, old.lineFirst[line])
                    lineStart = old.lineV[line]
                    if line > line0 { endOfLines = old.lineV[line - 1] + old.lineLength[line - 1] }
                }
                FlowLineBreaker.breakLines(
                    sizes: sizes, from: startItem, axes: axes, spacing: r.interitemSpacing, before: before,
                    available: available, alignment: spec.alignment, us: &itemU
                ) { first, length in
                    lineFirst.append(first)
                    lineV.append(lineStart)
                    lineLength.append(length)
                    endOfLines = lineStart + length
                    lineStart += length + r.lineSpacing
                }
                placement = .lines(firstLine..<lineFirst.count, sizes: sizes, firstU: firstU)
            }
            let band = SectionBand(start: start, headerLength: headerLength, footerStart: endOfLines + insetAfter,
                                   footerLength: axes.v(r.footer))
            sections.append(FlowSectionFrame(band: band, itemCount: count, placement: placement))
            v = band.end
        }
        self.flowSpec = spec
        self.axes = axes
        // Right-to-left horizontal layouts are computed mirrored: their leading edge is the view's right.
        let e = spec.contentInset
        let pinInset = spec.layoutDirection == .rightToLeft && !axes.vertical ? (e.right, e.left) : axes.stackInsets(e)
        var chrome = SectionChrome(axes: axes, viewU: viewU, viewV: axes.v(spec.collectionView), spec: spec.chrome,
                                   pinInset: pinInset)
        if let header = spec.collapsingHeader {
            let z = chrome.largestZIndex(bands: sections.map(\.band), own: { spec.sections[$0].decorations }, items: total)
            chrome.header = PreparedCollapsingHeader(header: header, zIndex: (z ?? 0) + 1, width: spec.collectionView.width,
                                                     insetTop: spec.contentInset.top)
        }
        self.chrome = chrome
        self.contentOrigin = origin
        self.sections = sections
        self.lineFirst = lineFirst
        self.lineV = lineV
        self.lineLength = lineLength
        self.itemU = itemU
        self.numberOfItems = total
        self.contentSize = axes.contentSize(view: spec.collectionView, length: v)
    }

    public var spec: LayoutSpec { .flow(givenSpec ?? flowSpec) }
    public var isBoundsDependent: Bool { flowSpec.chrome.isBoundsDependent || chrome.header != nil }
    public var viewSize: LayoutSize { flowSpec.collectionView }
    var scrollDirection: ScrollDirection { flowSpec.scrollDirection }
    var scrollTargetBehavior: ScrollTargetBehavior { flowSpec.scrollTargetBehavior }

    /// Counts the spec's item sizes, which the layout holds (shared with its `.lines` placements) whether or not
    /// its sections are grids.
    public var byteCount: Int {
        var sizes = 0
        for s in flowSpec.sections { if case .sizes(let list) = s.items { sizes += list.count } }
        return sections.count * MemoryLayout<FlowSectionFrame>.stride
            + sizes * MemoryLayout<LayoutSize>.stride
            + itemU.count * 8 + lineFirst.count * 24
            + flowSpec.sections.count * MemoryLayout<FlowSectionSpec>.stride
    }

    /// Right-to-left layouts are computed left to right and mirrored across the content's width at the boundary.
    @inlinable var isMirrored: Bool { flowSpec.layoutDirection == .rightToLeft }

    @inline(__always)
    func mirrored(_ r: LayoutRect) -> LayoutRect { LayoutRect(x: contentSize.width - r.x - r.width, y: r.y, width: r.width, height: r.height) }

    /// The content offset in the unmirrored layout (the visible bounds mirrored).
    @inline(__always)
    func mirrored(offset: LayoutPoint) -> LayoutPoint {
        LayoutPoint(x: contentSize.width - offset.x - flowSpec.collectionView.width, y: offset.y)
    }

    func mirrored(_ a: LayoutAttributes?) -> LayoutAttributes? {
        guard isMirrored, var a else { return a }
        a.frame = mirrored(a.frame)
        return a
    }
}

extension FlowItems {
    /// The size every item has, when they all have one (`count`, or a list of equal sizes); nil when they vary.
    func uniformSize(default size: LayoutSize) -> LayoutSize? {
        switch self {
        case .count: return size
        case .sizes(let sizes):
            guard let first = sizes.first else { return size }
            for s in sizes where s != first { return nil }
            return first
        }
    }
}
