import HTTPCore
import LayoutService
import LayoutWire
import Testing

@Suite struct InteractionServiceTests {
    static let grid = #"{"layout":"flow","collectionView":{"width":300,"height":400},"itemSize":{"width":100,"height":100},"minimumInteritemSpacing":0,"scrollTargetBehavior":"item","sections":[{"items":30}]}"#
    static let list = #"{"layout":"flow","collectionView":{"width":300,"height":400},"itemSize":{"width":300,"height":50},"sections":[{"items":30}]}"#

    func post(_ c: Client, _ spec: String) throws -> String {
        try #require(c.json(c.send("POST", "/v1/layouts", spec))["id"]?.string)
    }

    @Test func hit() throws {
        let c = Client()
        let id = try post(c, Self.grid)
        let r = c.json(c.send("GET", "/v1/layouts/\(id)/hit?point=150,150"))
        #expect(r["section"]?.number == 0 && r["item"]?.number == 4)  // row 1 (110..210), middle column
        #expect(c.send("GET", "/v1/layouts/\(id)/hit?point=150,105").status == 404)  // between rows
        #expect(c.send("GET", "/v1/layouts/\(id)/hit").status == 400)
        #expect(c.send("GET", "/v1/layouts/\(id)/hit?point=1").status == 400)
    }

    @Test func targetOffset() throws {
        let c = Client()
        let id = try post(c, Self.grid)
        let r = c.json(c.send("GET", "/v1/layouts/\(id)/target-offset?proposed=0,250&velocity=0,1"))
        #expect(r["y"]?.number == 330 && r["x"]?.number == 0)  // next row top after 250
        let still = c.json(c.send("GET", "/v1/layouts/\(id)/target-offset?proposed=0,250"))
        #expect(still["y"]?.number == 220)
        #expect(c.send("GET", "/v1/layouts/\(id)/target-offset?velocity=0,1").status == 400)
    }

    @Test func moving() throws {
        let c = Client()
        let id = try post(c, Self.grid)
        let r = c.json(c.send("GET", "/v1/layouts/\(id)/moving?item=0,0&position=150,150"))
        #expect(r["target"]?["item"]?.number == 4)
        #expect(r["attributes"]?["frame"]?["x"]?.number == 100)
        #expect(r["attributes"]?["zIndex"]?.number == 10_000)
        #expect(c.send("GET", "/v1/layouts/\(id)/moving?item=0,99&position=1,1").status == 404)
        #expect(c.send("GET", "/v1/layouts/\(id)/moving?item=0&position=1,1").status == 400)
    }

    @Test func transitions() throws {
        let c = Client()
        let a = try post(c, Self.grid)
        let b = try post(c, Self.list)
        let start = c.send("GET", "/v1/transitions?from=\(a)&to=\(b)&progress=0&rect=0,0,300,400")
        let own = c.send("GET", "/v1/layouts/\(a)/attributes?rect=0,0,300,400")
        #expect(start.status == 200)
        #expect(c.json(start)["elements"]?.count == c.json(own)["elements"]?.count)
        let mid = c.json(c.send("GET", "/v1/transitions?from=\(a)&to=\(b)&progress=0.5&rect=0,0,300,400"))
        let first = Array(mid["elements"]!.elements)[0]
        #expect(first["frame"]?["width"]?.number == 200 && first["frame"]?["height"]?.number == 75)
        let other = try post(c, #"{"layout":"flow","collectionView":{"width":300,"height":400},"sections":[{"items":3}]}"#)
        let mismatch = c.send("GET", "/v1/transitions?from=\(a)&to=\(other)&progress=0.5&rect=0,0,300,400")
        #expect(mismatch.status == 422)
        #expect(c.json(mismatch)["detail"]?.string?.contains("30 and 3 items") == true)
        #expect(c.send("GET", "/v1/transitions?from=\(a)&to=\(b)&progress=2&rect=0,0,1,1").status == 400)
        #expect(c.send("GET", "/v1/transitions?from=\(a)&progress=0&rect=0,0,1,1").status == 400)
        #expect(c.send("GET", "/v1/transitions?from=\(a)&to=nope&progress=0&rect=0,0,1,1").status == 404)
    }
}
