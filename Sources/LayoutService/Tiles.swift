public import HTTPCore
import LayoutEngine
import LayoutStore
import LayoutWire

/// The gzip of tiles: whether a request takes it, and the compressor (given by the command, which owns gzip).
public struct TileGzip: Sendable {
    public let accepts: @Sendable (HTTPRequest) -> Bool
    public let compress: @Sendable (UnsafeRawBufferPointer) -> HTTPBody?

    public init(accepts: @escaping @Sendable (HTTPRequest) -> Bool,
                compress: @escaping @Sendable (UnsafeRawBufferPointer) -> HTTPBody?) {
        self.accepts = accepts
        self.compress = compress
    }
}

/// A tile's answer, encoded once: its plain bytes and, when gzip is on, its gzipped bytes; both shared bodies.
struct EncodedTile: Sendable {
    let plain: HTTPBody
    let gzipped: HTTPBody?
}

struct TileKey: Hashable, Sendable {
    let id: String
    /// The tile's index, or a grid tile's row.
    let k: Int
    /// A grid tile's column; nil for tiles along one axis.
    let column: Int?
    let columns: Bool
}

extension LayoutService {
    /// `GET /v1/layouts/{id}/tiles/{k}[?format=full|columns]`, or a grid's `tiles/{row}/{column}` (`column` given),
    /// for an id known to the store; `prepared` gives its layout (asked for only when the tile is not in the
    /// cache). Nil when it needs the layout and `prepared` gives none (the layout is not prepared and the request
    /// is on an event loop: the caller answers it off the loop).
    func tile(_ request: HTTPRequest, id: String, index: String, column: String?,
              _ prepared: () throws(Problem) -> (any PreparedLayout)?) throws(Problem) -> HTTPResponse?
    {
        // A tile in the cache passed every check below when it was made (its plan is the layout's, which never
        // changes for an id): sent without planning again. A miss is counted by the lookup below.
        // A 1-D tile's key has no column; a column that is not a whole number >= 0 names no tile, and is not
        // looked up (the request is refused below).
        let c = column.flatMap { Int($0) }
        if let k = Int(index), c.map({ $0 >= 0 }) ?? (column == nil),
           let format = try? QueryParameters.format(request),
           let cached = tiles.get(TileKey(id: id, k: k, column: c, columns: format == .columns), countingMiss: false)
        {
            return tileResponse(request, cached)
        }
        guard let layout = try prepared() else { return nil }
        if let column { return try gridTile(request, id: id, row: index, column: column, layout: layout) }
        let plan: TilePlan
        switch TilePlan.of(layout) {
        case .success(let p): plan = p
        case .failure(let refused):
            throw Problem(.noTiles, detail: refused.detail)
        }
        guard let k = Int(index) else {
            throw Problem(.invalidParameter, detail: "k in the path must be a whole number (got \"\(index)\")",
                          parameter: "k")
        }
        guard k >= 0, k < plan.count else {
            throw Problem(.unknownTile,
                          detail: "layout \(id) has tiles 0 to \(plan.count - 1) (got \(k))")
        }
        let format = try QueryParameters.format(request)
        let limit = queryLimit(request)
        return try cachedTile(request, TileKey(id: id, k: k, column: nil, columns: format == .columns)) {
            () throws(Problem) in
            var list = ElementList(take: limit, reservingCapacity: 256, unpinned: true)
            guard layout.elements(in: plan.rect(k, content: layout.contentSize), offset: .zero, limit: limit,
                                  into: &list)
            else {
                if limit < limits.maxElements { return nil }  // more than a loop's budget: made off the loop
                throw tooManyElements("tile \(k)")
            }
            return encodeTile(list, contentSize: layout.contentSize, format: format)
        }
    }

    /// A tile (`row`, `column`) of a layout tiled along both axes: its rect's elements for every content offset,
    /// elements that pin with their pins on both axes (`GridTilePlan`); nil when it needs more than the event
    /// loop's budget (made off the loop).
    private func gridTile(_ request: HTTPRequest, id: String, row: String, column: String, layout: any PreparedLayout)
        throws(Problem) -> HTTPResponse?
    {
        guard let plan = GridTilePlan.of(layout) else {
            let detail: String
            switch TilePlan.of(layout) {
            case .success: detail = "layout \(id) is tiled along one axis: GET /v1/layouts/{id}/tiles/{k}"
            case .failure(let refused): detail = refused.detail
            }
            throw Problem(.noTiles, detail: detail)
        }
        guard let r = Int(row) else {
            throw Problem(.invalidParameter, detail: "row in the path must be a whole number (got \"\(row)\")",
                          parameter: "row")
        }
        guard let c = Int(column) else {
            throw Problem(.invalidParameter,
                          detail: "column in the path must be a whole number (got \"\(column)\")", parameter: "column")
        }
        guard r >= 0, r < plan.rows, c >= 0, c < plan.columns else {
            throw Problem(.unknownTile,
                          detail: "layout \(id) has tiles in rows 0 to \(plan.rows - 1) and columns 0 to "
                              + "\(plan.columns - 1) (got \(r), \(c))")
        }
        let format = try QueryParameters.format(request)
        let limit = queryLimit(request)
        return try cachedTile(request, TileKey(id: id, k: r, column: c, columns: format == .columns)) {
            () throws(Problem) in
            var list = ElementList(take: limit, reservingCapacity: 256, unpinned: true)
            guard layout.elements(in: plan.rect(row: r, column: c), offset: .zero, limit: limit, into: &list) else {
                if limit < limits.maxElements { return nil }  // more than a loop's budget: made off the loop
                throw tooManyElements("tile \(r)/\(c)")
            }
            return encodeTile(list, contentSize: layout.contentSize, format: format)
        }
    }

