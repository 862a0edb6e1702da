import HTTPCore
import LayoutEngine
import LayoutStore
import LayoutWire

extension LayoutService {
    /// `POST /v1/layouts/{id}/updates`: `performBatchUpdates`. The new layout is registered (its id is its spec's,
    /// as if posted), and for the body's `rect` the answer says how every element visible before or after moves.
    func updates(_ request: HTTPRequest, id: String) throws(Problem) -> HTTPResponse {
        let old = try layout(id)
        let batch: BatchRequest
        do {
            batch = try BatchDecoder.decode(request.body, for: old.spec, limits: limits.spec,
                                            json: JSONLimits(maxDepth: limits.maxJSONDepth))
        } catch {
            throw ProblemMapping.problem(for: error)
        }
        if let old = old as? any RowColumnUpdates {
            return try rowColumnUpdates(request, id: id, old: old, batch: batch)
        }
        var spec: LayoutSpec
        let plan: UpdatePlan
        var first: (section: Int, item: Int)
        do {
            if !batch.outlineChanges.isEmpty {
                // Expand and collapse: every item keeps its index path; the outline takes the new collapsed set.
                plan = try UpdatePlan.make(oldCounts: old.spec.sectionCounts, operations: [])
                let (changed, section) = try old.spec.applying(outline: batch.outlineChanges)
                spec = changed
                first = (section, 0)
            } else {
                plan = try UpdatePlan.make(oldCounts: old.spec.sectionCounts, operations: batch.operations)
                spec = try old.spec.applying(plan, contents: batch.contents, frames: batch.frames,
                                             placements: batch.placements)
                    .applying(outlines: plan, old: old.spec, insertedLevels: batch.insertedLevels)
                first = Self.firstChange(plan, old)
            }
        } catch {
            throw Self.inconsistentBatch(error)
        }
        if batch.keepColumns { try Self.keepColumns(&spec, &first, of: old, plan: plan) }
        do {
            try spec.validate(limits: limits.spec, unchangedBefore: first)
        } catch {
            throw Self.invalidUpdate(error)
        }
        try checkText(spec)
        // The anchor is checked before anything is stored; it is an index path before the batch.
        let placement = batch.offsetGiven || batch.anchor != .firstVisible
            ? try Self.placement(of: batch.anchor, in: old, at: batch.offset) : nil
        // A batch that keeps columns is stored whole: replaying it would need the old layout's placement.
        let (newID, new, created) = try register(spec, updating: id, unchangedBefore: first, plan: plan,
                                                 frames: batch.frames,
                                                 change: batch.keepColumns ? nil : .updates(request.body))
        var animations: UpdateAnimations?
        if let rect = batch.rect {
            animations = UpdateAnimations.make(old: old, new: new, plan: plan, rect: rect, offset: batch.offset,
                                               limit: limits.maxElements)
            guard animations != nil else { throw tooManyToAnimate }
        }
        let contentOffset = placement.flatMap { placement in
            batch.offsetGiven
                ? new.contentOffset(keeping: placement, from: old,
                                    survivor: Self.shown(AnchorSurvivors(plan: plan, oldSectionCount: old.numberOfSections)
                                        .survivor(of:), new: new))
                : nil
        }
        var w = JSONWriter(capacity: 1024)
        UpdateEncoder.writeUpdateAnswer(id: newID, layout: new, animations: animations, contentOffset: contentOffset,
                                        into: &w)
        return Self.registered(newID, created: created, w)
    }

    /// `survivor` (an old anchor's stand-in before and after a batch), then, when the new layout hides it under a
    /// collapsed item of an outline, its nearest visible ancestor, which takes the anchor's place on screen.
    static func shown(_ survivor: @escaping (LayoutIndexPath) -> (old: LayoutIndexPath, new: LayoutIndexPath)?,
                      new: any PreparedLayout)
        -> (LayoutIndexPath) -> (old: LayoutIndexPath, new: LayoutIndexPath)?
    {
        guard let outlined = new as? any OutlinedLayout, outlined.hasOutline else { return survivor }
        return { path in
            guard let (o, n) = survivor(path), let shown = outlined.visibleStandIn(for: n) else { return nil }
            return (o, shown)
        }
    }

    /// A batch that breaks the index rules, pointing at the operation that does.
    static func inconsistentBatch(_ error: BatchError) -> Problem {
        Problem(.inconsistentBatch, detail: "/updates/\(error.operation): \(error.reason)",
                pointer: "/updates/\(error.operation)")
    }

    /// A batch whose updated layout fails validation.
    static func invalidUpdate(_ error: LayoutError) -> Problem {
        Problem(.invalidUpdate,
                detail: "the updated layout is invalid: \(JSONPointer.string(error.path)): \(error.reason)")
    }

    /// A batch's rect that holds more than `--max-elements` elements.
    var tooManyToAnimate: Problem {
        Problem(.tooManyElements, detail: "the rect holds more than \(limits.maxElements) elements (--max-elements)",
                pointer: "/rect")
    }

