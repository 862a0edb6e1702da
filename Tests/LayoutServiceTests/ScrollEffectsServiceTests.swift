import HTTPCore
import LayoutService
import LayoutWire
import Testing

/// Scroll effects through the service: every answer that gives a cell's attributes at an offset (whole rect
/// answers in both formats, pages, by index path, with row offsets) gives its scale and alpha; tiles give none; the
/// summary describes them.
@Suite struct ScrollEffectsServiceTests {
    /// The docs' flow: 100 × 100 cells three to a row, 110 apart, a = 0.5, b = 0.2, D = 200, in a 300 × 400 view.
    static let flow = #"{"layout":"flow","collectionView":{"width":300,"height":400},"itemSize":{"width":100,"height":100},"#
        + #""minimumLineSpacing":10,"minimumInteritemSpacing":0,"sections":[{"items":30}],"#
        + #""scrollEffects":{"scale":{"minimum":0.5},"alpha":{"minimum":0.2},"distance":200}}"#

    /// The numbers of an array (none when absent).
    static func numbers(_ v: JSONValue?) -> [Double] {
        guard let v else { return [] }
        return v.elements.map { (e: JSONValue) -> Double in e.number ?? .nan }
    }

    /// The scale a transform gives (1 when absent or null).
    static func scale(_ t: JSONValue?) -> Double { numbers(t).isEmpty ? 1 : numbers(t)[0] }

    /// (item, scale, alpha) of each cell of an answer in the full format.
    func cells(_ c: Client, _ r: HTTPResponse) -> [[Double]] {
        var out: [[Double]] = []
        let list: [JSONValue] = c.json(r)["elements"]?.elements.map { $0 } ?? []
        for e in list where e["category"]?.string == "cell" {
            out.append([e["item"]?.number ?? .nan, Self.scale(e["transform3D"]), e["alpha"]?.number ?? .nan])
        }
        return out
    }

    /// The rule at offset y: row r's centre is 110 r + 50, the visible centre y + 200.
    static func expected(item: Int, y: Double) -> [Double] {
        let f = 1 - min(1, abs(Double(item / 3) * 110 + 50 - (y + 200)) / 200)
        return [Double(item), 0.5 + 0.5 * f, 0.2 + 0.8 * f]
    }

