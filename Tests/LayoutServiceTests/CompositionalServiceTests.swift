import HTTPCore
import LayoutService
import LayoutWire
import Testing

@Suite struct CompositionalServiceTests {
    static let row = #"{"axis":"horizontal","size":{"width":{"absolute":300},"height":{"absolute":100}},"subitems":[{"item":{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]}"#
    /// Section 0 a grid of rows, section 1 an orthogonal row of 300-wide groups centred in a 390 view.
    static let spec = #"{"layout":"compositional","collectionView":{"width":390,"height":844},"interSectionSpacing":10,"sections":[{"items":2,"section":{"group":\#(row)}},{"items":3,"section":{"orthogonalScrollingBehavior":"groupPagingCentered","interGroupSpacing":10,"group":\#(row)}}]}"#

    func frames(_ c: Client, _ r: HTTPResponse) -> [[Double]] {
        (c.json(r)["elements"]?.elements.map { e in
            ["x", "y", "width", "height"].map { e["frame"]?[$0]?.number ?? .nan }
        }) ?? []
    }

    @Test func orthogonalRowsTakeTheirOwnOffsets() throws {
        let c = Client()
        let post = c.send("POST", "/v1/layouts", Self.spec)
        #expect(post.status == 201)
        let id = try #require(c.json(post)["id"]?.string)
        // Section 1 starts at 2 x 100 + 10 = 210; its row at (390 - 300) / 2 = 45, groups 310 apart.
        #expect(frames(c, c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,210,390,100")) == [
            [45, 210, 300, 100], [355, 210, 300, 100],
        ])
        // Scrolled by 310: cells move back by it.
        #expect(frames(c, c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,210,390,100&sectionOffsets=1:310")) == [
            [-265, 210, 300, 100], [45, 210, 300, 100], [355, 210, 300, 100],
        ])
        // Hit tests see the row as on screen: at x 100 the row scrolled by 310 shows item 1.
        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/hit?point=100,250"))["item"]?.number == 0)
        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/hit?point=100,250&sectionOffsets=1:310"))["item"]?.number == 1)
        let item = c.json(c.send("GET", "/v1/layouts/\(id)/items/1/2?sectionOffsets=1:620"))
        #expect(item["frame"]?["x"]?.number == 45)
        // Section 0 does not scroll on its own: 400 naming the parameter.
        let bad = c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,390,100&sectionOffsets=0:10")
        #expect(bad.status == 400 && c.json(bad)["parameter"]?.string == "sectionOffsets")
        #expect(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,390,100&sectionOffsets=1:x").status == 400)
        // A fling of the row stops with a group centred: stops 0, 310, 620 (the row is 45 + 920 + 45 long).
        let target = c.send("GET", "/v1/layouts/\(id)/target-offset?proposed=200,0&section=1")
        #expect(c.json(target)["x"]?.number == 310)
        let ahead = c.send("GET", "/v1/layouts/\(id)/target-offset?proposed=320,0&velocity=1,0&section=1")
        #expect(c.json(ahead)["x"]?.number == 620)
        let notOrthogonal = c.send("GET", "/v1/layouts/\(id)/target-offset?proposed=0,0&section=0")
        #expect(notOrthogonal.status == 400 && c.json(notOrthogonal)["parameter"]?.string == "section")
    }

    @Test func listsShowTheirCompositionalSpec() throws {
        let c = Client()
        let post = c.send("POST", "/v1/layouts", #"{"layout":"list","collectionView":{"width":390,"height":844},"appearance":"insetGrouped","sections":[{"items":3}]}"#)
        #expect(post.status == 201)
        let id = try #require(c.json(post)["id"]?.string)
        let spec = try #require(c.json(c.send("GET", "/v1/layouts/\(id)"))["spec"])
        #expect(spec["layout"]?.string == "compositional")
        #expect(spec["defaultSection"]?["contentInsets"]?["leading"]?.number == 20)
        #expect(frames(c, c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,390,50")) == [
            [20, 0, 350, 44], [20, 44, 350, 44], [20, 0, 350, 132],
        ])
    }

    @Test func badSpecsAre422WithTheirPointer() throws {
        let c = Client()
        let r = c.send("POST", "/v1/layouts", #"{"layout":"compositional","collectionView":{"width":390,"height":844},"sections":[{"items":1,"section":{"group":{"axis":"horizontal","count":0,"size":{"width":{"absolute":1},"height":{"absolute":1}},"subitems":[{"item":{"size":{"width":{"absolute":1},"height":{"absolute":1}}}}]}}}]}"#)
        #expect(r.status == 422 && c.json(r)["pointer"]?.string == "/sections/0/section/group/count")
    }

    @Test func updatesSizesAndTransitions() throws {
        let c = Client()
        let list = #"{"layout":"list","collectionView":{"width":320,"height":400},"sections":[{"items":4}]}"#
        let id = try #require(c.json(c.send("POST", "/v1/layouts", list))["id"]?.string)
        // Self-sizing: row 0 reports 80 tall; the rows after it move down 36; what was on screen stays still.
        let sized = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[{"section":0,"item":0,"width":320,"height":80}],"offset":{"x":0,"y":50}}"#)
        #expect(sized.status == 201)
        #expect(c.json(sized)["contentOffsetAdjustment"]?["y"]?.number == 36)
        let sizedID = try #require(c.json(sized)["id"]?.string)
        #expect(frames(c, c.send("GET", "/v1/layouts/\(sizedID)/attributes?rect=0,0,320,130")) == [
            [0, 0, 320, 80], [0, 80, 320, 44], [0, 124, 320, 44],
        ])
        let spec = try #require(c.json(c.send("GET", "/v1/layouts/\(sizedID)"))["spec"])
        #expect(spec["sections"]?.elements.first(where: { _ in true })?["itemSizes"]?.count == 4)
        // Updates: an item inserted at the top (no size yet: estimated), an item deleted.
        let updated = c.send("POST", "/v1/layouts/\(sizedID)/updates", #"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]},{"op":"deleteItems","indexPaths":[[0,3]]}],"rect":{"x":0,"y":0,"width":320,"height":400}}"#)
        #expect(updated.status == 201)
        let updatedID = try #require(c.json(updated)["id"]?.string)
        #expect(frames(c, c.send("GET", "/v1/layouts/\(updatedID)/attributes?rect=0,0,320,130")) == [
            [0, 0, 320, 44], [0, 44, 320, 80], [0, 124, 320, 44],
        ])
        #expect((c.json(updated)["animations"]?.count ?? 0) > 0)
        // A transition between the sized and the plain list, halfway: row 1 halfway between 80 and 44.
        let t = c.send("GET", "/v1/transitions?from=\(id)&to=\(sizedID)&progress=0.5&rect=0,0,320,100")
        #expect(t.status == 200)
        #expect(frames(c, t).prefix(2) == [[0, 0, 320, 62], [0, 62, 320, 44]])
    }

    @Test func insertedSectionsAndNewBounds() throws {
        let c = Client()
        let list = #"{"layout":"list","collectionView":{"width":320,"height":400},"appearance":"insetGrouped","sections":[{"items":2}]}"#
        let id = try #require(c.json(c.send("POST", "/v1/layouts", list))["id"]?.string)
        // A section with its own layout (an orthogonal row), inserted first.
        let inserted = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"insertSections","sections":[0],"items":[{"items":3,"section":{"orthogonalScrollingBehavior":"continuous","group":\#(Self.row)}}]}]}"#)
        #expect(inserted.status == 201)
        let insertedID = try #require(c.json(inserted)["id"]?.string)
        // The row (100 tall), 35, then the inset-grouped rows 20 in.
        #expect(frames(c, c.send("GET", "/v1/layouts/\(insertedID)/attributes?rect=0,0,320,200")) == [
            [0, 0, 300, 100], [300, 0, 300, 100], [20, 135, 280, 44], [20, 179, 280, 44], [20, 135, 280, 88],
        ])
        // Rotated to 600 wide: fractions follow the new width.
        let bounds = c.send("POST", "/v1/layouts/\(id)/bounds", #"{"collectionView":{"width":600,"height":300}}"#)
        #expect(bounds.status == 201)
        let boundsID = try #require(c.json(bounds)["id"]?.string)
        #expect(frames(c, c.send("GET", "/v1/layouts/\(boundsID)/attributes?rect=0,0,600,50")) == [
            [20, 0, 560, 44], [20, 44, 560, 44], [20, 0, 560, 88],
        ])
    }
}
