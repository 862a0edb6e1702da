import HTTPCore
import Testing

/// Answers 200 with `X-Made-On: loop` or `worker`; defers to a worker when asked (`?defer=N`: N times in a row) and
/// the request is on an event loop.
struct Deferring: HTTPHandler {
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let times = Int(request.queryValue("defer") ?? "0") ?? 0
        guard times > 0 else {
            return HTTPResponse(status: 200, headers: [("X-Made-On", request.onEventLoop ? "loop" : "worker")])
        }
        return .offLoop { request in
            var again = request
            again.query = [("defer", String(times - 1))]
            again.onEventLoop = times > 1  // a deferral whose work defers once more
            return handle(again)
        }
    }
}

/// A layer written on the protocol: it appends `X-Layer: NAME PATH`, PATH as `respond` saw it, to every answer, and
/// answers `/refused` itself with a 403.
struct Tagging<Inner: HTTPHandler>: HTTPLayer {
    let inner: Inner
    let name: String

    func respond(to request: HTTPRequest) -> (answer: HTTPResponse, state: String) {
        (request.path == "/refused" ? HTTPResponse(status: 403) : inner.handle(request), request.path)
    }

    func finish(_ answer: inout HTTPResponse, to request: HTTPRequest, state path: String) {
        answer.headers.append(("X-Layer", "\(name) \(path)"))
    }
}

@Suite struct HTTPLayerTests {
    static func request(_ path: String, defer times: Int = 0) -> HTTPRequest {
        var request = HTTPRequest(method: "GET", path: path, query: [("defer", String(times))])
        request.onEventLoop = true
        return request
    }

    static func layers(_ response: HTTPResponse) -> [String] {
        response.headers.filter { $0.name == "X-Layer" }.map(\.value)
    }

    @Test func aLayerFinishesAnAnswerMadeOnTheLoop() {
        let response = Tagging(inner: Deferring(), name: "a").handle(Self.request("/x"))
        #expect(response.deferred == nil)
        #expect(response.header("X-Made-On") == "loop")
        #expect(Self.layers(response) == ["a /x"])
    }

    @Test func aLayerFinishesADeferredAnswerOnceItIsMade() {
        let request = Self.request("/x", defer: 1)
        let marker = Tagging(inner: Deferring(), name: "a").handle(request)
        #expect(marker.deferred != nil)
        #expect(Self.layers(marker).isEmpty)
        let answer = marker.answered(to: request)
        #expect(answer.header("X-Made-On") == "worker")
        #expect(Self.layers(answer) == ["a /x"])
    }

    @Test func layersFinishADeferredAnswerOnceEachInnerFirstThoughItsWorkDefersAgain() {
        let request = Self.request("/x", defer: 2)
        let marker = Tagging(inner: Tagging(inner: Deferring(), name: "inner"), name: "outer").handle(request)
        #expect(marker.deferred != nil)
        let answer = marker.answered(to: request)
        #expect(answer.status == 200 && answer.header("X-Made-On") == "worker")
        #expect(Self.layers(answer) == ["inner /x", "outer /x"])
    }

    @Test func aLayersOwnAnswerIsFinishedAndWhatIsInsideItIsNotCalled() {
        let response = Tagging(inner: Tagging(inner: Deferring(), name: "inner"), name: "outer")
            .handle(Self.request("/refused", defer: 1))
        #expect(response.deferred == nil)
        #expect(response.status == 403)
        #expect(Self.layers(response) == ["outer /refused"])
    }
}
