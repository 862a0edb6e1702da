import HTTPCore
import LayoutService
import Testing

/// A query parameter a route does not take is refused (400, `invalid-parameter`, naming it), as a misspelt one
/// would otherwise be ignored; the parameters it takes are answered as before.
@Suite struct QueryParameterTests {
    static let flow = LayoutServiceTests.spec
    static let waterfall = #"{"layout":"waterfall","collectionView":{"width":320,"height":480},"columnCount":3,"headerHeight":30,"decorations":[{"kind":"background"}],"sections":[{"itemHeights":[100,50,80,60,40]}]}"#

    /// (method, target, body, status): each route's answer with the parameters it needs.
    static func requests(_ c: Client) throws -> [(String, String, String?, Int)] {
        let id = try #require(c.json(c.send("POST", "/v1/layouts", flow))["id"]?.string)
        let other = try #require(
            c.json(c.send("POST", "/v1/layouts", flow.replacingOccurrences(of: "320", with: "300")))["id"]?.string)
        let wf = try #require(c.json(c.send("POST", "/v1/layouts", waterfall))["id"]?.string)
        let layout = "/v1/layouts/\(id)"
        return [
            ("GET", "/healthz", nil, 200), ("GET", "/readyz", nil, 200), ("GET", "/", nil, 200),
            ("GET", "/playground", nil, 200), ("GET", "/client/layout-client.js", nil, 200),
            ("POST", "/v1/layouts", flow, 200), ("GET", layout, nil, 200), ("HEAD", layout, nil, 200),
            ("GET", layout + "/attributes?rect=0,0,320,480", nil, 200),
            ("GET", layout + "/attributes?rect=0,0,320,480&offset=0,10&format=columns&limit=2", nil, 200),
            ("GET", layout + "/tiles/0", nil, 200), ("GET", layout + "/tiles/0?format=columns", nil, 200),
            ("GET", layout + "/render.svg", nil, 200), ("GET", layout + "/render.svg?rect=0,0,100,100&offset=0,1", nil, 200),
            ("GET", layout + "/items/0/0?offset=0,10", nil, 200),
            ("GET", layout + "/supplementary/header/0/0", nil, 200),
            ("GET", "/v1/layouts/\(wf)/decorations/background/0/0?offset=0,0", nil, 200),
            ("GET", layout + "/hit?point=10,50&offset=0,0", nil, 200),
            ("GET", layout + "/target-offset?proposed=0,100&velocity=0,1", nil, 200),
            ("GET", layout + "/moving?item=0,0&position=10,60&offset=0,0", nil, 200),
            ("GET", layout + "/scroll-to?item=0,1&position=top&offset=0,0", nil, 200),
            ("GET", layout + "/scroll-to?section=1&position=top", nil, 200),
            ("GET", "/v1/transitions?from=\(id)&to=\(other)&progress=0.5&rect=0,0,320,100&offset=0,0", nil, 200),
            ("POST", layout + "/updates", #"{"updates":[{"op":"deleteItems","indexPaths":[[0,0]]}]}"#, 201),
            ("POST", layout + "/sizes", #"{"sizes":[{"section":0,"item":0,"width":100,"height":80}]}"#, 201),
            ("POST", layout + "/bounds", #"{"collectionView":{"width":600,"height":300}}"#, 201),
        ]
    }

    @Test func everyRouteAnswersItsOwnParametersAndRefusesAnyOtherNamingIt() throws {
        let c = Client()
        for (method, target, body, status) in try Self.requests(c) {
            let known = c.send(method, target, body)
            #expect(known.status == status, "\(method) \(target): \(String(decoding: known.body.bytes, as: UTF8.self))")
            for unknown in ["rectt", "_", "cache-bust"] {
                let refused = c.send(method, target + (target.contains("?") ? "&" : "?") + unknown + "=1", body)
                #expect(refused.status == 400, "\(method) \(target) \(unknown)")
                #expect(refused.header("Content-Type") == "application/problem+json")
                #expect(c.json(refused)["parameter"]?.string == unknown, "\(method) \(target)")
                #expect(c.json(refused)["type"]?.string?.hasSuffix("invalid-parameter") == true)
            }
        }
    }

    @Test func theRefusalSaysWhatTheRouteTakes() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.flow))["id"]?.string)
        let refused = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,10,10&rectt=0,0,10,10"))
        #expect(refused["detail"]?.string == "rectt is not a parameter of /v1/layouts/{id}/attributes: it takes "
                + "rect, offset, format, limit, cursor, sectionOffsets")
        let none = c.json(c.send("GET", "/v1/layouts/\(id)?rect=0,0,10,10"))
        #expect(none["detail"]?.string == "rect is not a parameter of /v1/layouts/{id}: it takes no query parameters")
    }

    @Test func aDeleteWithAnUnknownParameterDeletesNothing() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.flow))["id"]?.string)
        #expect(c.send("DELETE", "/v1/layouts/\(id)?force=1").status == 400)
        #expect(c.send("GET", "/v1/layouts/\(id)").status == 200)
        #expect(c.send("DELETE", "/v1/layouts/\(id)").status == 204)
    }

    @Test func aRevalidationWithAnUnknownParameterIsRefusedToo() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.flow))["id"]?.string)
        let target = "/v1/layouts/\(id)/attributes?rect=0,0,10,10&rectt=1"
        let request = HTTPRequest(method: "GET", path: "/v1/layouts/\(id)/attributes",
                                  query: [("rect", "0,0,10,10"), ("rectt", "1")], headers: [("If-None-Match", "*")])
        #expect(c.service.handle(request).status == 400, "\(target)")
    }
}
