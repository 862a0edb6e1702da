/// A prepared waterfall. Per item: its start and length in the scroll direction and its first column (and its span,
/// in sections that give spans). Per section, items are indexed by their start with a running maximum of their ends
/// (`reach`), so a rect query binary-searches then scans: in item order while starts never decrease (shortest
/// column with equal spans, as a rule), else by a sorting of the section's items by start (`order`).
///
///     column:    0     1     2
///              [0 ]  [1 ]  [2 ]       order by start: 0 1 2 3 4 5
///              [  ]  [4 ]  [3 ]       reach[p] = max end of items order[0...p]
///              [5 ]  [  ]  [  ]
///
/// Frames are computed left to right; a right-to-left layout mirrors them across the content's width (`mirror`).
public struct PreparedWaterfallLayout: SectionedLayout {
    public let waterfallSpec: WaterfallLayoutSpec
    /// The spec as given when it differs from `waterfallSpec`: one with content, whose lengths `waterfallSpec`
    /// holds.
    var givenSpec: WaterfallLayoutSpec?
    let axes: LineAxes
    let chrome: SectionChrome
    public let contentSize: LayoutSize
    let sections: [WaterfallSectionFrame]
    /// Per item (all sections, in order): start and length in `v`, first column.
    let itemV: [Double]
    let itemLength: [Double]
    let itemColumn: [UInt16]
    /// Per item of the sections that give spans (`WaterfallSectionFrame.spanFirst`): the columns it spans.
    let itemSpan: [UInt16]
    /// Per item of the sections whose starts decrease somewhere (`WaterfallSectionFrame.orderFirst`): the items
    /// sorted by start. Per item (all sections): the running maximum of ends, in start order.
    let order: [Int32]
    let reach: [Double]
    public let numberOfItems: Int
    /// Whether frames are mirrored across the content's width (`layoutDirection` `rightToLeft`).
    let isMirrored: Bool

    struct WaterfallSectionFrame: SectionFrame, Sendable {
        var band: SectionBand
        var firstItem: Int
        var itemCount: Int
        var columnOrigin: Double
        var columnPitch: Double
        var columnLength: Double
        var columnSpacing: Double
        /// Where the section's spans start in `itemSpan`; -1 when every item spans one column.
        var spanFirst: Int
        /// Where the section's sorting starts in `order`; -1 when its starts never decrease (item order is start
        /// order).
        var orderFirst: Int

        var sorted: Bool { orderFirst >= 0 }

        func columnU(_ column: UInt16) -> Double { columnOrigin + Double(column) * columnPitch }

        /// The length across of an item spanning `span` columns: the columns and the spacing between them.
        func spannedLength(_ span: Int) -> Double {
            WaterfallLayoutSpec.spannedLength(span, columnLength: columnLength, spacing: columnSpacing)
        }
    }

    /// `prepareLayout`. The spec must have passed `validate`.
    /// - Complexity: O(items log columns) for items of span 1 (`ColumnBottoms`); for an item that spans k > 1,
    ///   shortest column first, O(columns) when k > 8 or the first time a section meets k, else O(1), and then each
    ///   item O(k (k + log columns)) more a span kept; O(items log items) more for a section whose starts decrease
    ///   (round robin, spans, explicit columns). A section's columns cost no more than its items' spans and
    ///   explicit columns.
    public init(_ spec: WaterfallLayoutSpec) {
        // A collapsing header moves every other element down by its expanded height.
        let e = spec.collapsingHeader?.expandedHeight ?? 0
        let first = PreparedWaterfallLayout(spec, origin: e)
        // Content shorter than the visible area goes to its end with `contentAnchor` `end`.
        let axes = LineAxes(spec.scrollDirection)
        let (before, after) = axes.stackInsets(spec.contentInset)
        let room = axes.v(spec.collectionView) - before - after - (axes.v(first.contentSize) - e)
        self = spec.contentAnchor == .end && room > 0 ? PreparedWaterfallLayout(spec, origin: e + room) : first
    }

