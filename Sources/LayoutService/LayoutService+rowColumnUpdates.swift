import HTTPCore
import LayoutEngine
import LayoutStore
import LayoutWire

extension LayoutService {
    /// `POST /v1/layouts/{id}/updates` on a layout whose batches change rows and columns (`RowColumnUpdates`: a
    /// grid's rows and columns inserted, deleted, moved and resized). The new layout is registered as if posted;
    /// the answer animates the rect's cells and, with `offset`, gives the `contentOffset` that keeps the anchor on
    /// both axes.
    func rowColumnUpdates(_ request: HTTPRequest, id: String, old: any RowColumnUpdates, batch: BatchRequest)
        throws(Problem) -> HTTPResponse
    {
        let applied: (update: GridUpdate, spec: LayoutSpec)?
        do {
            applied = try old.spec.applying(rowsAndColumns: batch.gridOperations)
        } catch {
            throw Self.inconsistentBatch(error)
        }
        guard let (update, spec) = applied else {
            preconditionFailure("a layout with row and column updates has a spec they apply to")
        }
        do {
            try spec.validate(limits: limits.spec)
        } catch {
            throw Self.invalidUpdate(error)
        }
        // The anchor is checked before anything is stored; it is a cell before the batch. Only a cell can be
        // missing: the other anchors are always found.
        if case .item = batch.anchor { _ = try Self.placement(of: batch.anchor, in: old, at: batch.offset) }
        let (newID, new, created) = try register(spec, updating: id, unchangedBefore: (0, 0),
                                                 change: .updates(request.body))
        var animations: UpdateAnimations?
        if let rect = batch.rect {
            animations = old.animations(to: new, update: update, rect: rect, offset: batch.offset,
                                        limit: limits.maxElements)
            guard animations != nil else { throw tooManyToAnimate }
        }
        let contentOffset = batch.offsetGiven
            ? old.contentOffset(of: new, keeping: batch.anchor, at: batch.offset, update: update) : nil
        var w = JSONWriter(capacity: 1024)
        UpdateEncoder.writeUpdateAnswer(id: newID, layout: new, animations: animations, contentOffset: contentOffset,
                                        into: &w)
        return Self.registered(newID, created: created, w)
    }
}
