/// A layout spec: what a client posts. Each case is one kind of `UICollectionViewLayout`.
public enum LayoutSpec: Sendable, Hashable {
    case flow(FlowLayoutSpec)
    case waterfall(WaterfallLayoutSpec)
    case circle(CircleLayoutSpec)
    case wheel(WheelLayoutSpec)
    case compositional(CompositionalLayoutSpec)
    case grid(GridLayoutSpec)
    case frames(FramesLayoutSpec)

    /// The layouts' names in the wire format.
    public static let names = ["flow", "waterfall", "circle", "wheel", "compositional", "list", "grid", "frames"]

    /// The layout's name in the wire format (`"flow"`, ...).
    public var name: String {
        switch self {
        case .flow: "flow"
        case .waterfall: "waterfall"
        case .circle: "circle"
        case .wheel: "wheel"
        case .compositional: "compositional"
        case .grid: "grid"
        case .frames: "frames"
        }
    }

    /// Checks every value against its range and `limits`; throws the first problem with its path.
    public func validate(limits: SpecLimits) throws(LayoutError) {
        try validate(limits: limits, unchangedBefore: nil)
    }

    /// `validate`, for a spec that matches an accepted one before item `item` of section `section` (a batch
    /// update's `UpdatePlan.firstChange`): a flow layout's sizes before there are not scanned again.
    public func validate(limits: SpecLimits, unchangedBefore: (section: Int, item: Int)?) throws(LayoutError) {
        switch self {
        case .flow(let flow): try flow.validate(limits: limits, unchangedBefore: unchangedBefore)
        case .waterfall(let waterfall): try waterfall.validate(limits: limits)
        case .circle(let circle): try circle.validate(limits: limits)
        case .wheel(let wheel): try wheel.validate(limits: limits)
        case .compositional(let c): try c.validate(limits: limits)
        case .grid(let g): try g.validate(limits: limits)
        case .frames(let f): try f.validate(limits: limits)
        }
        try validateContent(limits: limits)
    }

    /// The same layout with redundant detail removed, so equal layouts compare (and hash) equal.
    public func normalized() -> LayoutSpec {
        switch self {
        case .flow(let flow): return .flow(flow.normalized())
        case .waterfall(let waterfall): return .waterfall(waterfall.normalized())
        case .circle(var circle):
            if circle.radius == circle.defaultRadius { circle.radius = nil }
            return .circle(circle)
        case .wheel: return self
        case .compositional(let c): return .compositional(c.normalized())
        case .grid(let g): return .grid(g.normalized())
        case .frames(let f): return .frames(f.normalized())
        }
    }

    /// `prepareLayout`: computes every element's attributes once. The spec must have passed `validate`.
    /// - Complexity: O(items + sections) at most; uniform flow sections, circles and wheels cost O(1) per section.
    public func prepare() -> any PreparedLayout {
        switch self {
        case .flow(let flow): Self.withScrollEffects(PreparedFlowLayout(flow))
        case .waterfall(let waterfall): Self.withScrollEffects(PreparedWaterfallLayout(waterfall))
        case .circle(let circle): PreparedCircleLayout(circle)
        case .wheel(let wheel): PreparedWheelLayout(wheel)
        case .compositional(let c): Self.withScrollEffects(PreparedCompositionalLayout(c))
        case .grid(let g): PreparedGridLayout(g)
        case .frames(let f): PreparedFramesLayout(f)
        }
    }

    /// `prepare()` for a spec that matches `old`'s before item `item` of section `section` (a batch update's
    /// `UpdatePlan.firstChange`): a flow layout goes on from `old`'s line before the change (its cost grows with
    /// the change, not with the layout); a grid keeps the axes the change leaves alone; a frames layout given the
    /// batch (`plan`, `frames`) keeps `old`'s index (`PreparedFramesLayout.init(_:reusing:plan:frames:)`); other
    /// layouts are prepared whole. Gives exactly what `prepare()` gives.
    public func prepare(reusing old: any PreparedLayout, unchangedBefore section: Int, item: Int,
                        plan: UpdatePlan? = nil, frames: FrameUpdates? = nil) -> any PreparedLayout {
        let old = Self.withoutScrollEffects(old)
        if case .frames(let f) = self, let old = old as? PreparedFramesLayout, let plan, let frames {
            return PreparedFramesLayout(f, reusing: old, plan: plan, frames: frames)
        }
        if case .flow(let flow) = self, let old = old as? PreparedFlowLayout {
            return Self.withScrollEffects(PreparedFlowLayout(flow, reusing: old, unchangedBefore: section, item: item))
        }
        if case .grid(let grid) = self, let old = old as? PreparedGridLayout {
            return PreparedGridLayout(grid, reusing: old)
        }
        return prepare()
    }
}
