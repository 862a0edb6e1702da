import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the store was doing when its archive failed: the problem's detail and the log line name it.
public enum StoreOperation: String, Sendable, CaseIterable {
    case save = "save the spec"
    case read = "read the spec"
    case remove = "remove the spec"
    case saveProgram = "save the program"
    case readProgram = "read the program"
    case removeProgram = "remove the program"
    case probe = "take a test write"

    /// A write: while writes fail, the service is not ready.
    var isWrite: Bool { self != .read && self != .readProgram }

    /// The word in a log line (`save`, `read-program`, ...).
    public var name: String {
        switch self {
        case .save: "save"
        case .read: "read"
        case .remove: "remove"
        case .saveProgram: "save-program"
        case .readProgram: "read-program"
        case .removeProgram: "remove-program"
        case .probe: "probe"
        }
    }
}

/// Whether the archive takes writes, and the count and reports of its failures (the specs' and the programs').
///
/// A failed write makes the store *failing* (`failure` is its message) until a write succeeds, or a probe does: a
/// thread, started by the first failed write and gone once writes work, makes a small durable write every
/// `probeInterval` (`SpecArchive.probe`), so the store recovers on its own when no request writes (a service that
/// is not ready gets no traffic). Each failure is reported (`report`, the log) at most once per `reportInterval`
/// for each operation, with the count of those not reported since.
final class StoreHealth: Sendable {
    /// One failure to report: the operation, the message, and the failures of that operation not reported since
    /// the last report.
    typealias Report = @Sendable (_ operation: StoreOperation, _ message: String, _ suppressed: Int) -> Void

    private struct State {
        var failure: String?
        var probing = false
        var lastReport: [StoreOperation: ContinuousClock.Instant] = [:]
        var suppressed: [StoreOperation: Int] = [:]
    }

    private let state = Mutex(State())
    private let errors = Atomic<Int>(0)
    private let report: Report?
    private let probe: (@Sendable () throws(ArchiveError) -> Void)?
    let probeInterval: Duration
    let reportInterval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

    init(report: Report?, probe: (@Sendable () throws(ArchiveError) -> Void)?, probeInterval: Duration = .seconds(1),
         reportInterval: Duration = .seconds(1), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now })
    {
        self.report = report
        self.probe = probe
        self.probeInterval = probeInterval
        self.reportInterval = reportInterval
        self.now = now
    }

    /// The message of the write failure that made the store failing, or nil while writes work.
    var failure: String? { state.withLock { $0.failure } }

    /// Archive calls that failed (`failure(_:_:)`; the probe's are not counted).
    var archiveErrors: Int { errors.load(ordering: .relaxed) }

    /// An archive call's failure during `operation`, counted and told (`failed`), as the error to throw: its
    /// message says what failed ("the store could not save the spec: ...").
    func failure(_ error: any Error, _ operation: StoreOperation) -> ArchiveError {
        errors.add(1, ordering: .relaxed)
        var failure = error as? ArchiveError ?? ArchiveError("\(error)")
        failure.message = "the store could not \(operation.rawValue): \(failure.message)"
        failed(operation, failure.message, timedOut: failure.kind == .timedOut)
        return failure
    }

    /// A write succeeded: writes work.
    func wrote() { state.withLock { $0.failure = nil } }

    /// An operation failed with `message` (the problem's detail): reported (within the rate), and for a write, or
    /// when the archive did not answer at all (`timedOut`: its writes would not either), the store is failing
    /// until a write or a probe succeeds.
    func failed(_ operation: StoreOperation, _ message: String, timedOut: Bool = false) {
        let instant = now()
        let (reportNow, suppressed, startProbe) = state.withLock { state -> (Bool, Int, Bool) in
            var startProbe = false
            if operation.isWrite || timedOut {
                state.failure = message
                if probe != nil, !state.probing {
                    state.probing = true
                    startProbe = true
                }
            }
            if let last = state.lastReport[operation], instant - last < reportInterval {
                state.suppressed[operation, default: 0] += 1
                return (false, 0, startProbe)
            }
            state.lastReport[operation] = instant
            return (true, state.suppressed.removeValue(forKey: operation) ?? 0, startProbe)
        }
        if reportNow { report?(operation, message, suppressed) }
        if startProbe, !DetachedThread.start({ [self] in probeUntilWritesWork() }) {
            state.withLock { $0.probing = false }
        }
    }

    /// The probe thread's loop: a probe every `probeInterval` while the store is failing.
    private func probeUntilWritesWork() {
        while true {
            Self.sleep(probeInterval)
            let done = state.withLock { state in
                if state.failure == nil { state.probing = false }
                return !state.probing
            }
            if done { return }
            do throws(ArchiveError) {
                try probe?()
                state.withLock { state in
                    state.failure = nil
                    state.probing = false
                }
                return
            } catch {
                failed(.probe, "the store could not \(StoreOperation.probe.rawValue): \(error.message)",
                       timedOut: error.kind == .timedOut)
            }
        }
    }

    private static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// A thread of its own for a closure, not joined: it ends when the closure returns.
enum DetachedThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Whether the thread started.
    @discardableResult
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let started = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        guard started == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
