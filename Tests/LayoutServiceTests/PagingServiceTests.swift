import HTTPCore
import LayoutService
import LayoutWire
import Testing

/// `limit` and `cursor`: the pages of a rect query, put together, are its whole answer.
@Suite struct PagingServiceTests {
    static let sizes: String = (0..<97).map { (i: Int) -> String in "[\(20 + i % 7 * 13),\(15 + i % 5 * 9)]" }
        .joined(separator: ",")
    static let heights: String = (0..<150).map { (i: Int) -> String in String(10 + i * 37 % 90) }.joined(separator: ",")
    static let specs: [String] = [
        // Per-item sizes over three sections with headers and footers.
        #"{"layout":"flow","collectionView":{"width":300,"height":400},"headerReferenceSize":{"width":0,"height":20},"#
            + #""footerReferenceSize":{"width":0,"height":10},"sections":[{"itemSizes":["# + sizes
            + #"]},{"items":40},{"itemSizes":[[300,5],[1,1]]}]}"#,
        // A round-robin waterfall: scanned by start, answered in item order.
        #"{"layout":"waterfall","collectionView":{"width":300,"height":400},"columnCount":3,"placement":"roundRobin","#
            + #""sections":[{"itemHeights":["# + heights + "]}]}",
        #"{"layout":"circle","collectionView":{"width":300,"height":400},"itemSize":{"width":20,"height":20},"radius":120,"sections":[{"items":90}]}"#,
    ]

    /// (section, item, category, kind) of each element of an answer.
    func keys(_ answer: JSONValue) -> [String] {
        guard let elements = answer["elements"] else { return [] }
        return elements.elements.map { e in
            "\(e["category"]?.string ?? "")/\(e["kind"]?.string ?? "")/\(e["section"]?.number ?? -1)/\(e["item"]?.number ?? -1)"
        }
    }

    @Test(arguments: specs) func pagesPutTogetherAreTheWholeAnswer(spec: String) throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", spec))["id"]?.string)
        for rect in ["0,0,300,400", "0,150,300,2000", "-50,-50,1000,100000"] {
            let whole = keys(c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=\(rect)")))
            #expect(!whole.isEmpty)
            for limit in [1, 7, 50, 1000] {
                var paged: [String] = []
                var cursor: String?
                var pages = 0
                repeat {
                    let answer = c.send("GET", "/v1/layouts/\(id)/attributes?rect=\(rect)&limit=\(limit)"
                                        + (cursor.map { "&cursor=\($0)" } ?? ""))
                    #expect(answer.status == 200)
                    let json = c.json(answer)
                    let page = keys(json)
                    #expect(page.count <= limit)
                    paged += page
                    cursor = json["next"]?.string
                    pages += 1
                } while cursor != nil && pages < 10_000
                // Each element once; in the same order (a round-robin waterfall sorts cells within a page only).
                #expect(paged.sorted() == whole.sorted(), "\(rect) limit \(limit)")
                if !spec.contains("roundRobin") { #expect(paged == whole) }
                #expect(pages == max(1, (whole.count + limit - 1) / limit) || pages == whole.count / limit + 1)
            }
        }
    }

    @Test func aHugeRectIsPagedWhereItWouldBeRefusedWhole() throws {
        var limits = ServiceLimits()
        limits.maxElements = 100
        let c = Client(limits: limits)
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.specs[0]))["id"]?.string)
        let whole = c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,300,100000")
        #expect(whole.status == 422)
        let first = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,300,100000&limit=100"))
        #expect(keys(first).count == 100)
        let next = try #require(first["next"]?.string)
        #expect(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,300,100000&limit=100&cursor=\(next)").status == 200)
    }

    @Test func badLimitsAndCursorsAre400sNamingThem() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.specs[0]))["id"]?.string)
        let base = "/v1/layouts/\(id)/attributes?rect=0,0,300,400"
        let first = c.json(c.send("GET", base + "&limit=5"))
        let next = try #require(first["next"]?.string)
        for (query, parameter) in [("&limit=0", "limit"), ("&limit=100001", "limit"), ("&limit=x", "limit"),
                                   ("&cursor=\(next)", "cursor"), ("&limit=5&cursor=zzz", "cursor"),
                                   ("&limit=6&cursor=\(next)", "cursor"), ("&limit=5&cursor=-5.\(next.split(separator: ".")[1])", "cursor")] {
            let answer = c.send("GET", base + query)
            #expect(answer.status == 400, "\(query)")
            #expect(c.json(answer)["parameter"]?.string == parameter, "\(query)")
        }
        // The same query goes on where the cursor says.
        #expect(c.send("GET", base + "&limit=5&cursor=\(next)").status == 200)
    }
}
