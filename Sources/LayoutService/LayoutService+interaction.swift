import HTTPCore
import LayoutEngine
import LayoutWire

/// Hit testing, scroll targets, interactive movement and transitions.
extension LayoutService {
    /// `GET .../hit?point=x,y[&offset=x,y]`: `indexPathForItemAtPoint:`, or 404.
    func hit(_ request: HTTPRequest, layout: any PreparedLayout) throws(Problem) -> HTTPResponse {
        let point = try QueryParameters.requiredPoint(request, "point")
        let offset = try QueryParameters.point(request, "offset")
        let sectionOffsets = try CompositionalQueries.sectionOffsets(request, layout)
        let found = if let c = layout as? any OrthogonalSections, !sectionOffsets.isEmpty {
            c.itemIndexPath(at: point, offset: offset, sectionOffsets: sectionOffsets)
        } else {
            layout.itemIndexPath(at: point, offset: offset)
        }
        guard let path = found else {
            throw Problem(.noItem, detail: "no item at \(point.x),\(point.y)")
        }
        var w = JSONWriter(capacity: 64)
        AttributesEncoder.writeIndexPath(path, into: &w)
        return Self.json(200, w)
    }

    /// `GET .../target-offset?proposed=x,y[&velocity=x,y]`: where a fling ends.
    func targetOffset(_ request: HTTPRequest, layout: any PreparedLayout) throws(Problem) -> HTTPResponse {
        let proposed = try QueryParameters.requiredPoint(request, "proposed")
        let velocity = try QueryParameters.point(request, "velocity")
        let target: LayoutPoint
        if let section = try CompositionalQueries.section(request, layout),
           let c = layout as? any OrthogonalSections,
           let row = c.orthogonalTargetOffset(
               section: section, proposed: c.spec.scrollDirection == .vertical ? proposed.x : proposed.y,
               velocity: c.spec.scrollDirection == .vertical ? velocity.x : velocity.y)
        {
            // An orthogonal row (`section` checked to be one): its own offset along the row (x for a vertical
            // layout), 0 across.
            target = c.spec.scrollDirection == .vertical ? LayoutPoint(x: row, y: 0) : LayoutPoint(x: 0, y: row)
        } else {
            target = layout.targetContentOffset(proposed: proposed, velocity: velocity)
        }
        var w = JSONWriter(capacity: 64)
        AttributesEncoder.writePoint(target, into: &w)
        return Self.json(200, w)
    }

    /// `GET .../moving?item=s,i&position=x,y[&offset=x,y]`: the dragged item and its target index path.
    func moving(_ request: HTTPRequest, id: String, layout: any PreparedLayout) throws(Problem) -> HTTPResponse {
        let item = try QueryParameters.indexPath(request, "item")
        let position = try QueryParameters.requiredPoint(request, "position")
        let offset = try QueryParameters.point(request, "offset")
        guard let move = layout.interactiveMove(of: item, to: position, offset: offset) else {
            throw Problem(status: 404, detail: "layout \(id) has no item \(item.section)/\(item.item)")
        }
        var w = JSONWriter(capacity: 512)
        AttributesEncoder.writeMove(move, into: &w)
        return Self.json(200, w)
    }

    /// `GET /v1/transitions?from=A&to=B&progress=p&rect=x,y,w,h[&offset=x,y]`; nil on an event loop when a layout
    /// is not prepared or the rect holds more than the loop's budget (the caller answers it off the loop).
    func transition(_ request: HTTPRequest) throws(Problem) -> HTTPResponse? {
        guard let fromID = request.queryValue("from"), let toID = request.queryValue("to") else {
            throw QueryParameters.badParameter(request.queryValue("from") == nil ? "from" : "to", "is required: a layout id")
        }
        guard let from = try layout(fromID, onEventLoop: request.onEventLoop),
              let to = try layout(toID, onEventLoop: request.onEventLoop) else { return nil }
        if let why = Transition.mismatch(from, to) {
            throw Problem(.differentData, detail: "a transition needs layouts of the same data: \(why)",
                          parameter: "to")
        }
        let progress = try QueryParameters.fraction(request, "progress")
        let rect = try QueryParameters.rect(request)
        let offset = try QueryParameters.point(request, "offset")
        let limit = queryLimit(request)
        guard let elements = Transition.elements(from: from, to: to, progress: progress, in: rect, offset: offset,
                                                 limit: limit) else {
            if limit < limits.maxElements { return nil }  // more than a loop's budget: made off the loop
            throw Problem(.tooManyElements,
                          detail: "the rect holds more than \(limits.maxElements) elements (--max-elements)",
                          parameter: "rect")
        }
        let a = from.contentSize
        let b = to.contentSize
        let size = LayoutSize(width: a.width + (b.width - a.width) * progress, height: a.height + (b.height - a.height) * progress)
        var w = JSONWriter(capacity: 64 + elements.count * 240)
        AttributesEncoder.writeRectAnswer(contentSize: size, elements: elements, into: &w)
        return Self.json(200, w)
    }
}
