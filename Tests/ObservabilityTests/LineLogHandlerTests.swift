import Glibc
import Logging
import Observability
import Testing

@Suite struct LineLogHandlerTests {
    @Test func writesOneLogfmtLinePerMessage() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let logger = Logger(label: "t") { LineLogHandler(label: $0, level: .info, fileDescriptor: fds[1]) }
        logger.info("request", metadata: ["route": "/v1/layouts/{id}", "note": "two words \"quoted\""])
        logger.debug("not at this level")
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(fds[0], &buffer, buffer.count)
        let text = String(decoding: buffer[0..<max(0, n)], as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.hasPrefix("ts=20") && line.contains("Z level=info msg=request "))
        #expect(line.hasSuffix(#" note="two words \"quoted\"" route=/v1/layouts/{id}"#))
    }
}
