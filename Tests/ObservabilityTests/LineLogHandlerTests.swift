#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import Observability
import Synchronization
import Testing

@Suite struct LineLogHandlerTests {
    /// A reader that stalls (a pipe nobody reads) holds up no writer of lines: past the pending bound lines are
    /// dropped and counted, and once the reader drains the pipe the count comes as a warning line. Every line is
    /// accounted for: written, or counted in a warning.
    ///
    /// The count moves into a warning when the flusher takes a batch (before the batch's write, which waits for
    /// the reader), so the test reads the warnings rather than `droppedLines` at a moment; and it drains the pipe
    /// and lets the output go before closing it (a flusher still writing into a closed pipe raised SIGPIPE).
    @Test func aStalledReaderHoldsUpNoWriterAndDroppedLinesAreCounted() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let lines = 20_000
        var output: LogOutput? = LogOutput(fileDescriptor: fds[1], bufferBytes: 4096,
                                           flushInterval: .milliseconds(10), maxPendingBytes: 128 << 10)
        let line = Array((String(repeating: "x", count: 99) + "\n").utf8)
        // 2 MB of lines, far past the pipe (64 KiB) and the bound (128 KiB), on a thread of its own: it must end.
        let done = Flag()
        Task.detached { [output] in
            for _ in 0..<lines { output?.write(line, urgent: false) }
            done.set()
        }
        var waited = 0
        while !done.isSet && waited < 1000 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(done.isSet)
        // The reader comes back: everything waiting is written, with the warnings that carry the counts. Read
        // until nothing has come for 300 ms after the last warning.
        var written = 0
        var dropped = 0
        var tail = ""
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        var quiet = 0
        while quiet < 30 || dropped == 0, quiet < 500 {
            let n = read(fds[0], &buffer, buffer.count)
            guard n > 0 else {
                quiet += 1
                usleep(10_000)
                continue
            }
            quiet = 0
            tail += String(decoding: buffer[0..<n], as: UTF8.self)
            while let end = tail.firstIndex(of: "\n") {
                let text = tail[..<end]
                if text.allSatisfy({ $0 == "x" }) {
                    written += 1
                } else {
                    #expect(text.contains("level=warning msg=\"log lines dropped\" count="), "\(text)")
                    if let count = text.split(separator: " ").first(where: { $0.hasPrefix("count=") }) {
                        dropped += Int(count.dropFirst(6)) ?? 0
                    }
                }
                tail = String(tail[tail.index(after: end)...])
            }
        }
        #expect(dropped > 0)
        #expect(written + dropped == lines)
        #expect(output?.droppedLines == 0)
        output = nil
        usleep(50_000)  // the flusher notices the output is gone at its next wake (every 10 ms), then ends
        close(fds[1])
        close(fds[0])
    }

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

/// A flag one task sets and another reads.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
