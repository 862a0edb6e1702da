#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the kernel counts of processor time (Linux `/proc`), for `LoopScaler`: parsed from bytes, without
/// Foundation. Each parser answers nil where the text is not as expected.
enum ProcessorAccounting {
    /// The machine's idle time, in clock ticks (`sysconf(_SC_CLK_TCK)` a second): idle and iowait of the first
    /// line of `/proc/stat` ("cpu  user nice system idle iowait irq softirq steal ...").
    static func idleTicks(procStat text: some Collection<UInt8>) -> UInt64? {
        let line = text.prefix { $0 != UInt8(ascii: "\n") }
        let fields = line.split(separator: UInt8(ascii: " "))
        guard fields.count >= 6, fields[0].elementsEqual("cpu".utf8),
              let idle = number(fields[4]), let iowait = number(fields[5]) else { return nil }
        return idle &+ iowait
    }

    /// A thread's time on a processor and waiting for one, in nanoseconds: the first two fields of
    /// `/proc/self/task/TID/schedstat` ("running waiting timeslices").
    static func schedstat(_ text: some Collection<UInt8>) -> (running: UInt64, waiting: UInt64)? {
        let fields = text.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
        guard fields.count >= 2, let running = number(fields[0]), let waiting = number(fields[1]) else { return nil }
        return (running, waiting)
    }

    static let ticksPerSecond = Double(max(1, sysconf(Int32(_SC_CLK_TCK))))

    /// A decimal number of digits only.
    private static func number(_ digits: some Collection<UInt8>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

/// A `/proc` or `/sys` file, read from its start (`ProcessorBudget` reads its cgroup's quota once), or kept open and
/// read again from its start each time (the kernel writes its text anew for a read at offset 0): `LoopScaler` opens
/// its files once, so that it never holds a descriptor for a moment that an accept
/// needs, nor finds none free at the process's limit.
final class ProcFile {
    private let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 4096)

    init?(_ path: String) {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
    }

    deinit { close(fd) }

    /// The file's first 4 KiB (the lines read here are within them), or nil.
    func read() -> ArraySlice<UInt8>? {
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? buffer[..<n] : nil
    }
}
