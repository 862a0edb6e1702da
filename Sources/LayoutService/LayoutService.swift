public import HTTPCore
public import LayoutStore
import LayoutEngine
import LayoutWire
import Synchronization

/// The HTTP API (docs/api.md) over a `LayoutStore`. Runs synchronously on the server's worker threads:
/// handler -> store (one short lock) -> prepared layout (no lock).
public final class LayoutService: HTTPHandler {
    public let store: LayoutStore
    public let limits: ServiceLimits
    let crossOrigin: CrossOrigin
    private let draining = Atomic<Bool>(false)
    /// Admits POSTs by the bytes of their bodies (`limits.maxPostBytesInFlight`), queueing those that must wait.
    let posts: PostAdmission
    /// Encoded tiles, plain and gzipped (`limits.tileCacheBytes`).
    let tiles: BytesCache<TileKey, EncodedTile>
    /// How tiles are gzipped (nil: they are not).
    let tileGzip: TileGzip?
    /// The fonts text is measured with, and the bodies that serve them (`GET /v1/fonts`, `POST /v1/measure`).
    let text: TextEndpoints
    /// Where program runs and text measuring go, apart from the POST pool (`limits.clientWorkThreads`).
    let clientWork: ClientWorkQueue

    /// Text (cells given as content, `POST /v1/measure`) is measured by the store's measurer, with `fonts`: the
    /// fonts a spec's styles may name, which `GET /v1/fonts` serves (nil: styles may name any, none is served).
    public init(store: LayoutStore, limits: ServiceLimits = ServiceLimits(), tileGzip: TileGzip? = nil,
                fonts: (any ServiceFonts)? = nil) {
        self.text = TextEndpoints(measurer: store.measurer, fonts: fonts, fontFileBytes: limits.fontFileBytes,
                                  fontSliceBytes: limits.fontSliceBytes, gzip: tileGzip)
        self.store = store
        self.limits = limits
        self.crossOrigin = CrossOrigin(origins: limits.corsOrigins)
        self.tiles = BytesCache(capacityBytes: limits.tileCacheBytes)
        self.posts = PostAdmission(budgetBytes: limits.maxPostBytesInFlight, maxConcurrent: limits.maxConcurrentPosts,
                                   maxWaiting: limits.maxQueuedPosts, maxWaitSeconds: limits.postQueueSeconds)
        self.tileGzip = tileGzip
        self.clientWork = ClientWorkQueue(threads: limits.clientWorkThreads, maxWaiting: limits.maxQueuedPosts,
                                          maxWaitSeconds: limits.postQueueSeconds)
    }

    /// The route template of a path (`/v1/layouts/{id}`), or nil when no endpoint is there.
    public static func routeTemplate(path: String) -> String? { Route(path: path).map { "\($0.template)" } }

    /// The route template of a path as the responses carry it (`HTTPResponse.route`), for layers in front that
    /// answer without the service (the access handler's refusals).
    public static func routeTemplateLiteral(path: String) -> StaticString? { Route(path: path)?.template }

    /// From now on `GET /readyz` answers 503, and no POST waits in the POST queue: those waiting and later ones
    /// that do not fit at once are refused (503 `busy`, `Retry-After`), so the queue cannot hold shutdown (call it
    /// when shutdown starts).
    public func markDraining() {
        draining.store(true, ordering: .relaxed)
        posts.stopQueueing()
        clientWork.stopQueueing()
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let route = Route(path: request.path)  // the one parse of the path
        // Responses are made once and changed in place, each returned from one place: a response assigned in
        // branches and then returned is copied (its body and headers retained and released once more). A deferred
        // answer's work is this method again, off the loop (`offLoop`), so its answer is finished here too.
        var response = respond(route, request)
        response.route = route?.template
        addCrossOrigin(&response, request)
        return response
    }

    /// The route's answer, or the problem it threw.
    private func respond(_ route: Route?, _ request: HTTPRequest) -> HTTPResponse {
        do throws(Problem) {
            guard let route else { throw Problem(status: 404, detail: "no endpoint at \(request.path)") }
            return try self.route(route, request)
        } catch {
            return error.response
        }
    }

