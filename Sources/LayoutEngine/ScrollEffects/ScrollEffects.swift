/// `scrollEffects`: cells that shrink and fade with their distance from the centre of the visible area (a
/// carousel's neighbours, a cover-flow list). Given at the layout level (flow, waterfall, list, compositional), it
/// acts along the scroll axis on the sections that scroll with the page; a compositional section's own replaces it
/// for that section, and acts along its row when the section scrolls on its own (docs/scroll-effects.md).
public struct ScrollEffects: Sendable, Hashable {
    /// `scale.minimum` (a): the scale of a cell `distance` or farther from the centre; nil is 1 (no scaling).
    public var scaleMinimum: Double?
    /// `alpha.minimum` (b): the alpha of a cell `distance` or farther from the centre; nil is 1 (opaque).
    public var alphaMinimum: Double?
    /// `distance` (D): how far from the centre the minimum is reached; nil is the view's extent along the axis.
    public var distance: Double?

    public init(scaleMinimum: Double? = nil, alphaMinimum: Double? = nil, distance: Double? = nil) {
        self.scaleMinimum = scaleMinimum
        self.alphaMinimum = alphaMinimum
        self.distance = distance
    }

    /// Whether no cell changes: neither minimum is below 1.
    public var isNone: Bool { scaleMinimum == nil && alphaMinimum == nil }

    /// The same effects with what says nothing dropped: a minimum of 1, and the distance of effects that change
    /// nothing.
    public func normalized() -> ScrollEffects {
        var out = self
        if out.scaleMinimum == 1 { out.scaleMinimum = nil }
        if out.alphaMinimum == 1 { out.alphaMinimum = nil }
        if out.isNone { out.distance = nil }
        return out
    }

    /// A layout's effects normalized: nil when they change nothing.
    public static func normalized(_ e: ScrollEffects?) -> ScrollEffects? {
        guard let e = e?.normalized(), !e.isNone else { return nil }
        return e
    }

    /// The minimums in [0, 1], the distance finite and above 0; the problem names the field under `path`.
    func validate(at path: [SpecPathComponent]) throws(LayoutError) {
        if let a = scaleMinimum, !(a >= 0 && a <= 1) {
            throw .invalidValue(path: path + [.key("scale"), .key("minimum")], reason: "must be from 0 to 1")
        }
        if let b = alphaMinimum, !(b >= 0 && b <= 1) {
            throw .invalidValue(path: path + [.key("alpha"), .key("minimum")], reason: "must be from 0 to 1")
        }
        if let d = distance, !(d > 0 && d.isFinite) {
            throw .invalidValue(path: path + [.key("distance")], reason: "must be a finite number above 0")
        }
    }

    /// The effects acting along one axis of a view: `alongY` the axis, `center` the visible area's centre on it
    /// relative to the content offset, `extent` the view's length on it (the default distance).
    func along(y alongY: Bool, center: Double, extent: Double) -> ScrollEffect {
        ScrollEffect(alongY: alongY, center: center, distance: distance ?? extent, scaleMinimum: scaleMinimum ?? 1,
                     alphaMinimum: alphaMinimum ?? 1)
    }
}

/// Scroll effects resolved for the cells of some sections: the axis, the centre, the distance and the minimums.
/// For a cell, Δ is its centre (as answered) less the visible area's centre along `alongY`'s axis (`center` past
/// the content offset); f = 1 − min(1, |Δ| / D); scale = a + (1 − a) f, alpha = b + (1 − b) f.
public struct ScrollEffect: Sendable, Hashable {
    /// Whether Δ is measured along y (else x).
    public let alongY: Bool
    /// The visible area's centre along the axis, from the content offset: the middle of the area inside the
    /// content inset along the page, the view's middle along a row.
    public let center: Double
    /// D.
    public let distance: Double
    /// a and b.
    public let scaleMinimum: Double
    public let alphaMinimum: Double

    /// The scale and alpha of a cell of frame `frame` at content offset `offset`.
    @inlinable
    public func factors(of frame: LayoutRect, offset: LayoutPoint) -> (scale: Double, alpha: Double) {
        let delta = alongY
            ? (frame.y + frame.height / 2) - (offset.y + center)
            : (frame.x + frame.width / 2) - (offset.x + center)
        let f = 1 - min(1, abs(delta) / distance)
        return (scaleMinimum + (1 - scaleMinimum) * f, alphaMinimum + (1 - alphaMinimum) * f)
    }

    /// `a` with its transform and alpha for these effects at `offset` (a cell; its frame unchanged): the scale
    /// about the centre (m11 = m22 = scale; the identity when it is 1), the alpha.
    @inlinable
    public func apply(to a: inout LayoutAttributes, offset: LayoutPoint) {
        let (scale, alpha) = factors(of: a.frame, offset: offset)
        if scale != 1 { a.transform3D = .scale(scale) }
        a.alpha = alpha
    }
}

extension Transform3D {
    /// `CATransform3DMakeScale(s, s, 1)`: m11 = m22 = s, m33 = m44 = 1.
    @inlinable
    public static func scale(_ s: Double) -> Transform3D { Transform3D(scale: s) }

    @usableFromInline
    init(scale s: Double) {
        m = (s, 0, 0, 0, 0, s, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    }
}