    private init(_ spec: WaterfallLayoutSpec, origin: Double) {
        let axes = LineAxes(spec.scrollDirection)
        let viewU = axes.u(spec.collectionView)
        let total = spec.numberOfItems
        var itemV: [Double] = []
        var itemLength: [Double] = []
        var itemColumn: [UInt16] = []
        var itemSpan: [UInt16] = []
        var reach: [Double] = []
        var order: [Int32] = []
        itemV.reserveCapacity(total)
        itemLength.reserveCapacity(total)
        itemColumn.reserveCapacity(total)
        reach.reserveCapacity(total)
        var sections: [WaterfallSectionFrame] = []
        var v = origin
        for (index, s) in spec.sections.enumerated() {
            let geometry = spec.columns(ofSection: index)
            let (columns, columnLength, spacing) = (geometry.count, geometry.length, geometry.spacing)
            let itemSpacing = s.itemSpacing ?? spec.itemSpacing
            let inset = s.sectionInset ?? spec.sectionInset
            let (before, _) = axes.lineInsets(inset)
            let (insetBefore, insetAfter) = axes.stackInsets(inset)
            let headerLength = s.headerHeight ?? spec.headerHeight
            let top = v + headerLength + insetBefore
            let n = s.items.count
            let spans = s.itemSpans
            let explicit = s.itemColumns
            // Only the first `used` columns can take an item: the lowest window of empty columns right of every
            // item placed is as low as any, and round robin's cursor stays within the windows placed, so each
            // item reaches at most its span (or its explicit column and span) past the columns used before it.
            var used = n
            if spans != nil || explicit != nil {
                used = 0
                for i in 0..<n {
                    if used >= columns { break }
                    let span = WaterfallLayoutSpec.span(spans, i, columns: columns)
                    used += span + (WaterfallLayoutSpec.firstColumn(explicit, i, span: span, columns: columns) ?? 0)
                }
            }
            used = max(min(columns, used), 1)
            var bottoms = ColumnBottoms(count: used, bottom: top)
            var filled = [Bool](repeating: false, count: used)
            let first = itemV.count
            let spanFirst = spans != nil ? itemSpan.count : -1
            var cursor = 0
            var previousStart = -Double.infinity
            var decreasing = false
            for i in 0..<n {
                let span = WaterfallLayoutSpec.span(spans, i, columns: columns)
                let across = span == 1 ? columnLength
                    : WaterfallLayoutSpec.spannedLength(span, columnLength: columnLength, spacing: spacing)
                let length: Double
                switch s.items {
                case .lengths(let lengths): length = lengths[i]
                case .sizes(let sizes): length = axes.v(sizes[i]) * across / axes.u(sizes[i])
                }
                let column: Int
                if let c = WaterfallLayoutSpec.firstColumn(explicit, i, span: span, columns: columns) {
                    column = c
                } else if spec.placement == .roundRobin {
                    column = cursor + span > columns ? 0 : cursor
                    cursor = column + span == columns ? 0 : column + span
                } else {
                    column = bottoms.lowestWindow(span: span)
                }
                var start = top
                if span == 1 {
                    if filled[column] { start = bottoms[column] + itemSpacing }
                } else {
                    for c in column..<(column + span) where filled[c] { start = max(start, bottoms[c] + itemSpacing) }
                }
                bottoms.set(column, span: span, start + length)
                for c in column..<(column + span) { filled[c] = true }
                if start < previousStart { decreasing = true }
                previousStart = start
                itemV.append(start)
                itemLength.append(length)
                itemColumn.append(UInt16(column))
                if spans != nil { itemSpan.append(UInt16(span)) }
            }
            let count = itemV.count - first
            // The index: positions by start (when starts decrease somewhere), and the running maximum of ends in
            // that order.
            let orderFirst = decreasing ? order.count : -1
            if decreasing {
                let positions = (0..<count).sorted { (itemV[first + $0], $0) < (itemV[first + $1], $1) }
                order.append(contentsOf: positions.map { Int32($0) })
            }
            var running = -Double.infinity
            for p in 0..<count {
                let item = first + (decreasing ? Int(order[orderFirst + p]) : p)
                running = max(running, itemV[item] + itemLength[item])
                reach.append(running)
            }
            let contentEnd = count > 0 ? bottoms.highest : top
            let band = SectionBand(start: v, headerLength: headerLength, footerStart: contentEnd + insetAfter,
                                   footerLength: s.footerHeight ?? spec.footerHeight)
            sections.append(WaterfallSectionFrame(
                band: band, firstItem: first, itemCount: count, columnOrigin: before,
                columnPitch: columnLength + spacing, columnLength: columnLength, columnSpacing: spacing,
                spanFirst: spanFirst, orderFirst: orderFirst))
            v = band.end
        }
        self.waterfallSpec = spec
        self.axes = axes
        self.isMirrored = spec.layoutDirection == .rightToLeft
        // A right-to-left horizontal layout is mirrored along its scroll axis: its leading edge is the view's right.
        let e = spec.contentInset
        let pinInset = isMirrored && !axes.vertical ? (e.right, e.left) : axes.stackInsets(e)
        var chrome = SectionChrome(axes: axes, viewU: viewU, viewV: axes.v(spec.collectionView), spec: spec.chrome,
                                   pinInset: pinInset)
        if let header = spec.collapsingHeader {
            let z = chrome.largestZIndex(bands: sections.map(\.band), own: { spec.sections[$0].decorations }, items: total)
            chrome.header = PreparedCollapsingHeader(header: header, zIndex: (z ?? 0) + 1, width: spec.collectionView.width,
                                                     insetTop: spec.contentInset.top)
        }
        self.chrome = chrome
        self.sections = sections
        self.itemV = itemV
        self.itemLength = itemLength
        self.itemColumn = itemColumn
        self.itemSpan = itemSpan
        self.order = order
        self.reach = reach
        self.numberOfItems = total
        self.contentSize = axes.contentSize(view: spec.collectionView, length: v)
    }

    public var spec: LayoutSpec { .waterfall(givenSpec ?? waterfallSpec) }
    public var isBoundsDependent: Bool { waterfallSpec.chrome.isBoundsDependent || chrome.header != nil }
    public var viewSize: LayoutSize { waterfallSpec.collectionView }
    var scrollDirection: ScrollDirection { waterfallSpec.scrollDirection }
    var scrollTargetBehavior: ScrollTargetBehavior { waterfallSpec.scrollTargetBehavior }

    public var byteCount: Int {
        var given = 0
        for s in waterfallSpec.sections {
            switch s.items {
            case .lengths(let l): given += l.count * 8
            case .sizes(let z): given += z.count * 16
            }
        }
        return sections.count * MemoryLayout<WaterfallSectionFrame>.stride + itemV.count * (8 + 8 + 2 + 8)
            + itemSpan.count * 2 + order.count * 4 + given
    }
}
