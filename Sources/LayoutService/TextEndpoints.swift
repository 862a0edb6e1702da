import HTTPCore
import LayoutEngine
import LayoutWire
import Synchronization
import TextShaping

/// `GET /v1/fonts`, `GET /v1/fonts/{family}/{weight}`, its slices `GET /v1/fonts/{family}/{weight}/{slice}`, the
/// stylesheet `GET /v1/fonts.css` and `POST /v1/measure` (docs/api.md, docs/text.md).
final class TextEndpoints: Sendable {
    /// What measures text: the store's (`LayoutStore.measurer`), which prepares cells given as content.
    let measurer: (any TextMeasurer)?
    /// The fonts text styles may name and the files served (nil: styles may name any, no file is served).
    let fonts: (any ServiceFonts)?
    /// The served font files in memory, within `--font-file-bytes`.
    let files: FontFiles
    /// The served slices in memory, within `--font-slice-bytes`.
    let slices: FontFiles
    /// Each face's slices, made when first asked for.
    let plans = FontSlices()
    private let list: [UInt8]
    /// The stylesheet, plain and gzipped (when gzip is on), made when first asked for (the catalog does not change),
    /// and its entity tag.
    private let stylesheetBodies = Mutex<(plain: HTTPBody, gzipped: HTTPBody?)?>(nil)
    private let stylesheetTag: String
    /// Held while the stylesheet is made: requests that come meanwhile wait for it rather than make it again.
    private let makingStylesheet = Mutex(())
    /// The gzip of answers made once (the stylesheet), as tiles' (`TileGzip`).
    private let gzip: TileGzip?

