public import LayoutEngine

/// A place in a spec's canonical bytes where encoding can resume: just before item `item` (> 0) of a section's
/// size list (at the comma before it), `offset` bytes in.
public struct CanonicalMark: Sendable, Hashable {
    public var section: Int
    public var item: Int
    public var offset: Int
}

extension SpecEncoder {
    /// The canonical bytes, and marks every `spacing` items of flow size lists (none for other layouts), so that a
    /// digest can be resumed at a mark for a spec whose bytes are the same up to there (`canonicalTail`).
    public static func canonicalMarked(_ spec: LayoutSpec, spacing: Int) -> (bytes: [UInt8], marks: [CanonicalMark]) {
        let normalized = spec.normalized()
        guard case .flow(let flow) = normalized else { return (canonical(spec), []) }
        var w = JSONWriter(capacity: 1024)
        writeFlowHead(flow, into: &w)
        var marking = Marking(spacing: spacing, base: 0)
        flowSections(flow, from: 0, item: 0, marking: &marking, into: &w)
        return (w.bytes, marking.marks)
    }

    /// What `canonicalMarked` writes after `mark` for `spec` (a flow layout), and the marks in it: the rest of the
    /// canonical bytes of a spec that matches the one the mark came from up to that mark. Nil when the spec is not
    /// a flow layout or has no size list item there.
    /// - Complexity: O(bytes after the mark).
    public static func canonicalTail(_ spec: LayoutSpec, from mark: CanonicalMark, spacing: Int)
        -> (bytes: [UInt8], marks: [CanonicalMark])?
    {
        guard case .flow(let flow) = spec.normalized(), flow.sections.indices.contains(mark.section),
              case .sizes(let sizes) = flow.sections[mark.section].items, mark.item > 0, mark.item < sizes.count
        else { return nil }
        var w = JSONWriter(capacity: 1024)
        var marking = Marking(spacing: spacing, base: mark.offset)
        flowSections(flow, from: mark.section, item: mark.item, marking: &marking, into: &w)
        return (w.bytes, marking.marks)
    }
}
