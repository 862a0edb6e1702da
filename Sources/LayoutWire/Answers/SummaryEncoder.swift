public import LayoutEngine

/// The wire form of a prepared layout's summary, the answer to `POST /v1/layouts` and `GET /v1/layouts/{id}`
/// (docs/api.md): `{"id","layout","contentSize","sections","items","boundsDependent"[,"wrap"][,"tile"|,"tileGrid"]
/// [,"scrollEffects"][,"initialOffset"][,"spec"]}`.
public enum SummaryEncoder {
    public static func write(id: String, layout: any PreparedLayout, includeSpec: Bool, into w: inout JSONWriter) {
        writeMembers(id: id, layout: layout, includeSpec: includeSpec, into: &w)
        w.raw("}")
    }

    /// The summary as a body of its own.
    public static func bytes(id: String, layout: any PreparedLayout, includeSpec: Bool) -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        write(id: id, layout: layout, includeSpec: includeSpec, into: &w)
        return w.bytes
    }

    /// The summary's opening brace and members, for answers that add members of their own and close the object.
    public static func writeMembers(id: String, layout: any PreparedLayout, includeSpec: Bool,
                                    into w: inout JSONWriter) {
        w.raw("{\"id\":")
        w.string(id)
        w.raw(",\"layout\":")
        w.string(layout.spec.name)
        w.raw(",\"contentSize\":")
        AttributesEncoder.writeSize(layout.contentSize, into: &w)
        w.raw(",\"sections\":")
        w.int(layout.numberOfSections)
        w.raw(",\"items\":")
        w.int(layout.numberOfItems)
        w.raw(",\"boundsDependent\":")
        w.bool(layout.isBoundsDependent)
        if let period = layout.wrapPeriod {
            // Offsets a period apart show the same thing; rect answers say when to move by it.
            w.raw(",\"wrap\":{\"axis\":\"y\",\"period\":")
            w.number(period)
            w.raw("}")
        }
        if case .success(let plan) = TilePlan.of(layout) {
            // Tiles: GET .../tiles/{k} for k in 0..<count, each the band [k·length, (k+1)·length] along the axis.
            w.raw(plan.vertical ? ",\"tile\":{\"axis\":\"y\",\"length\":" : ",\"tile\":{\"axis\":\"x\",\"length\":")
            w.number(plan.length)
            w.raw(",\"count\":")
            w.int(plan.count)
            if let c = layout as? any OrthogonalSections { writeOrthogonalSections(c, into: &w) }
            writeCollapsingHeader(layout, into: &w)
            w.raw("}")
        }
        if let grid = GridTilePlan.of(layout) {
            // Tiles in two dimensions: GET .../tiles/{row}/{column}, each a rect of width by height.
            w.raw(",\"tileGrid\":{\"width\":")
            w.number(grid.width)
            w.raw(",\"height\":")
            w.number(grid.height)
            w.raw(",\"columns\":")
            w.int(grid.columns)
            w.raw(",\"rows\":")
            w.int(grid.rows)
            w.raw("}")
        }
        if let effects = layout as? any ScrollEffecting { writeScrollEffects(effects, into: &w) }
        if let start = layout.initialOffset {
            // Where a client of a wrapping layout starts: the central band, with room to scroll either way.
            w.raw(",\"initialOffset\":")
            AttributesEncoder.writePoint(start, into: &w)
        }
        if includeSpec {
            w.raw(",\"spec\":")
            SpecEncoder.write(layout.spec, into: &w)
        }
    }

    /// The collapsing header, which tiles leave out (its frame follows the offset): `,"collapsingHeader":{"expandedHeight",
    /// "collapsedHeight","behavior","stretch","zIndex","contentInsetTop"}`, for a client to place it at any offset
    /// (and pin leading sticky ranges below it). Nothing when there is none.
    static func writeCollapsingHeader(_ layout: any PreparedLayout, into w: inout JSONWriter) {
        guard let h = layout.spec.collapsingHeader, let a = layout.collapsingHeader(offset: .zero) else { return }
        w.raw(",\"collapsingHeader\":{\"expandedHeight\":")
        w.number(h.expandedHeight)
        w.raw(",\"collapsedHeight\":")
        w.number(h.collapsedHeight)
        w.raw(",\"behavior\":")
        w.string(h.behavior.rawValue)
        w.raw(h.stretch ? ",\"stretch\":true,\"zIndex\":" : ",\"stretch\":false,\"zIndex\":")
        w.int(a.zIndex)
        w.raw(",\"contentInsetTop\":")
        w.number(layout.contentInset.top)
        w.raw("}")
    }

    /// The sections whose rows scroll on their own (a compositional layout's orthogonal sections), for tiles (which give their rows unscrolled): a client
    /// moves such a section's cells and badges back by its row offset, and leaves its boundary items (of the kinds
    /// listed) and decorations where they are. Nothing when there is none.
    static func writeOrthogonalSections(_ layout: any OrthogonalSections, into w: inout JSONWriter) {
        var first = true
        for s in 0..<layout.numberOfSections where layout.isOrthogonal(section: s) {
            w.raw(first ? ",\"orthogonalSections\":[{\"section\":" : ",{\"section\":")
            first = false
            w.int(s)
            w.raw(",\"boundaryKinds\":[")
            let (before, after) = layout.boundaryKinds(section: s)
            for (i, kind) in (before + after).enumerated() {
                if i > 0 { w.raw(",") }
                w.string(kind)
            }
            w.raw("]}")
        }
        if !first { w.raw("]") }
    }

    /// The scroll effects (docs/scroll-effects.md), for a client to apply to the cells of tiles (which hold at every
    /// offset, without them): runs of consecutive sections whose cells have the same effects, each with its axis,
    /// the visible area's centre on it from the content offset, D, a and b. A cell of such a section (as answered:
    /// an orthogonal row's after its section offset) has Δ = its centre − (the offset + `center`) on `axis`.
    /// O(sections) to find the runs.
    static func writeScrollEffects(_ layout: any ScrollEffecting, into w: inout JSONWriter) {
        w.raw(",\"scrollEffects\":[")
        for (i, run) in layout.scrollEffectRuns.enumerated() {
            w.raw(i == 0 ? "{\"sections\":[" : ",{\"sections\":[")
            w.int(run.first)
            w.raw(",")
            w.int(run.last)
            w.raw(run.effect.alongY ? "],\"axis\":\"y\",\"center\":" : "],\"axis\":\"x\",\"center\":")
            w.number(run.effect.center)
            w.raw(",\"distance\":")
            w.number(run.effect.distance)
            w.raw(",\"scale\":")
            w.number(run.effect.scaleMinimum)
            w.raw(",\"alpha\":")
            w.number(run.effect.alphaMinimum)
            w.raw("}")
        }
        w.raw("]")
    }
}
