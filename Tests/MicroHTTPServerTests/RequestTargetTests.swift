import HTTPClient
import HTTPCore
import LayoutWire
import MicroHTTPServer
import Testing

/// Control characters in the request target, on a real socket: refused with 400 before the handler sees the
/// request (whose path libmicrohttpd would cut at a NUL), the connection closed; other targets, percent-escapes
/// included, reach the handler decoded.
@Suite(.serialized) struct RequestTargetTests {
    /// Answers with the path and query arguments it was given: `path` then `name=value` lines.
    struct Echo: HTTPHandler {
        func handle(_ request: HTTPRequest) -> HTTPResponse {
            let lines = [request.path] + request.query.map { "\($0.name)=\($0.value)" }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")],
                                body: Array(lines.joined(separator: "\n").utf8))
        }
    }

    /// Sends `target` (its bytes as they are) in a GET and reads the answer.
    func get(_ target: [UInt8], on connection: HTTPClientConnection) throws -> HTTPResponse {
        try connection.send(Array("GET ".utf8) + target + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        return try connection.readResponse()
    }

    static let refused: [(target: String, parameter: String)] = [
        ("/healthz%00junk", "path"), ("/metrics%00.css", "path"), ("/v1/fonts/Inter/400%00/../../etc/passwd", "path"),
        ("/a%01b", "path"), ("/a%7F", "path"), ("/a%7f", "path"), ("/a%1f", "path"), ("/a%0A", "path"),
        ("/healthz\u{0}junk", "path"), ("/a\u{1}b", "path"), ("/a\u{7F}", "path"), ("/a\tb", "path"),
        ("/a\rb", "path"), ("/a?x=1%00y", "query"), ("/a?x=\u{1}", "query"), ("/a?x=1\u{0}y", "query"),
        ("/a\u{0}?x=1", "path"),
    ]

    @Test func controlCharactersInTheTargetAre400AndCloseTheConnection() throws {
        let server = try MicroHTTPServer(configuration: .loopback(), handler: Echo())
        defer { server.shutdown() }
        for (target, parameter) in Self.refused {
            let c = try HTTPClientConnection(port: server.port, timeoutSeconds: 5)
            let r = try get(Array(target.utf8), on: c)
            let shown = target.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "^\($0.value)" : "\($0)" }
                .joined()
            #expect(r.status == 400, "\(shown)")
            #expect(r.header("Content-Type") == "application/problem+json", "\(shown)")
            let problem = try JSONParser.parse(r.body.bytes).root
            #expect(problem.members.first { $0.key == "type" }?.value.string == ProblemType.malformedRequest.uri)
            #expect(problem.members.first { $0.key == "parameter" }?.value.string == parameter, "\(shown)")
            #expect(c.waitForClose(seconds: 5), "\(shown): the connection stays open")
        }
    }

    static let accepted: [(target: String, echoed: String)] = [
        ("/healthz", "/healthz"), ("/a%20b", "/a b"), ("/a%2500", "/a%00"), ("/a%", "/a%"), ("/a%4", "/a%4"),
        ("/a%zz", "/a%zz"), ("/caf%C3%A9", "/café"),
        ("/q?rect=0%2C0%2C10%2C10", "/q\nrect=0,0,10,10"), ("/q?text=a%0Ab&n=%7F", "/q\ntext=a\nb\nn=\u{7F}"),
        ("/q?a=1&b=%3D%26", "/q\na=1\nb==&"),
    ]

    @Test func otherTargetsReachTheHandlerDecodedOnOneConnection() throws {
        let server = try MicroHTTPServer(configuration: .loopback(), handler: Echo())
        defer { server.shutdown() }
        let c = try HTTPClientConnection(port: server.port, timeoutSeconds: 5)
        for (target, echoed) in Self.accepted {
            let r = try get(Array(target.utf8), on: c)
            #expect(r.status == 200, "\(target)")
            #expect(String(decoding: r.body.bytes, as: UTF8.self) == echoed, "\(target)")
        }
        #expect(!c.waitForClose(seconds: 1))
    }

    /// The checks are those of the bytes themselves (`RequestTarget`), a NUL as sent found by the length.
    @Test func targetsCheckedAsBytes() {
        func problem(_ target: String, sent: Int? = nil) -> Problem? {
            var bytes = Array(target.utf8)
            return bytes.withUnsafeMutableBufferPointer { buffer in
                let checked = RequestTarget(UnsafeBufferPointer(buffer))
                return checked.problem(sentLength: sent ?? buffer.count)
            }
        }
        #expect(problem("/healthz") == nil)
        #expect(problem("/healthz", sent: 13)?.parameter == "path")
        #expect(problem("/healthz", sent: 13)?.detail.contains("(0x00) at byte 8") == true)
        #expect(problem("/q?x=1", sent: 9)?.parameter == "query")
        #expect(problem("/a%1F")?.detail.contains("(0x1F, escaped) at byte 2") == true)
        #expect(problem("/a?%0D%0A") == nil)
        #expect(problem("/a?b=%00")?.parameter == "query")
        #expect(problem("/a%25%30%30") == nil)  // "%00" decoded once is text
        // A target the server found clean with strcspn: only a NUL sent in it is a problem, in the part it ends in.
        #expect(RequestTarget(clean: 8, endsInQuery: false).problem(sentLength: 8) == nil)
        #expect(RequestTarget(clean: 8, endsInQuery: true).problem(sentLength: 12)?.parameter == "query")
    }
}
