import HTTPCore

/// The service's endpoints, matched from a path's segments.
enum Route: Equatable {
    case health
    case ready
    case playground
    case clientScript
    case exampleProgram(name: String)
    case render(id: String)
    case layouts
    case layout(id: String)
    case attributes(id: String)
    /// `tiles/{k}` (column nil), or a grid's `tiles/{row}/{column}` (index the row).
    case tile(id: String, index: String, column: String?)
    case item(id: String, section: String, item: String)
    case supplementary(id: String, kind: String, section: String, item: String)
    case decoration(id: String, kind: String, section: String, item: String)
    case hit(id: String)
    case targetOffset(id: String)
    case moving(id: String)
    case transitions
    case updates(id: String)
    case sizes(id: String)
    case bounds(id: String)
    case scrollTo(id: String)
    case programs
    case program(id: String)
    case fonts
    case font(family: String, weight: String)
    case fontSlice(family: String, weight: String, slice: String)
    case fontStylesheet
    case measure

    /// The route a path names, or nil (404). Matches the path's bytes segment by segment: strings are made only
    /// for the variable parts (the id, kind, section and item).
    init?(path: String) {
        let route = withUTF8(of: path) { p in
            // No route has more than 7 segments: their ranges fit on the stack.
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 8) { ranges in
                let count = Self.segments(p, into: ranges)
                return count < 0 ? nil : Self.match(UnsafeBufferPointer(rebasing: ranges[..<count]), p)
            }
        }
        guard let route else { return nil }
        self = route
    }

    /// Writes the ranges of the segments of a path that starts with `/` (none when it does not) and returns their
    /// number, or -1 when there are more than `ranges` holds.
    private static func segments(_ p: UnsafeBufferPointer<UInt8>, into ranges: UnsafeMutableBufferPointer<Range<Int>>)
        -> Int
    {
        guard p.first == UInt8(ascii: "/") else { return 0 }
        var count = 0
        var start = 1
        for i in 1...p.count where i == p.count || p[i] == UInt8(ascii: "/") {
            guard count < ranges.count else { return -1 }
            ranges.initializeElement(at: count, to: start..<i)
            count += 1
            start = i + 1
        }
        return count
    }

    private static func match(_ s: UnsafeBufferPointer<Range<Int>>, _ p: UnsafeBufferPointer<UInt8>) -> Route? {
        func equals(_ i: Int, _ literal: StaticString) -> Bool {
            let r = s[i]
            guard r.count == literal.utf8CodeUnitCount else { return false }
            let l = literal.utf8Start
            for k in 0..<r.count where p[r.lowerBound + k] != l[k] { return false }
            return true
        }
        func text(_ i: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: p[s[i]]), as: UTF8.self) }
        guard !s.isEmpty else { return nil }
        if s.count == 1 {
            if equals(0, "") || equals(0, "playground") { return .playground }
            if equals(0, "healthz") { return .health }
            if equals(0, "readyz") { return .ready }
            return nil
        }
        if s.count == 2 && equals(0, "client") && equals(1, "layout-client.js") { return .clientScript }
        if s.count == 3 && equals(0, "playground") && equals(1, "programs") { return .exampleProgram(name: text(2)) }
        guard equals(0, "v1") else { return nil }
        if s.count == 2 && equals(1, "transitions") { return .transitions }
        if equals(1, "programs") { return s.count == 2 ? .programs : s.count == 3 ? .program(id: text(2)) : nil }
        if s.count == 2 && equals(1, "measure") { return .measure }
        if s.count == 2 && equals(1, "fonts") { return .fonts }
        if s.count == 2 && equals(1, "fonts.css") { return .fontStylesheet }
        if s.count == 4 && equals(1, "fonts") { return .font(family: text(2), weight: text(3)) }
        if s.count == 5 && equals(1, "fonts") { return .fontSlice(family: text(2), weight: text(3), slice: text(4)) }
        guard equals(1, "layouts") else { return nil }
        switch s.count {
        case 2: return .layouts
        case 3: return .layout(id: text(2))
        case 4:
            let id = text(2)
            if equals(3, "attributes") { return .attributes(id: id) }
            if equals(3, "render.svg") { return .render(id: id) }
            if equals(3, "hit") { return .hit(id: id) }
            if equals(3, "target-offset") { return .targetOffset(id: id) }
            if equals(3, "moving") { return .moving(id: id) }
            if equals(3, "updates") { return .updates(id: id) }
            if equals(3, "sizes") { return .sizes(id: id) }
            if equals(3, "bounds") { return .bounds(id: id) }
            if equals(3, "scroll-to") { return .scrollTo(id: id) }
            return nil
        case 5 where equals(3, "tiles"):
            return .tile(id: text(2), index: text(4), column: nil)
        case 6 where equals(3, "tiles"):
            return .tile(id: text(2), index: text(4), column: text(5))
        case 6 where equals(3, "items"):
            return .item(id: text(2), section: text(4), item: text(5))
        case 7 where equals(3, "supplementary"):
            return .supplementary(id: text(2), kind: text(4), section: text(5), item: text(6))
        case 7 where equals(3, "decorations"):
            return .decoration(id: text(2), kind: text(4), section: text(5), item: text(6))
        default: return nil
        }
    }

    /// The layout whose answers this route gives (they never change for an id: cacheable), if any.
    var immutableLayoutID: String? {
        switch self {
        case .layout(let id), .attributes(let id), .tile(let id, _, _), .render(let id), .hit(let id),
            .targetOffset(let id), .moving(let id), .scrollTo(let id), .item(let id, _, _),
            .supplementary(let id, _, _, _), .decoration(let id, _, _, _):
            id
        default: nil
        }
    }

    /// The path with its variable parts named (`/v1/layouts/{id}/attributes`): for metrics and logs, whose
    /// labels must not grow with the ids.
    var template: StaticString {
        switch self {
        case .health: "/healthz"
        case .ready: "/readyz"
        case .playground: "/"
        case .clientScript: "/client/layout-client.js"
        case .exampleProgram: "/playground/programs/{name}"
        case .render: "/v1/layouts/{id}/render.svg"
        case .layouts: "/v1/layouts"
        case .layout: "/v1/layouts/{id}"
        case .attributes: "/v1/layouts/{id}/attributes"
        case .tile(_, _, nil): "/v1/layouts/{id}/tiles/{k}"
        case .tile: "/v1/layouts/{id}/tiles/{row}/{column}"
        case .item: "/v1/layouts/{id}/items/{section}/{item}"
        case .supplementary: "/v1/layouts/{id}/supplementary/{kind}/{section}/{item}"
        case .decoration: "/v1/layouts/{id}/decorations/{kind}/{section}/{item}"
        case .hit: "/v1/layouts/{id}/hit"
        case .targetOffset: "/v1/layouts/{id}/target-offset"
        case .moving: "/v1/layouts/{id}/moving"
        case .transitions: "/v1/transitions"
        case .updates: "/v1/layouts/{id}/updates"
        case .sizes: "/v1/layouts/{id}/sizes"
        case .bounds: "/v1/layouts/{id}/bounds"
        case .scrollTo: "/v1/layouts/{id}/scroll-to"
        case .programs: "/v1/programs"
        case .program: "/v1/programs/{id}"
        case .fonts: "/v1/fonts"
        case .font: "/v1/fonts/{family}/{weight}"
        case .fontSlice: "/v1/fonts/{family}/{weight}/{slice}"
        case .fontStylesheet: "/v1/fonts.css"
        case .measure: "/v1/measure"
        }
    }

    /// The query parameters the route takes (openapi.yaml lists the same): a request with any other is refused,
    /// as a misspelt one would otherwise be ignored.
    var parameters: [StaticString] {
        switch self {
        case .attributes: ["rect", "offset", "format", "limit", "cursor", "sectionOffsets"]
        case .tile: ["format"]
        case .render: ["rect", "offset"]
        case .item, .supplementary: ["offset", "sectionOffsets"]
        case .decoration: ["offset"]
        case .hit: ["point", "offset", "sectionOffsets"]
        case .targetOffset: ["proposed", "velocity", "section"]
        case .moving: ["item", "position", "offset"]
        case .scrollTo: ["item", "section", "position", "offset"]
        case .transitions: ["from", "to", "progress", "rect", "offset"]
        case .health, .ready, .playground, .clientScript, .exampleProgram, .layouts, .layout, .updates, .sizes, .bounds, .programs,
            .program, .fonts, .font, .fontSlice, .fontStylesheet, .measure:
            []
        }
    }

    /// The methods the route answers (HEAD goes with GET).
    var methods: [String] {
        switch self {
        case .layouts, .updates, .sizes, .bounds, .programs, .measure: ["POST"]
        case .layout, .program: ["GET", "HEAD", "DELETE"]
        default: ["GET", "HEAD"]
        }
    }
}
