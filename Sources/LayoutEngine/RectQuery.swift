/// The rect query of a layout known only as `any PreparedLayout`, into a sink the caller knows: the answer
/// writers' way in. The layouts most queried (flow) are queried as themselves, so that their query is specialized
/// for the caller's sink and does not call it through witness tables for every cell; every other kind goes through
/// the protocol. Which kinds are so is said here, in the engine, not by the callers.
public enum RectQuery {
    /// `layout.elements(in:offset:limit:into:)`.
    @inlinable
    public static func elements<Sink: ElementSink & ~Copyable>(of layout: any PreparedLayout, in rect: LayoutRect,
                                                               offset: LayoutPoint, limit: Int,
                                                               into sink: inout Sink) -> Bool {
        if let flow = layout as? PreparedFlowLayout {
            return flow.elements(in: rect, offset: offset, limit: limit, into: &sink)
        }
        return layout.elements(in: rect, offset: offset, limit: limit, into: &sink)
    }
}
