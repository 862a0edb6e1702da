import AsyncHTTPClient
import Foundation
import NIOCore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

/// A layout as `LayoutServiceClient.layout(id:)` reads it: its summary, spec and scroll axis.
public struct LayoutInfo: Sendable {
    public var summary: Components.Schemas.LayoutSummary
    public var spec: Components.Schemas.LayoutSpec

    /// The service's tiles of this layout, when it has them (all layouts but the wheel).
    public var tiles: (axis: ScrollAxis, length: Double, count: Int)? {
        summary.tile.map { ($0.axis == .x ? .horizontal : .vertical, $0.length, $0.count) }
    }

    /// A grid's tiles in two dimensions (the summary's `tileGrid`): tile (row, column) is the rect
    /// [column·width, (column+1)·width] × [row·height, (row+1)·height].
    public var tileGrid: (width: Double, height: Double, columns: Int, rows: Int)? {
        summary.tileGrid.map { ($0.width, $0.height, $0.columns, $0.rows) }
    }

    public var contentSize: CGSize { CGSize(width: summary.contentSize.width, height: summary.contentSize.height) }

    /// The layout's collapsing header, which its tiles leave out (nil when it has none).
    public var collapsingHeader: CollapsingHeaderPlacement? {
        summary.tile?.collapsingHeader.map(CollapsingHeaderPlacement.init)
    }

    /// Horizontal for flows and waterfalls that say so; vertical otherwise (kinds added to openapi.yaml later
    /// included, until they are named here).
    public var axis: ScrollAxis {
        if case .flow(let flow) = spec, flow.scrollDirection == .horizontal { return .horizontal }
        if case .waterfall(let waterfall) = spec, waterfall.scrollDirection == .horizontal { return .horizontal }
        return .vertical
    }
}

/// One page of a rect query: its elements and, when more follow, the cursor of the next page.
public struct ElementsPage: Sendable {
    public var contentSize: CGSize
    public var contentOffsetAdjustment: CGPoint?
    public var elements: [ElementAttributes]
    public var next: String?

    /// From the full format.
    public init(_ body: Components.Schemas.RectAnswer) {
        contentSize = CGSize(width: body.contentSize.width, height: body.contentSize.height)
        contentOffsetAdjustment = body.contentOffsetAdjustment.map { CGPoint(x: $0.x, y: $0.y) }
        elements = body.elements.map(ElementAttributes.init)
        next = body.next
    }

    /// From the columnar format (`format=columns`): element i at entry i of each array. Throws
    /// `MalformedColumns` when an array's length is not `count`, or an entry is not what the format says.
    public init(_ body: Components.Schemas.ColumnsAnswer) throws {
        contentSize = CGSize(width: body.contentSize.width, height: body.contentSize.height)
        contentOffsetAdjustment = body.contentOffsetAdjustment.map { CGPoint(x: $0.x, y: $0.y) }
        next = body.next
        elements = try ColumnsDecoder.elements(body)
    }
}

/// The result of a batch update: the new layout and, when a rect was given, how to animate to it.
public struct BatchResult: Sendable {
    public var created: Bool
    public var summary: Components.Schemas.LayoutSummary
    public var animations: [(before: ElementAttributes, after: ElementAttributes)]
    public var insertedSupplementary: [Components.Schemas.ViewIdentity]
    public var deletedSupplementary: [Components.Schemas.ViewIdentity]
}

/// A success answer this client does not expect (none today): the generated output, described.
public struct UnexpectedAnswer: Error, CustomStringConvertible {
    public var description: String
    init(_ output: Any) { description = "unexpected answer: \(output)" }
}

/// layout-service from Swift: the generated client (`client`, every operation of openapi.yaml, typed) over
/// AsyncHTTPClient, with an optional API key, and a few calls that answer in this package's own types and throw
/// `LayoutProblem` for any answer but a success.
public struct LayoutServiceClient: Sendable {
    /// The generated client: every operation, its typed inputs and outputs (an enum case per documented answer).
    public let client: Client
    /// The same, throwing `LayoutProblem` for every answer but a success: what this type's own calls use.
    private let checked: Client

    /// The HTTP client used unless one is given: AsyncHTTPClient's shared configuration, but with gzip answers
    /// bounded by their decompressed size (`maxDecompressedBytes`) rather than by a ratio. The service gzips its
    /// answers, and regular ones (a spec of a thousand equal sections, a tile of equal cells) shrink more than the
    /// 25× that `HTTPClient.shared` allows, which fails them with a `limit` error. Never shut down, like `.shared`.
    public static let sharedHTTPClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.decompression = .enabled(limit: .size(maxDecompressedBytes))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// The largest decompressed answer `sharedHTTPClient` accepts: 256 MiB.
    public static let maxDecompressedBytes = 256 << 20

