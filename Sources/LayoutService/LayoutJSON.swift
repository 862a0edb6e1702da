import LayoutEngine
import LayoutWire

/// Response bodies built from prepared layouts.
enum LayoutJSON {
    /// `{"id","layout","contentSize","sections","items","boundsDependent"[,"spec"]}`.
    static func summary(id: String, layout: any PreparedLayout, includeSpec: Bool) -> [UInt8] {
        var w = JSONWriter(capacity: 256)
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
            w.raw("}")
        }
        if includeSpec {
            w.raw(",\"spec\":")
            SpecEncoder.write(layout.spec, into: &w)
        }
        w.raw("}")
        return w.bytes
    }

    static func attributes(_ a: LayoutAttributes) -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        AttributesEncoder.write(a, into: &w)
        return w.bytes
    }
}
