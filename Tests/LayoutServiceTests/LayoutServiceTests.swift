import HTTPCore
import LayoutService
import LayoutWire
import TestSupport
import Testing

@Suite struct LayoutServiceTests {
    static let spec = #"{"layout":"flow","collectionView":{"width":320,"height":480},"itemSize":{"width":100,"height":50},"headerReferenceSize":{"width":0,"height":40},"sections":[{"items":7},{"itemSizes":[[50,80],[120,80]]}]}"#

    @Test func postIsIdempotent() throws {
        let c = Client()
        let first = c.send("POST", "/v1/layouts", Self.spec)
        #expect(first.status == 201)
        let id = try #require(c.json(first)["id"]?.string)
        #expect(first.header("Location") == "/v1/layouts/\(id)")
        #expect(first.header("Content-Type") == "application/json")
        // The same layout written differently: same id, 200.
        let again = c.send("POST", "/v1/layouts", #"{"sections":[{"items":7.0},{"itemSizes":[[50,80],[120,80]]}],"headerReferenceSize":{"height":40,"width":0},"itemSize":{"width":100,"height":50},"collectionView":{"width":320,"height":480},"layout":"flow","minimumLineSpacing":10}"#)
        #expect(again.status == 200)
        #expect(c.json(again)["id"]?.string == id)
        let summary = c.json(first)
        // header 40 + three rows 170, then header 40 + one row 80.
        #expect(summary["contentSize"]?["height"]?.number == 330.0)
        #expect(summary["sections"]?.number == 2)
        #expect(summary["items"]?.number == 9)
        #expect(summary["boundsDependent"]?.bool == false)
    }

    @Test func getAndDeleteALayout() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec))["id"]?.string)
        let got = c.send("GET", "/v1/layouts/\(id)")
        #expect(got.status == 200)
        #expect(c.json(got)["spec"]?["minimumLineSpacing"]?.number == 10)  // defaults made explicit
        #expect(c.send("DELETE", "/v1/layouts/\(id)").status == 204)
        #expect(c.send("GET", "/v1/layouts/\(id)").status == 404)
        #expect(c.send("DELETE", "/v1/layouts/\(id)").status == 404)
    }

    @Test func attributesInARect() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec))["id"]?.string)
        let r = c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,320,100")
        #expect(r.status == 200)
        let elements = c.json(r)["elements"]!.elements.map { e in
            "\(e["category"]!.string!)/\(e["section"]!.number!)/\(e["item"]!.number!)"
        }
        // Header 0..40, first row 40..90, second row 100..150 (touching 100 counts).
        #expect(elements == ["supplementary/0.0/0.0", "cell/0.0/0.0", "cell/0.0/1.0", "cell/0.0/2.0",
                             "cell/0.0/3.0", "cell/0.0/4.0", "cell/0.0/5.0"])
        let first = c.json(r)["elements"]!.elements.first { $0["category"]?.string == "cell" }!
        #expect(first["center"]?["x"]?.number == 50 && first["size"]?["height"]?.number == 50)
        #expect(first["zIndex"]?.number == 0 && first["alpha"]?.number == 1 && first["hidden"]?.bool == false)
        #expect(first["transform3D"] == nil)
    }

    @Test func oneItemAndOneSupplementaryView() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec))["id"]?.string)
        let item = c.json(c.send("GET", "/v1/layouts/\(id)/items/1/1"))
        #expect(item["frame"]?["x"]?.number == 60)  // last row of varied sizes: 50 + spacing 10
        #expect(c.send("GET", "/v1/layouts/\(id)/items/1/2").status == 404)
        #expect(c.send("GET", "/v1/layouts/\(id)/items/x/2").status == 400)
        let header = c.json(c.send("GET", "/v1/layouts/\(id)/supplementary/header/1/0"))
        #expect(header["frame"]?["y"]?.number == 210 && header["kind"]?.string == "header")
        #expect(c.send("GET", "/v1/layouts/\(id)/supplementary/footer/1/0").status == 404)
        #expect(c.send("GET", "/v1/layouts/\(id)/supplementary/header/1/1").status == 404)
    }

    @Test(arguments: [
        ("GET", "/nope", 404), ("GET", "/v1/layouts/abc/attributes?rect=0,0,1,1", 404),
        ("PUT", "/v1/layouts", 405), ("POST", "/v1/layouts/x", 405), ("POST", "/healthz", 405),
        ("GET", "/healthz", 200),
    ])
    func statuses(_ method: String, _ target: String, _ status: Int) {
        let r = Client().send(method, target)
        #expect(r.status == status)
        if status >= 400 {
            #expect(r.header("Content-Type") == "application/problem+json")
            let problem = Client().json(r)
            #expect(problem["status"]?.number == Double(status))
            #expect(problem["title"]?.string != nil && problem["detail"]?.string != nil)
        }
        if status == 405 { #expect(r.header("Allow") != nil) }
    }

    @Test func badInputIsAProblemNamingTheField() throws {
        let c = Client()
        let malformed = c.send("POST", "/v1/layouts", "{\"layout\":")
        #expect(malformed.status == 400)
        #expect(c.json(malformed)["detail"]?.string?.contains("line 1") == true)
        let invalid = c.send("POST", "/v1/layouts", #"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"itemSizes":[[1,-2]]}]}"#)
        #expect(invalid.status == 422)
        #expect(c.json(invalid)["pointer"]?.string == "/sections/0/itemSizes/0/1")
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec))["id"]?.string)
        for bad in ["", "?rect=1,2,3", "?rect=a,b,c,d", "?rect=0,0,-1,5", "?rect=0,0,1,nan", "?rect=0,0,1,1&offset=1"] {
            let r = c.send("GET", "/v1/layouts/\(id)/attributes\(bad)")
            #expect(r.status == 400, "\(bad)")
            #expect(c.json(r)["parameter"]?.string != nil)
        }
    }

    @Test func limitsAreProblems() throws {
        var limits = ServiceLimits()
        limits.maxElements = 5
        limits.spec.maxItems = 100
        let c = Client(limits: limits)
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec))["id"]?.string)
        let tooMany = c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,320,1000")
        #expect(tooMany.status == 422)
        #expect(c.json(tooMany)["detail"]?.string?.contains("5") == true)
        let tooBig = c.send("POST", "/v1/layouts", #"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"items":101}]}"#)
        #expect(tooBig.status == 422)
        #expect(c.json(tooBig)["type"]?.string == "urn:layout-service:problem:limit-exceeded")
    }

    /// The conformance cases through the handler: POST, then the whole content and each query.
    @Test func conformanceThroughTheHandler() throws {
        let c = Client()
        for k in Fixtures.conformanceCases() {
            let posted = c.send("POST", "/v1/layouts", String(decoding: k.specJSON, as: UTF8.self))
            #expect(posted.status == 201, "\(k.name)")
            let id = try #require(c.json(posted)["id"]?.string)
            for q in k.queries {
                let r = c.send("GET", "/v1/layouts/\(id)/attributes?rect=\(q.rect.x),\(q.rect.y),\(q.rect.width),\(q.rect.height)")
                let ids = c.json(r)["elements"]!.elements.map { e -> String in
                    let cat = e["category"]!.string!
                    let s = Int(e["section"]!.number!), i = Int(e["item"]!.number!)
                    return cat == "cell" ? "cell/\(s)/\(i)" : "\(cat)/\(e["kind"]!.string!)/\(s)/\(i)"
                }
                #expect(ids.sorted() == q.expect, "\(k.name)")
            }
        }
    }
}
