/// An `expand` or `collapse` operation of a batch: the items (index paths before the batch, which the batch keeps)
/// whose descendants are shown, or not shown.
public struct OutlineChange: Sendable, Hashable {
    public var expand: Bool
    public var indexPaths: [LayoutIndexPath]

    public init(expand: Bool, indexPaths: [LayoutIndexPath]) {
        self.expand = expand
        self.indexPaths = indexPaths
    }
}

extension LayoutSpec {
    /// The spec with outline items expanded and collapsed (`changes`, in order; every item keeps its number):
    /// the outline with the new collapsed set, whose id is that spec's. Expanding an expanded item or collapsing
    /// a collapsed one changes nothing; an item named twice in a batch, an item of a section without an outline,
    /// and collapsing an item without descendants are `BatchError`s. Also returns the first section that changes.
    /// - Complexity: O(paths log paths + collapsed items of the sections changed).
    public func applying(outline changes: [OutlineChange]) throws(BatchError) -> (spec: LayoutSpec, firstSection: Int) {
        guard case .compositional(var c) = self else {
            throw BatchError(operation: 0, reason: "only a list or compositional layout has outlines to expand and collapse")
        }
        var wanted: [Int: [Int: Bool]] = [:]  // section -> item -> expanded
        for (op, change) in changes.enumerated() {
            for p in change.indexPaths {
                guard c.sections.indices.contains(p.section) else {
                    throw BatchError(operation: op, reason: "section \(p.section) is out of range (\(c.sections.count) sections)")
                }
                guard let outline = c.sections[p.section].outline else {
                    throw BatchError(operation: op, reason: "section \(p.section) has no outline")
                }
                guard p.item >= 0, p.item < outline.levels.count else {
                    throw BatchError(operation: op, reason: "item \(p.section)/\(p.item) is out of range "
                                     + "(\(outline.levels.count) items)")
                }
                guard outline.hasDescendants(p.item) else {
                    throw BatchError(operation: op, reason: "item \(p.section)/\(p.item) has no descendants to "
                                     + (change.expand ? "expand" : "collapse"))
                }
                guard wanted[p.section, default: [:]].updateValue(change.expand, forKey: p.item) == nil else {
                    throw BatchError(operation: op, reason: "item \(p.section)/\(p.item) is named twice in the batch")
                }
            }
        }
        for (s, items) in wanted {
            let old = c.sections[s].outline!.collapsed
            var next = old.filter { items[$0] != true }
            let oldSet = Set(old)
            next += items.compactMap { item, expand in !expand && !oldSet.contains(item) ? item : nil }
            next.sort()
            c.sections[s].outline!.collapsed = next
        }
        return (.compositional(c), wanted.keys.min() ?? c.sections.count)
    }

    /// The outlines after a batch (`plan`) of `old`: levels and collapsed marks go with their items (moved ones
    /// too), inserted items of an outline section take `insertedLevels` (by index path after the batch, each
    /// required there and refused elsewhere), and a collapsed item left without descendants is a leaf. The levels
    /// are then checked with the rest of the spec. Items cannot move between a section with an outline and one
    /// without. Sections given whole with the batch keep their own outline.
    /// - Complexity: O(items of the outline sections changed).
    public func applying(outlines plan: UpdatePlan, old: LayoutSpec, insertedLevels: [LayoutIndexPath: Int32])
        throws(BatchError) -> LayoutSpec
    {
        guard case .compositional(var out) = self, case .compositional(let before) = old else {
            if let path = insertedLevels.keys.min() {
                throw BatchError(operation: 0, reason: "item \(path.section)/\(path.item) is given a level: only a list "
                                 + "or compositional layout has outlines")
            }
            return self
        }
        var used = 0
        for (k, p) in plan.sections.enumerated() where p.content == nil {
            let own = p.oldSection.flatMap { before.sections[$0].outline } != nil
            var levels: [Int32] = []
            var collapsed: [Int] = []
            var position = 0
            for run in p.runs {
                switch run {
                case .old(let s, let r), .reloaded(let s, let r, _):
                    let source = before.sections[s].outline
                    if (source != nil) != own {
                        throw BatchError(operation: 0, reason: "item \(s)/\(r.lowerBound) moves between a section with an "
                                         + "outline and one without")
                    }
                    guard let source else { break }
                    levels.append(contentsOf: source.levels[r])
                    var lo = 0
                    var hi = source.collapsed.count
                    while lo < hi {
                        let mid = (lo + hi) / 2
                        if source.collapsed[mid] < r.lowerBound { lo = mid + 1 } else { hi = mid }
                    }
                    while lo < source.collapsed.count, source.collapsed[lo] < r.upperBound {
                        collapsed.append(position + source.collapsed[lo] - r.lowerBound)
                        lo += 1
                    }
                case .inserted(let n, _):
                    for j in position..<(position + n) {
                        let path = LayoutIndexPath(section: k, item: j)
                        if let level = insertedLevels[path] {
                            guard own else {
                                throw BatchError(operation: 0, reason: "item \(k)/\(j) is given a level: section \(k) "
                                                 + "has no outline")
                            }
                            levels.append(level)
                            used += 1
                        } else if own {
                            throw BatchError(operation: 0, reason: "item \(k)/\(j) is inserted into a section with an "
                                             + "outline: give its level (levels)")
                        }
                    }
                }
                position += run.count
            }
            guard own else { continue }
            collapsed.sort()
            var outline = Outline(levels: levels)
            outline.collapsed = collapsed.filter { outline.hasDescendants($0) }
            out.sections[k].outline = outline
        }
        guard used == insertedLevels.count else {
            throw BatchError(operation: 0, reason: "levels are given for items that are not inserted into a section "
                             + "with an outline")
        }
        return .compositional(out)
    }
}

extension PreparedCompositionalLayout {
    /// Whether any section has an outline.
    public var hasOutline: Bool { !outlines.isEmpty }
}
