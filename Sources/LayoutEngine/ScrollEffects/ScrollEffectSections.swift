/// The layout kinds that take scroll effects (flow, waterfall, compositional and lists): their sections fall into
/// classes that share effects (all of a flow's or a waterfall's sections; a compositional layout's sections of
/// one section layout), each class's effects resolved for the view.
public protocol ScrollEffectSections: PreparedLayout {
    /// The effects on the cells of each class of sections (nil: none).
    var scrollEffectClasses: [ScrollEffect?] { get }
    /// The class of section `s` (an index into `scrollEffectClasses`).
    func scrollEffectClass(ofSection s: Int) -> Int
}

extension PreparedLayout {
    /// `e` acting along the scroll axis: the centre of the visible area inside the content inset (where a
    /// `centeredItem` fling stops), the view's extent along it by default.
    func pageEffect(_ e: ScrollEffects?) -> ScrollEffect? {
        guard let e, !e.isNone else { return nil }
        let axis = Axis(spec.scrollDirection)
        let (before, after) = axis.insets(spec.contentInset)
        let view = axis.of(viewSize)
        return e.along(y: axis.vertical, center: before + (view - before - after) / 2, extent: view)
    }

    /// `e` acting along a row that scrolls on its own (across the scroll axis): the view's centre on it, the
    /// view's extent along it by default.
    func rowEffect(_ e: ScrollEffects?) -> ScrollEffect? {
        guard let e, !e.isNone else { return nil }
        let axis = Axis(spec.scrollDirection).other
        let view = axis.of(viewSize)
        return e.along(y: axis.vertical, center: view / 2, extent: view)
    }
}

extension PreparedFlowLayout: ScrollEffectSections {
    public var scrollEffectClasses: [ScrollEffect?] { [pageEffect(flowSpec.scrollEffects)] }
    public func scrollEffectClass(ofSection s: Int) -> Int { 0 }
}

extension PreparedWaterfallLayout: ScrollEffectSections {
    public var scrollEffectClasses: [ScrollEffect?] { [pageEffect(waterfallSpec.scrollEffects)] }
    public func scrollEffectClass(ofSection s: Int) -> Int { 0 }
}

extension PreparedCompositionalLayout: ScrollEffectSections {
    /// A section layout's own effects replace the layout's; along the row of a section that scrolls on its own
    /// (which the layout's do not act on).
    public var scrollEffectClasses: [ScrollEffect?] {
        configs.map { c in
            c.orthogonal ? rowEffect(c.section.scrollEffects)
                : pageEffect(c.section.scrollEffects ?? compositionalSpec.scrollEffects)
        }
    }

    public func scrollEffectClass(ofSection s: Int) -> Int { sections[s].config }
}

extension LayoutSpec {
    /// `layout` with the scroll effects of its spec, when they act on any section; else `layout`.
    static func withScrollEffects<Base: ScrollEffectSections>(_ layout: Base) -> any PreparedLayout {
        ScrollEffectsLayout(layout) ?? layout
    }

    /// `layout` without the scroll effects a `ScrollEffectsLayout` adds (what a batch update reuses).
    static func withoutScrollEffects(_ layout: any PreparedLayout) -> any PreparedLayout {
        (layout as? any ScrollEffecting)?.withoutEffects ?? layout
    }
}
