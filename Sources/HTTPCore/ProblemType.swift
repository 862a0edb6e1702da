/// The problem types this service answers with: each one URN (`urn:layout-service:problem:<raw value>`), one HTTP
/// status and one title. `docs/api.md` lists them.
///
/// The title is the reason phrase of the status, as every problem body has carried it so far; a type that needs
/// a title of its own says so in `title`.
public enum ProblemType: String, Sendable, CaseIterable {
    /// The body is not JSON.
    case malformedJSON = "malformed-json"
    /// A posted layout program's bytes do not parse as WebAssembly (`POST /v1/programs`).
    case malformedModule = "malformed-module"
    /// The request head frames its body ambiguously (`RequestFraming`: request smuggling shapes), or its target holds
    /// a control character (`RequestTarget`; `parameter` names `path` or `query`); the connection is closed.
    case malformedRequest = "malformed-request"
    /// The spec is JSON but breaks a rule; the problem's `pointer` names the field.
    case invalidSpec = "invalid-spec"
    /// The spec exceeds a configured limit (items, sections, columns, ...).
    case limitExceeded = "limit-exceeded"
    /// A query parameter or path segment is malformed, or the endpoint takes no such query parameter; the
    /// problem's `parameter` names it.
    case invalidParameter = "invalid-parameter"
    /// A query, animation or transition would return more elements than `--max-elements` allows.
    case tooManyElements = "too-many-elements"
    /// No layout has the id in the path.
    case unknownLayout = "unknown-layout"
    /// No item lies under the point of a hit test.
    case noItem = "no-item"
    /// The layout has no tile of that index (`tile.count` of its summary).
    case unknownTile = "unknown-tile"
    /// The layout has no tiles at all (the wheel: its cells turn with every offset).
    case noTiles = "no-tiles"
    /// A transition joins layouts of different data.
    case differentData = "different-data"
    /// A batch of updates contradicts itself or the layout it applies to.
    case inconsistentBatch = "inconsistent-batch"
    /// A batch of updates is consistent but the updated layout breaks a rule.
    case invalidUpdate = "invalid-update"
    /// A size report names items that do not exist or sizes that are invalid.
    case invalidSizeReport = "invalid-size-report"
    /// The request body is larger than `--max-body-bytes`.
    case bodyTooLarge = "body-too-large"
    /// A POST found no room in `--max-post-bytes-in-flight` within `--post-queue-seconds`; try again.
    case busy = "busy"
    /// The spec archive failed, or did not answer within `--store-timeout-seconds`; try again.
    case storeUnavailable = "store-unavailable"
    /// The memory store (`--store memory`) has no room for one more spec within `--spec-memory-bytes`.
    case specMemoryFull = "spec-memory-full"
    /// An anchor (`/anchor` of a bounds, updates or sizes body) names no cell of the layout.
    case invalidAnchor = "invalid-anchor"
    /// A spec gives cells as content (`textStyles`, `contents`) and the service has no text measurer.
    case noTextMeasurer = "no-text-measurer"
    /// The request has no API key, or one that is not known (`WWW-Authenticate: Bearer`).
    case unauthorized = "unauthorized"
    /// The API key lacks the scope the request needs, or the request is not allowed without a key.
    case forbidden = "forbidden"
    /// The caller's request or POST-byte quota is used up; `Retry-After` says when to come back.
    case quotaExceeded = "quota-exceeded"
    /// The request head or body came too slowly (`--head-timeout`, `--min-body-bytes-per-second`).
    case requestTimeout = "request-timeout"
    /// No layout program has the id in the path (a spec naming an unknown program is an `invalid-spec` at
    /// `/program`).
    case unknownProgram = "unknown-program"
    /// A posted module parses as WebAssembly but does not validate (a function body breaks its typing rules).
    case programMalformed = "program-malformed"
    /// A posted module imports something other than `env.emit`; the detail names the import.
    case programForbiddenImport = "program-forbidden-import"
    /// A posted module lacks an export the ABI requires (`layout_prepare`, `layout_alloc`, `memory`).
    case programMissingExport = "program-missing-export"
    /// A program ran out of fuel (`--program-fuel`).
    case programFuelExhausted = "program-fuel-exhausted"
    /// A program's memory would grow past `--program-memory-pages`.
    case programMemoryLimit = "program-memory-limit"
    /// A program emitted more than `--program-elements` elements.
    case programElementLimit = "program-element-limit"
    /// A program ran past `--program-deadline-ms`.
    case programDeadline = "program-deadline"
    /// A program trapped (division by zero, `unreachable`, ...); the detail has the trap's message.
    case programTrap = "program-trap"
    /// A program broke the ABI, or emitted frames that are not a valid frames layout (the detail says which).
    case programBadOutput = "program-bad-output"

    /// The URN in the problem body's `type`.
    public var uri: String { "urn:layout-service:problem:" + rawValue }

    /// The HTTP status of every problem of this type.
    public var status: Int {
        switch self {
        case .malformedJSON, .malformedModule, .malformedRequest, .invalidParameter: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .unknownLayout, .noItem, .unknownTile, .noTiles, .unknownProgram: 404
        case .requestTimeout: 408
        case .bodyTooLarge: 413
        case .invalidSpec, .limitExceeded, .tooManyElements, .differentData, .inconsistentBatch, .invalidUpdate,
            .invalidSizeReport, .invalidAnchor, .programMalformed, .programForbiddenImport, .programMissingExport,
            .programFuelExhausted, .programMemoryLimit, .programElementLimit, .programDeadline, .programTrap,
            .programBadOutput, .noTextMeasurer:
            422
        case .quotaExceeded: 429
        case .busy, .storeUnavailable: 503
        case .specMemoryFull: 507
        }
    }

    /// The problem body's `title`.
    public var title: String { HTTPStatus.reason(status) }
}
