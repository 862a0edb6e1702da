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
            let marker = service.handle(onLoop)
            #expect(marker.deferred != nil, "\(path) \(query)")
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
}
