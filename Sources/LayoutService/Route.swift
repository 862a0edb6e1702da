/// The service's endpoints, matched from a path's segments.
enum Route: Equatable {
    case health
    case ready
    case playground
    case render(id: String)
    case layouts
    case layout(id: String)
    case attributes(id: String)
    case item(id: String, section: String, item: String)
    case supplementary(id: String, kind: String, section: String, item: String)
    case decoration(id: String, kind: String, section: String, item: String)
    case hit(id: String)
    case targetOffset(id: String)
    case moving(id: String)
    case transitions
    case updates(id: String)
    case sizes(id: String)

    /// The route a path names, or nil (404). Splits on the path's bytes: no grapheme breaking on the hot path.
    init?(path: String) {
        guard path.utf8.first == UInt8(ascii: "/") else { return nil }
        let s = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { String(Substring($0)) }
        switch s.count {
        case 1 where s[0] == "" || s[0] == "playground": self = .playground
        case 4 where s[0] == "v1" && s[1] == "layouts" && s[3] == "render.svg": self = .render(id: s[2])
        case 1 where s[0] == "healthz": self = .health
        case 1 where s[0] == "readyz": self = .ready
        case 2 where s[0] == "v1" && s[1] == "layouts": self = .layouts
        case 3 where s[0] == "v1" && s[1] == "layouts": self = .layout(id: s[2])
        case 2 where s[0] == "v1" && s[1] == "transitions": self = .transitions
        case 4 where s[0] == "v1" && s[1] == "layouts" && s[3] == "attributes": self = .attributes(id: s[2])
        case 4 where s[0] == "v1" && s[1] == "layouts" && s[3] == "hit": self = .hit(id: s[2])
        case 4 where s[0] == "v1" && s[1] == "layouts" && s[3] == "target-offset": self = .targetOffset(id: s[2])
        case 4 where s[0] == "v1" && s[1] == "layouts" && s[3] == "moving": self = .moving(id: s[2])
        case 4 where s[0] == "v1" && s[1] == "layouts" && s[3] == "updates": self = .updates(id: s[2])
        case 4 where s[0] == "v1" && s[1] == "layouts" && s[3] == "sizes": self = .sizes(id: s[2])
        case 6 where s[0] == "v1" && s[1] == "layouts" && s[3] == "items":
            self = .item(id: s[2], section: s[4], item: s[5])
        case 7 where s[0] == "v1" && s[1] == "layouts" && s[3] == "supplementary":
            self = .supplementary(id: s[2], kind: s[4], section: s[5], item: s[6])
        case 7 where s[0] == "v1" && s[1] == "layouts" && s[3] == "decorations":
            self = .decoration(id: s[2], kind: s[4], section: s[5], item: s[6])
        default: return nil
        }
    }

    /// The layout whose answers this route gives (they never change for an id: cacheable), if any.
    var immutableLayoutID: String? {
        switch self {
        case .layout(let id), .attributes(let id), .render(let id), .hit(let id), .targetOffset(let id),
            .moving(let id), .item(let id, _, _), .supplementary(let id, _, _, _), .decoration(let id, _, _, _):
            id
        default: nil
        }
    }

    /// The path with its variable parts named (`/v1/layouts/{id}/attributes`): for metrics and logs, whose
    /// labels must not grow with the ids.
    var template: String {
        switch self {
        case .health: "/healthz"
        case .ready: "/readyz"
        case .playground: "/"
        case .render: "/v1/layouts/{id}/render.svg"
        case .layouts: "/v1/layouts"
        case .layout: "/v1/layouts/{id}"
        case .attributes: "/v1/layouts/{id}/attributes"
        case .item: "/v1/layouts/{id}/items/{section}/{item}"
        case .supplementary: "/v1/layouts/{id}/supplementary/{kind}/{section}/{item}"
        case .decoration: "/v1/layouts/{id}/decorations/{kind}/{section}/{item}"
        case .hit: "/v1/layouts/{id}/hit"
        case .targetOffset: "/v1/layouts/{id}/target-offset"
        case .moving: "/v1/layouts/{id}/moving"
        case .transitions: "/v1/transitions"
        case .updates: "/v1/layouts/{id}/updates"
        case .sizes: "/v1/layouts/{id}/sizes"
        }
    }

    /// The methods the route answers (HEAD goes with GET).
    var methods: [String] {
        switch self {
        case .layouts, .updates, .sizes: ["POST"]
        case .layout: ["GET", "HEAD", "DELETE"]
        default: ["GET", "HEAD"]
        }
    }
}
