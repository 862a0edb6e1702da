#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Logging

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
            line.append(contentsOf: w.written)
        }
    }

    /// Now, in UTC, RFC 3339 with milliseconds: `2026-11-22T07:49:42.196Z`.
    static func appendTimestamp(to line: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: LineWriter.timestampBytes) { buffer in
            var w = LineWriter(buffer.baseAddress!)
            w.putTimestamp()
            line.append(contentsOf: w.written)
        }
    }
}
