import HTTPCore
import LayoutEngine
import LayoutWire
import Synchronization
import TextShaping

/// `GET /v1/fonts`, `GET /v1/fonts/{family}/{weight}` and `POST /v1/measure` (docs/api.md, docs/text.md).
final class TextEndpoints: Sendable {
    /// What measures text: the store's (`LayoutStore.measurer`), which prepares cells given as content.
    let measurer: (any TextMeasurer)?
    /// The fonts text styles may name and the files served (nil: styles may name any, no file is served).
    let fonts: (any ServiceFonts)?
    /// The served font files, made on first request (a face of a collection is taken out of it then).
    private let bodies = Mutex<[String: HTTPBody]>([:])
    private let list: [UInt8]

    init(measurer: (any TextMeasurer)?, fonts: (any ServiceFonts)?) {
        self.measurer = measurer
        self.fonts = fonts
        var w = JSONWriter()
        w.raw("{\"families\":[")
        for (i, family) in (fonts?.families ?? []).enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"family\":"); w.string(family.name); w.raw(",\"weights\":[")
            for (k, weight) in family.weights.enumerated() {
                if k > 0 { w.raw(",") }
                w.int(weight)
            }
            w.raw("]}")
        }
        w.raw("],\"fallback\":[")
        for (i, name) in (fonts?.fallback ?? []).enumerated() {
            if i > 0 { w.raw(",") }
            w.string(name)
        }
        w.raw("]}")
        list = w.bytes
    }

    func fontList() -> HTTPResponse { LayoutService.json(200, list) }

    /// Checks text styles before anything is measured or stored: without a measurer they are refused (422
    /// `no-text-measurer`, pointing at `/textStyles`); each style's font must be one of `fonts` (422 `invalid-spec`
    /// naming `/textStyles/<name>/family` or `/weight`). Returns the measurer.
    @discardableResult
    func check(_ styles: [String: TextStyle]) throws(Problem) -> any TextMeasurer {
        guard let measurer else {
            throw Problem(.noTextMeasurer,
                          detail: "/textStyles: this service has no text measurer: cells given as content are not taken",
                          pointer: "/textStyles")
        }
        try fonts?.check(styles)
        return measurer
    }

    /// The file of a face, byte for byte what the service measures with: immutable, with the face's entity tag.
    /// `family` is as the path has it, percent-decoded by the server (libmicrohttpd decodes every path).
    func fontFile(_ request: HTTPRequest, family: String, weight rawWeight: String) throws(Problem)
        -> HTTPResponse
    {
        guard let weight = Int(rawWeight), let face = fonts?.face(family: family, weight: weight) else {
            throw Problem(status: 404, detail: "no font \"\(family)\" at weight \(rawWeight) (GET /v1/fonts lists them)")
        }
        let tag = face.entityTag
        let caching = [("ETag", tag), ("Cache-Control", HTTPCaching.cacheControl)]
        if HTTPCaching.matches(request, tag) { return HTTPResponse(status: 304, headers: caching) }
        let key = "\(family)/\(weight)"
        let body = bodies.withLock { bodies -> HTTPBody? in
            if let body = bodies[key] { return HTTPBody(sharing: body) }
            guard let bytes = face.bytes() else { return nil }
            let body = HTTPBody(bytes)
            bodies[key] = body
            return HTTPBody(sharing: body)
        }
        guard let body else { throw Problem(status: 500, detail: "the font file \(face.path) cannot be read") }
        return HTTPResponse(status: 200, headers: [("Content-Type", face.mediaType)] + caching, body: body)
    }

    /// The heights of cells given as their content.
    func measure(_ request: HTTPRequest, limits: ServiceLimits) throws(Problem) -> HTTPResponse {
        let body: MeasureRequest
        do {
            body = try MeasureRequest.decode(request.body, maxContents: limits.maxElements, limits: limits.spec,
                                             json: JSONLimits(maxDepth: limits.maxJSONDepth))
        } catch {
            throw ProblemMapping.problem(for: error)
        }
        let measurer = try check(body.textStyles)
        var w = JSONWriter()
        w.raw("{\"heights\":[")
        for (i, content) in body.contents.enumerated() {
            if i > 0 { w.raw(",") }
            w.number(content.height(width: body.widths[i], styles: body.textStyles, measurer: measurer))
        }
        w.raw("]}")
        return LayoutService.json(200, w)
    }
}