    /// - Parameters:
    ///   - baseURL: the service, e.g. `http://127.0.0.1:8080`.
    ///   - apiKey: sent as `Authorization: Bearer <apiKey>` with every request.
    ///   - httpClient: AsyncHTTPClient's client (`sharedHTTPClient` by default; one with a decompression ratio
    ///     limit, such as `HTTPClient.shared`, fails highly compressible answers).
    ///   - timeout: per request (per try, when a request is retried).
    ///   - retries: how `429` and `503` answers are tried again (after their `Retry-After`), on `client` too;
    ///     `.none` never retries.
    public init(
        baseURL: URL, apiKey: String? = nil, httpClient: HTTPClient = LayoutServiceClient.sharedHTTPClient,
        timeout: TimeAmount = .seconds(30), retries: RetryPolicy = .default
    ) {
        let transport = AsyncHTTPClientTransport(configuration: .init(client: httpClient, timeout: timeout))
        let authentication: [any ClientMiddleware] = apiKey.map { [BearerAuthentication(apiKey: $0)] } ?? []
        // The first middleware is the outermost: ProblemMiddleware sees only the answer of the last try.
        let retry = RetryMiddleware(policy: retries)
        client = Client(serverURL: baseURL, transport: transport, middlewares: authentication + [retry])
        checked = Client(
            serverURL: baseURL, transport: transport, middlewares: authentication + [ProblemMiddleware(), retry])
    }

    /// Registers a layout (201 the first time, 200 after: `created` tells).
    public func create(_ spec: Components.Schemas.LayoutSpec) async throws
        -> (summary: Components.Schemas.LayoutSummary, created: Bool)
    {
        let output = try await unwrappingProblems { try await checked.createLayout(body: .json(spec)) }
        switch output {
        case .created(let r): return (try r.body.json, true)
        case .ok(let r): return (try r.body.json, false)
        default: throw UnexpectedAnswer(output)
        }
    }

    /// A layout's summary and canonical spec.
    public func layout(id: String) async throws -> LayoutInfo {
        let output = try await unwrappingProblems { try await checked.getLayout(path: .init(id: id)) }
        switch output {
        case .ok(let r):
            let body = try r.body.json
            return LayoutInfo(summary: body.value1, spec: body.value2.spec)
        default: throw UnexpectedAnswer(output)
        }
    }

    /// One page of the elements touching `rect` (closed); `limit` pages the answer, `cursor` continues it. `format`
    /// is the wire format (`.columns`: a third of the bytes); the answer is the same either way.
    public func elements(
        layoutID: String, in rect: CGRect, offset: CGPoint? = nil, limit: Int? = nil, cursor: String? = nil,
        format: Components.Parameters.Format? = nil
    ) async throws -> ElementsPage {
        let query = Operations.ElementsInRect.Input.Query(
            rect: "\(Double(rect.minX)),\(Double(rect.minY)),\(Double(rect.width)),\(Double(rect.height))",
            offset: offset.map { "\(Double($0.x)),\(Double($0.y))" }, limit: limit, cursor: cursor, format: format)
        let output = try await unwrappingProblems { try await checked.elementsInRect(path: .init(id: layoutID), query: query) }
        switch output {
        case .ok(let r):
            switch try r.body.json {
            case .RectAnswer(let body): return ElementsPage(body)
            case .ColumnsAnswer(let body): return try ElementsPage(body)
            }
        default: throw UnexpectedAnswer(output)
        }
    }

    /// Tile `k` of a layout whose summary offers `tile`: every element meeting the band
    /// [k·length, (k+1)·length] along `tile.axis`, whatever the content offset (pinned headers and footers carry
    /// `sticky`: place them with `ElementAttributes.placed(in:axis:)`). Columnar by default.
    public func tile(layoutID: String, k: Int, format: Components.Parameters.Format = .columns) async throws
        -> ElementsPage
    {
        let output = try await unwrappingProblems {
            try await checked.tile(path: .init(id: layoutID, k: k), query: .init(format: format))
        }
        switch output {
        case .ok(let r):
            switch try r.body.json {
            case .RectAnswer(let body): return ElementsPage(body)
            case .ColumnsAnswer(let body): return try ElementsPage(body)
            }
        default: throw UnexpectedAnswer(output)
        }
    }

