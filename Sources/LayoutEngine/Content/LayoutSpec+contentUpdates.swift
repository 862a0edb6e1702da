/// New content for items, given with a batch update or a size report: for inserted items by their index path after
/// the batch, for reloaded items by their index path before it (UIKit's index rules).
public struct ItemContents: Sendable, Hashable {
    public var inserted: [LayoutIndexPath: CellContent]
    public var reloaded: [LayoutIndexPath: CellContent]

    public init(inserted: [LayoutIndexPath: CellContent] = [:], reloaded: [LayoutIndexPath: CellContent] = [:]) {
        self.inserted = inserted
        self.reloaded = reloaded
    }

    public var isEmpty: Bool { inserted.isEmpty && reloaded.isEmpty }
}

extension LayoutSpec {
    /// `applying(plan, frames:)`, with content: a section given as content keeps each item's content (moved items take
    /// theirs along), reloaded items take their new content when given, inserted items must be given theirs.
    /// Content for an item of a section not given as content, or a content section's item without content, is a
    /// `BatchError`.
    /// - Complexity: O(items of content sections) on top of `applying(plan)`.
    public func applying(_ plan: UpdatePlan, contents given: ItemContents, frames: FrameUpdates? = nil,
                         placements: ItemPlacements = ItemPlacements()) throws(BatchError) -> LayoutSpec
    {
        let old = self
        var out = try applying(plan, frames: frames, placements: placements)
        guard old.hasContent || !given.isEmpty else { return out }
        var usedInserted = 0
        var usedReloaded = 0
        for (k, p) in plan.sections.enumerated() {
            // A section given whole with the batch keeps the content it was given.
            if p.content != nil { continue }
            let isContent = p.oldSection.map { old.contents(ofSection: $0) != nil } ?? false
            var list: [CellContent] = []
            var position = 0
            for run in p.runs {
                switch run {
                case .old(let s, let r), .reloaded(let s, let r, _):
                    let reloaded: Bool = if case .reloaded = run { true } else { false }
                    let source = old.contents(ofSection: s)
                    for i in r {
                        let path = LayoutIndexPath(section: s, item: i)
                        if reloaded, let content = given.reloaded[path] {
                            guard isContent else { throw Self.notContent(k) }
                            list.append(content)
                            usedReloaded += 1
                        } else if isContent {
                            guard let source else {
                                throw BatchError(operation: 0, reason: "item \(s)/\(i) has no content to take into "
                                                 + "section \(k), which is given as contents")
                            }
                            list.append(source[i])
                        }
                    }
                    position += r.count
                case .inserted(let n, _):
                    for j in position..<(position + n) {
                        let path = LayoutIndexPath(section: k, item: j)
                        if let content = given.inserted[path] {
                            guard isContent else { throw Self.notContent(k) }
                            list.append(content)
                            usedInserted += 1
                        } else if isContent {
                            throw BatchError(operation: 0, reason: "item \(k)/\(j) is inserted into a section given as "
                                             + "contents: give its content")
                        }
                    }
                    position += n
                }
            }
            if isContent { out.setContents(list, ofSection: k) }
        }
        guard usedInserted == given.inserted.count, usedReloaded == given.reloaded.count else {
            throw BatchError(operation: 0, reason: "content is given for items that are not inserted or reloaded")
        }
        return out
    }

    private static func notContent(_ section: Int) -> BatchError {
        BatchError(operation: 0, reason: "section \(section) is not given as contents: its items take sizes")
    }

    /// Section `s`'s content, nil when it is not given as content.
    func contents(ofSection s: Int) -> [CellContent]? { contentKind?.contents(ofSection: s) }

    /// Gives section `s` as `contents` (its items their count).
    mutating func setContents(_ contents: [CellContent], ofSection s: Int) {
        switch self {
        case .flow(var f):
            f.sections[s].contents = contents
            f.sections[s].items = .count(contents.count)
            self = .flow(f)
        case .waterfall(var w):
            w.sections[s].contents = contents
            w.sections[s].items = .lengths(Array(repeating: 0, count: contents.count))
            self = .waterfall(w)
        case .compositional(var c):
            c.sections[s].contents = contents
            c.sections[s].items = .count(contents.count)
            self = .compositional(c)
        case .circle, .wheel, .grid, .frames: break
        }
    }
}
