/// A prepared compositional layout. Groups repeat: a section whose layout no reported size changes holds one
/// placed group (its template) and finds item i's frame in group i / n, slot i % n, by arithmetic. A section
/// whose estimated dimensions take reported sizes places every group and keeps the frames, indexed by group.
///
///     section start ─┬─ before items (headers)         vertical scrolling: the main axis is y; groups follow
///                    ├─ top inset                      one another along it (along x in an orthogonal section:
///                    ├─ groups, interGroupSpacing apart  the row, which is one group long along y)
///                    ├─ bottom inset
///                    ├─ after items (footers)
///     section end ───┘
public struct PreparedCompositionalLayout: PreparedLayout {
    public let compositionalSpec: CompositionalLayoutSpec
    /// Whether the layout scrolls vertically (its main axis is y).
    let vertical: Bool
    let configs: [SectionConfig]
    let sections: [SectionFrame]
    /// Sections placed group by group: per group (all such sections, in order), its origin along the row axis, the
    /// running maximum of its elements' ends along it (within its section), and its first item.
    let groupRow: [Double]
    let groupReach: [Double]
    let groupFirstItem: [Int32]
    /// Per item of those sections: frame and node (its spec in the section's compiled group).
    let itemFrames: [LayoutRect]
    let itemNodes: [Int32]
    /// Per section, the running maximum of `visitMax`; and how far any section's elements reach before its start.
    let reach: [Double]
    let maxOverhang: Double
    /// The rows of outline sections (`SectionFrame.outline` indexes them): their groups hold just the visible
    /// items, by visible position.
    let outlines: [OutlineRows]
    public let contentSize: LayoutSize
    public let numberOfItems: Int
    /// The collapsing header, when the spec has one.
    let header: PreparedCollapsingHeader?

    /// What sections sharing a layout share: its compiled group, its group placed once, its boundary items' sizes.
    struct SectionConfig: Sendable {
        let section: CompositionalSection
        let compiled: CompiledGroup
        let orthogonal: Bool
        /// Whether groups follow one another along y.
        let rowVertical: Bool
        let template: [LayoutRect]
        let templateNodes: [Int32]
        let groupSize: LayoutSize
        /// The template's elements (frames and badges) along the row axis and across it, relative to the group.
        let rowExtent: (min: Double, max: Double)
        let crossExtent: (min: Double, max: Double)
        let boundarySizes: [LayoutSize]
        /// When the template's slots start in order along the row axis (a vertical group in a vertical layout, a
        /// row's horizontal group): each slot's start, the running maximum of its elements' ends, and how far a
        /// slot's badges reach before its start, so that a query finds the first slot it meets by binary search.
        let slotStarts: [Double]?
        let slotReach: [Double]
        let slotOverhang: Double
        /// The group's length along the row axis, plus interGroupSpacing.
        var pitch: Double { (rowVertical ? groupSize.height : groupSize.width) + section.interGroupSpacing }
    }

    struct SectionFrame: Sendable {
        var firstItem: Int
        /// The items laid out: all of them, or an outline section's visible ones (cells are found by their
        /// position among them).
        var itemCount: Int
        /// Every item of the section (its outline's hidden ones too).
        var totalItems: Int
        /// Its entry in `outlines`, or -1.
        var outline: Int32
        var config: Int
        var start: Double
        var end: Double
        /// Where the before items end and the after items start.
        var contentStart: Double
        var contentEnd: Double
        /// Group 0's origin.
        var origin: LayoutPoint
        var groupCount: Int
        /// Groups in `groupRow`... (empty: the section repeats its config's template).
        var groups: Range<Int>
        /// Where its elements' frames lie along the main axis (with the section's own band).
        var visitMin: Double
        var visitMax: Double
        /// How far elements of a group reach before its origin along the row axis (placed sections).
        var overhang: Double
        /// An orthogonal row: where its first group starts and its last ends, and its scrollable length.
        var rowStart: Double
        var rowEnd: Double
        var rowLength: Double
        var explicitItems: Int  // first index into itemFrames (placed sections)
    }

