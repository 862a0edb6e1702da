import HTTPCore
import Testing

/// The request heads that could frame a body two ways (RFC 9112 §6.1, §6.3) and those that frame it one way.
@Suite struct RequestFramingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let version: String
        let headers: [(name: String, value: String)]
        /// A word of the problem's detail, or nil when the head is sound.
        let refused: String?
        var testDescription: String { name }
    }

    static let host = ("Host", "x")

    static let cases: [Case] = [
        Case(name: "a GET", version: "HTTP/1.1", headers: [host], refused: nil),
        Case(name: "a POST with a length", version: "HTTP/1.1", headers: [host, ("Content-Length", "12")], refused: nil),
        Case(name: "chunked", version: "HTTP/1.1", headers: [host, ("Transfer-Encoding", "chunked")], refused: nil),
        Case(name: "chunked in capitals", version: "HTTP/1.1", headers: [host, ("transfer-encoding", "CHUNKED")],
             refused: nil),
        Case(name: "the same length twice", version: "HTTP/1.1",
             headers: [host, ("Content-Length", "5"), ("content-length", "5")], refused: nil),
        Case(name: "HTTP/1.0 without Host", version: "HTTP/1.0", headers: [], refused: nil),
        Case(name: "a tab in a value", version: "HTTP/1.1", headers: [host, ("X-A", "a\tb")], refused: nil),
        Case(name: "length and chunked", version: "HTTP/1.1",
             headers: [host, ("Content-Length", "5"), ("Transfer-Encoding", "chunked")], refused: "together"),
        Case(name: "chunked and length", version: "HTTP/1.1",
             headers: [host, ("Transfer-Encoding", "chunked"), ("Content-Length", "0")], refused: "together"),
        Case(name: "two lengths", version: "HTTP/1.1",
             headers: [host, ("Content-Length", "5"), ("Content-Length", "6")], refused: "differ"),
        Case(name: "a list of lengths", version: "HTTP/1.1", headers: [host, ("Content-Length", "5, 5")],
             refused: "not a number"),
        Case(name: "a signed length", version: "HTTP/1.1", headers: [host, ("Content-Length", "+5")],
             refused: "not a number"),
        Case(name: "an empty length", version: "HTTP/1.1", headers: [host, ("Content-Length", "")],
             refused: "not a number"),
        Case(name: "gzip, chunked", version: "HTTP/1.1", headers: [host, ("Transfer-Encoding", "gzip, chunked")],
             refused: "one chunked"),
        Case(name: "chunked, chunked", version: "HTTP/1.1", headers: [host, ("Transfer-Encoding", "chunked, chunked")],
             refused: "one chunked"),
        Case(name: "chunked with a space after", version: "HTTP/1.1", headers: [host, ("Transfer-Encoding", "chunked ")],
             refused: "one chunked"),
        Case(name: "two chunked headers", version: "HTTP/1.1",
             headers: [host, ("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")], refused: "one chunked"),
        Case(name: "identity", version: "HTTP/1.1", headers: [host, ("Transfer-Encoding", "identity")],
             refused: "one chunked"),
        Case(name: "chunked in HTTP/1.0", version: "HTTP/1.0", headers: [("Transfer-Encoding", "chunked")],
             refused: "HTTP/1.0"),
        Case(name: "a space before the colon", version: "HTTP/1.1", headers: [host, ("Transfer-Encoding ", "chunked")],
             refused: "not a token"),
        Case(name: "a tab before the colon", version: "HTTP/1.1", headers: [host, ("Content-Length\t", "5")],
             refused: "not a token"),
        Case(name: "an empty name", version: "HTTP/1.1", headers: [host, ("", "x")], refused: "not a token"),
        Case(name: "a NUL in a value", version: "HTTP/1.1", headers: [host, ("X-A", "a\u{0}b")],
             refused: "control character 0x0"),
        Case(name: "a NUL ending chunked", version: "HTTP/1.1", headers: [host, ("Transfer-Encoding", "chunked\u{0}")],
             refused: "control character 0x0"),
        Case(name: "a CR in a value", version: "HTTP/1.1", headers: [host, ("X-A", "a\rb")],
             refused: "control character 0xD"),
        Case(name: "DEL in a value", version: "HTTP/1.1", headers: [host, ("X-A", "a\u{7F}")],
             refused: "control character 0x7F"),
        Case(name: "a folded line", version: "HTTP/1.1", headers: [host, ("X-A", "one\r\n two")], refused: "obs-fold"),
        Case(name: "HTTP/1.1 without Host", version: "HTTP/1.1", headers: [("Content-Length", "0")],
             refused: "without Host"),
        Case(name: "two Hosts", version: "HTTP/1.1", headers: [host, ("host", "y")], refused: "more than one Host"),
    ]

    @Test(arguments: cases)
    func framing(_ c: Case) {
        let problem = RequestFraming.check(version: c.version, headers: c.headers)
        if let word = c.refused {
            #expect(problem?.status == 400 && problem?.type == ProblemType.malformedRequest.uri)
            #expect(problem?.detail.contains(word) == true, "\(problem?.detail ?? "accepted")")
        } else {
            #expect(problem == nil, "\(problem?.detail ?? "")")
        }
    }
}
