import HTTPCore
import LayoutWire
import TestSupport
import Testing

/// Every problem type renders as an RFC 9457 body with its URN, status and title, and answers with its status.
@Suite struct ProblemTypeTests {
    @Test(arguments: ProblemType.allCases)
    func bodyCarriesTheType(_ kind: ProblemType) throws {
        let response = Problem(kind, detail: "why", parameter: "p").response
        #expect(response.status == kind.status)
        let body = try JSONParser.parse(response.body.bytes).root
        #expect(body["type"]?.string == "urn:layout-service:problem:\(kind.rawValue)")
        #expect(body["status"]?.number == Double(kind.status))
        #expect(body["title"]?.string == HTTPStatus.reason(kind.status))
        #expect(body["detail"]?.string == "why" && body["parameter"]?.string == "p")
    }

    @Test func urnsAreDistinct() {
        #expect(Set(ProblemType.allCases.map(\.uri)).count == ProblemType.allCases.count)
    }

    /// docs/api.md's table of problem types has a row for every type, with its status.
    @Test(arguments: ProblemType.allCases)
    func documented(_ kind: ProblemType) throws {
        let docs = try #require(readFile(Fixtures.directory + "/../../docs/api.md"))
        let row = "| `\(kind.uri)` | \(kind.status) |"
        #expect(String(decoding: docs, as: UTF8.self).contains(row), "docs/api.md lacks \(row)")
    }
}