    private func tooManyElements(_ tile: String) -> Problem {
        Problem(.tooManyElements,
                detail: "\(tile) holds more than \(limits.maxElements) elements (--max-elements); query rects, or "
                    + "pages of them (limit, cursor)")
    }

    /// The most elements a query may give (and items it may look at) for `request`: `--max-elements`, or on an
    /// event loop `--loop-elements` (a query that needs more is made again off the loop).
    func queryLimit(_ request: HTTPRequest) -> Int {
        request.onEventLoop ? min(limits.maxElements, limits.loopElements) : limits.maxElements
    }

    /// The tile of `key`, from the cache or encoded by `encode` (and then cached); nil when `encode` gives none
    /// (the tile needs more than the event loop's budget).
    private func cachedTile(_ request: HTTPRequest, _ key: TileKey, _ encode: () throws(Problem) -> EncodedTile?)
        throws(Problem) -> HTTPResponse?
    {
        let encoded: EncodedTile
        if let cached = tiles.get(key) {
            encoded = cached
        } else {
            guard let made = try encode() else { return nil }
            encoded = made
            tiles.insert(key, encoded, bytes: encoded.plain.count + (encoded.gzipped?.count ?? 0))
        }
        return tileResponse(request, encoded)
    }

    /// A tile's answer: gzipped when the client takes it.
    private func tileResponse(_ request: HTTPRequest, _ encoded: EncodedTile) -> HTTPResponse {
        var headers = Self.jsonHeaders()
        // Tested and unwrapped in place: binding the optionals copied them (a retain and a release of each body and
        // closure, on objects both event-loop threads share).
        if encoded.gzipped != nil, tileGzip != nil {
            headers.append(("Vary", "Accept-Encoding"))
            if tileGzip!.accepts(request) {
                headers.append(("Content-Encoding", "gzip"))
                return HTTPResponse(status: 200, headers: headers, body: encoded.gzipped!)
            }
        }
        return HTTPResponse(status: 200, headers: headers, body: encoded.plain)
    }

    /// A tile's elements encoded, each pinned one with its sticky range or its pins on both axes.
    private func encodeTile(_ list: ElementList, contentSize: LayoutSize, format: QueryParameters.Format)
        -> EncodedTile
    {
        let elements = list.elements
        let sticky = list.sticky.isEmpty ? nil : list.stickyRanges
        let pins = list.pins.isEmpty ? nil : list.pinsByElement
        var w: JSONWriter
        switch format {
        case .full:
            w = JSONWriter(capacity: 64 + elements.count * 240)
            AttributesEncoder.writeRectAnswer(contentSize: contentSize, elements: elements, sticky: sticky, pins: pins,
                                              into: &w)
        case .columns:
            w = JSONWriter(capacity: 128 + elements.count * 48)
            ColumnsEncoder.writeAnswer(contentSize: contentSize, elements: elements, sticky: sticky, pins: pins,
                                       into: &w)
        }
        let (pointer, count) = w.takeBuffer()
        // Shared bodies: every request for the tile gets the same answer, which the server makes once and sends
        // again (see `HTTPBody(sharing:)`).
        let plain = HTTPBody(sharing: HTTPBody(adopting: pointer, count: count))
        let gzipped = tileGzip.flatMap { gzip in
            gzip.compress(UnsafeRawBufferPointer(start: plain.baseAddress, count: plain.count))
        }
        return EncodedTile(plain: plain, gzipped: gzipped.map(HTTPBody.init(sharing:)))
    }

    /// The tile cache's figures, by metric name (for `/metrics`).
    public var tileFigures: [(name: String, isCounter: Bool, value: Int)] {
        let c = tiles.counts
        return [
            ("tile_cache_entries", false, c.entries), ("tile_cache_bytes", false, c.bytes),
            ("tile_cache_hits_total", true, c.hits), ("tile_cache_misses_total", true, c.misses),
            ("tile_cache_evictions_total", true, c.evictions),
        ]
    }

    /// The text figures of `/metrics` (`TextEndpoints.figures`).
    public var textFigures: [(name: String, isCounter: Bool, value: Int)] { text.figures }
}
