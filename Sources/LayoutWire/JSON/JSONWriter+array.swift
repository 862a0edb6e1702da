extension JSONWriter {
    /// `[e0,e1,...]`: every element of `list`, each written by `element`, separated by commas.
    public mutating func array<C: Collection>(_ list: C, _ element: (C.Element, inout JSONWriter) -> Void) {
        raw("[")
        var first = true
        for e in list {
            if !first { raw(",") }
            first = false
            element(e, &self)
        }
        raw("]")
    }
}
