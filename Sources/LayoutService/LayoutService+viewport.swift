import HTTPCore
import LayoutEngine
import LayoutStore
import LayoutWire

/// Keeping the user's place: new view sizes, anchors and scroll-to (docs/viewport.md).
extension LayoutService {
    /// `POST /v1/layouts/{id}/bounds`: the same spec at a new view size (registered as if posted, stored as a
    /// change on the old spec), and the `contentOffset` that keeps the anchor in place.
    func bounds(_ request: HTTPRequest, id: String) throws(Problem) -> HTTPResponse {
        let old = try layout(id)
        let body: BoundsRequest
        do {
            body = try BoundsDecoder.decode(request.body, json: JSONLimits(maxDepth: limits.maxJSONDepth))
        } catch {
            throw ProblemMapping.problem(for: error)
        }
        let spec = old.spec.withViewport(body.viewport(from: old.spec.viewport))
        do {
            try spec.validate(limits: limits.spec)
        } catch {
            let pointer = JSONPointer.string(error.path)
            throw Problem(.invalidSpec, detail: "\(pointer): \(error.reason)", pointer: pointer)
        }
        try checkText(spec)  // a layout given as content is measured again whole, at its new widths
        let placement = try Self.placement(of: body.anchor, in: old, at: body.offset)
        let (newID, new, created) = try register(spec, updating: id, unchangedBefore: (0, 0),
                                                 change: .bounds(request.body))
        var w = JSONWriter(capacity: 512)
        SummaryEncoder.writeMembers(id: newID, layout: new, includeSpec: false, into: &w)
        w.raw(",\"contentOffset\":")
        AttributesEncoder.writePoint(new.contentOffset(keeping: placement, from: old), into: &w)
        w.raw("}")
        return Self.registered(newID, created: created, w)
    }

    /// `GET .../scroll-to?item=s,i|section=s&position=P[&offset=x,y]`: `scrollToItem(at:at:)`.
    func scrollTo(_ request: HTTPRequest, id: String, layout: any PreparedLayout) throws(Problem) -> HTTPResponse {
        guard let text = request.queryValue("position"), let position = ScrollPosition(rawValue: text) else {
            throw QueryParameters.badParameter(
                "position", "must be one of \(ScrollPosition.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let offset = try QueryParameters.point(request, "offset")
        let target: LayoutPoint?
        let what: String
        switch (request.queryValue("item"), request.queryValue("section")) {
        case (.some, nil):
            let path = try QueryParameters.indexPath(request, "item")
            target = layout.scrollOffset(toItem: path, at: position, from: offset)
            what = "item \(path.section)/\(path.item)"
        case (nil, .some(let s)):
            let section = try QueryParameters.index(s, "section")
            target = layout.scrollOffset(toSection: section, at: position, from: offset)
            what = "header or first item in section \(section)"
        default:
            throw QueryParameters.badParameter("item", "give either item=section,item or section=s")
        }
        guard let target else {
            throw Problem(.noItem, detail: "layout \(id) has no \(what)")
        }
        var w = JSONWriter(capacity: 64)
        AttributesEncoder.writePoint(target, into: &w)
        return Self.json(200, w)
    }

    /// Where `anchor` is in `layout` at `offset`; a 422 pointing at `/anchor` when it names no cell.
    static func placement(of anchor: ScrollAnchor, in layout: any PreparedLayout, at offset: LayoutPoint) throws(Problem)
        -> AnchorPlacement
    {
        guard let placement = layout.placement(of: anchor, at: offset) else {
            throw Problem(.invalidAnchor, detail: "/anchor: the layout has no such cell", pointer: "/anchor")
        }
        return placement
    }
}
