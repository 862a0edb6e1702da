import LayoutEngine

/// A sticky range on the wire (`StickyRange`): the form of the tiles' and the columnar answers' `sticky`, a
/// grid's `stickyX` and `stickyY` (with `inset`), and a frames spec's `sticky`.
extension JSONWriter {
    /// `{"edge":"leading"|"trailing","min":..,"max":..}`, with `"inset"` last when `inset`.
    mutating func stickyObject(_ s: StickyRange, inset: Bool) {
        raw(s.edge == .leading ? "{\"edge\":\"leading\",\"min\":" : "{\"edge\":\"trailing\",\"min\":")
        number(s.min)
        raw(",\"max\":")
        number(s.max)
        if inset {
            raw(",\"inset\":")
            number(s.inset)
        }
        byte(UInt8(ascii: "}"))
    }

    /// `["leading"|"trailing",min,max]`, with the inset last when `inset`.
    mutating func stickyTuple(_ s: StickyRange, inset: Bool) {
        raw(s.edge == .leading ? "[\"leading\"," : "[\"trailing\",")
        number(s.min)
        byte(UInt8(ascii: ","))
        number(s.max)
        if inset {
            byte(UInt8(ascii: ","))
            number(s.inset)
        }
        byte(UInt8(ascii: "]"))
    }
}
