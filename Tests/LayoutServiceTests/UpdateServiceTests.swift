import HTTPCore
import LayoutService
import LayoutWire
import Testing

@Suite struct UpdateServiceTests {
    static let spec = #"{"layout":"flow","collectionView":{"width":300,"height":400},"itemSize":{"width":100,"height":100},"minimumInteritemSpacing":0,"sections":[{"items":4},{"items":2}]}"#

    @Test func theNewLayoutIsTheLayoutOfItsSpec() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec))["id"]?.string)
        let r = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"deleteItems","indexPaths":[[0,3]]},{"op":"insertSections","sections":[2],"items":[{"itemSizes":[[50,50]]}]},{"op":"moveSection","from":1,"to":0}],"rect":{"x":0,"y":0,"width":300,"height":400}}"#)
        #expect(r.status == 201)
        let newID = try #require(c.json(r)["id"]?.string)
        #expect(r.header("Location") == "/v1/layouts/\(newID)")
        #expect(c.json(r)["sections"]?.number == 3 && c.json(r)["items"]?.number == 6)
        #expect((c.json(r)["animations"]?.count ?? 0) > 0)
        // Posting the resulting spec directly gives the same id (200: known).
        let direct = c.send("POST", "/v1/layouts", #"{"layout":"flow","collectionView":{"width":300,"height":400},"itemSize":{"width":100,"height":100},"minimumInteritemSpacing":0,"sections":[{"items":2},{"items":3},{"itemSizes":[[50,50]]}]}"#)
        #expect(direct.status == 200)
        #expect(c.json(direct)["id"]?.string == newID)
        // Without a rect: the new layout only.
        let plain = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]}]}"#)
        #expect(c.json(plain)["animations"] == nil && c.json(plain)["items"]?.number == 7)
    }

    @Test func inconsistentBatchesAre422NamingTheOperation() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec))["id"]?.string)
        let bad = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"deleteItems","indexPaths":[[0,1]]},{"op":"moveItem","from":[0,1],"to":[0,0]}]}"#)
        #expect(bad.status == 422)
        #expect(c.json(bad)["pointer"]?.string == "/updates/1")
        let unknownOp = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"shuffle"}]}"#)
        #expect(unknownOp.status == 422 && c.json(unknownOp)["pointer"]?.string == "/updates/0/op")
        let badPath = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"deleteItems","indexPaths":[[0]]}]}"#)
        #expect(c.json(badPath)["pointer"]?.string == "/updates/0/indexPaths/0")
        #expect(c.send("POST", "/v1/layouts/\(id)/updates", "{oops").status == 400)
        #expect(c.send("POST", "/v1/layouts/nope/updates", #"{"updates":[]}"#).status == 404)
        let wheel = try #require(c.json(c.send("POST", "/v1/layouts", #"{"layout":"wheel","collectionView":{"width":300,"height":200},"sections":[{"items":5}]}"#))["id"]?.string)
        let sections = c.send("POST", "/v1/layouts/\(wheel)/updates", #"{"updates":[{"op":"deleteSections","sections":[0]}]}"#)
        #expect(sections.status == 422)
        let items = c.send("POST", "/v1/layouts/\(wheel)/updates", #"{"updates":[{"op":"insertItems","indexPaths":[[0,5]]}]}"#)
        #expect(items.status == 201 && c.json(items)["items"]?.number == 6)
    }
}

@Suite struct SizeReportServiceTests {
    @Test func sizeReports() throws {
        let c = Client()
        let spec = #"{"layout":"flow","collectionView":{"width":300,"height":400},"estimatedItemSize":{"width":300,"height":100},"sections":[{"items":4}]}"#
        let id = try #require(c.json(c.send("POST", "/v1/layouts", spec))["id"]?.string)
        let r = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[{"section":0,"item":0,"width":300,"height":160}],"offset":{"x":0,"y":220}}"#)
        #expect(r.status == 201)
        #expect(c.json(r)["contentOffsetAdjustment"]?["y"]?.number == 60)  // item 2 (first visible) moved down 60
        let newID = try #require(c.json(r)["id"]?.string)
        let item = c.json(c.send("GET", "/v1/layouts/\(newID)/items/0/0"))
        #expect(item["frame"]?["height"]?.number == 160)
        #expect(c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[{"section":0,"item":9,"width":1,"height":1}]}"#).status == 422)
        let negative = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[{"section":0,"item":0,"width":-1,"height":1}]}"#)
        #expect(negative.status == 422 && c.json(negative)["pointer"]?.string == "/sizes/0/width")
    }
}
