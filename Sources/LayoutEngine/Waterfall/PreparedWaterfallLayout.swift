/// A prepared waterfall. Per item: its start and length in the scroll direction and its column. Per section, items
/// are indexed by their start (`order`, the identity for `shortestColumn`, whose starts never decrease) with a
/// running maximum of their ends (`reach`), so a rect query binary-searches then scans.
///
///     column:    0     1     2
///              [0 ]  [1 ]  [2 ]       order by start: 0 1 2 3 4 5
///              [  ]  [4 ]  [3 ]       reach[p] = max end of items order[0...p]
///              [5 ]  [  ]  [  ]
public struct PreparedWaterfallLayout: SectionedLayout {
    public let waterfallSpec: WaterfallLayoutSpec
    /// The spec as given when it differs from `waterfallSpec`: one with content, whose lengths `waterfallSpec`
    /// holds.
    var givenSpec: WaterfallLayoutSpec?
    let axes: LineAxes
    let chrome: SectionChrome
    public let contentSize: LayoutSize
    let sections: [WaterfallSectionFrame]
    /// Per item (all sections, in order): start and length in `v`, column.
    let itemV: [Double]
    let itemLength: [Double]
    let itemColumn: [UInt16]
    /// Per item, by section: positions sorted by start (only for round robin; empty otherwise) and the running
    /// maximum of ends in that order.
    let order: [Int32]
    let reach: [Double]
    public let numberOfItems: Int

    struct WaterfallSectionFrame: SectionFrame, Sendable {
        var band: SectionBand
        var firstItem: Int
        var itemCount: Int
        var columnOrigin: Double
        var columnPitch: Double
        var columnLength: Double
        /// Whether `order` holds this section's sorting (round robin) or starts never decrease (shortest column).
        var sorted: Bool

        func columnU(_ column: UInt16) -> Double { columnOrigin + Double(column) * columnPitch }
    }

    /// `prepareLayout`. The spec must have passed `validate`.
    /// - Complexity: O(items log columns) for shortest-column placement (`ColumnBottoms`), O(items log items) for
    ///   round robin; a section's columns cost no more than its items.
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
        var reach: [Double] = []
        var order: [Int32] = []
        itemV.reserveCapacity(total)
        itemLength.reserveCapacity(total)
        itemColumn.reserveCapacity(total)
        reach.reserveCapacity(total)
        if spec.placement == .roundRobin { order.reserveCapacity(total) }
        var sections: [WaterfallSectionFrame] = []
        var v = origin
        for s in spec.sections {
            let columns = s.columnCount ?? spec.columnCount
            let spacing = s.columnSpacing ?? spec.columnSpacing
            let itemSpacing = s.itemSpacing ?? spec.itemSpacing
            let inset = s.sectionInset ?? spec.sectionInset
            let (before, after) = axes.lineInsets(inset)
            let (insetBefore, insetAfter) = axes.stackInsets(inset)
            let columnLength = WaterfallLayoutSpec.columnLength(viewU - before - after, columns: columns, spacing: spacing)
            let headerLength = s.headerHeight ?? spec.headerHeight
            let top = v + headerLength + insetBefore
            // Only the first `used` columns can take an item: columns are filled from the left (an empty column is
            // as short as any, and the lowest empty one is the next), and round robin fills column i % columns.
            let used = max(min(columns, s.items.count), 1)
            var bottoms = ColumnBottoms(count: used, bottom: top)
            var filled = [Bool](repeating: false, count: used)
            let first = itemV.count
            for i in 0..<s.items.count {
                let length: Double
                switch s.items {
                case .lengths(let lengths): length = lengths[i]
                case .sizes(let sizes): length = axes.v(sizes[i]) * columnLength / axes.u(sizes[i])
                }
                let column: Int
                if spec.placement == .roundRobin {
                    column = i % columns
                } else {
                    column = bottoms.shortest
                }
                let start = bottoms[column] + (filled[column] ? itemSpacing : 0)
                bottoms.set(column, start + length)
                filled[column] = true
                itemV.append(start)
                itemLength.append(length)
                itemColumn.append(UInt16(column))
            }
            let count = itemV.count - first
            // The index: positions by start (round robin only), and the running maximum of ends in that order.
            let sorted = spec.placement == .roundRobin
            if sorted {
                let positions = (0..<count).sorted { (itemV[first + $0], $0) < (itemV[first + $1], $1) }
                order.append(contentsOf: positions.map { Int32($0) })
            }
            var running = -Double.infinity
            for p in 0..<count {
                let item = first + (sorted ? Int(order[first + p]) : p)
                running = max(running, itemV[item] + itemLength[item])
                reach.append(running)
            }
            let contentEnd = count > 0 ? bottoms.highest : top
            let band = SectionBand(start: v, headerLength: headerLength, footerStart: contentEnd + insetAfter,
                                   footerLength: s.footerHeight ?? spec.footerHeight)
            sections.append(WaterfallSectionFrame(
                band: band, firstItem: first, itemCount: count, columnOrigin: before,
                columnPitch: columnLength + spacing, columnLength: columnLength, sorted: sorted))
            v = band.end
        }
        self.waterfallSpec = spec
        self.axes = axes
        var chrome = SectionChrome(axes: axes, viewU: viewU, viewV: axes.v(spec.collectionView), spec: spec.chrome,
                                   pinInset: axes.stackInsets(spec.contentInset))
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
            + order.count * 4 + given
    }
}
