public import LayoutEngine

/// Writes a spec in its canonical form: keys sorted, no whitespace, numbers as `JSONWriter` prints them, per-section
/// overrides only where they differ (`LayoutSpec.normalized`). Every parameter UIKit has is written, defaults
/// included; options beyond UIKit (alignment, pinning, decorations...) only when they are not at their defaults,
/// so adding an option never changes the ids of specs that do not use it. Equal layouts give equal bytes: this is
/// what the layout id hashes.
public enum SpecEncoder {
    public static func canonical(_ spec: LayoutSpec) -> [UInt8] {
        var w = JSONWriter(capacity: 1024)
        write(spec.normalized(), into: &w)
        return w.bytes
    }

    public static func write(_ spec: LayoutSpec, into w: inout JSONWriter) {
        switch spec {
        case .flow(let flow): writeFlow(flow, into: &w)
        case .waterfall(let waterfall): writeWaterfall(waterfall, into: &w)
        case .circle(let circle): writeCircle(circle, into: &w)
        case .wheel(let wheel): writeWheel(wheel, into: &w)
        case .compositional(let c): writeCompositional(c, into: &w)
        case .grid(let g): writeGrid(g, into: &w)
        case .frames(let f): writeFrames(f, into: &w)
        }
    }

    static func size(_ s: LayoutSize, _ w: inout JSONWriter) {
        w.raw("{\"height\":")
        w.number(s.height)
        w.raw(",\"width\":")
        w.number(s.width)
        w.raw("}")
    }

    /// `"collectionView":{...},`: its `contentInset` only when it is not zero (ids of specs without one stay).
    static func collectionView(_ s: LayoutSize, _ inset: LayoutEdgeInsets, _ w: inout JSONWriter) {
        w.key("collectionView")
        if inset == .zero {
            size(s, &w)
        } else {
            w.raw("{\"contentInset\":")
            insets(inset, &w)
            w.raw(",\"height\":")
            w.number(s.height)
            w.raw(",\"width\":")
            w.number(s.width)
            w.raw("}")
        }
        w.raw(",")
    }

    /// `"collapsingHeader":{...},` with every field, when there is one (ids of specs without one stay).
    static func collapsingHeader(_ h: CollapsingHeader?, _ w: inout JSONWriter) {
        guard let h else { return }
        w.key("collapsingHeader")
        w.raw("{\"behavior\":")
        w.string(h.behavior.rawValue)
        w.raw(",\"collapsedHeight\":")
        w.number(h.collapsedHeight)
        w.raw(",\"expandedHeight\":")
        w.number(h.expandedHeight)
        w.raw(h.stretch ? ",\"stretch\":true}," : ",\"stretch\":false},")
    }

    /// `"contentAnchor":"end",` when it is not `start`.
    static func contentAnchor(_ anchor: ContentAnchor, _ w: inout JSONWriter) {
        guard anchor != .start else { return }
        w.key("contentAnchor")
        w.string(anchor.rawValue)
        w.raw(",")
    }

    static func insets(_ e: LayoutEdgeInsets, _ w: inout JSONWriter) {
        w.raw("{\"bottom\":")
        w.number(e.bottom)
        w.raw(",\"left\":")
        w.number(e.left)
        w.raw(",\"right\":")
        w.number(e.right)
        w.raw(",\"top\":")
        w.number(e.top)
        w.raw("}")
    }

    /// `"decorations":[...],` (every field of each written).
    static func decorations(_ list: [DecorationSpec], _ w: inout JSONWriter) {
        w.key("decorations")
        w.array(list) { d, w in
            w.raw("{\"includeFooter\":")
            w.bool(d.includeFooter)
            w.raw(",\"includeHeader\":")
            w.bool(d.includeHeader)
            w.raw(",\"inset\":")
            insets(d.inset, &w)
            w.raw(",\"kind\":")
            w.string(d.kind)
            w.raw(",\"zIndex\":")
            w.int(d.zIndex)
            w.raw("}")
        }
        w.raw(",")
    }

    /// The pinning flags that are on, each followed by a comma (they sort between `scrollDirection` and
    /// `sectionInset` in every layout).
    static func pins(_ chrome: SectionChromeSpec, _ w: inout JSONWriter) {
        if chrome.pinFooters { w.raw("\"sectionFootersPinToVisibleBounds\":true,") }
        if chrome.pinHeaders { w.raw("\"sectionHeadersPinToVisibleBounds\":true,") }
    }

    /// `"scrollTargetBehavior":...,` unless it is `none` (it sorts after `scrollDirection`, before `section...`).
    static func scrollTarget(_ behavior: ScrollTargetBehavior, _ w: inout JSONWriter) {
        guard behavior != .none else { return }
        w.key("scrollTargetBehavior")
        w.string(behavior.rawValue)
        w.raw(",")
    }

    /// `"sections":[...]}`: the sections, each written by `section`, closing the spec's object.
    static func sections<T>(_ list: [T], _ w: inout JSONWriter, _ section: (T, inout JSONWriter) -> Void) {
        w.key("sections")
        w.array(list, section)
        w.raw("}")
    }

    /// `[[w,h],...]`.
    static func sizePairs(_ sizes: [LayoutSize], _ w: inout JSONWriter) {
        w.raw("[")
        for (i, size) in sizes.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("[")
            w.number(size.width)
            w.raw(",")
            w.number(size.height)
            w.raw("]")
        }
        w.raw("]")
    }
}