    /// Tile (`row`, `column`) of a grid (the summary's `tileGrid`): every element meeting its rect whatever the
    /// content offset; frozen cells carry `stickyX` and `stickyY` (place them with
    /// `ElementAttributes.placed(in:axis:)`). Columnar by default.
    public func gridTile(layoutID: String, row: Int, column: Int, format: Components.Parameters.Format = .columns)
        async throws -> ElementsPage
    {
        let output = try await unwrappingProblems {
            try await checked.gridTile(path: .init(id: layoutID, row: row, column: column), query: .init(format: format))
        }
        switch output {
        case .ok(let r):
            switch try r.body.json {
            case .RectAnswer(let body): return ElementsPage(body)
            case .ColumnsAnswer(let body): return try ElementsPage(body)
            }
        default: throw UnexpectedAnswer(output)
        }
    }

    /// Every element touching `rect`, following the paging cursors (`pageLimit` elements a request).
    public func allElements(
        layoutID: String, in rect: CGRect, offset: CGPoint? = nil, pageLimit: Int = 10_000,
        format: Components.Parameters.Format? = nil
    ) async throws -> [ElementAttributes] {
        var page = try await elements(layoutID: layoutID, in: rect, offset: offset, limit: pageLimit, format: format)
        var all = page.elements
        for _ in 0..<1_000_000 {
            guard let next = page.next else { break }
            try Task.checkCancellation()
            page = try await elements(
                layoutID: layoutID, in: rect, offset: offset, limit: pageLimit, cursor: next, format: format)
            all += page.elements
        }
        return all
    }

    /// One cell's attributes.
    public func item(layoutID: String, section: Int, item: Int, offset: CGPoint? = nil) async throws
        -> ElementAttributes
    {
        let query = Operations.ItemAttributes.Input.Query(offset: offset.map { "\(Double($0.x)),\(Double($0.y))" })
        let output = try await unwrappingProblems { try await checked.itemAttributes(path: .init(id: layoutID, section: section, item: item), query: query) }
        switch output {
        case .ok(let r): return ElementAttributes(try r.body.json)
        default: throw UnexpectedAnswer(output)
        }
    }

    /// scrollToItem(at:at:): the content offset that shows cell [section, item] (or, without `item`, the
    /// section's header or first cell) at `position`, from `offset`, clamped to the scroll range.
    public func scrollTo(
        layoutID: String, section: Int, item: Int? = nil, position: Operations.ScrollTo.Input.Query.PositionPayload,
        offset: CGPoint? = nil
    ) async throws -> CGPoint {
        let query = Operations.ScrollTo.Input.Query(
            item: item.map { "\(section),\($0)" }, section: item == nil ? section : nil, position: position,
            offset: offset.map { "\(Double($0.x)),\(Double($0.y))" })
        let output = try await unwrappingProblems { try await checked.scrollTo(path: .init(id: layoutID), query: query) }
        switch output {
        case .ok(let r):
            let point = try r.body.json
            return CGPoint(x: point.x, y: point.y)
        default: throw UnexpectedAnswer(output)
        }
    }

    /// The same layout at a new view size (a rotation, a resized window): the new layout's summary, and the content
    /// offset that keeps the first cell visible at `offset` where it was on screen.
    public func changeBounds(layoutID: String, viewSize: CGSize, offset: CGPoint? = nil) async throws
        -> (summary: Components.Schemas.LayoutSummary, contentOffset: CGPoint, created: Bool)
    {
        let body = Operations.ChangeBounds.Input.Body.JsonPayload(
            collectionView: .init(width: Double(viewSize.width), height: Double(viewSize.height)),
            offset: offset.map { .init(x: $0.x, y: $0.y) })
        let output = try await unwrappingProblems {
            try await checked.changeBounds(path: .init(id: layoutID), body: .json(body))
        }
        let created: Bool
        let answer: Components.Responses.Repositioned
        switch output {
        case .created(let r): (created, answer) = (true, r)
        case .ok(let r): (created, answer) = (false, r)
        default: throw UnexpectedAnswer(output)
        }
        let json = try answer.body.json
        let point = json.value2.contentOffset
        return (json.value1, CGPoint(x: point.x, y: point.y), created)
    }

