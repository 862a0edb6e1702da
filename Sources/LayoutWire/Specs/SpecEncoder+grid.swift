import LayoutEngine

extension SpecEncoder {
    /// Every field written, defaults included (grids are new: no older ids to keep), sizes in their one form
    /// (`GridAxisSpec.normalized`).
    static func writeGrid(_ s: GridLayoutSpec, into w: inout JSONWriter) {
        w.raw("{")
        collectionView(s.collectionView, s.contentInset, &w)
        w.key("columnSpacing"); w.number(s.columnSpacing); w.raw(",")
        w.key("columns"); gridAxis(s.columns, &w); w.raw(",")
        w.raw("\"frozen\":{\"bottom\":"); w.int(s.frozen.bottom)
        w.raw(",\"leading\":"); w.int(s.frozen.leading)
        w.raw(",\"top\":"); w.int(s.frozen.top)
        w.raw(",\"trailing\":"); w.int(s.frozen.trailing); w.raw("},")
        w.key("layout"); w.raw("\"grid\",")
        w.key("layoutDirection"); w.string(s.layoutDirection.rawValue); w.raw(",")
        w.key("merged")
        w.array(s.merged) { m, w in
            w.raw("{\"column\":"); w.int(m.column)
            w.raw(",\"columns\":"); w.int(m.columns)
            w.raw(",\"row\":"); w.int(m.row)
            w.raw(",\"rows\":"); w.int(m.rows); w.raw("}")
        }
        w.raw(",")
        w.key("rowSpacing"); w.number(s.rowSpacing); w.raw(",")
        w.key("rows"); gridAxis(s.rows, &w); w.raw("}")
    }

    /// `{"count","overrides"?,"size","sizes"?}`; override keys in index order (as the normalized spec has them).
    static func gridAxis(_ a: GridAxisSpec, _ w: inout JSONWriter) {
        w.raw("{\"count\":")
        w.int(a.count)
        if case .overrides(let list) = a.sizes {
            w.raw(",\"overrides\":{")
            for (i, o) in list.enumerated() {
                if i > 0 { w.raw(",") }
                w.string(String(o.index))
                w.raw(":")
                w.number(o.size)
            }
            w.raw("}")
        }
        w.raw(",\"size\":")
        w.number(a.size)
        if case .list(let list) = a.sizes {
            w.raw(",\"sizes\":[")
            for (i, v) in list.enumerated() {
                if i > 0 { w.raw(",") }
                w.number(v)
            }
            w.raw("]")
        }
        w.raw("}")
    }
}