    /// `prepareLayout`; `measurer` sets the height of items given as content (without one they keep their
    /// estimates).
    public init(_ spec: CompositionalLayoutSpec, measurer: (any TextMeasurer)? = nil) {
        let vertical = spec.scrollDirection == .vertical
        let view = spec.collectionView
        var configs: [SectionConfig] = []
        var configOfDefault: Int?
        var sections: [SectionFrame] = []
        var groupRow: [Double] = []
        var groupReach: [Double] = []
        var groupFirstItem: [Int32] = []
        var itemFrames: [LayoutRect] = []
        var itemNodes: [Int32] = []
        var reach: [Double] = []
        var outlines: [OutlineRows] = []
        var maxOverhang = 0.0
        // A collapsing header moves every other element down by its expanded height.
        var v = vertical ? spec.collapsingHeader?.expandedHeight ?? 0 : 0
        var firstItem = 0
        sections.reserveCapacity(spec.sections.count)
        for (index, entry) in spec.sections.enumerated() {
            let c: Int
            if entry.section == nil, let d = configOfDefault {
                c = d
            } else {
                configs.append(Self.config(entry.section ?? spec.defaultSection!, view: view, vertical: vertical))
                c = configs.count - 1
                if entry.section == nil { configOfDefault = c }
            }
            let config = configs[c]
            let s = config.section
            // An outline section lays out its visible items, by their position among them.
            let rows = entry.outline.map(OutlineRows.init)
            if let rows { outlines.append(rows) }
            let n = rows?.items.count ?? entry.items.count
            if index > 0 { v += spec.interSectionSpacing }
            let start = v
            for (b, size) in zip(s.boundarySupplementaryItems, config.boundarySizes) where b.alignment.isBefore {
                v += vertical ? size.height : size.width
            }
            let contentStart = v
            v += vertical ? s.contentInsets.top : s.contentInsets.leading
            let across = vertical ? s.contentInsets.leading : s.contentInsets.top
            var frame = SectionFrame(firstItem: firstItem, itemCount: n, totalItems: entry.items.count,
                                     outline: rows == nil ? -1 : Int32(outlines.count - 1), config: c, start: start, end: start,
                                     contentStart: contentStart, contentEnd: contentStart, origin: .zero,
                                     groupCount: 0, groups: 0..<0, visitMin: start, visitMax: start, overhang: 0,
                                     rowStart: 0, rowEnd: 0, rowLength: 0, explicitItems: itemFrames.count)
            // The row's start across the main axis: the leading inset, or centring the group (groupPagingCentered).
            var rowStart = across
            if config.orthogonal {
                let available = vertical
                    ? view.width - s.contentInsets.leading - s.contentInsets.trailing
                    : view.height - s.contentInsets.top - s.contentInsets.bottom
                let groupAcross = vertical ? config.groupSize.width : config.groupSize.height
                if s.orthogonalScrollingBehavior == .groupPagingCentered {
                    rowStart = across + (available - groupAcross) / 2
                }
            }
            frame.rowStart = rowStart
            frame.origin = vertical ? LayoutPoint(x: rowStart, y: v) : LayoutPoint(x: v, y: rowStart)
            let perGroup = config.template.count
            var contentLength = 0.0
            var rowEnd = rowStart
            var sizes: [LayoutSize] = if case .sizes(let z) = entry.items { z } else { [] }
            var contentHeight = Self.contentHeight(entry.contents, styles: spec.textStyles, measurer: measurer)
            if let rows {
                if !sizes.isEmpty { sizes = rows.items.map { [sizes] in sizes[Int($0)] } }
                if let height = contentHeight { contentHeight = { height(Int(rows.items[$0]), $1) } }
            }
            if n > 0, config.compiled.hasEstimated, !sizes.isEmpty || contentHeight != nil {
                // Placed group by group: reported sizes and content change groups.
                var placer = GroupPlacer(config.compiled, reported: sizes, contentHeight: contentHeight)
                let container = Self.container(s, view: view)
                let firstGroup = groupRow.count
                var row = config.rowVertical ? frame.origin.y : frame.origin.x
                var mainMax = 0.0
                var running = -Double.infinity
                var overhang = 0.0
                var visitMin = Double.infinity
                var visitMax = -Double.infinity
                placer.frames.reserveCapacity(n)
                placer.nodes.reserveCapacity(n)
                let hasBadges = config.compiled.badges.contains { !$0.isEmpty }
                while placer.frames.count < n {
                    let firstFrame = placer.frames.count
                    let origin = config.rowVertical ? LayoutPoint(x: frame.origin.x, y: row) : LayoutPoint(x: row, y: frame.origin.y)
                    placer.budgetEnd = firstFrame + CompositionalGroup.maxItemsPerGroup
                    let size = placer.place(0, at: origin, container: container)
                    var lo = Double.infinity
                    var hi = -Double.infinity
                    for f in firstFrame..<min(placer.frames.count, n) {
                        var r = placer.frames[f]
                        Self.extend(&lo, &hi, r, config.rowVertical)
                        Self.extend(&visitMin, &visitMax, r, vertical)
                        guard hasBadges else { continue }
                        for badge in config.compiled.badges[Int(placer.nodes[f])] {
                            r = badge.frame(on: placer.frames[f])
                            Self.extend(&lo, &hi, r, config.rowVertical)
                            Self.extend(&visitMin, &visitMax, r, vertical)
                        }
                    }
                    running = max(running, hi)
                    overhang = max(overhang, row - lo)
                    groupRow.append(row)
                    groupReach.append(running)
                    groupFirstItem.append(Int32(firstFrame))
                    let length = config.rowVertical ? size.height : size.width
                    mainMax = max(mainMax, vertical ? size.height : size.width)
                    row += length + s.interGroupSpacing
                }
                let groups = groupRow.count - firstGroup
                frame.groupCount = groups
                frame.groups = firstGroup..<groupRow.count
                frame.overhang = overhang
                itemFrames.append(contentsOf: placer.frames[0..<n])
                itemNodes.append(contentsOf: placer.nodes[0..<n])
                let rowLength = row - s.interGroupSpacing - (config.rowVertical ? frame.origin.y : frame.origin.x)
                if config.orthogonal {
                    contentLength = mainMax
                    rowEnd = rowStart + rowLength
                } else {
                    contentLength = rowLength
                }
                frame.visitMin = min(start, visitMin)
                frame.visitMax = visitMax
            } else if n > 0 {
                let groups = (n + perGroup - 1) / perGroup
                frame.groupCount = groups
                let length = Double(groups) * config.pitch - s.interGroupSpacing
                if config.orthogonal {
                    contentLength = vertical ? config.groupSize.height : config.groupSize.width
                    rowEnd = rowStart + length
                    frame.visitMin = min(start, v + config.crossExtent.min)
                    frame.visitMax = v + config.crossExtent.max
                } else {
                    contentLength = length
                    frame.visitMin = min(start, v + config.rowExtent.min)
                    frame.visitMax = v + Double(groups - 1) * config.pitch + config.rowExtent.max
                }
            }
            v += contentLength
            v += vertical ? s.contentInsets.bottom : s.contentInsets.trailing
            frame.contentEnd = v
            for (b, size) in zip(s.boundarySupplementaryItems, config.boundarySizes) where !b.alignment.isBefore {
                v += vertical ? size.height : size.width
            }
            frame.end = v
            frame.rowEnd = rowEnd
            frame.visitMax = max(frame.visitMax, v)
            if config.orthogonal {
                let trailing = vertical ? s.contentInsets.trailing : s.contentInsets.bottom
                // The row's scrollable length: to its last group's end and the trailing inset (and, centring,
                // as much again as before the first group, so that the last one can be centred too).
                frame.rowLength = rowEnd + trailing
                    + (s.orthogonalScrollingBehavior == .groupPagingCentered ? rowStart - across : 0)
            }
            maxOverhang = max(maxOverhang, frame.start - frame.visitMin)
            reach.append(max(reach.last ?? -.infinity, frame.visitMax))
            sections.append(frame)
            firstItem += entry.items.count
        }
        self.compositionalSpec = spec
        self.vertical = vertical
        self.configs = configs
        self.sections = sections
        self.groupRow = groupRow
        self.groupReach = groupReach
        self.groupFirstItem = groupFirstItem
        self.itemFrames = itemFrames
        self.itemNodes = itemNodes
        self.reach = reach
        self.maxOverhang = maxOverhang
        self.outlines = outlines
        self.numberOfItems = firstItem
        self.contentSize = vertical ? LayoutSize(width: view.width, height: v) : LayoutSize(width: v, height: view.height)
        self.header = spec.collapsingHeader.map { h in
            let z = Self.largestZIndex(sections: sections, configs: configs, itemNodes: itemNodes)
            return PreparedCollapsingHeader(header: h, zIndex: (z ?? 0) + 1, width: view.width, insetTop: spec.contentInset.top)
        }
    }

