import LayoutEngine

extension SpecEncoder {
    /// `"scrollEffects":{...},` when there are any (it sorts after `scrollDirection`, before `scrollTarget...` and
    /// `sections`); the members given, keys sorted.
    static func scrollEffects(_ e: ScrollEffects?, _ w: inout JSONWriter) {
        guard let e else { return }
        w.key("scrollEffects")
        var first = true
        func member(_ key: StaticString) {
            w.raw(first ? "{" : ",")
            first = false
            w.key(key)
        }
        if let b = e.alphaMinimum { member("alpha"); w.raw("{\"minimum\":"); w.number(b); w.raw("}") }
        if let d = e.distance { member("distance"); w.number(d) }
        if let a = e.scaleMinimum { member("scale"); w.raw("{\"minimum\":"); w.number(a); w.raw("}") }
        w.raw(first ? "{}," : "},")
    }
}