    /// performBatchUpdates: the new layout and, with `rect`, the animation pairs of what is visible there. With
    /// `keepColumns`, a waterfall's items that existed before keep the first column they had.
    public func batchUpdates(
        layoutID: String, _ updates: [Components.Schemas.BatchOperation], rect: CGRect? = nil, offset: CGPoint? = nil,
        keepColumns: Bool = false
    ) async throws -> BatchResult {
        let body = Operations.BatchUpdates.Input.Body.JsonPayload(
            updates: updates,
            rect: rect.map { .init(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) },
            offset: offset.map { .init(x: $0.x, y: $0.y) },
            keepColumns: keepColumns ? true : nil)
        let created: Bool
        let answer: Components.Responses.Updated
        let output = try await unwrappingProblems { try await checked.batchUpdates(path: .init(id: layoutID), body: .json(body)) }
        switch output {
        case .created(let r): (created, answer) = (true, r)
        case .ok(let r): (created, answer) = (false, r)
        default: throw UnexpectedAnswer(output)
        }
        let json = try answer.body.json
        return BatchResult(
            created: created, summary: json.value1,
            animations: (json.value2.animations ?? []).map { (ElementAttributes($0.before), ElementAttributes($0.after)) },
            insertedSupplementary: json.value2.insertedSupplementary ?? [],
            deletedSupplementary: json.value2.deletedSupplementary ?? [])
    }

    /// Outline rows expanded and collapsed (docs/compositional.md, "Outlines"): `expand` and `collapse` name
    /// `[section, item]` rows, in a batch of their own. The new layout is the outline with the new collapsed set;
    /// with `rect`, revealed rows' animations start at alpha 0 and hidden rows' end at it (each row's `level` on
    /// its attributes).
    public func outline(
        layoutID: String, expand: [[Int]] = [], collapse: [[Int]] = [], rect: CGRect? = nil, offset: CGPoint? = nil
    ) async throws -> BatchResult {
        var updates: [Components.Schemas.BatchOperation] = []
        if !expand.isEmpty { updates.append(.expand(.init(op: .expand, indexPaths: expand))) }
        if !collapse.isEmpty { updates.append(.collapse(.init(op: .collapse, indexPaths: collapse))) }
        return try await batchUpdates(layoutID: layoutID, updates, rect: rect, offset: offset)
    }
}

extension LayoutServiceClient {
    /// Self-sizing: the layout with the items' real sizes (`POST .../sizes`), and the offset adjustment that keeps
    /// the first cell visible at `offset` still. With `keepColumns`, a waterfall's items keep the first column they
    /// had (they move only along their columns).
    public func reportSizes(
        layoutID: String, _ sizes: [(section: Int, item: Int, size: CGSize)], offset: CGPoint? = nil,
        keepColumns: Bool = false
    ) async throws -> (summary: Components.Schemas.LayoutSummary, contentOffsetAdjustment: CGPoint, created: Bool) {
        let body = Operations.ReportSizes.Input.Body.JsonPayload(
            sizes: sizes.map {
                .case1(.init(section: $0.section, item: $0.item, width: Double($0.size.width),
                             height: Double($0.size.height)))
            },
            offset: offset.map { .init(x: $0.x, y: $0.y) },
            keepColumns: keepColumns ? true : nil)
        let output = try await unwrappingProblems { try await checked.reportSizes(path: .init(id: layoutID), body: .json(body)) }
        switch output {
        case .created(let r):
            let json = try r.body.json
            let a = json.value2.contentOffsetAdjustment
            return (json.value1, CGPoint(x: a.x, y: a.y), true)
        case .ok(let r):
            let json = try r.body.json
            let a = json.value2.contentOffsetAdjustment
            return (json.value1, CGPoint(x: a?.x ?? 0, y: a?.y ?? 0), false)
        default: throw UnexpectedAnswer(output)
        }
    }
}

extension ElementAttributes {
    /// From the generated type.
    public init(_ a: Components.Schemas.LayoutAttributes) {
        let category: ElementCategory =
            switch a.category {
            case .cell: .cell
            case .supplementary: .supplementary
            case .decoration: .decoration
            }
        self.init(
            key: ElementKey(category: category, kind: a.kind, section: a.section, item: a.item),
            frame: CGRect(x: a.frame.x, y: a.frame.y, width: a.frame.width, height: a.frame.height),
            zIndex: a.zIndex, alpha: a.alpha, isHidden: a.hidden, transform3D: a.transform3D, sticky: a.sticky,
            stickyX: a.stickyX, stickyY: a.stickyY, collapseProgress: a.collapseProgress,
            level: a.level)
    }
}
