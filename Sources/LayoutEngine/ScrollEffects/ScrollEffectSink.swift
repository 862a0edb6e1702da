/// A rect query's sink with scroll effects: each cell given to it goes on to `base` with its scale and alpha at
/// `offset` (`ScrollEffect`), per its section's effects; every other element goes on as it is. A cell whose
/// effects change nothing stays a plain cell (`appendCell`). O(1) a cell.
struct ScrollEffectSink<Layout: ScrollEffectSections, Base: ElementSink & ~Copyable>: ElementSink, ~Copyable {
    var base: Base
    let layout: Layout
    let effects: [ScrollEffect?]
    let offset: LayoutPoint
    /// The section of the last cell, and its effects (cells come section by section).
    var section = -1
    var effect: ScrollEffect?

    init(base: consuming Base, layout: Layout, effects: [ScrollEffect?], offset: LayoutPoint) {
        self.base = base
        self.layout = layout
        self.effects = effects
        self.offset = offset
    }

    var count: Int { base.count }

    var unpinned: Bool { base.unpinned }

    mutating func effect(ofSection s: Int) -> ScrollEffect? {
        if s != section {
            section = s
            effect = effects[layout.scrollEffectClass(ofSection: s)]
        }
        return effect
    }

    mutating func append(_ a: consuming LayoutAttributes) {
        if a.category == .cell, let e = effect(ofSection: a.indexPath.section) {
            var cell = a
            e.apply(to: &cell, offset: offset)
            base.append(cell)
        } else {
            base.append(a)
        }
    }

    mutating func appendCell(_ indexPath: LayoutIndexPath, _ frame: LayoutRect) {
        guard let e = effect(ofSection: indexPath.section) else { return base.appendCell(indexPath, frame) }
        let (scale, alpha) = e.factors(of: frame, offset: offset)
        if scale == 1, alpha == 1 { return base.appendCell(indexPath, frame) }
        var cell = LayoutAttributes.cell(indexPath, frame)
        if scale != 1 { cell.transform3D = .scale(scale) }
        cell.alpha = alpha
        base.append(cell)
    }

    mutating func append(_ a: LayoutAttributes, sticky range: StickyRange) { base.append(a, sticky: range) }

    mutating func append(_ a: LayoutAttributes, pins: AxisPins) { base.append(a, pins: pins) }

    mutating func appendCells(foundOutOfOrder cells: inout [(indexPath: LayoutIndexPath, frame: LayoutRect)]) {
        guard let first = cells.first, effect(ofSection: first.indexPath.section) != nil else {
            return base.appendCells(foundOutOfOrder: &cells)
        }
        cells.sort { $0.indexPath.item < $1.indexPath.item }
        for c in cells { appendCell(c.indexPath, c.frame) }
    }
}
