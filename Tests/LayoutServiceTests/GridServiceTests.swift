import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import LayoutWire
import TestSupport
import Testing

/// A grid through the service's handler: every per-element endpoint, bad grids refused with nothing stored, batch
/// updates on rows and columns.
@Suite struct GridServiceTests {
    /// 1,000,000 rows by 10,000 columns: a header row and column frozen, a total row at the bottom, one merge.
    static let sheet = #"""
        {"layout":"grid","collectionView":{"width":1280,"height":800},
         "rows":{"count":1000000,"size":28,"overrides":{"0":40}},
         "columns":{"count":10000,"size":100,"sizes":[64,220,100]},
         "frozen":{"top":1,"bottom":1,"leading":1},
         "merged":[{"row":5,"column":2,"rows":2,"columns":3}]}
        """#

    func post(_ c: Client, _ body: String) throws -> String {
        let r = c.send("POST", "/v1/layouts", body)
        #expect(r.status == 201 || r.status == 200, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        return try #require(c.json(r)["id"]?.string)
    }

    @Test func theSpreadsheetAnswersEveryEndpoint() throws {
        let c = Client()
        let posted = c.send("POST", "/v1/layouts", Self.sheet)
        #expect(posted.status == 201)
        let summary = c.json(posted)
        let id = try #require(summary["id"]?.string)
        #expect(summary["layout"]?.string == "grid")
        #expect(summary["sections"]?.number == 1_000_000)
        #expect(summary["items"]?.number == 10_000_000_000)
        // Content: 40 + 999,999 x 28 tall; 64 + 220 + 9,998 x 100 wide.
        #expect(summary["contentSize"]?["height"]?.number == Double(40 + 999_999 * 28))
        #expect(summary["contentSize"]?["width"]?.number == Double(64 + 220 + 9_998 * 100))
        #expect(summary["tile"] == nil)
        // Scrolled down 1,000 rows and right 50 columns: the rect answer equals the engine's, frozen cells pinned.
        let offset = LayoutPoint(x: 5_000, y: 28_040)
        let rect = LayoutRect(x: offset.x, y: offset.y, width: 1280, height: 800)
        let answer = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=5000,28040,1280,800&offset=5000,28040"))
        let elements = try #require(answer["elements"]?.elements)
        guard case .grid(let g) = try SpecDecoder.decode(Array(Self.sheet.utf8), limits: SpecLimits()) else { return }
        var expected: [LayoutAttributes] = []
        _ = PreparedGridLayout(g).elements(in: rect, offset: offset, limit: 100_000, into: &expected)
        #expect(elements.count == expected.count)
        let corner = try #require(elements.first { $0["section"]?.number == 0 && $0["item"]?.number == 0 })
        #expect(corner["frame"]?["x"]?.number == 5_000)
        #expect(corner["frame"]?["y"]?.number == 28_040)
        #expect(corner["zIndex"]?.number == 2)
        let total = try #require(elements.first { $0["section"]?.number == 999_999 && $0["item"]?.number == 0 })
        #expect(total["frame"]?["y"]?.number == Double(28_040 + 800 - 28))
        // Columns: the same elements, with their zIndex.
        let columns = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=5000,28040,1280,800&offset=5000,28040&format=columns"))
        #expect(columns["count"]?.number == Double(expected.count))
        #expect(columns["zIndex"]?.elements.map { $0.number! } == expected.map { Double($0.zIndex) })
        // The merged cell: one element with its spans; a cell inside it is none.
        let merged = c.json(c.send("GET", "/v1/layouts/\(id)/items/5/2"))
        #expect(merged["rowSpan"]?.number == 2)
        #expect(merged["columnSpan"]?.number == 3)
        #expect(merged["frame"]?["width"]?.number == 300)
        #expect(c.send("GET", "/v1/layouts/\(id)/items/6/3").status == 404)
        // Hit: the frozen header row wins over the cell scrolled under it.
        let hit = c.json(c.send("GET", "/v1/layouts/\(id)/hit?point=6000,28050&offset=5000,28040"))
        #expect(hit["section"]?.number == 0)
        // Scroll to a cell: it comes to rest below the header row and right of the header column.
        let to = c.json(c.send("GET", "/v1/layouts/\(id)/scroll-to?item=500,70&position=top"))
        #expect(to["y"]?.number == Double(40 + 499 * 28 - 40))
        let left = c.json(c.send("GET", "/v1/layouts/\(id)/scroll-to?item=500,70&position=left"))
        #expect(left["x"]?.number == Double(64 + 220 + 68 * 100 - 64))
        // Target offsets snap to whole rows and columns below and right of the frozen ones: rows start at
        // 40 + (i - 1) x 28, the visible body at y + 40 (1,040: the next start down is row 37's, 1,048); columns at
        // 284 + (i - 2) x 100, the body at x + 64 (1,074: the nearest start is column 10's, 1,084).
        let target = c.json(c.send("GET", "/v1/layouts/\(id)/target-offset?proposed=1010,1000&velocity=0,1"))
        #expect(target["y"]?.number == Double(1_048 - 40))
        #expect(target["x"]?.number == Double(1_084 - 64))
        // Tiles: refused with a reason; the picture of a rect renders.
        let tile = c.send("GET", "/v1/layouts/\(id)/tiles/0")
        #expect(tile.status == 404)
        #expect(c.json(tile)["type"]?.string?.hasSuffix("no-tiles") == true)
        #expect(c.send("GET", "/v1/layouts/\(id)/render.svg?rect=0,0,400,200").status == 200)
        // The whole content would be 10 billion elements: a problem, not a hang.
        #expect(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,10000000,30000000").status == 422)
        // A new view size keeps the place: the first row under the frozen header stays first.
        let resized = c.send("POST", "/v1/layouts/\(id)/bounds", #"{"collectionView":{"width":800,"height":600},"offset":{"x":5000,"y":28040}}"#)
        #expect(resized.status == 201, "\(String(decoding: resized.body.bytes, as: UTF8.self))")
        #expect(c.json(resized)["contentOffset"]?["y"]?.number == 28_040)
        // Posting it again gives the same id.
        #expect(try post(c, String(decoding: SpecEncoder.canonical(.grid(g)), as: UTF8.self)) == id)
    }

    /// 30 rows by 12 columns: a header row and column frozen, a total row, one merged range.
    static let small = #"""
        {"layout":"grid","collectionView":{"width":200,"height":100},
         "rows":{"count":30,"size":10,"overrides":{"0":20}},"columns":{"count":12,"size":20},
         "frozen":{"top":1,"bottom":1,"leading":1},
         "merged":[{"row":10,"column":4,"rows":2,"columns":2}]}
        """#

    @Test func batchUpdatesOnRowsAndColumns() throws {
        let store = LayoutStore(capacityBytes: 1 << 26)
        let c = Client(service: LayoutService(store: store, limits: ServiceLimits()))
        let id = try post(c, Self.small)
        // Scrolled to row 5 (under the 20-tall header) and column 3: two rows inserted above, column 1 dragged
        // 30 wider, row 11 (inside the merged range) deleted, the header column's neighbour moved right.
        let body = #"""
            {"updates":[{"op":"insertRows","rows":[2,3],"sizes":[15,10]},
                        {"op":"resizeColumns","columns":[1],"sizes":[50]},
                        {"op":"deleteRows","rows":[11]},
                        {"op":"moveColumn","from":2,"to":6}],
             "rect":{"x":40,"y":40,"width":200,"height":100},"offset":{"x":40,"y":40}}
            """#
        let r = c.send("POST", "/v1/layouts/\(id)/updates", body)
        #expect(r.status == 201, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        let answer = c.json(r)
        let newID = try #require(answer["id"]?.string)
        // The same grid posted afresh has the same id: rows 2 and 3 new, the range one row shorter and two rows
        // lower, column 1 50 wide.
        let expected = #"""
            {"layout":"grid","collectionView":{"width":200,"height":100},
             "rows":{"count":31,"size":10,"overrides":{"0":20,"2":15}},
             "columns":{"count":12,"size":20,"overrides":{"1":50}},
             "frozen":{"top":1,"bottom":1,"leading":1},
             "merged":[{"row":12,"column":3,"rows":1,"columns":2}]}
            """#
        #expect(try post(c, expected) == newID)
        // The place is kept: 25 more above the first visible row; left of the first visible column, 30 more
        // (column 1) and 20 less (column 2 moved right of it).
        #expect(answer["contentOffset"]?["y"]?.number == 65)
        #expect(answer["contentOffset"]?["x"]?.number == 50)
        // Animations: the corner cell stays, cells of the new rows appear, those of the deleted row disappear.
        let animations = try #require(answer["animations"]?.elements)
        func pairs(section: Int, before: Bool) -> [JSONValue] {
            animations.filter { $0[before ? "before" : "after"]?["section"]?.number == Double(section) }
        }
        #expect(!pairs(section: 2, before: false).isEmpty)
        #expect(pairs(section: 2, before: false).allSatisfy { $0["before"]?["alpha"]?.number == 0 })
        #expect(!pairs(section: 11, before: true).isEmpty)
        #expect(pairs(section: 11, before: true).allSatisfy { $0["after"]?["alpha"]?.number == 0 })
        // Bad batches: a 422 naming the operation, nothing stored.
        let specs = store.stats.specs
        for (bad, pointer) in [
            (#"{"updates":[{"op":"deleteRows","rows":[3]},{"op":"deleteRows","rows":[30]}]}"#, "/updates/1"),
            (#"{"updates":[{"op":"moveRow","from":10,"to":20}]}"#, "/updates/0"),
            (#"{"updates":[{"op":"insertColumns","columns":[0]},{"op":"moveColumn","from":5,"to":0}]}"#, "/updates/1"),
            (#"{"updates":[{"op":"moveRow","from":29,"to":5}]}"#, "/updates/0"),
            (#"{"updates":[{"op":"resizeRows","rows":[3],"sizes":[-1]}]}"#, "/updates/0/sizes/0"),
            (#"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]}]}"#, "/updates/0/op"),
        ] {
            let b = c.send("POST", "/v1/layouts/\(id)/updates", bad)
            #expect(b.status == 422, "\(bad)")
            #expect(c.json(b)["pointer"]?.string == pointer, "\(String(decoding: b.body.bytes, as: UTF8.self))")
        }
        #expect(store.stats.specs == specs)
        // Size reports are for cells that size themselves: a grid resizes rows and columns by batch.
        let s = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[{"section":0,"item":0,"width":10,"height":10}]}"#)
        #expect(s.status == 422)
        #expect(c.json(s)["detail"]?.string?.contains("resizeRows") == true)
    }

    @Test func badGridsAreProblemsAndNothingIsStored() {
        let store = LayoutStore(capacityBytes: 1 << 26)
        let c = Client(service: LayoutService(store: store, limits: ServiceLimits()))
        let base = #""layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20}"#
        for (body, pointer) in [
            ("{\(base),\"merged\":[{\"row\":0,\"column\":0,\"rows\":2,\"columns\":2},{\"row\":1,\"column\":1,\"rows\":1,\"columns\":2}]}", "/merged/1"),
            ("{\(base),\"frozen\":{\"top\":1},\"merged\":[{\"row\":0,\"column\":0,\"rows\":2,\"columns\":1}]}", "/merged/0/rows"),
            ("{\(base),\"frozen\":{\"top\":3,\"bottom\":3}}", "/frozen/bottom"),
            (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"sizes":[1,-1]},"columns":{"count":3,"size":20}}"#, "/rows/sizes/1"),
            (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":1e400},"columns":{"count":3,"size":20}}"#, ""),
            (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5000000000,"size":10},"columns":{"count":3,"size":20}}"#, "/rows/count"),
        ] {
            let r = c.send("POST", "/v1/layouts", body)
            if pointer.isEmpty {
                #expect(r.status == 400, "\(body)")  // not JSON: 1e400 is out of a number's range
            } else {
                #expect(r.status == 422, "\(body)")
                #expect(c.json(r)["pointer"]?.string == pointer, "\(String(decoding: r.body.bytes, as: UTF8.self))")
            }
        }
        #expect(store.stats.specs == 0)
    }
}
