import LayoutEngine

/// A sticky range on the wire (`StickyRange`): the form of the tiles' and the columnar answers' `sticky` (with
/// `inset` when it is not 0: a content inset), a grid's `stickyX` and `stickyY` (always with `inset`), and a frames
/// spec's `sticky`.
extension JSONWriter {
    /// `{"edge":"leading"|"trailing","min":..,"max":..}`, with `"inset"` last when `alwaysInset` or it is not 0.
    mutating func stickyObject(_ s: StickyRange, alwaysInset: Bool) {
        raw(s.edge == .leading ? "{\"edge\":\"leading\",\"min\":" : "{\"edge\":\"trailing\",\"min\":")
        number(s.min)
        raw(",\"max\":")
        number(s.max)
        if alwaysInset || s.inset != 0 {
            raw(",\"inset\":")
            number(s.inset)
        }
        byte(UInt8(ascii: "}"))
    }

    /// `["leading"|"trailing",min,max]`, with the inset last when `alwaysInset` or it is not 0.
    mutating func stickyTuple(_ s: StickyRange, alwaysInset: Bool) {
        raw(s.edge == .leading ? "[\"leading\"," : "[\"trailing\",")
        number(s.min)
        byte(UInt8(ascii: ","))
        number(s.max)
        if alwaysInset || s.inset != 0 {
            byte(UInt8(ascii: ","))
            number(s.inset)
        }
        byte(UInt8(ascii: "]"))
    }
}
