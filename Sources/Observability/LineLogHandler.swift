public import Glibc
public import Logging

/// A swift-log handler writing one logfmt line per message (`ts=... level=info msg=... key=value ...`) with one
/// `write(2)`, so lines of concurrent threads never interleave (each is far below PIPE_BUF on a pipe) and nothing
/// is buffered that a crash could lose.
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let fileDescriptor: Int32

    public init(label: String, level: Logger.Level = .info, fileDescriptor: Int32 = STDOUT_FILENO) {
        self.label = label
        self.logLevel = level
        self.fileDescriptor = fileDescriptor
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = "ts=" + Self.timestamp() + " level=" + event.level.rawValue + " msg="
        Self.appendValue("\(event.message)", to: &line)
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            line += " " + key + "="
            Self.appendValue("\(value)", to: &line)
        }
        line += "\n"
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(fileDescriptor, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }  // a closed log is not worth failing a request for
                done += n
            }
        }
    }

    /// A value as is when it is a bare word, else quoted with `"` and `\` escaped.
    static func appendValue(_ value: String, to line: inout String) {
        let bare = !value.isEmpty && value.utf8.allSatisfy { $0 > 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") && $0 < 0x7F }
        guard !bare else {
            line += value
            return
        }
        line += "\""
        for c in value.unicodeScalars {
            switch c {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            default: line.unicodeScalars.append(c)
            }
        }
        line += "\""
    }

    /// UTC, RFC 3339 with milliseconds.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var t = tm()
        gmtime_r(&seconds, &t)
        func pad(_ v: Int32, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return pad(t.tm_year + 1900, 4) + "-" + pad(t.tm_mon + 1, 2) + "-" + pad(t.tm_mday, 2) + "T"
            + pad(t.tm_hour, 2) + ":" + pad(t.tm_min, 2) + ":" + pad(t.tm_sec, 2) + "."
            + pad(Int32(now.tv_nsec / 1_000_000), 3) + "Z"
    }
}
