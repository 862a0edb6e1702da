extension CompositionalLayoutSpec {
    /// The spec after a batch: sections keep their layout; items keep their reported sizes (or take the new
    /// ones). A section with no reported size stays a count.
    /// - Complexity: O(items) for sections with size lists; O(sections + runs) for the rest.
    func applying(_ plan: UpdatePlan) -> CompositionalLayoutSpec {
        var out = self
        out.sections = plan.sections.map { p in
            if case .compositional(let given)? = p.content { return given }
            var section = p.oldSection.map { sections[$0] } ?? CompositionalSectionSpec(items: .count(0))
            func unreported(_ run: ItemRun) -> Bool {
                switch run {
                case .old(let s, _), .reloaded(let s, _, nil):
                    if case .count = sections[s].items { return true }
                    if case .sizes(let list) = sections[s].items, case .old(_, let r) = run {
                        return list[r].allSatisfy { $0 == CompositionalItems.unreported }
                    }
                    return false
                case .reloaded(_, _, _?), .inserted(_, _?): return false
                case .inserted(_, nil): return true
                }
            }
            if p.runs.allSatisfy(unreported) {
                section.items = .count(p.count)
                return section
            }
            section.items = .sizes(p.gather(inserted: CompositionalItems.unreported, given: { $0 }) { s, r, into in
                switch sections[s].items {
                case .sizes(let list): into.append(contentsOf: list[r])
                case .count: into.append(contentsOf: repeatElement(CompositionalItems.unreported, count: r.count))
                }
            })
            return section
        }
        return out
    }
}