    private func addCrossOrigin(_ response: inout HTTPResponse, _ request: HTTPRequest) {
        if let origin = crossOrigin.allowedOrigin(request), !response.hasHeader("Access-Control-Allow-Origin") {
            response.headers.append(("Access-Control-Allow-Origin", origin))
            // Scripts of other origins read the tag to revalidate with If-None-Match (the JavaScript client does).
            if response.hasHeader("ETag") { response.headers.append(("Access-Control-Expose-Headers", "ETag")) }
            if origin != "*" { response.headers.append(("Vary", "Origin")) }
        }
    }

    private func route(_ route: Route, _ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        if request.method == "OPTIONS" { return crossOrigin.preflight(request, methods: route.methods) }
        try QueryParameters.refuseUnknown(request, route)
        // On an event loop, what may wait is answered off it: a DELETE (the archive), and below, a layout that is
        // not prepared or an id not in memory.
        if request.onEventLoop, case .layout = route, request.method == "DELETE" { return offLoop() }
        // Immutable answers: the layout is looked up once (a 404 when unknown), and a client that has this answer
        // gets a 304 before any other work is done.
        var entityTag: String?
        var layout: (any PreparedLayout)?
        if request.method == "GET" || request.method == "HEAD", let id = route.immutableLayoutID {
            if case .tile = route {
                // A tile is answered from the tile cache when it is there, without its layout: only whether the
                // id is known is checked (an evicted layout is not prepared again for a tile it has already).
                if let waiting = try whetherKnown(id, request) { return waiting }
            } else if let cached = store.cachedLayout(id: id) {
                layout = cached
            } else if HTTPCaching.matches(request, HTTPCaching.entityTag(request)) {
                // A client that has this answer gets its 304 below without the layout being prepared again (the
                // tag is the request's: an id's answers never change); only whether the id is known is checked.
                // (The tag is made again below: this is a cache miss, and the hot path keeps its order.)
                if let waiting = try whetherKnown(id, request) { return waiting }
            } else if request.onEventLoop {
                return offLoop()  // to prepare (or an unknown id, which may need the archive to tell)
            } else {
                layout = try self.layout(id)
            }
            let tag = HTTPCaching.entityTag(request)
            if HTTPCaching.matches(request, tag) {
                return HTTPResponse(status: 304, headers: [("ETag", tag), ("Cache-Control", HTTPCaching.cacheControl)])
            }
            entityTag = tag
        }
        var response = try answer(route, request, layout: layout)
        if let entityTag { Self.addCaching(&response, tag: entityTag) }
        return response
    }

    /// Checks that `id` is known without preparing it: nil when it is, a 404 problem thrown when it is not, and on
    /// an event loop, the route's answer made off it when the archive has to tell.
    private func whetherKnown(_ id: String, _ request: HTTPRequest) throws(Problem) -> HTTPResponse? {
        if request.onEventLoop { return store.isLoaded(id: id) ? nil : offLoop() }
        guard try Self.storeCall({ () throws(ArchiveError) in try store.knows(id: id) }) else {
            throw Self.unknownLayout(id)
        }
        return nil
    }

    /// The request's answer made off the event loop (`HTTPResponse.offLoop`), where it may wait: by `handle`, so
    /// that it is finished (route, CORS) as any other.
    func offLoop() -> HTTPResponse {
        .offLoop { [self] request in handle(request) }
    }

    /// The entity tag and `Cache-Control` of an immutable answer (a 200).
    private static func addCaching(_ response: inout HTTPResponse, tag: String) {
        guard response.status == 200 else { return }
        // A gzipped answer's tag is weak (the bytes differ, the content does not), as CompressingHandler does.
        response.headers.append(("ETag", response.hasHeader("Content-Encoding") ? "W/" + tag : tag))
        response.headers.append(("Cache-Control", HTTPCaching.cacheControl))
    }

