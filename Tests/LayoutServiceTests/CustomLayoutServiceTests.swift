import HTTPCore
import LayoutService
import LayoutWire
import Testing

@Suite struct CustomLayoutServiceTests {
    func post(_ c: Client, _ spec: String) throws -> String {
        let r = c.send("POST", "/v1/layouts", spec)
        #expect(r.status == 201, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        return try #require(c.json(r)["id"]?.string)
    }

    @Test func waterfallWithPinnedHeaderAndBackground() throws {
        let c = Client()
        let id = try post(c, #"{"layout":"waterfall","collectionView":{"width":320,"height":480},"columnCount":3,"headerHeight":30,"sectionHeadersPinToVisibleBounds":true,"decorations":[{"kind":"background"}],"sections":[{"itemHeights":[100,50,80,60,40]}]}"#)
        let summary = c.json(c.send("GET", "/v1/layouts/\(id)"))
        #expect(summary["boundsDependent"]?.bool == true && summary["layout"]?.string == "waterfall")
        let answer = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,320,480&offset=0,50"))
        let elements = Array(answer["elements"]!.elements)
        #expect(elements.first?["kind"]?.string == "header")
        #expect(elements.first?["frame"]?["y"]?.number == 50)  // pinned at the offset
        #expect(elements.last?["category"]?.string == "decoration")
        let header = c.json(c.send("GET", "/v1/layouts/\(id)/supplementary/header/0/0?offset=0,20"))
        #expect(header["frame"]?["y"]?.number == 20)
        let background = c.send("GET", "/v1/layouts/\(id)/decorations/background/0/0")
        #expect(background.status == 200)
        #expect(c.json(background)["frame"]?["height"]?.number == 130)  // content 30..160
        #expect(c.send("GET", "/v1/layouts/\(id)/decorations/other/0/0").status == 404)
        #expect(c.send("GET", "/v1/layouts/\(id)/decorations/background/1/0").status == 404)
    }

    @Test func wheelAnswersCarryTransformsAndWrap() throws {
        let c = Client()
        let id = try post(c, #"{"layout":"wheel","collectionView":{"width":320,"height":200},"infinite":true,"sections":[{"items":12}]}"#)
        let summary = c.json(c.send("GET", "/v1/layouts/\(id)"))
        #expect(summary["wrap"]?["period"]?.number == 2400)
        let answer = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,-20,320,200&offset=0,-20"))
        #expect(answer["elements"]?.count == 12)
        #expect(Array(answer["elements"]!.elements).first?["transform3D"]?.count == 16)
        #expect(answer["contentOffsetAdjustment"]?["y"]?.number == 4800)
        #expect(summary["initialOffset"]?["y"]?.number == 2400)
        let inBand = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,2400,320,200&offset=0,2400"))
        #expect(inBand["contentOffsetAdjustment"] == nil)
        let item = c.json(c.send("GET", "/v1/layouts/\(id)/items/0/3?offset=0,100"))
        #expect(item["frame"]?["y"]?.number == 178.0)  // offset 100 + (200 - 44) / 2
    }

    @Test func circleAndInvalidCustomSpecs() throws {
        let c = Client()
        let id = try post(c, #"{"layout":"circle","collectionView":{"width":400,"height":400},"itemSize":{"width":40,"height":40},"sections":[{"items":4}]}"#)
        let right = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=350,150,50,100"))
        #expect(right["elements"]?.elements.map { $0["item"]!.number! } == [0])
        let bad = c.send("POST", "/v1/layouts", #"{"layout":"spiral","collectionView":{"width":1,"height":1},"sections":[]}"#)
        #expect(bad.status == 422)
        #expect(c.json(bad)["detail"]?.string?.contains("waterfall") == true)
    }
}
