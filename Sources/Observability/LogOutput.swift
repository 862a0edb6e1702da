#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif
import Synchronization

/// Where log lines go: a file descriptor, written in whole lines. Lines are gathered in memory and written
/// together (one `write(2)` per batch) every `flushInterval` by a background thread, on `flush()`, and at once for
/// lines marked urgent (notice and above) when no batch is being written. A request's line therefore costs no
/// system call, and a request never waits for the log; a SIGKILL can lose at most the last interval's lines.
///
/// When the log's reader stalls (a full pipe), the flusher waits in `write(2)` and lines gather, up to
/// `maxPendingBytes`; beyond that they are dropped and counted, and a warning line with the count is written once
/// the log flows again.
public final class LogOutput: Sendable {
    private let fileDescriptor: Int32
    private let maxPendingBytes: Int
    /// No flusher thread: every line is written before `write` returns.
    private let direct: Bool
    /// Lines waiting to be written, and lines dropped since the last batch was written.
    private let pending: Mutex<(lines: [UInt8], dropped: Int)>
    /// The batch being written (its memory reused); held while writing, so batches keep their order.
    private let writing = Mutex<[UInt8]>([])

    /// Writes directly (no gathering) when `flushInterval` is nil. `bufferBytes` is the memory first set aside
    /// for waiting lines. Past `maxPendingBytes` waiting (the reader stalled), lines are dropped and counted.
    public init(fileDescriptor: Int32 = STDOUT_FILENO, bufferBytes: Int = 64 * 1024,
                flushInterval: Duration? = .milliseconds(100), maxPendingBytes: Int = 16 << 20) {
        self.fileDescriptor = fileDescriptor
        self.direct = flushInterval == nil
        self.maxPendingBytes = max(maxPendingBytes, bufferBytes)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(bufferBytes)
        pending = Mutex((buffer, 0))
        if let flushInterval { startFlusher(every: flushInterval) }
    }

    /// Appends one line (it must end with a newline).
    public func write(_ line: [UInt8], urgent: Bool) {
        write(urgent: urgent) { $0 += line }
    }

    /// Appends one line that `build` writes straight into the waiting buffer (it must end with a newline): no
    /// array of its own. `build` runs under the output's lock: keep it short.
    public func write(urgent: Bool = false, _ build: (inout [UInt8]) -> Void) {
        let due = pending.withLock { p in
            guard p.lines.count < maxPendingBytes else {
                p.dropped += 1
                return false
            }
            build(&p.lines)
            return urgent || direct
        }
        guard due else { return }
        if direct {
            writing.withLock { writeBatch(&$0) }
        } else {
            // Busy writer: the line goes with its next batch, or the flusher's.
            _ = writing.withLockIfAvailable { writeBatch(&$0) }
        }
    }

    /// Lines dropped because the log's reader stalled, since the last batch was written.
    public var droppedLines: Int { pending.withLock { $0.dropped } }

    /// Writes whatever is waiting (waiting for a batch being written first).
    public func flush() {
        writing.withLock { writeBatch(&$0) }
    }

    /// Takes what is waiting (under the short lock) and writes it (outside it). Called holding `writing`.
    private func writeBatch(_ batch: inout [UInt8]) {
        let dropped = pending.withLock { p in
            swap(&p.lines, &batch)
            defer { p.dropped = 0 }
            return p.dropped
        }
        if dropped > 0 {
            batch += "ts=".utf8
            LineLogHandler.appendTimestamp(to: &batch)
            batch += " level=warning msg=\"log lines dropped\" count=\(dropped) reason=\"the log's reader stalled\"\n".utf8
        }
        guard !batch.isEmpty else { return }
        batch.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = systemWrite(fileDescriptor, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }  // a closed log is not worth failing requests for
                done += n
            }
        }
        batch.removeAll(keepingCapacity: true)
    }

    private func startFlusher(every interval: Duration) {
        let (seconds, attoseconds) = interval.components
        let pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        let box = Unmanaged.passRetained(Flusher(output: self, pause: pause))
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, nil, { raw in
            let flusher = Unmanaged<Flusher>.fromOpaque(raw!).takeRetainedValue()
            var pause = flusher.pause
            while true {
                nanosleep(&pause, nil)
                flusher.output?.flush()
                if flusher.output == nil { return nil }
            }
        }, box.toOpaque())
        guard started == 0 else { return box.release() }
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    }

    /// What the flusher thread holds: the output weakly, so that it ends when the output goes away.
    private final class Flusher: @unchecked Sendable {
        weak var output: LogOutput?
        let pause: timespec
        init(output: LogOutput, pause: timespec) {
            self.output = output
            self.pause = pause
        }
    }
}

/// The system's `write(2)` (inside `LogOutput`, `write` names its own method).
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