    /// The answer of a route; `found` is the route's layout when `route(_:_:)` looked it up already.
    private func answer(_ route: Route, _ request: HTTPRequest, layout found: (any PreparedLayout)?) throws(Problem)
        -> HTTPResponse
    {
        func layout(_ id: String) throws(Problem) -> any PreparedLayout {
            if let found { return found }
            return try self.layout(id)
        }
        guard route.methods.contains(request.method) else {
            throw Problem(status: 405, detail: "\(request.path) answers \(route.methods.joined(separator: ", "))",
                          headers: [("Allow", route.methods.joined(separator: ", "))])
        }
        switch route {
        case .health:
            return Self.json(200, Array("{\"status\":\"ok\"}".utf8))
        case .ready:
            if draining.load(ordering: .relaxed) { return Self.json(503, Array("{\"status\":\"draining\"}".utf8)) }
            // Not ready while writes to the archive fail (until one succeeds, or the store's probe does).
            if let failure = store.writeFailure {
                return Self.json(503, Array("{\"status\":\"store-failing\",\"detail\":\(Problem.quoted(failure))}".utf8))
            }
            return Self.json(200, Array("{\"status\":\"ready\"}".utf8))
        case .playground:
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
                                body: Playground.page)
        case .clientScript(let path):
            guard let response = ClientScript.response(request, path: path) else {
                throw Problem(status: 404, detail: "no client file \(path) (\(ClientScript.files.keys.sorted().joined(separator: ", ")))")
            }
            return response
        case .exampleProgram(let name):
            guard let response = ExamplePrograms.response(name) else {
                let names = ExamplePrograms.modules.keys.sorted().joined(separator: ", ")
                throw Problem(status: 404, detail: "no example program \(name) (\(names))")
            }
            return response
        case .render(let id):
            return try picture(request, layout: try layout(id))
        case .hit(let id):
            return try hit(request, layout: try layout(id))
        case .targetOffset(let id):
            return try targetOffset(request, layout: try layout(id))
        case .moving(let id):
            return try moving(request, id: id, layout: try layout(id))
        case .transitions:
            return try transition(request) ?? offLoop()
        case .updates(let id):
            return try bounded(request) { () throws(Problem) in try updates(request, id: id) }
        case .sizes(let id):
            return try bounded(request) { () throws(Problem) in try sizes(request, id: id) }
        case .bounds(let id):
            return try bounded(request) { () throws(Problem) in try bounds(request, id: id) }
        case .scrollTo(let id):
            return try scrollTo(request, id: id, layout: try layout(id))
        case .layouts:
            return try bounded(request) { () throws(Problem) in try postLayout(request) }
        case .programs:
            return try bounded(request) { () throws(Problem) in try postProgram(request) }
        case .program(let id):
            return try program(request, id: id)
        case .fonts:
            return text.fontList()
        case .font(let family, let weight):
            return try text.fontFile(request, family: family, weight: weight) ?? offLoop()
        case .fontSlice(let family, let weight, let slice):
            return try text.fontSlice(request, family: family, weight: weight, slice: slice) ?? offLoop()
        case .fontStylesheet:
            return try text.stylesheet(request) ?? offLoop()
        case .measure:
            return try bounded(request) { () throws(Problem) in
                clientWork(request) { [self] () throws(Problem) in try text.measure(request, limits: limits) }
            }
        case .layout(let id):
            if request.method == "DELETE" {
                guard try Self.storeCall({ () throws(ArchiveError) in try store.remove(id: id) }) else {
                    throw Self.unknownLayout(id)
                }
                tiles.removeAll { $0.id == id }  // never answered again (a tile's GET asks the store first)
                return HTTPResponse(status: 204)
            }
            return Self.json(200, SummaryEncoder.bytes(id: id, layout: try layout(id), includeSpec: true))
        case .attributes(let id):
            return try attributes(request, layout: try layout(id))
        case .tile(let id, let index, let column):
            // On an event loop, a tile to encode for a layout that is not prepared is answered off it. (Written out
            // here: `layout(_:onEventLoop:)` called from this closure adds retains to every cached tile.)
            return try tile(request, id: id, index: index, column: column) { () throws(Problem) in
                request.onEventLoop ? store.cachedLayout(id: id) : try layout(id)
            } ?? offLoop()
        case .item(let id, let section, let item):
            return try element(request, id: id, layout: try layout(id), section: section, item: item,
                               describe: "item") { (layout, path, offset) throws(Problem) in
                if let c = layout as? any OrthogonalSections {
                    return c.attributesForItem(at: path, offset: offset,
                                               sectionOffsets: try CompositionalQueries.sectionOffsets(request, c))
                }
                return layout.attributesForItem(at: path, offset: offset)
            }
        case .supplementary(let id, let kind, let section, let item):
            return try element(request, id: id, layout: try layout(id), section: section, item: item,
                               describe: "\(kind) view") {
                (layout, path, offset) throws(Problem) in
                if let c = layout as? any OrthogonalSections {
                    return c.attributesForSupplementaryView(ofKind: kind, at: path, offset: offset,
                                                            sectionOffsets: try CompositionalQueries.sectionOffsets(request, c))
                }
                return layout.attributesForSupplementaryView(ofKind: kind, at: path, offset: offset)
            }
        case .decoration(let id, let kind, let section, let item):
            return try element(request, id: id, layout: try layout(id), section: section, item: item,
                               describe: "\(kind) decoration") {
                (layout, path, offset) throws(Problem) in
                layout.attributesForDecorationView(ofKind: kind, at: path, offset: offset)
            }
        }
    }

    /// Runs a POST (the heavy requests: parse, hash, prepare) once its body fits the bytes in flight
    /// (`PostAdmission`), else, after waiting up to `limits.postQueueSeconds`, a 503 with `Retry-After`.
    private func bounded(_ request: HTTPRequest, _ post: () throws(Problem) -> HTTPResponse) throws(Problem)
        -> HTTPResponse
    {
        guard let response = try posts.run(size: request.body.count, post) else {
            throw Problem(
                .busy,
                detail: "POST bodies of \(limits.maxPostBytesInFlight) bytes are being handled "
                    + "(--max-post-bytes-in-flight) and this one waited \(limits.postQueueSeconds) s "
                    + "(--post-queue-seconds) without room; try again", headers: [("Retry-After", "1")])
        }
        return response
    }

    /// One element's attributes by index path (and offset), or a 404 naming it.
    private func element(_ request: HTTPRequest, id: String, layout: any PreparedLayout, section: String,
                         item: String, describe: String,
                         _ lookup: (any PreparedLayout, LayoutIndexPath, LayoutPoint) throws(Problem) -> LayoutAttributes?)
        throws(Problem)
        -> HTTPResponse
    {
        let path = LayoutIndexPath(section: try QueryParameters.index(section, "section"),
                             item: try QueryParameters.index(item, "item"))
        let offset = try QueryParameters.point(request, "offset")
        guard let a = try lookup(layout, path, offset) else {
            throw Problem(status: 404, detail: "layout \(id) has no \(describe) at \(path.section)/\(path.item)")
        }
        return Self.json(200, AttributesEncoder.bytes(a))
    }

    /// `POST /v1/layouts`: decode, validate, register (preparing once), answer 201 or 200 with the summary.
    /// A program's spec runs its program (`postProgramLayout`), off the event loop.
    private func postLayout(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        let posted: PostedSpec
        do {
            posted = try SpecDecoder.decodePosted(request.body, limits: limits.spec,
                                                  json: JSONLimits(maxDepth: limits.maxJSONDepth))
        } catch {
            throw ProblemMapping.problem(for: error)
        }
        let spec: LayoutSpec
        switch posted {
        case .layout(let layout): spec = layout
        case .program(let program):
            return request.onEventLoop ? offLoop() : clientWork(request) { [self] () throws(Problem) in
                try postProgramLayout(program)
            }
        }
        try checkText(spec)
        // Cells given as content are measured as the layout is prepared: work whose cost the client chooses.
        if spec.hasContent {
            return clientWork(request) { [self] () throws(Problem) in try add(spec) }
        }
        return try add(spec)
    }

    /// Registers a spec (preparing it once) and answers with its summary.
    private func add(_ spec: LayoutSpec) throws(Problem) -> HTTPResponse {
        let (id, layout, created) = try Self.storeCall { () throws(ArchiveError) in try store.add(spec) }
        return Self.created(created, id: id, layout: layout)
    }

    /// `work`'s answer made on the queue of work whose cost the client chooses (`ClientWorkQueue`), so the POST
    /// pool's thread goes on to other POSTs; a 503 `busy` with `Retry-After` when the queue refuses it.
    func clientWork(_ request: HTTPRequest, _ work: @escaping @Sendable () throws(Problem) -> HTTPResponse)
        -> HTTPResponse
    {
        .offLoop(on: clientWork) { [self] request in
            var response: HTTPResponse
            do throws(Problem) {
                guard request.admitted else {
                    throw Problem(
                        .busy,
                        detail: "\(limits.clientWorkThreads) program runs or text measures are running "
                            + "(--client-work-threads) and this one waited \(limits.postQueueSeconds) s "
                            + "(--post-queue-seconds) without a thread; try again", headers: [("Retry-After", "1")])
                }
                response = try work()
            } catch {
                response = error.response
            }
            response.route = Route(path: request.path)?.template
            addCrossOrigin(&response, request)
            return response
        }
    }

    /// `GET .../attributes?rect=x,y,w,h[&offset=x,y][&limit=n[&cursor=c]]`: `layoutAttributesForElementsInRect:`,
    /// whole (at most `maxElements`, else a 422) or by pages of `limit` elements (`next` names the next page).
    private func attributes(_ request: HTTPRequest, layout: any PreparedLayout) throws(Problem) -> HTTPResponse {
        let rect = try QueryParameters.rect(request)
        let offset = try QueryParameters.point(request, "offset")
        let format = try QueryParameters.format(request)
        var page: (take: Int, cursor: PageCursor)?
        if let text = request.queryValue("limit") {
            let take = try QueryParameters.index(text, "limit")
            guard take >= 1, take <= limits.maxElements else {
                throw QueryParameters.badParameter("limit", "must be 1 to \(limits.maxElements) (--max-elements)")
            }
            let query = PageCursor.queryHash(request)
            let cursor = try request.queryValue("cursor").map { text throws(Problem) in try PageCursor(text, query: query) }
            page = (take, cursor ?? PageCursor(skip: 0, query: query))
        } else if request.queryValue("cursor") != nil {
            throw QueryParameters.badParameter("cursor", "goes with the limit it came with")
        }
        let skip = page?.cursor.skip ?? 0
        let take = page?.take ?? limits.maxElements
        // A page costs the elements before it too: past the loop's budget it is made off the loop. On the loop a
        // whole answer stops at the loop's budget; one that needs more is made again off it.
        let loopBudget = min(limits.loopElements, limits.maxElements)
        if request.onEventLoop, page != nil, take > loopBudget || skip > loopBudget - take { return offLoop() }
        let loopTake = request.onEventLoop ? min(take, loopBudget) : take
        let sectionOffsets = try CompositionalQueries.sectionOffsets(request, layout)
        if page == nil, sectionOffsets.isEmpty {
            // A rect past the limit that the layout's index can tell (a pile of frames) is refused at once.
            if layout.holdsMoreElements(than: take, in: rect) { throw tooManyElements() }
            // Whole answers are written as the query gives their elements (the writer is the query's sink), plain
            // cells as an index path and a frame: no list of attributes in between (the columnar answer keeps six
            // numbers a cell until it writes its columns).
            switch format {
            case .full:
                var answer = RectAnswerWriter(contentSize: layout.contentSize,
                                              offsetAdjustment: layout.wrapAdjustment(for: offset), capacity: 32 << 10)
                guard RectQuery.elements(of: layout, in: rect, offset: offset, limit: loopTake, into: &answer) else {
                    if loopTake < take { return offLoop() }
                    throw tooManyElements()
                }
                return Self.json(200, answer.finish())
            case .columns:
                var answer = ColumnsAnswerWriter(contentSize: layout.contentSize,
                                                 offsetAdjustment: layout.wrapAdjustment(for: offset))
                guard RectQuery.elements(of: layout, in: rect, offset: offset, limit: loopTake, into: &answer) else {
                    if loopTake < take { return offLoop() }
                    throw tooManyElements()
                }
                return Self.json(200, answer.finish())
            }
        }
        // Reserved for a full screen of small cells (the list rarely grows: each growth copies it), and kept
        // under 64 KiB: glibc gives larger blocks back to the system when they are freed (a madvise per request).
        var list = ElementList(skip: skip, take: loopTake, reservingCapacity: min(loopTake, 200))
        // Elements skipped to reach a page count as looked at: paging costs O(skip + limit) per page.
        let (limit, overflow) = skip.addingReportingOverflow(loopTake)
        let complete = if let c = layout as? any OrthogonalSections {
            c.elements(in: rect, offset: offset, sectionOffsets: sectionOffsets, limit: overflow ? .max - 1 : limit, into: &list)
        } else {
            layout.elements(in: rect, offset: offset, limit: overflow ? .max - 1 : limit, into: &list)
        }
        var next: String?
        if !complete {
            if loopTake < take { return offLoop() }  // a whole answer (pages past the budget are off the loop)
            guard let page else { throw tooManyElements() }
            // The query stops at `skip + take` elements, or earlier when it looked at that many items (or crossed
            // that many sections) without finding as many elements: the next page starts after the last one given.
            let given = min(list.count, skip + take)
            guard given > skip else {
                throw Problem(
                    .tooManyElements,
                    detail: "more than \(skip + take) items were looked at without reaching this page; query "
                        + "smaller rects", parameter: "rect")
            }
            next = PageCursor(skip: given, query: page.cursor.query).text
        }
        switch format {
        case .full:
            var w = JSONWriter(capacity: 64 + list.elements.count * 240)
            AttributesEncoder.writeRectAnswer(contentSize: layout.contentSize, elements: list.elements,
                                              offsetAdjustment: layout.wrapAdjustment(for: offset), next: next,
                                              into: &w)
            return Self.json(200, w)
        case .columns:
            var w = JSONWriter(capacity: 128 + list.elements.count * 48)
            ColumnsEncoder.writeAnswer(contentSize: layout.contentSize, elements: list.elements,
                                       offsetAdjustment: layout.wrapAdjustment(for: offset), next: next, into: &w)
            return Self.json(200, w)
        }
    }

    /// A rect holds more elements than a whole answer may (made only when it happens: the text is formatted).
    private func tooManyElements() -> Problem {
        Problem(
            .tooManyElements,
            detail: "the rect holds more than \(limits.maxElements) elements (--max-elements); query smaller rects, "
                + "or pages of them (limit, cursor)",
            parameter: "rect")
    }

    /// `GET .../render.svg[?rect=x,y,w,h][&offset=x,y]`: the elements of a rect (default: the whole content, for
    /// layouts of at most `maxPictureElements` elements) as SVG.
    private func picture(_ request: HTTPRequest, layout: any PreparedLayout) throws(Problem) -> HTTPResponse {
        let offset = try QueryParameters.point(request, "offset")
        let whole = request.queryValue("rect") == nil
        let rect = whole
            ? LayoutRect(x: 0, y: 0, width: layout.contentSize.width, height: layout.contentSize.height)
            : try QueryParameters.rect(request)
        let limit = whole ? limits.maxPictureElements : limits.maxElements
        let loopLimit = request.onEventLoop ? min(limit, limits.loopElements) : limit
        var elements: [LayoutAttributes] = []
        guard layout.elements(in: rect, offset: offset, limit: loopLimit, into: &elements) else {
            if loopLimit < limit { return offLoop() }
            throw Problem(
                .tooManyElements,
                detail: whole
                    ? "the layout has more than \(limit) elements: give a rect (render.svg?rect=x,y,width,height)"
                    : "the rect holds more than \(limit) elements (--max-elements); query smaller rects",
                parameter: "rect")
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "image/svg+xml")],
                            body: SVGRenderer.render(elements, rect: rect))
    }

    func layout(_ id: String) throws(Problem) -> any PreparedLayout {
        guard let layout = try Self.storeCall({ () throws(ArchiveError) in try store.layout(id: id) }) else {
            throw Self.unknownLayout(id)
        }
        return layout
    }

    /// The layout of `id` where waiting is allowed; on an event loop (`HTTPRequest.onEventLoop`), only a prepared
    /// one (nil otherwise: the caller answers off the loop).
    func layout(_ id: String, onEventLoop: Bool) throws(Problem) -> (any PreparedLayout)? {
        onEventLoop ? store.cachedLayout(id: id) : try layout(id)
    }

    /// A store call whose archive failure (I/O, a full disk, a database that did not answer) is a 503: nothing
    /// was half-stored, try again. A memory store without room for the spec is a 507.
    static func storeCall<T>(_ call: () throws(ArchiveError) -> T) throws(Problem) -> T {
        do {
            return try call()
        } catch {
            if error.kind == .specMemoryFull { throw Problem(.specMemoryFull, detail: error.message) }
            throw Problem(.storeUnavailable, detail: error.message, headers: [("Retry-After", "1")])
        }
    }

    static func unknownLayout(_ id: String) -> Problem {
        Problem(.unknownLayout, detail: "no layout with id \(id)")
    }

    static func json(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: jsonHeaders(), body: body)
    }

    /// A JSON response whose body adopts the writer's memory (no copy).
    static func json(_ status: Int, _ writer: consuming JSONWriter) -> HTTPResponse {
        let (pointer, count) = writer.takeBuffer()
        return HTTPResponse(status: status, headers: jsonHeaders(), body: HTTPBody(adopting: pointer, count: count))
    }

    /// `Content-Type: application/json`, in an array with room for the headers added on the way out (caching,
    /// CORS, the request id): allocated once.
    static func jsonHeaders() -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(8)
        headers.append(("Content-Type", "application/json"))
        return headers
    }
}