    init(measurer: (any TextMeasurer)?, fonts: (any ServiceFonts)?, fontFileBytes: Int, fontSliceBytes: Int = 64 << 20,
         gzip: TileGzip? = nil)
    {
        self.measurer = measurer
        self.fonts = fonts
        self.gzip = gzip
        self.files = FontFiles(budget: fontFileBytes)
        self.slices = FontFiles(budget: fontSliceBytes, flag: "--font-slice-bytes")
        var hash = FNV1a()
        hash.add("fonts.css " + FontSlicing.version, separator: 0xFF)
        for family in fonts?.families ?? [] {
            for weight in family.weights {
                hash.add(family.name, separator: 0xFF)
                hash.add(fonts?.face(family: family.name, weight: weight)?.entityTag ?? "", separator: 0xFF)
            }
        }
        stylesheetTag = hash.hex(prefix: UInt8(ascii: "\""), suffix: UInt8(ascii: "\""))
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

    /// The figures of `/metrics` on text: the word cache's and the font cache's (`TextShaper`), the font files in
    /// memory (`FontFiles`).
    var figures: [(name: String, isCounter: Bool, value: Int)] {
        var out: [(name: String, isCounter: Bool, value: Int)] = [
            ("font_file_bytes", false, files.statistics.bytes), ("font_slice_bytes", false, slices.statistics.bytes),
        ]
        if let shaper = measurer as? TextShaper {
            let words = shaper.cacheStatistics, fonts = shaper.fontCacheStatistics
            out += [
                ("word_cache_entries", false, words.entries), ("word_cache_bytes", false, words.bytes),
                ("font_cache_entries", false, fonts.entries), ("font_cache_bytes", false, fonts.bytes),
                ("font_cache_evictions_total", true, fonts.evictions),
            ]
        }
        return out
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
    /// `family` is as the path has it, percent-decoded by the server (libmicrohttpd decodes every path, so `%34%30%30`
    /// is `400`); the weight is its canonical decimal (`0400` and `+400` name no font: one file, one URL). Nil on an
    /// event loop when the file is not in memory: it is read from disk off the loop.
    func fontFile(_ request: HTTPRequest, family: String, weight rawWeight: String) throws(Problem)
        -> HTTPResponse?
    {
        let face = try servedFace(family: family, weight: rawWeight)
        let tag = face.entityTag
        let caching = [("ETag", tag), ("Cache-Control", HTTPCaching.cacheControl)]
        if HTTPCaching.matches(request, tag) { return HTTPResponse(status: 304, headers: caching) }
        if request.onEventLoop && !files.holds(.init(face)) { return nil }
        let body = try files.body(of: face)
        return HTTPResponse(status: 200, headers: [("Content-Type", face.mediaType)] + caching, body: body)
    }

    /// The face a path names: the family percent-decoded, the weight its canonical decimal; else a 404.
    private func servedFace(family: String, weight rawWeight: String) throws(Problem) -> FontFace {
        guard let weight = Int(rawWeight), String(weight) == rawWeight,
            let face = fonts?.face(family: family, weight: weight)
        else {
            throw Problem(status: 404, detail: "no font \"\(family)\" at weight \(rawWeight) (GET /v1/fonts lists them)")
        }
        return face
    }

    /// A slice of a large face (`FontSlicing`): the face cut down by HarfBuzz's subsetter to the slice's code points,
    /// made when first asked for (O(face), off the event loop) and kept within `--font-slice-bytes`; immutable, with
    /// an entity tag of the face's file, the slicing rules and the slice. The slice is its canonical decimal, below
    /// the face's count of slices; a face served whole has none (`404`). Nil on an event loop when the slice (or the
    /// face's plan) is not in memory.
    func fontSlice(_ request: HTTPRequest, family: String, weight rawWeight: String, slice rawSlice: String)
        throws(Problem) -> HTTPResponse?
    {
        let face = try servedFace(family: family, weight: rawWeight)
        guard let slice = Int(rawSlice), slice >= 0, String(slice) == rawSlice else {
            throw Problem(status: 404, detail: "no slice \"\(rawSlice)\" of \"\(family)\" \(rawWeight) (GET /v1/fonts.css lists them)")
        }
        var hash = FNV1a()
        hash.add(face.entityTag, separator: 0xFF)
        hash.add("slice " + FontSlicing.version + " " + rawSlice, separator: 0xFF)
        let tag = hash.hex(prefix: UInt8(ascii: "\""), suffix: UInt8(ascii: "\""))
        let caching = [("ETag", tag), ("Cache-Control", HTTPCaching.cacheControl)]
        if HTTPCaching.matches(request, tag) { return HTTPResponse(status: 304, headers: caching) }
        let key = FontFiles.Key(face, slice: slice)
        if request.onEventLoop && !(plans.madePlan(for: face) != nil && slices.holds(key)) { return nil }
        guard let plan = plans.plan(for: face) else {
            throw Problem(status: 500, detail: "the font file \(face.path) cannot be read")
        }
        guard !plan.isWhole, slice < plan.slices.count else {
            let detail = plan.isWhole
                ? "\"\(family)\" \(rawWeight) is served whole, at /v1/fonts/{family}/{weight}"
                : "\"\(family)\" \(rawWeight) has \(plan.slices.count) slices, 0 to \(plan.slices.count - 1)"
            throw Problem(status: 404, detail: detail + " (GET /v1/fonts.css lists them)")
        }
        let body = try slices.body(of: key) { () throws(Problem) in
            guard let bytes = FontSubsetter.subset(face, codePoints: plan.slices[slice]) else {
                throw Problem(status: 500, detail: "slice \(slice) of the font file \(face.path) cannot be made")
            }
            return HTTPBody(bytes)
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", face.mediaType)] + caching, body: body)
    }

    /// The stylesheet declaring every face and slice (`FontStylesheet`): made when first asked for (O(every face),
    /// off the event loop), then kept. It changes only with the catalog: its entity tag is the faces' files' and
    /// the slicing rules'; caches revalidate it (`no-cache`). It is gzipped once, when made, and sent gzipped to
    /// a client that takes it. Nil on an event loop before it is made.
    func stylesheet(_ request: HTTPRequest) throws(Problem) -> HTTPResponse? {
        var headers = [("ETag", stylesheetTag), ("Cache-Control", "no-cache")]
        if HTTPCaching.matches(request, stylesheetTag) { return HTTPResponse(status: 304, headers: headers) }
        var bodies = stylesheetBodies.withLock { $0 }
        if bodies == nil {
            if request.onEventLoop { return nil }
            bodies = makingStylesheet.withLock { _ in
                if let made = stylesheetBodies.withLock({ $0 }) { return made }  // made while this one waited
                let plain = HTTPBody(Array((fonts.map { FontStylesheet.text(of: $0, plans: plans) } ?? "").utf8))
                let gzipped = gzip.flatMap {
                    $0.compress(UnsafeRawBufferPointer(start: plain.baseAddress, count: plain.count))
                }
                stylesheetBodies.withLock { $0 = (plain, gzipped) }
                return (plain, gzipped)
            }
        }
        headers.append(("Content-Type", "text/css; charset=utf-8"))
        if let gzip, let gzipped = bodies!.gzipped {
            headers.append(("Vary", "Accept-Encoding"))
            if gzip.accepts(request) {
                headers.append(("Content-Encoding", "gzip"))
                return HTTPResponse(status: 200, headers: headers, body: HTTPBody(sharing: gzipped))
            }
        }
        return HTTPResponse(status: 200, headers: headers, body: HTTPBody(sharing: bodies!.plain))
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
        try fonts?.checkCoverage(body.contents, styles: body.textStyles, at: [.key("contents")])
        if let shaper = measurer as? TextShaper, limits.maxUncachedTextBytes > 0,
            Self.textBytes([body.contents]) > limits.maxUncachedTextBytes
        {
            var budget = TextBudget(limit: limits.maxUncachedTextBytes)
            try Self.charge(body.contents, styles: body.textStyles, shaper: shaper, budget: &budget,
                            at: [.key("contents")])
        }
        var w = JSONWriter()
        w.raw("{\"heights\":[")
        for (i, content) in body.contents.enumerated() {
            if i > 0 { w.raw(",") }
            w.number(content.height(width: body.widths[i], styles: body.textStyles, measurer: measurer))
        }
        w.raw("]}")
        return LayoutService.json(200, w)
    }

    /// The UTF-8 bytes of the text of every block: a bound of what the budget would count (requests within it are
    /// not counted).
    static func textBytes(_ lists: [[CellContent]]) -> Int {
        lists.reduce(0) { sum, contents in
            contents.reduce(sum) { sum, cell in cell.blocks.reduce(sum) { $0 + $1.text.utf8.count } }
        }
    }

    /// Counts the text of `contents` (at `path`) into `budget`, cell by cell and block by block: a `422`
    /// `limit-exceeded` naming the block's text where the budget runs out (`--max-uncached-text-bytes`).
    static func charge(_ contents: [CellContent], styles: [String: TextStyle], shaper: TextShaper,
                       budget: inout TextBudget, at path: [SpecPathComponent]) throws(Problem)
    {
        for (i, content) in contents.enumerated() {
            for (k, block) in content.blocks.enumerated() {
                guard let style = styles[block.style] else { continue }
                if shaper.charge(block.text, style: style, to: &budget) { continue }
                let pointer = JSONPointer.string(path + [.index(i), .key("blocks"), .index(k), .key("text")])
                throw Problem(.limitExceeded,
                              detail: "\(pointer): the request's text to shape (words the word cache does not hold) "
                                  + "exceeds the limit of \(budget.limit) bytes (--max-uncached-text-bytes)",
                              pointer: pointer)
            }
        }
    }
}
