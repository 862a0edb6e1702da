import HTTPCompression
import HTTPCore
import Testing

/// A handler answering a fixed body with the given type and an ETag.
struct Fixed: HTTPHandler {
    var body: [UInt8]
    var type = "application/json"
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", type), ("ETag", "\"abc\"")], body: body)
    }
}

@Suite struct CompressingHandlerTests {
    static let json = Array(("[" + (0..<500).map { "{\"item\":\($0),\"x\":\($0 * 10)}" }.joined(separator: ",") + "]").utf8)

    func get(_ handler: some HTTPHandler, acceptEncoding: String?) -> HTTPResponse {
        handler.handle(HTTPRequest(method: "GET", path: "/x", headers: acceptEncoding.map { [("Accept-Encoding", $0)] } ?? []))
    }

    @Test func gzipsLargeTextualAnswersForClientsThatAcceptIt() throws {
        let handler = CompressingHandler(Fixed(body: Self.json), minimumBytes: 1024)
        let zipped = get(handler, acceptEncoding: "br, gzip;q=0.8")
        #expect(zipped.header("Content-Encoding") == "gzip")
        #expect(zipped.header("Vary") == "Accept-Encoding")
        #expect(zipped.header("ETag") == "W/\"abc\"")  // the bytes differ from the identity form's
        #expect(zipped.body.count < Self.json.count / 3)
        #expect(Gzip.decompress(zipped.body.bytes) == Self.json)  // round trip through zlib's own inflate
        let plain = get(handler, acceptEncoding: nil)
        #expect(plain.header("Content-Encoding") == nil && plain.body.bytes == Self.json)
        #expect(plain.header("Vary") == "Accept-Encoding" && plain.header("ETag") == "\"abc\"")
    }

    @Test func leavesSmallBinaryAndRefusedAnswersAlone() {
        let small = CompressingHandler(Fixed(body: Array("{}".utf8)), minimumBytes: 1024)
        #expect(get(small, acceptEncoding: "gzip").header("Content-Encoding") == nil)
        let binary = CompressingHandler(Fixed(body: Self.json, type: "application/octet-stream"), minimumBytes: 1)
        #expect(get(binary, acceptEncoding: "gzip").header("Content-Encoding") == nil)
        let handler = CompressingHandler(Fixed(body: Self.json), minimumBytes: 1)
        for refusing in ["gzip;q=0", "identity", "deflate, br", "*;q=0", "GZIP;q=0.0"] {
            #expect(get(handler, acceptEncoding: refusing).header("Content-Encoding") == nil, "\(refusing)")
        }
        for accepting in ["gzip", "*", "deflate, gzip", " GZip ; q=0.5", "x-gzip"] {
            #expect(get(handler, acceptEncoding: accepting).header("Content-Encoding") == "gzip", "\(accepting)")
        }
    }

    @Test func decompressRefusesWhatIsNotGzip() {
        #expect(Gzip.decompress(Array("not gzip at all".utf8)) == nil)
        #expect(Gzip.decompress([]) == nil)
    }
}
