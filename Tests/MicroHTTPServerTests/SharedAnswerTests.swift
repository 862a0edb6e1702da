import Dispatch
import HTTPClient
import HTTPCore
import MicroHTTPServer
import Synchronization
import Testing

/// Shared bodies (`HTTPBody(sharing:)`, a cached tile's): one ready libmicrohttpd answer per body, sent to every
/// request whose status and headers are the ones it was made with, and never to another.
@Suite(.serialized) struct SharedAnswerTests {
    /// Answers every path with one shared body. `X-Echo` in the request is echoed, and `/created` is a 201: both
    /// make answers whose head differs from the first one's.
    struct SharedBodyHandler: HTTPHandler {
        let body = HTTPBody(sharing: HTTPBody(Array("one body for every request".utf8)))

        func handle(_ request: HTTPRequest) -> HTTPResponse {
            var headers = [(name: "Content-Type", value: "text/plain")]
            if let echo = request.header("X-Echo") { headers.append(("X-Echo", echo)) }
            return HTTPResponse(status: request.path == "/created" ? 201 : 200, headers: headers, body: body)
        }
    }

    @Test func aSharedBodyKeepsItsBytesAndItsFirstAttachment() {
        let plain = HTTPBody(Array("bytes".utf8))
        let shared = HTTPBody(sharing: plain)
        #expect(shared.isShared && !plain.isShared)
        #expect(shared.baseAddress == plain.baseAddress && shared.bytes == plain.bytes)
        #expect(shared.memoryOwner === plain && plain.memoryOwner === plain)
        #expect(HTTPBody(sharing: shared).memoryOwner === plain)  // sharing a shared body shares its owner's bytes
        let first = Attachment(), second = Attachment()
        #expect(shared.attachment == nil)
        let attached = [shared.attach(first), shared.attach(second)].map(ObjectIdentifier.init)
        #expect(attached == [ObjectIdentifier(first), ObjectIdentifier(first)])  // set once
        #expect(shared.attachment.map(ObjectIdentifier.init) == ObjectIdentifier(first))
    }

    @Test func aSharedBodyReleasesItsAttachmentAndKeepsItsOwnersMemory() {
        weak var attachment: Attachment?
        var owner: HTTPBody? = HTTPBody(Array("kept".utf8))
        weak let weakOwner = owner
        do {
            let shared = HTTPBody(sharing: owner!)
            let object = Attachment()
            attachment = object
            _ = shared.attach(object)
            owner = nil
            #expect(weakOwner != nil)  // the shared body keeps its owner
            #expect(shared.bytes == Array("kept".utf8))
        }
        #expect(attachment == nil && weakOwner == nil)
    }

    /// A server on a free port of 127.0.0.1 for `handler`, shut down after `body`.
    func withServer(_ handler: SharedBodyHandler, _ body: (MicroHTTPServer) throws -> Void) throws {
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let server = try MicroHTTPServer(configuration: configuration, handler: handler)
        defer { server.shutdown() }
        try body(server)
    }

    @Test func aReadyAnswerGoesOnlyToRequestsWithItsHead() throws {
        let handler = SharedBodyHandler()
        try withServer(handler) { server in
            let c = try HTTPClientConnection(port: server.port)
            let expected = Array("one body for every request".utf8)
            for round in 0..<3 {
                let plain = try c.request("GET", "/")
                #expect(plain.status == 200 && plain.body.bytes == expected && plain.header("X-Echo") == nil)
                #expect(plain.header("Content-Type") == "text/plain")
                for echo in ["a", "b\(round)"] {
                    let echoed = try c.request("GET", "/", headers: [("X-Echo", echo)])
                    #expect(echoed.status == 200 && echoed.header("X-Echo") == echo && echoed.body.bytes == expected)
                }
                let created = try c.request("GET", "/created")
                #expect(created.status == 201 && created.body.bytes == expected)
            }
            #expect(handler.body.attachment != nil)  // made for the first request
        }
    }

    @Test func concurrentRequestsShareOneReadyAnswer() throws {
        try withServer(SharedBodyHandler()) { server in
            let failures = Atomic<Int>(0)
            let port = server.port
            DispatchQueue.concurrentPerform(iterations: 16) { i in
                do {
                    let c = try HTTPClientConnection(port: port)
                    for k in 0..<50 {
                        let echo = k % 5 == 0 ? "\(i)" : nil
                        let r = try c.request("GET", "/", headers: echo.map { [("X-Echo", $0)] } ?? [])
                        if r.status != 200 || r.body.bytes != Array("one body for every request".utf8)
                            || r.header("X-Echo") != echo
                        {
                            failures.add(1, ordering: .relaxed)
                        }
                    }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
            #expect(failures.load(ordering: .relaxed) == 0)
        }
    }
}

/// A plain object to attach (its end observed through `weak` references).
final class Attachment: Sendable {}
