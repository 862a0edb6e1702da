import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import LayoutWire
import Testing

/// A frames layout through the handler: post, rects in both formats, tiles, hits, look-ups, scroll-to, target
/// offsets, the picture, and the updates it refuses.
@Suite struct FramesServiceTests {
    static let spec = #"""
        {"layout": "frames", "collectionView": {"width": 390, "height": 844}, "scrollTargetBehavior": "item",
         "elements": {"x": [0, 200, 0, 0], "y": [0, 0, 1000, 1900], "width": [190, 190, 390, 390],
                      "height": [300, 120, 200, 100], "category": [0, 0, 0, 2], "kind": [null, null, null, "ad"],
                      "zIndex": [0, 0, 0, -1]}}
        """#

    func post(_ c: Client) throws -> String {
        let r = c.send("POST", "/v1/layouts", Self.spec)
        #expect(r.status == 201, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        let summary = c.json(r)
        #expect(summary["layout"]?.string == "frames" && summary["items"]?.number == 3)
        #expect(summary["contentSize"]?["height"]?.number == 2000)
        return try #require(summary["id"]?.string)
    }

    @Test func queriesOfPostedFrames() throws {
        let c = Client()
        let id = try post(c)
        // The same elements posted in another order are the same layout.
        let reordered = #"{"layout":"frames","collectionView":{"width":390,"height":844},"scrollTargetBehavior":"item","elements":{"x":[0,0,0,200],"y":[1900,1000,0,0],"width":[390,390,190,190],"height":[100,200,300,120],"category":[2,0,0,0],"kind":["ad",null,null,null],"zIndex":[-1,0,0,0],"item":[0,2,0,1]}}"#
        let again = c.send("POST", "/v1/layouts", reordered)
        #expect(again.status == 200 && c.json(again)["id"]?.string == id)

        let rect = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,100,390,1000"))
        #expect(rect["elements"]?.elements.map { $0["item"]!.number! } == [0, 1, 2])
        let columns = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,1800,390,844&format=columns"))
        #expect(columns["item"]?.elements.map { $0.number! } == [0] && columns["category"]?.elements.map { $0.number! } == [2])
        #expect(columns["kind"]?.elements.map { $0.string } == ["ad"] && columns["zIndex"]?.elements.map { $0.number! } == [-1])

        let summary = c.json(c.send("GET", "/v1/layouts/\(id)"))
        #expect(summary["tile"]?["count"]?.number == 3)
        let tile = c.json(c.send("GET", "/v1/layouts/\(id)/tiles/1"))
        #expect(tile["elements"]?.elements.map { $0["item"]!.number! } == [2])

        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/hit?point=250,100"))["item"]?.number == 1)
        #expect(c.send("GET", "/v1/layouts/\(id)/hit?point=250,200").status == 404)
        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/items/0/2"))["frame"]?["y"]?.number == 1000)
        #expect(c.send("GET", "/v1/layouts/\(id)/items/0/3").status == 404)
        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/decorations/ad/0/0"))["frame"]?["y"]?.number == 1900)
        let to = c.json(c.send("GET", "/v1/layouts/\(id)/scroll-to?item=0,2&position=top"))
        #expect(to["y"]?.number == 1000)
        // Flings stop at a cell's leading edge: the one nearest the proposal.
        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/target-offset?proposed=0,980"))["y"]?.number == 1000)
        let svg = c.send("GET", "/v1/layouts/\(id)/render.svg")
        #expect(svg.status == 200 && String(decoding: svg.body.bytes, as: UTF8.self).contains("<svg"))
    }

    /// A pinned header (`sticky`): placed for the query's offset, unpinned with its range in tiles (both formats).
    @Test func pinnedElements() throws {
        let c = Client()
        let spec = #"{"layout":"frames","collectionView":{"width":390,"height":844},"elements":{"x":[0,0],"y":[100,150],"width":[390,390],"height":[50,2000],"category":[1,0],"kind":["header",null],"sticky":[["leading",100,1900],null]}}"#
        let posted = c.send("POST", "/v1/layouts", spec)
        #expect(posted.status == 201, "\(String(decoding: posted.body.bytes, as: UTF8.self))")
        let id = try #require(c.json(posted)["id"]?.string)
        let header = c.json(c.send("GET", "/v1/layouts/\(id)/supplementary/header/0/0?offset=0,700"))
        #expect(header["frame"]?["y"]?.number == 700)
        let rect = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,1000,390,10&offset=0,990"))
        #expect(rect["elements"]?.elements.map { $0["frame"]!["y"]!.number! } == [150, 990])
        // Tile 1 (844 to 1688) holds the header: its range reaches there.
        let tile = c.json(c.send("GET", "/v1/layouts/\(id)/tiles/1"))
        let pinned = tile["elements"]?.elements.first { $0["kind"]?.string == "header" }
        #expect(pinned?["frame"]?["y"]?.number == 100 && pinned?["sticky"]?["edge"]?.string == "leading")
        #expect(pinned?["sticky"]?["min"]?.number == 100 && pinned?["sticky"]?["max"]?.number == 1900)
        let columns = c.json(c.send("GET", "/v1/layouts/\(id)/tiles/1?format=columns"))
        #expect(columns["sticky"]?.elements.map { $0.elements.count } == [0, 3])
    }

    /// A batch inserts, deletes and moves cells with their new frames: the new layout is the one the resulting
    /// frames make when posted afresh (the same id), and the answer animates the rect's cells.
    @Test func batchUpdatesGiveTheLayoutOfTheNewFrames() throws {
        let c = Client()
        let id = try post(c)
        let body = #"{"updates":[{"op":"deleteItems","indexPaths":[[0,1]]},{"op":"insertItems","indexPaths":[[0,0]],"frames":[[0,400,100,50]],"zIndex":[2]},{"op":"moveItem","from":[0,2],"to":[0,1],"frame":[10,500,200,60]}],"rect":{"x":0,"y":0,"width":390,"height":844}}"#
        let update = c.send("POST", "/v1/layouts/\(id)/updates", body)
        #expect(update.status == 201, "\(String(decoding: update.body.bytes, as: UTF8.self))")
        let answer = c.json(update)
        let newID = try #require(answer["id"]?.string)
        #expect(newID != id && answer["items"]?.number == 3)
        // Cells after the batch: the inserted one, the moved one (old 0/2), old 0/0; the ad is kept.
        let afresh = #"{"layout":"frames","collectionView":{"width":390,"height":844},"scrollTargetBehavior":"item","elements":{"x":[0,10,0,0],"y":[400,500,0,1900],"width":[100,200,190,390],"height":[50,60,300,100],"category":[0,0,0,2],"kind":[null,null,null,"ad"],"zIndex":[2,0,0,-1],"item":[0,1,2,0]}}"#
        let posted = c.send("POST", "/v1/layouts", afresh)
        #expect(posted.status == 200 && c.json(posted)["id"]?.string == newID)
        // In the rect: old 0/0 moves to 0/2, old 0/1 disappears, the inserted 0/0 appears, the moved 0/1 comes
        // from its old place (0/2 at y 1000, outside the rect).
        func path(_ a: JSONValue?) -> String { "[\(a?["section"]?.number ?? -1), \(a?["item"]?.number ?? -1)]" }
        let pairs = Array(try #require(answer["animations"]).elements).map {
            "\(path($0["before"]))\($0["before"]?["alpha"]?.number ?? -1)>\(path($0["after"]))\($0["after"]?["alpha"]?.number ?? -1)"
        }
        #expect(pairs == ["[0.0, 0.0]1.0>[0.0, 2.0]1.0", "[0.0, 1.0]1.0>[0.0, 1.0]0.0", "[0.0, 0.0]0.0>[0.0, 0.0]1.0",
                          "[0.0, 2.0]1.0>[0.0, 1.0]1.0"],
                "\(String(decoding: update.body.bytes, as: UTF8.self))")
    }
    /// Batches in a row on a layout of cells (each layout prepared from the one before): every rect and hit
    /// answers as a scan of the frames the batches leave.
    @Test func batchesInARowAnswerAsTheirFrames() throws {
        let c = Client()
        var frames: [[Int]] = (0..<300).map { (i: Int) -> [Int] in [i % 3 * 130, i / 3 * 110, 120, 100] }
        func column(_ k: Int) -> String { "[" + frames.map { (f: [Int]) -> String in String(f[k]) }.joined(separator: ",") + "]" }
        let elements = "{\"x\":\(column(0)),\"y\":\(column(1)),\"width\":\(column(2)),\"height\":\(column(3))}"
        let posted = c.send("POST", "/v1/layouts",
                            #"{"layout":"frames","collectionView":{"width":390,"height":844},"elements":"# + elements + "}")
        var id = try #require(c.json(posted)["id"]?.string)
        // Each batch: its body, and the frames after it (deletes and move sources by old item, inserts and move
        // destinations by new item).
        let batches: [(String, ([[Int]]) -> [[Int]])] = [
            (#"[{"op":"insertItems","indexPaths":[[0,5]],"frames":[[0,20000,100,100]]},{"op":"moveItem","from":[0,10],"to":[0,100],"frame":[260,3000,120,100]},{"op":"deleteItems","indexPaths":[[0,20]]}]"#,
             { (f: [[Int]]) -> [[Int]] in
                 var kept: [[Int]] = f.indices.filter { $0 != 10 && $0 != 20 }.map { f[$0] }
                 kept.insert([0, 20000, 100, 100], at: 5)
                 kept.insert([260, 3000, 120, 100], at: 100)
                 return kept
             }),
            (#"[{"op":"moveItem","from":[0,0],"to":[0,150]},{"op":"reloadItems","indexPaths":[[0,7]],"frames":[[10,10,50,50]]}]"#,
             { (f: [[Int]]) -> [[Int]] in
                 var kept = f
                 kept[7] = [10, 10, 50, 50]
                 let moved = kept.removeFirst()
                 kept.insert(moved, at: 150)
                 return kept
             }),
            (#"[{"op":"deleteItems","indexPaths":[[0,1],[0,2],[0,3]]},{"op":"insertItems","indexPaths":[[0,0],[0,298]],"frames":[[200,500,30,30],[0,0,390,20]]}]"#,
             { (f: [[Int]]) -> [[Int]] in
                 var kept: [[Int]] = [f[0]] + f[4...]
                 kept.insert([200, 500, 30, 30], at: 0)
                 kept.insert([0, 0, 390, 20], at: 298)
                 return kept
             }),
        ]
        func meets(_ f: [Int], _ r: [Int]) -> Bool {
            f[0] <= r[0] + r[2] && r[0] <= f[0] + f[2] && f[1] <= r[1] + r[3] && r[1] <= f[1] + f[3]
        }
        func frame(_ a: JSONValue) -> [Int] {
            ["x", "y", "width", "height"].map { (k: String) -> Int in Int(a["frame"]?[k]?.number ?? -1) }
        }
        #expect((c.service.store.cachedLayout(id: id) as? PreparedFramesLayout)?.indexPartCount == 1)
        for (body, apply) in batches {
            let update = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":"# + body + "}")
            #expect(update.status == 201, "\(String(decoding: update.body.bytes, as: UTF8.self))")
            id = try #require(c.json(update)["id"]?.string)
            frames = apply(frames)
            // Prepared from the layout before: the old index and a part for the changed cells (each batch's merged
            // with the earlier ones', a few cells each). A layout prepared afresh has one part.
            let prepared = try #require(c.service.store.cachedLayout(id: id) as? PreparedFramesLayout)
            #expect(prepared.indexPartCount == 2, "\(body)")
            let rects: [[Int]] = [[0, 0, 390, 844], [0, 2900, 390, 844], [150, 400, 100, 300], [0, 19000, 390, 2000]]
            for rect in rects {
                let query = rect.map { String($0) }.joined(separator: ",")
                let answer = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=\(query)"))
                let expected: [Int] = frames.indices.filter { meets(frames[$0], rect) }
                let got: [JSONValue] = answer["elements"].map { Array($0.elements) } ?? []
                #expect(got.map { Int($0["item"]?.number ?? -1) } == expected, "\(body), rect \(rect)")
                #expect(got.map(frame) == expected.map { frames[$0] })
            }
            let point = [265, 3050, 0, 0]
            let top: Int? = frames.indices.last { meets(frames[$0], point) }
            let hit = c.json(c.send("GET", "/v1/layouts/\(id)/hit?point=265,3050"))
            #expect(hit["item"]?.number.map { Int($0) } == top)
        }
    }

    @Test func badFramesAndUpdatesAreProblems() throws {
        let c = Client()
        let bad = c.send("POST", "/v1/layouts", #"{"layout":"frames","collectionView":{"width":390,"height":844},"elements":{"x":[0,0],"y":[0,0],"width":[1,-1],"height":[1,1]}}"#)
        #expect(bad.status == 422 && c.json(bad)["pointer"]?.string == "/elements/width/1")
        let unequal = c.send("POST", "/v1/layouts", #"{"layout":"frames","collectionView":{"width":390,"height":844},"elements":{"x":[0,0],"y":[0],"width":[1,1],"height":[1,1]}}"#)
        #expect(unequal.status == 422 && c.json(unequal)["pointer"]?.string == "/elements/y")
        let id = try post(c)
        // Bad batches: each a 422 naming the field.
        let badBatches = [
            (#"{"updates":[{"op":"insertSections","sections":[1]}]}"#, "/updates/0/op"),
            (#"{"updates":[{"op":"insertItems","indexPaths":[[0,1]]}]}"#, "/updates/0/frames"),
            (#"{"updates":[{"op":"insertItems","indexPaths":[[0,1]],"frames":[[0,0,-1,5]]}]}"#, "/updates/0/frames/0/2"),
            (#"{"updates":[{"op":"insertItems","indexPaths":[[0,1]],"frames":[[0,0,1,5],[0,0,1,5]]}]}"#, "/updates/0/frames"),
            (#"{"updates":[{"op":"moveItem","from":[0,0],"to":[0,1],"zIndex":2}]}"#, "/updates/0/zIndex"),
            (#"{"updates":[{"op":"reloadItems","indexPaths":[[0,0]],"frames":[[0,0,1,1]],"sticky":[["up",0,1]]}]}"#,
             "/updates/0/sticky/0/0"),
            (#"{"updates":[{"op":"insertItems","indexPaths":[[0,9]],"frames":[[0,0,1,5]]}]}"#, "/updates/0"),
        ]
        for (body, pointer) in badBatches {
            let update = c.send("POST", "/v1/layouts/\(id)/updates", body)
            #expect(update.status == 422 && c.json(update)["pointer"]?.string == pointer,
                    "\(body): \(String(decoding: update.body.bytes, as: UTF8.self))")
        }
        let sizes = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[{"section":0,"item":0,"width":10,"height":10}]}"#)
        #expect(sizes.status == 422)
        let bounds = c.send("POST", "/v1/layouts/\(id)/bounds", #"{"collectionView":{"width":800,"height":600}}"#)
        #expect(bounds.status == 200 || bounds.status == 201)
    }
}