    @inline(__always)
    static func extend(_ lo: inout Double, _ hi: inout Double, _ r: LayoutRect, _ alongY: Bool) {
        lo = min(lo, alongY ? r.minY : r.minX)
        hi = max(hi, alongY ? r.maxY : r.maxX)
    }

    /// The top group's container: the view less the section's content insets.
    static func container(_ s: CompositionalSection, view: LayoutSize) -> LayoutSize {
        LayoutSize(width: max(0, view.width - s.contentInsets.leading - s.contentInsets.trailing),
             height: max(0, view.height - s.contentInsets.top - s.contentInsets.bottom))
    }

    static func config(_ s: CompositionalSection, view: LayoutSize, vertical: Bool) -> SectionConfig {
        let compiled = CompiledGroup(s.group)
        var placer = GroupPlacer(compiled)
        let groupSize = placer.place(0, at: .zero, container: container(s, view: view))
        let orthogonal = s.orthogonalScrollingBehavior != .none
        let rowVertical = orthogonal ? !vertical : vertical
        var row = (min: Double.infinity, max: -Double.infinity)
        var cross = (min: Double.infinity, max: -Double.infinity)
        var starts: [Double] = []
        var reach: [Double] = []
        var overhang = 0.0
        var sorted = true
        for (f, n) in zip(placer.frames, placer.nodes) {
            var slot = (min: Double.infinity, max: -Double.infinity)
            extend(&slot.min, &slot.max, f, rowVertical)
            extend(&cross.min, &cross.max, f, !rowVertical)
            let start = rowVertical ? f.minY : f.minX
            for badge in compiled.badges[Int(n)] {
                let b = badge.frame(on: f)
                extend(&slot.min, &slot.max, b, rowVertical)
                extend(&cross.min, &cross.max, b, !rowVertical)
            }
            if let last = starts.last, start < last { sorted = false }
            starts.append(start)
            reach.append(max(reach.last ?? -.infinity, slot.max))
            overhang = max(overhang, start - slot.min)
            row = (min(row.min, slot.min), max(row.max, slot.max))
        }
        // Boundary items: across, the view less the section's insets along it; along, the view.
        let boundaryContainer = vertical
            ? LayoutSize(width: max(0, view.width - s.contentInsets.leading - s.contentInsets.trailing), height: view.height)
            : LayoutSize(width: view.width, height: max(0, view.height - s.contentInsets.top - s.contentInsets.bottom))
        return SectionConfig(section: s, compiled: compiled, orthogonal: orthogonal, rowVertical: rowVertical,
                             template: placer.frames, templateNodes: placer.nodes, groupSize: groupSize,
                             rowExtent: row, crossExtent: cross,
                             boundarySizes: s.boundarySupplementaryItems.map { $0.size.resolve(in: boundaryContainer) },
                             slotStarts: sorted ? starts : nil, slotReach: reach, slotOverhang: overhang)
    }