    /// `POST /v1/layouts/{id}/sizes`: self-sizing. The reported items take their sizes (a new layout, registered
    /// as if posted); `contentOffsetAdjustment` keeps the first visible cell still on screen.
    func sizes(_ request: HTTPRequest, id: String) throws(Problem) -> HTTPResponse {
        let old = try layout(id)
        if let refused = old.spec.sizeReportsRefused {
            throw Problem(.invalidSizeReport, detail: refused, pointer: "/sizes")
        }
        let report: SizeReport
        do {
            report = try SizeReportDecoder.decode(request.body, for: old.spec, limits: limits.spec,
                                                  json: JSONLimits(maxDepth: limits.maxJSONDepth))
        } catch {
            throw ProblemMapping.problem(for: error)
        }
        var spec: LayoutSpec
        var first: (section: Int, item: Int)
        do {
            let batch = SelfSizing.batch(report.sizes, contents: report.contents)
            let plan = try UpdatePlan.make(oldCounts: old.spec.sectionCounts, operations: batch.operations)
            spec = try old.spec.applying(plan, contents: batch.contents)
            first = Self.firstChange(plan, old)
            if report.keepColumns { try Self.keepColumns(&spec, &first, of: old, plan: plan) }
            try spec.validate(limits: limits.spec, unchangedBefore: first)
        } catch let error as BatchError {
            throw Problem(.invalidSizeReport, detail: error.reason, pointer: "/sizes")
        } catch let error as LayoutError {
            throw Problem(.invalidSizeReport,
                          detail: "the resized layout is invalid: \(JSONPointer.string(error.path)): \(error.reason)",
                          pointer: "/sizes")
        } catch {
            throw Problem(.invalidSizeReport, detail: "\(error)", pointer: "/sizes")
        }
        try checkText(spec)  // a layout given as content is measured again whole
        let placement = try Self.placement(of: report.anchor, in: old, at: report.offset)
        let (newID, new, created) = try register(spec, updating: id, unchangedBefore: first,
                                                 change: report.keepColumns ? nil : .sizes(request.body))
        let adjustment = SelfSizing.offsetAdjustment(old: old, new: new, offset: report.offset,
                                                     direction: spec.scrollDirection)
        var w = JSONWriter(capacity: 512)
        UpdateEncoder.writeSizesAnswer(id: newID, layout: new, contentOffsetAdjustment: adjustment,
                                       contentOffset: new.contentOffset(keeping: placement, from: old), into: &w)
        return Self.registered(newID, created: created, w)
    }

    /// `keepColumns`: every old item of the waterfall `spec` was made from keeps the first column it had in `old`
    /// (written into `spec`'s `itemColumns`); `first` moves to the first section whose columns that changes.
    static func keepColumns(_ spec: inout LayoutSpec, _ first: inout (section: Int, item: Int),
                            of old: any PreparedLayout, plan: UpdatePlan) throws(Problem)
    {
        guard let (kept, changed) = spec.keepingColumns(of: old, plan: plan) else {
            throw Problem(.invalidSpec, detail: "/keepColumns: \(BatchDecoder.keepColumnsRefused)",
                          pointer: "/keepColumns")
        }
        spec = kept
        if let changed, changed <= first.section { first = (changed, 0) }
    }

    /// The answer naming a registered layout: `201` when it is new, `200` when it was known, with its `Location`;
    /// the body adopts the writer's memory.
    static func registered(_ id: String, created: Bool, _ writer: consuming JSONWriter) -> HTTPResponse {
        var response = json(created ? 201 : 200, writer)
        response.headers.append(("Location", "/v1/layouts/\(id)"))
        return response
    }

    /// Where the updated layout can first differ from `old` (past its last section when nothing changes).
    static func firstChange(_ plan: UpdatePlan, _ old: any PreparedLayout) -> (section: Int, item: Int) {
        let counts = old.spec.sectionCounts
        return plan.firstChange(oldCounts: counts) ?? (counts.count, 0)
    }

    /// Registers an updated spec as if posted (same id), hashed and prepared from the old layout's prefix (what
    /// precedes `unchangedBefore` is the old layout's; a frames layout keeps the old index, given the batch's
    /// `plan` and `frames`), and archived as `change` on top of the old spec (whole without one).
    func register(_ spec: LayoutSpec, updating id: String, unchangedBefore first: (section: Int, item: Int),
                  plan: UpdatePlan? = nil, frames: FrameUpdates? = nil, change: SpecChange?)
        throws(Problem) -> (id: String, layout: any PreparedLayout, created: Bool)
    {
        try Self.storeCall { () throws(ArchiveError) in
            try store.add(spec.normalized(), derivedFrom: id, unchangedBefore: first, plan: plan, frames: frames,
                          change: change)
        }
    }
}
