import HTTPCore
import LayoutService
import LayoutStore
import Testing

/// On an event loop (`HTTPRequest.onEventLoop`), what would wait is answered off it (`HTTPResponse.offLoop`): a
/// layout that is not prepared, an id that is not in memory, a DELETE, a transition. What the server then makes
/// off the loop is the answer made directly.
@Suite struct OffLoopTests {
    static let spec = #"{"layout":"flow","collectionView":{"width":300,"height":400},"sections":[{"itemSizes":"#
        + #"[[50,60],[70,40],[90,90],[30,30],[120,50],[60,60],[40,80]]}]}"#

    func request(_ method: String, _ path: String, _ query: [(name: String, value: String)] = [],
                 onEventLoop: Bool) -> HTTPRequest {
        var request = HTTPRequest(method: method, path: path, query: query)
        request.onEventLoop = onEventLoop
        return request
    }

    /// A service whose layout cache keeps nothing: every GET of a layout must prepare it.
    func unprepared() throws -> (LayoutService, String) {
        let service = LayoutService(store: LayoutStore(capacityBytes: 1))
        let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: Array(Self.spec.utf8)))
        #expect(posted.status == 201)
        return (service, try #require(posted.header("Location")))
    }

    @Test func aLayoutThatIsNotPreparedIsAnsweredOffTheLoopAsItIsDirectly() throws {
        let (service, layout) = try unprepared()
        let cases: [(String, [(name: String, value: String)])] = [
            (layout, []), (layout + "/attributes", [("rect", "0,0,300,400")]),
            (layout + "/attributes", [("rect", "0,0,300,400"), ("format", "columns")]),
            (layout + "/items/0/3", []), (layout + "/render.svg", []), (layout + "/hit", [("point", "25,45")]),
            (layout + "/tiles/0", []), (layout + "/tiles/0", [("format", "columns")]),
        ]
        for (path, query) in cases {
            let onLoop = request("GET", path, query, onEventLoop: true)
            let prepares = service.store.stats.prepares
            let marker = service.handle(onLoop)
            #expect(marker.deferred != nil, "\(path) \(query)")
            #expect(service.store.stats.prepares == prepares)  // nothing prepared on the loop
            let answer = marker.answered(to: onLoop)
            let direct = service.handle(request("GET", path, query, onEventLoop: false))
            #expect(answer.deferred == nil && answer.status == 200 && direct.status == 200,
                    "\(path) \(query): \(answer.status) \(String(decoding: answer.body.bytes, as: UTF8.self))")
            #expect(answer.body.bytes == direct.body.bytes && answer.header("ETag") == direct.header("ETag"))
            #expect(answer.route.map { "\($0)" } == direct.route.map { "\($0)" } && answer.route != nil)
        }
        // A tile made once is answered from its bytes on the loop, without the layout.
        let cached = service.handle(request("GET", layout + "/tiles/0", onEventLoop: true))
        #expect(cached.deferred == nil && cached.status == 200)
        // HEAD as GET.
        let head = request("HEAD", layout + "/items/0/1", onEventLoop: true)
        let headMarker = service.handle(head)
        #expect(headMarker.deferred != nil && headMarker.answered(to: head).status == 200)
    }

    /// A client that has the answer gets its 304 on the loop, without the layout being prepared again.
    @Test func aRevalidationIsAnsweredOnTheLoopWithoutPreparing() throws {
        let (service, layout) = try unprepared()
        let query = [(name: "rect", value: "0,0,300,400")]
        let first = service.handle(request("GET", layout + "/attributes", query, onEventLoop: false))
        let tag = try #require(first.header("ETag"))
        var again = HTTPRequest(method: "GET", path: layout + "/attributes", query: query,
                                headers: [("If-None-Match", tag)])
        again.onEventLoop = true
        let prepares = service.store.stats.prepares
        let answer = service.handle(again)
        #expect(answer.deferred == nil && answer.status == 304 && answer.header("ETag") == tag)
        #expect(service.store.stats.prepares == prepares)
    }

    /// An id accepted by an earlier process is in the archive, not in memory: the archive is read off the loop.
    @Test func anIdOnlyInTheArchiveIsReadOffTheLoop() throws {
        let archive = MemoryArchive()
        let earlier = LayoutService(store: LayoutStore(capacityBytes: 1 << 20, archive: archive))
        let posted = earlier.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: Array(Self.spec.utf8)))
        let layout = try #require(posted.header("Location"))
        var service = earlier
        for path in [layout + "/tiles/0", layout + "/items/0/2"] {
            service = LayoutService(store: LayoutStore(capacityBytes: 1 << 20, archive: archive))  // a restart
            let onLoop = request("GET", path, onEventLoop: true)
            let marker = service.handle(onLoop)
            #expect(marker.deferred != nil, "\(path)")
            #expect(marker.answered(to: onLoop).status == 200)
        }
        // Read and prepared now: on the loop.
        #expect(service.handle(request("GET", layout + "/tiles/1", onEventLoop: true)).deferred == nil)
        // A revalidation after a restart: the archive is read off the loop, and nothing is prepared.
        let tag = try #require(earlier.handle(request("GET", layout + "/items/0/2", onEventLoop: false)).header("ETag"))
        let restarted = LayoutService(store: LayoutStore(capacityBytes: 1 << 20, archive: archive))
        var revalidation = HTTPRequest(method: "GET", path: layout + "/items/0/2", headers: [("If-None-Match", tag)])
        revalidation.onEventLoop = true
        let marker = restarted.handle(revalidation)
        #expect(marker.deferred != nil && marker.answered(to: revalidation).status == 304)
        #expect(restarted.store.stats.prepares == 0)
    }

    /// The service's own layer (route, CORS) applies to the answer made off the loop.
    @Test func aDeferredAnswerCarriesItsRouteAndCrossOriginHeaders() throws {
        let (service, layout) = try unprepared()
        var onLoop = HTTPRequest(method: "GET", path: layout + "/items/0/2", headers: [("Origin", "https://app.example")])
        onLoop.onEventLoop = true
        let answer = service.handle(onLoop).answered(to: onLoop)
        #expect(answer.status == 200 && answer.header("Access-Control-Allow-Origin") == "*")
        #expect(answer.header("Access-Control-Expose-Headers") == "ETag")
        #expect(answer.route.map { "\($0)" } == "/v1/layouts/{id}/items/{section}/{item}")
    }

    @Test func aPreparedLayoutIsAnsweredOnTheLoop() throws {
        let service = LayoutService(store: LayoutStore(capacityBytes: 1 << 20))
        let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: Array(Self.spec.utf8)))
        let layout = try #require(posted.header("Location"))
        for path in [layout, layout + "/items/0/1", layout + "/tiles/0"] {
            let answer = service.handle(request("GET", path, onEventLoop: true))
            #expect(answer.deferred == nil && answer.status == 200, "\(path)")
        }
        let rect = service.handle(request("GET", layout + "/attributes", [("rect", "0,0,300,400")], onEventLoop: true))
        #expect(rect.deferred == nil && rect.status == 200)
        // A transition between prepared layouts (one frame of an interactive transition, asked for many a second).
        let id = String(layout.split(separator: "/").last!)
        let transition = service.handle(request("GET", "/v1/transitions", [("from", id), ("to", id), ("progress", "0.5"),
                                                                          ("rect", "0,0,300,400")], onEventLoop: true))
        #expect(transition.deferred == nil && transition.status == 200)
        // What cannot be answered still gets its problem on the loop.
        let bad = service.handle(request("GET", layout + "/attributes", [("rect", "a")], onEventLoop: true))
        #expect(bad.deferred == nil && bad.status == 400)
    }

    @Test func unknownIdsDeletesAndTransitionsAreAnsweredOffTheLoop() throws {
        let (service, layout) = try unprepared()
        let unknown = request("GET", "/v1/layouts/" + String(repeating: "ab", count: 32) + "/attributes",
                              [("rect", "0,0,1,1")], onEventLoop: true)
        let missing = service.handle(unknown)
        #expect(missing.deferred != nil)
        #expect(missing.answered(to: unknown).status == 404)
        let id = String(layout.split(separator: "/").last!)
        let transition = request("GET", "/v1/transitions", [("from", id), ("to", id), ("progress", "0.5"),
                                                            ("rect", "0,0,300,400")], onEventLoop: true)
        let moved = service.handle(transition)
        #expect(moved.deferred != nil && moved.answered(to: transition).status == 200)
        let delete = request("DELETE", layout, onEventLoop: true)
        let deleting = service.handle(delete)
        #expect(deleting.deferred != nil)
        #expect(service.handle(request("GET", layout, onEventLoop: false)).status == 200)  // not deleted yet
        #expect(deleting.answered(to: delete).status == 204)
        #expect(service.handle(request("GET", layout, onEventLoop: false)).status == 404)
    }

    /// A query that needs more than the event loop's budget (`loopElements`) is made again off the loop, where it
    /// answers what it answers directly: whole answers, pages (by the elements before them too), tiles, grid tiles,
    /// pictures and transitions; a query within the budget stays on the loop.
    @Test func aQueryPastTheLoopBudgetIsAnsweredOffTheLoopAsItIsDirectly() throws {
        var limits = ServiceLimits()
        limits.loopElements = 10
        let service = LayoutService(store: LayoutStore(capacityBytes: 1 << 20), limits: limits)
        let flow = #"{"layout":"flow","collectionView":{"width":100,"height":100},"itemSize":{"width":10,"height":10},"#
            + #""minimumInteritemSpacing":0,"minimumLineSpacing":0,"sections":[{"items":400}]}"#
        let grid = #"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":1000,"size":10},"#
            + #""columns":{"count":1000,"size":10}}"#
        var layouts: [String] = []
        for spec in [flow, grid] {
            let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: Array(spec.utf8)))
            #expect(posted.status == 201)
            layouts.append(try #require(posted.header("Location")))
        }
        let (layout, gridLayout) = (layouts[0], layouts[1])
        let id = String(layout.split(separator: "/").last!)
        let within = service.handle(request("GET", layout + "/attributes", [("rect", "1,1,18,18")], onEventLoop: true))
        #expect(within.deferred == nil && within.status == 200)  // 4 cells
        let cases: [(String, [(name: String, value: String)])] = [
            (layout + "/attributes", [("rect", "0,0,100,100")]),
            (layout + "/attributes", [("rect", "0,0,100,100"), ("format", "columns")]),
            (layout + "/attributes", [("rect", "0,0,100,100"), ("limit", "20")]),
            (layout + "/attributes", [("rect", "0,0,100,100"), ("limit", "5"), ("cursor", "")]),
            (layout + "/tiles/0", []), (gridLayout + "/tiles/0/0", []),
            (layout + "/render.svg", [("rect", "0,0,100,100")]),
            ("/v1/transitions", [("from", id), ("to", id), ("progress", "0.5"), ("rect", "0,0,100,100")]),
        ]
        for (path, given) in cases {
            var query = given
            if let c = query.firstIndex(where: { $0.name == "cursor" }) {
                // A cursor 50 elements in: the elements before the page count against the budget.
                let first = service.handle(request("GET", path, query.filter { $0.name != "cursor" }, onEventLoop: false))
                let next = String(decoding: first.body.bytes, as: UTF8.self).split(separator: "\"next\":\"").last!
                query[c].value = "50." + next.split(separator: ".")[1].prefix(16)
            }
            let onLoop = request("GET", path, query, onEventLoop: true)
            let marker = service.handle(onLoop)
            #expect(marker.deferred != nil, "\(path) \(query)")
            let answer = marker.answered(to: onLoop)
            let direct = service.handle(request("GET", path, query, onEventLoop: false))
            #expect(answer.deferred == nil && answer.status == 200 && direct.status == 200,
                    "\(path) \(query): \(answer.status) \(String(decoding: answer.body.bytes, as: UTF8.self))")
            #expect(answer.body.bytes == direct.body.bytes)
        }
    }

    /// A page costs the elements before it: once those and its own pass `--max-elements` (what a whole answer may
    /// cost), it is answered off the loop, as it would be directly; pages before that are answered on it.
    @Test func aPageDeepInARectIsAnsweredOffTheLoop() throws {
        var limits = ServiceLimits()
        limits.maxElements = 100
        let service = LayoutService(store: LayoutStore(capacityBytes: 1 << 20), limits: limits)
        let spec = #"{"layout":"flow","collectionView":{"width":300,"height":400},"sections":[{"items":400}]}"#
        let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: Array(spec.utf8)))
        let layout = try #require(posted.header("Location")) + "/attributes"
        let rect = ("rect", "0,0,300,100000")
        let first = service.handle(request("GET", layout, [rect, ("limit", "60")], onEventLoop: true))
        #expect(first.deferred == nil && first.status == 200)
        let text = String(decoding: first.body.bytes, as: UTF8.self)
        let next = try #require(text.split(separator: "\"").drop { $0 != "next" }.dropFirst(2).first)
        let hash = next.split(separator: ".")[1]
        for skip in ["60", "40", "1000000000000000000"] {
            let onLoop = request("GET", layout, [rect, ("limit", "60"), ("cursor", skip + "." + hash)], onEventLoop: true)
            let answer = service.handle(onLoop)
            #expect((answer.deferred != nil) == (skip != "40"), "skip \(skip)")
            let made = answer.deferred == nil ? answer : answer.answered(to: onLoop)
            let direct = service.handle(request("GET", layout, [rect, ("limit", "60"), ("cursor", skip + "." + hash)],
                                                onEventLoop: false))
            #expect(made.status == 200 && made.body.bytes == direct.body.bytes, "skip \(skip)")
        }
    }
}
