#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif
import Synchronization

/// Where log lines go: a file descriptor, written in whole lines. Lines are gathered in memory and written
/// together (one `write(2)` per batch) when `bufferBytes` are waiting, every `flushInterval` (a background thread),
/// on `flush()`, and at once for lines marked urgent (notice and above). A request's line therefore costs no
/// system call; a SIGKILL can lose at most the last interval's lines.
public final class LogOutput: Sendable {
    private let fileDescriptor: Int32
    private let bufferBytes: Int
    private let pending: Mutex<[UInt8]>

    /// Writes directly (no gathering) when `flushInterval` is nil.
    public init(fileDescriptor: Int32 = STDOUT_FILENO, bufferBytes: Int = 64 * 1024,
                flushInterval: Duration? = .milliseconds(100)) {
        self.fileDescriptor = fileDescriptor
        self.bufferBytes = flushInterval == nil ? 0 : bufferBytes
        var buffer: [UInt8] = []
        buffer.reserveCapacity(bufferBytes)
        pending = Mutex(buffer)
        if let flushInterval { startFlusher(every: flushInterval) }
    }

    /// Appends one line (it must end with a newline).
    public func write(_ line: [UInt8], urgent: Bool) {
        pending.withLock { buffer in
            buffer += line
            if urgent || buffer.count >= bufferBytes { drain(&buffer) }
        }
    }

    /// Appends one line that `build` writes straight into the waiting buffer (it must end with a newline): no
    /// array of its own. `build` runs under the output's lock: keep it short.
    public func write(urgent: Bool = false, _ build: (inout [UInt8]) -> Void) {
        pending.withLock { buffer in
            build(&buffer)
            if urgent || buffer.count >= bufferBytes { drain(&buffer) }
        }
    }

    /// Writes whatever is waiting.
    public func flush() {
        pending.withLock { drain(&$0) }
    }

    /// Writes the buffer out (under the lock, so batches keep their order) and empties it.
    private func drain(_ buffer: inout [UInt8]) {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = systemWrite(fileDescriptor, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }  // a closed log is not worth failing requests for
                done += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
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
