public import LayoutEngine

/// The wire form of the answers to batch updates and size reports (docs/api.md): the new layout's summary with
/// the animations of the body's rect, or with the content offset adjustment.
public enum UpdateEncoder {
    /// The summary, then, when the request had a rect, `"animations":[{"before","after"}]`,
    /// `"insertedSupplementary"` and `"deletedSupplementary"` (`[{"kind","section","item"}]`), then, when the
    /// request had an offset, `"contentOffset":{"x","y"}` (the offset that keeps the anchor in place).
    public static func writeUpdateAnswer(id: String, layout: any PreparedLayout, animations: UpdateAnimations?,
                                         contentOffset: LayoutPoint? = nil, into w: inout JSONWriter) {
        SummaryEncoder.writeMembers(id: id, layout: layout, includeSpec: false, into: &w)
        if let a = animations {
            w.raw(",\"animations\":")
            w.array(a.animations) { animation, w in
                w.raw("{\"before\":")
                AttributesEncoder.write(animation.before, into: &w)
                w.raw(",\"after\":")
                AttributesEncoder.write(animation.after, into: &w)
                w.raw("}")
            }
            w.raw(",\"insertedSupplementary\":")
            writeViews(a.insertedSupplementary, into: &w)
            w.raw(",\"deletedSupplementary\":")
            writeViews(a.deletedSupplementary, into: &w)
        }
        if let contentOffset {
            w.raw(",\"contentOffset\":")
            AttributesEncoder.writePoint(contentOffset, into: &w)
        }
        w.raw("}")
    }

    /// The summary, `"contentOffsetAdjustment":{"x","y"}` and `"contentOffset":{"x","y"}`.
    public static func writeSizesAnswer(id: String, layout: any PreparedLayout, contentOffsetAdjustment: LayoutPoint,
                                        contentOffset: LayoutPoint, into w: inout JSONWriter) {
        SummaryEncoder.writeMembers(id: id, layout: layout, includeSpec: false, into: &w)
        w.raw(",\"contentOffsetAdjustment\":")
        AttributesEncoder.writePoint(contentOffsetAdjustment, into: &w)
        w.raw(",\"contentOffset\":")
        AttributesEncoder.writePoint(contentOffset, into: &w)
        w.raw("}")
    }

    /// `[{"kind","section","item"}]`.
    static func writeViews(_ views: [LayoutAttributes], into w: inout JSONWriter) {
        w.array(views) { v, w in
            w.raw("{\"kind\":")
            w.string(v.kind)
            w.raw(",\"section\":")
            w.int(v.indexPath.section)
            w.raw(",\"item\":")
            w.int(v.indexPath.item)
            w.raw("}")
        }
    }
}
