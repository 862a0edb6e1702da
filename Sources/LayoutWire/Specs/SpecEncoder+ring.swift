import LayoutEngine

extension SpecEncoder {
    static func writeCircle(_ s: CircleLayoutSpec, into w: inout JSONWriter) {
        w.raw("{")
        collectionView(s.collectionView, s.contentInset, &w)
        w.key("itemSize"); size(s.itemSize, &w); w.raw(",")
        w.key("layout"); w.raw("\"circle\",")
        if let r = s.radius { w.key("radius"); w.number(r); w.raw(",") }
        w.key("sections"); w.raw("[{\"items\":"); w.int(s.items); w.raw("}]}")
    }

    static func writeWheel(_ s: WheelLayoutSpec, into w: inout JSONWriter) {
        w.raw("{")
        collectionView(s.collectionView, s.contentInset, &w)
        w.key("infinite"); w.bool(s.infinite); w.raw(",")
        w.key("itemSize"); size(s.itemSize, &w); w.raw(",")
        w.key("layout"); w.raw("\"wheel\",")
        w.key("m34"); w.number(s.m34); w.raw(",")
        scrollTarget(s.scrollTargetBehavior, &w)
        w.key("sections"); w.raw("[{\"items\":"); w.int(s.items); w.raw("}]}")
    }
}
