import HTTPClient
import HTTPCore
import MicroHTTPServer
import Synchronization
import Testing

/// A request the server makes is a value: kept after its handler returned (after its connection went on to the next
/// request, and closed), it still holds its own method, path, query and headers.
@Suite(.serialized) struct RequestValueTests {
    /// Keeps every request it handles.
    final class Keeper: HTTPHandler {
        let kept = Mutex<[HTTPRequest]>([])

        func handle(_ request: HTTPRequest) -> HTTPResponse {
            kept.withLock { $0.append(request) }
            return HTTPResponse(status: 200, body: Array("ok".utf8))
        }
    }

    @Test func aKeptRequestHoldsItsValues() throws {
        let keeper = Keeper()
        let server = try MicroHTTPServer(configuration: .loopback(threads: 1), handler: keeper)
        defer { server.shutdown() }
        do {
            let c = try HTTPClientConnection(port: server.port)
            for k in 0..<3 {
                let r = try c.request("GET", "/item/\(k)?rect=0,\(k),10,10&flag&name=caf%C3%A9-\(k)",
                                      headers: [("X-Mark", "mark-\(k)"), ("If-None-Match", "\"tag-\(k)\"")])
                #expect(r.status == 200)
            }
            #expect(try c.request("DELETE", "/gone").status == 200)
        }
        let kept = keeper.kept.withLock { $0 }
        try #require(kept.count == 4)
        for k in 0..<3 {
            let request = kept[k]
            #expect(request.method == "GET" && request.path == "/item/\(k)")
            #expect(request.query.map(\.name) == ["rect", "flag", "name"])
            #expect(request.query.map(\.value) == ["0,\(k),10,10", "", "café-\(k)"])
            #expect(request.queryValue("rect") == "0,\(k),10,10" && request.queryValue("missing") == nil)
            #expect(request.header("x-mark") == "mark-\(k)" && request.header("IF-NONE-MATCH") == "\"tag-\(k)\"")
            #expect(request.header("Host") == "127.0.0.1" && request.header("X-Other") == nil)
            #expect(request.onEventLoop)
        }
        #expect(kept[3].method == "DELETE" && kept[3].path == "/gone" && kept[3].query.isEmpty)
    }

    /// `withQueryValue` and `forEachQueryArgument` give the bytes of the strings `query` holds.
    @Test func queryBytesAreThoseOfTheStrings() throws {
        let request = HTTPRequest(method: "GET", path: "/", query: [("a", "1"), ("b", "é"), ("a", "2")])
        #expect(try request.withQueryValue("a") { $0.map { Array($0) } } == Array("1".utf8))
        #expect(try request.withQueryValue("c") { $0 == nil })
        var seen: [String] = []
        request.forEachQueryArgument { n, v in
            seen.append(String(decoding: n, as: UTF8.self) + "=" + String(decoding: v, as: UTF8.self))
        }
        #expect(seen == ["a=1", "b=é", "a=2"])
    }
}