    func close(_ a: [[Double]], _ b: [[Double]]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in zip(x, y).allSatisfy { abs($0 - $1) < 1e-9 } }
    }

    @Test func everyAnswerAtAnOffset() throws {
        let c = Client()
        let post = c.send("POST", "/v1/layouts", Self.flow)
        #expect(post.status == 201)
        let summary = c.json(post)
        let id = try #require(summary["id"]?.string)
        #expect(summary["boundsDependent"]?.bool == true)
        let runs: [JSONValue] = summary["scrollEffects"]?.elements.map { $0 } ?? []
        #expect(runs.count == 1 && runs[0]["center"]?.number == 200)
        for y in [0.0, 100, 333.25, 2900] {
            let rect = "0,\(y),300,400"
            var want: [[Double]] = []
            for i in 0..<30 {
                let top = Double(i / 3) * 110
                if top <= y + 400, top + 100 >= y { want.append(Self.expected(item: i, y: y)) }
            }
            let whole = cells(c, c.send("GET", "/v1/layouts/\(id)/attributes?rect=\(rect)&offset=0,\(y)"))
            #expect(close(whole, want), "offset \(y): \(whole)")
            // Pages, put together.
            var paged: [[Double]] = []
            var cursor = ""
            for _ in 0..<10 {
                let page = c.send("GET", "/v1/layouts/\(id)/attributes?rect=\(rect)&offset=0,\(y)&limit=4\(cursor)")
                paged += cells(c, page)
                guard let next = c.json(page)["next"]?.string else { break }
                cursor = "&cursor=\(next)"
            }
            #expect(close(paged, want))
            // The columnar answer's transform and alpha columns.
            let columns = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=\(rect)&offset=0,\(y)&format=columns"))
            let items = Self.numbers(columns["item"])
            let alphas = columns["alpha"] == nil ? Array(repeating: 1, count: items.count) : Self.numbers(columns["alpha"])
            let transforms: [JSONValue] = columns["transform3D"]?.elements.map { $0 } ?? []
            let scales = transforms.isEmpty ? Array(repeating: 1, count: items.count) : transforms.map { Self.scale($0) }
            #expect(close(items.indices.map { [items[$0], scales[$0], alphas[$0]] }, want))
            // By index path.
            for w in want {
                let one = c.json(c.send("GET", "/v1/layouts/\(id)/items/0/\(Int(w[0]))?offset=0,\(y)"))
                #expect(close([[w[0], Self.scale(one["transform3D"]), one["alpha"]?.number ?? .nan]], [w]))
            }
        }
        // Tiles hold at every offset: no effects.
        let tile = c.json(c.send("GET", "/v1/layouts/\(id)/tiles/0"))
        #expect(tile["elements"]?.elements.allSatisfy { $0["transform3D"] == nil && $0["alpha"]?.number == 1 } == true)
    }

    /// The picture draws each cell as the answer gives it (scaled about its centre, faded); a transition's ends are
    /// the layouts' own answers at the offset, effects and all.
    @Test func picturesAndTransitions() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.flow))["id"]?.string)
        let plain = Self.flow.replacingScrollEffects
        let plainID = try #require(c.json(c.send("POST", "/v1/layouts", plain))["id"]?.string)
        // At offset 100 item 6 (row 2) has scale 0.925 and alpha 0.94 (b = 0.2: 0.2 + 0.8 × 0.85 = 0.88).
        let svg = String(decoding: c.send("GET", "/v1/layouts/\(id)/render.svg?rect=0,100,300,400&offset=0,100").body.bytes,
                         as: UTF8.self)
        let six = try #require(svg.range(of: #"data-id="cell/0/6""#))
        let group = svg[six.lowerBound...].prefix(120)  // its group: opacity, then its shape
        #expect(group.contains(#"opacity="0.88""#), "\(group)")
        #expect(group.contains("<polygon"), "\(group)")  // scaled: its projected corners, not its frame
        let plainSVG = String(decoding: c.send("GET", "/v1/layouts/\(plainID)/render.svg?rect=0,100,300,400&offset=0,100").body.bytes,
                              as: UTF8.self)
        #expect(!plainSVG.contains("opacity=") && !plainSVG.contains("<polygon"))
        // From the plain layout to the one with effects: at progress 1 the latter's answer, halfway the mean.
        let whole = cells(c, c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,100,300,400&offset=0,100"))
        let end = cells(c, c.send("GET", "/v1/transitions?from=\(plainID)&to=\(id)&progress=1&rect=0,100,300,400&offset=0,100"))
        #expect(close(end, whole))
        let half = cells(c, c.send("GET", "/v1/transitions?from=\(plainID)&to=\(id)&progress=0.5&rect=0,100,300,400&offset=0,100"))
        #expect(close(half, whole.map { [$0[0], ($0[1] + 1) / 2, ($0[2] + 1) / 2] }))
    }

    /// A carousel row: its cells at its row offset, measured along the row; the hit test takes them as drawn.
    @Test func aCarouselRowAtItsOffset() throws {
        let fill = #"{"item":{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}"#
        let spec = #"{"layout":"compositional","collectionView":{"width":400,"height":800},"sections":[{"items":10,"#
            + #""section":{"group":{"axis":"horizontal","size":{"width":{"absolute":200},"height":{"absolute":150}},"#
            + #""subitems":[\#(fill)]},"interGroupSpacing":10,"orthogonalScrollingBehavior":"groupPagingCentered","#
            + #""scrollEffects":{"scale":{"minimum":0.8},"alpha":{"minimum":0.5}}}}]}"#
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", spec))["id"]?.string)
        // The row starts at 100 (centred paging); scrolled by 210, card 1 is centred, card 2's Δ is 210 (f 0.475).
        let answer = c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,400,150&sectionOffsets=0:210")
        #expect(close(cells(c, answer), [[0, 0.8 + 0.2 * 0.475, 0.5 + 0.5 * 0.475], [1, 1, 1],
                                         [2, 0.8 + 0.2 * 0.475, 0.5 + 0.5 * 0.475]]))
        let two = c.json(c.send("GET", "/v1/layouts/\(id)/items/0/2?sectionOffsets=0:210"))
        #expect(abs((two["alpha"]?.number ?? 0) - (0.5 + 0.5 * 0.475)) < 1e-12)
        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/hit?point=325,75&sectionOffsets=0:210"))["item"]?.number == 2)
        #expect(c.send("GET", "/v1/layouts/\(id)/hit?point=315,75&sectionOffsets=0:210").status == 404)
        let summary = c.json(c.send("GET", "/v1/layouts/\(id)"))
        let runs: [JSONValue] = summary["scrollEffects"]?.elements.map { $0 } ?? []
        let run = try #require(runs.first)
        #expect(run["axis"]?.string == "x" && run["center"]?.number == 200 && run["distance"]?.number == 400)
    }
}

extension String {
    /// The spec without its `scrollEffects` member (the docs' flow has it last).
    fileprivate var replacingScrollEffects: String {
        guard let r = range(of: #","scrollEffects":"#) else { return self }
        return String(self[..<r.lowerBound]) + "}"
    }
}
