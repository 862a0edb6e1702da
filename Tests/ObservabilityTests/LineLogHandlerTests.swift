#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import Observability
import Testing

@Suite struct LineLogHandlerTests {
    @Test func theFlusherWritesGatheredLinesWithinItsInterval() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let output = LogOutput(fileDescriptor: fds[1], flushInterval: .milliseconds(20))
        output.write(Array("one line\n".utf8), urgent: false)
        var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 5_000) == 1)  // written by the background thread, not by us
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(read(fds[0], &buffer, 64) == 9)
        close(fds[1])
    }

    @Test func writesOneLogfmtLinePerMessage() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let output = LogOutput(fileDescriptor: fds[1], flushInterval: .seconds(3600))
        let logger = Logger(label: "t") { LineLogHandler(label: $0, level: .info, output: output) }
        logger.info("request", metadata: ["route": "/v1/layouts/{id}", "note": "two words \"quoted\""])
        logger.debug("not at this level")
        var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 0) == 0)  // an info line waits for the next batch...
        logger.notice("started")  // ...which a notice line writes at once, in order
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(fds[0], &buffer, buffer.count)
        let text = String(decoding: buffer[0..<max(0, n)], as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        let line = try #require(lines.first)
        #expect(line.hasPrefix("ts=20") && line.contains("Z level=info msg=request "))
        #expect(line.hasSuffix(#" note="two words \"quoted\"" route=/v1/layouts/{id}"#))
        #expect(lines.last?.hasSuffix("level=notice msg=started") == true)
    }
}