    public var spec: LayoutSpec { .compositional(compositionalSpec) }
    public var numberOfSections: Int { sections.count }
    public var viewSize: LayoutSize { compositionalSpec.collectionView }
    public var isBoundsDependent: Bool {
        header != nil || configs.contains { $0.section.boundarySupplementaryItems.contains(where: \.pinToVisibleBounds) }
    }

    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].totalItems : 0
    }

    /// Counts the spec's item sizes too: the layout holds its spec.
    public var byteCount: Int {
        let given = compositionalSpec.sections.reduce(0) { total, section in
            let levels = (section.outline?.levels.count ?? 0) * 4
            if case .sizes(let sizes) = section.items { return total + sizes.count * MemoryLayout<LayoutSize>.stride + levels }
            return total + levels
        }
        return sections.count * MemoryLayout<SectionFrame>.stride
            + configs.reduce(0) { $0 + $1.template.count * 36 + 256 } + groupRow.count * 20 + itemFrames.count * 36
            + given + outlines.reduce(0) { $0 + $1.byteCount }
    }
}

extension PreparedCompositionalLayout {
    /// A section's content heights by item and width, when it is given as content and there is a measurer.
    static func contentHeight(_ contents: [CellContent]?, styles: [String: TextStyle], measurer: (any TextMeasurer)?)
        -> ((Int, Double) -> Double?)?
    {
        guard let contents, let measurer else { return nil }
        return { item, width in
            contents.indices.contains(item) ? contents[item].height(width: width, styles: styles, measurer: measurer) : nil
        }
    }
}
