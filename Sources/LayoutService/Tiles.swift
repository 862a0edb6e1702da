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
    let k: Int
    let columns: Bool
}

extension LayoutService {
    /// `GET /v1/layouts/{id}/tiles/{k}[?format=full|columns]`, for an id known to the store; `prepared` gives its
    /// layout (asked for only when the tile is not in the cache). Nil when it needs the layout and `prepared` gives
    /// none (the layout is not prepared and the request is on an event loop: the caller answers it off the loop).
    func tile(_ request: HTTPRequest, id: String, index: String,
              _ prepared: () throws(Problem) -> (any PreparedLayout)?) throws(Problem) -> HTTPResponse?
    {
        // A tile in the cache passed every check below when it was made (its plan is the layout's, which never
        // changes for an id): sent without planning again. A miss is counted by the lookup below.
        if let k = Int(index), let format = try? QueryParameters.format(request),
           let cached = tiles.get(TileKey(id: id, k: k, columns: format == .columns), countingMiss: false)
        {
            return tileResponse(request, cached)
        }
        guard let layout = try prepared() else { return nil }
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
        let key = TileKey(id: id, k: k, columns: format == .columns)
        let encoded: EncodedTile
        if let cached = tiles.get(key) {
            encoded = cached
        } else {
            encoded = try encodeTile(k, plan: plan, layout: layout, format: format)
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

    private func encodeTile(_ k: Int, plan: TilePlan, layout: any PreparedLayout, format: QueryParameters.Format)
        throws(Problem) -> EncodedTile
    {
        var list = ElementList(take: limits.maxElements, reservingCapacity: 256, unpinned: true)
        guard layout.elements(in: plan.rect(k, content: layout.contentSize), offset: .zero, limit: limits.maxElements,
                              into: &list)
        else {
            throw Problem(
                .tooManyElements,
                detail: "tile \(k) holds more than \(limits.maxElements) elements (--max-elements); query rects, or "
                    + "pages of them (limit, cursor)")
        }
        let sticky = list.sticky.isEmpty ? nil : list.stickyRanges
        var w: JSONWriter
        switch format {
        case .full:
            w = JSONWriter(capacity: 64 + list.elements.count * 240)
            AttributesEncoder.writeRectAnswer(contentSize: layout.contentSize, elements: list.elements, sticky: sticky,
                                              into: &w)
        case .columns:
            w = JSONWriter(capacity: 128 + list.elements.count * 48)
            ColumnsEncoder.writeAnswer(contentSize: layout.contentSize, elements: list.elements, sticky: sticky,
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
}
