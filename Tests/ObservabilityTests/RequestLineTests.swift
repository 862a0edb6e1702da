#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPCore
import LayoutService
import LayoutStore
import Logging
import Observability
import Testing

/// The request line written straight into the log output (`requestLines`) is the line `LineLogHandler` writes for
/// the same request through swift-log, but for the time stamp and the duration.
@Suite struct RequestLineTests {
    /// The lines `serve` makes the service write, read back from a pipe.
    func lines(direct: Bool, _ serve: (ObservedService<LayoutService>) -> Void) throws -> [String] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let output = LogOutput(fileDescriptor: fds[1], flushInterval: .seconds(3600))
        let logger = Logger(label: "t") { LineLogHandler(label: $0, level: .info, output: output) }
        let store = LayoutStore(capacityBytes: 1 << 20)
        serve(ObservedService(LayoutService(store: store), metrics: ServiceMetrics(), logger: logger,
                              requestLines: direct ? output : nil))
        output.flush()
        close(fds[1])
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            guard n > 0 else { break }
            text += buffer[0..<n]
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// A line without its time stamp and duration.
    func stable(_ line: String) -> String {
        line.split(separator: " ").filter { !$0.hasPrefix("ts=") && !$0.hasPrefix("ms=") }.joined(separator: " ")
    }

    @Test func directLinesAreTheLinesOfTheLogHandler() throws {
        let spec = Array(#"{"layout":"flow","collectionView":{"width":300,"height":400},"sections":[{"items":30}]}"#.utf8)
        func serve(_ service: ObservedService<LayoutService>) {
            let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts",
                                                    headers: [("X-Request-Id", "a-1")], body: spec))
            let id = posted.header("Location")?.split(separator: "/").last.map(String.init) ?? ""
            _ = service.handle(HTTPRequest(method: "GET", path: "/v1/layouts/\(id)/attributes",
                                           query: [("rect", "0,0,300,400")], headers: [("X-Request-Id", "a-2")]))
            _ = service.handle(HTTPRequest(method: "DELETE", path: "/nowhere", headers: [("X-Request-Id", "a-3")]))
            _ = service.handle(HTTPRequest(method: "GET", path: "/healthz", headers: [("X-Request-Id", "a-4")]))
        }
        let direct = try lines(direct: true, serve)
        let logged = try lines(direct: false, serve)
        #expect(direct.count == 4)
        #expect(direct.map(stable) == logged.map(stable))
        for line in direct {
            #expect(line.hasPrefix("ts=20"))
            let ms = line.split(separator: " ").first { $0.hasPrefix("ms=") }
            #expect(ms.map { $0.dropFirst(3).split(separator: ".").last?.count == 3 } == true)
        }
        #expect(direct[2].hasSuffix("route=unmatched status=404"))
        #expect(direct[3].contains("route=/healthz status=200"))
    }
}

/// Time stamps: RFC 3339 UTC with milliseconds, on every line (see also `LineWriterTests`).
@Suite struct TimestampTests {
    @Test func everyLineHasAWholeTimestamp() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let output = LogOutput(fileDescriptor: fds[1], flushInterval: .seconds(3600))
        let logger = Logger(label: "t") { LineLogHandler(label: $0, level: .info, output: output) }
        for i in 0..<200 { logger.info("line", metadata: ["i": "\(i)"]) }
        output.flush()
        close(fds[1])
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            guard n > 0 else { break }
            text += buffer[0..<n]
        }
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 200)
        for line in lines {
            let ts = Array(line.split(separator: " ")[0].dropFirst(3).utf8)  // after "ts="
            let shape = Array("dddd-dd-ddTdd:dd:dd.dddZ".utf8)
            #expect(ts.count == shape.count, "\(line)")
            for (c, s) in zip(ts, shape) {
                #expect(s == UInt8(ascii: "d") ? (c >= 48 && c <= 57) : c == s, "\(line)")
            }
        }
    }
}
