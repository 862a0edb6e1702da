#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Logging
import Synchronization

/// A swift-log handler writing one logfmt line per message (`ts=... level=info msg=... key=value ...`, keys in
/// order) to a `LogOutput`, whole lines only, so lines of concurrent threads never interleave. Lines of level
/// notice and above are written at once; others are gathered (see `LogOutput`).
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let output: LogOutput

    /// `label` is swift-log's logger label (not written: the service has one logger).
    public init(label: String, level: Logger.Level = .info, output: LogOutput) {
        self.logLevel = level
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line: [UInt8] = []
        line.reserveCapacity(256)
        line += "ts=".utf8
        Self.appendTimestamp(to: &line)
        line += " level=".utf8
        line += event.level.rawValue.utf8
        line += " msg=".utf8
        Self.appendValue(event.message.description, to: &line)
        let own = event.metadata ?? [:]
        let all = metadata.isEmpty ? own : metadata.merging(own) { $1 }
        for (key, value) in all.sorted(by: { $0.key < $1.key }) {
            line.append(UInt8(ascii: " "))
            line += key.utf8
            line.append(UInt8(ascii: "="))
            Self.appendValue(value.description, to: &line)
        }
        line.append(UInt8(ascii: "\n"))
        output.write(line, urgent: event.level >= .notice)
    }

    /// A value as is when it is a bare word, else quoted with `"`, `\` and newlines escaped.
    static func appendValue(_ value: String, to line: inout [UInt8]) {
        // Quoted, each byte takes two at most (`LineWriter.putValue` has the rules).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * value.utf8.count + 2) { buffer in
            var w = LineWriter(buffer.baseAddress!)
            w.putValue(value)
            line.append(contentsOf: UnsafeBufferPointer(start: w.start, count: w.start.distance(to: w.at)))
        }
    }

    /// The text of the last second formatted (`2026-11-22T07:49:42.`): lines of the same second reuse it.
    private static let lastSecond = Mutex<(seconds: Int, text: (UInt64, UInt64, UInt64))>((-1, (0, 0, 0)))

    /// Now, in UTC, RFC 3339 with milliseconds: `2026-11-22T07:49:42.196Z`.
    static func appendTimestamp(to line: inout [UInt8]) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            var v = value
            while divisor > 0 {
                line.append(UInt8(ascii: "0") + UInt8(v / divisor % 10))
                v %= divisor
                divisor /= 10
            }
        }
        let cached = lastSecond.withLock { $0.seconds == now.tv_sec ? $0.text : nil }
        if let cached {
            withUnsafeBytes(of: cached) { line.append(contentsOf: $0.prefix(20)) }
        } else {
            let start = line.count
            var seconds = now.tv_sec
            var t = tm()
            gmtime_r(&seconds, &t)
            digits(Int(t.tm_year) + 1900, 4)
            line.append(UInt8(ascii: "-"))
            digits(Int(t.tm_mon) + 1, 2)
            line.append(UInt8(ascii: "-"))
            digits(Int(t.tm_mday), 2)
            line.append(UInt8(ascii: "T"))
            digits(Int(t.tm_hour), 2)
            line.append(UInt8(ascii: ":"))
            digits(Int(t.tm_min), 2)
            line.append(UInt8(ascii: ":"))
            digits(Int(t.tm_sec), 2)
            line.append(UInt8(ascii: "."))
            if line.count - start == 20 {  // years of four digits: the text fits the cache
                var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
                line.withUnsafeBytes { bytes in
                    withUnsafeMutableBytes(of: &text) {
                        $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + 20)]))
                    }
                }
                lastSecond.withLock { $0 = (now.tv_sec, text) }
            }
        }
        digits(now.tv_nsec / 1_000_000, 3)
        line.append(UInt8(ascii: "Z"))
    }
}
