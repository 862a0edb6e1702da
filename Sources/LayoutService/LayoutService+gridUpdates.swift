import HTTPCore
import LayoutEngine
import LayoutStore
import LayoutWire

extension LayoutService {
    /// `POST /v1/layouts/{id}/updates` on a grid: rows and columns inserted, deleted, moved and resized. The new
    /// grid is registered as if posted; the answer animates the rect's cells and, with `offset`, gives the
    /// `contentOffset` that keeps the anchor on both axes (`PreparedGridLayout.contentOffset(keeping:...)`).
    func gridUpdates(_ request: HTTPRequest, id: String, old: PreparedGridLayout, batch: BatchRequest)
        throws(Problem) -> HTTPResponse
    {
        let update: GridUpdate
        let spec: GridLayoutSpec
        do {
            (update, spec) = try old.gridSpec.applying(batch.gridOperations)
        } catch {
            throw Self.inconsistentBatch(error)
        }
        do {
            try LayoutSpec.grid(spec).validate(limits: limits.spec)
        } catch {
            throw Self.invalidUpdate(error)
        }
        // The anchor is checked before anything is stored; it is a cell before the batch. Only a cell can be
        // missing: the other anchors are always found.
        if case .item = batch.anchor { _ = try Self.placement(of: batch.anchor, in: old, at: batch.offset) }
        let (newID, layout, created) = try register(.grid(spec), updating: id, unchangedBefore: (0, 0),
                                                    change: .updates(request.body))
        guard let new = layout as? PreparedGridLayout else { preconditionFailure("a grid's spec prepares a grid") }
        var animations: UpdateAnimations?
        if let rect = batch.rect {
            animations = UpdateAnimations.make(old: old, new: new, update: update, rect: rect, offset: batch.offset,
                                               limit: limits.maxElements)
            guard animations != nil else { throw tooManyToAnimate }
        }
        let contentOffset = batch.offsetGiven
            ? new.contentOffset(keeping: batch.anchor, at: batch.offset, from: old, update: update) : nil
        var w = JSONWriter(capacity: 1024)
        UpdateEncoder.writeUpdateAnswer(id: newID, layout: new, animations: animations, contentOffset: contentOffset,
                                        into: &w)
        return Self.registered(newID, created: created, w)
    }
}
