#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPCore

/// Admits POSTs (the heavy requests: parse, hash, prepare) by a budget of body bytes in flight, not by a count:
/// a POST runs at once when its body fits the budget beside those running (or when none runs: any one POST
/// may run alone). Otherwise it waits, in a queue of at most `maxWaiting`, up to `maxWait` for room; then it is
/// refused (a 503 with `Retry-After`). Small POSTs are therefore never refused while there is room, and large
/// ones cannot take every worker thread from the queries. Once the service drains (`stopQueueing`), no POST
/// waits: those waiting are refused at once, so that shutdown is not held by the queue.
final class PostAdmission: @unchecked Sendable {
    let budgetBytes: Int
    let maxConcurrent: Int
    let maxWaiting: Int
    let maxWait: Double
    // The pthread objects live on the heap: they must not move.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var bytes = 0  // of the POSTs running, guarded by `mutex`
    private var running = 0  // guarded by `mutex`
    private var waiting = 0  // guarded by `mutex`
    private var queueing = true  // guarded by `mutex`

    init(budgetBytes: Int, maxConcurrent: Int, maxWaiting: Int, maxWaitSeconds: Double) {
        self.budgetBytes = budgetBytes
        self.maxConcurrent = maxConcurrent
        self.maxWaiting = maxWaiting
        self.maxWait = maxWaitSeconds
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// POSTs running and waiting now, and the body bytes of those running.
    var state: (running: Int, waiting: Int, bytes: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (running, waiting, bytes)
    }

    /// Refuses the POSTs waiting now and every later one that does not fit at once (when the service drains).
    func stopQueueing() {
        pthread_mutex_lock(mutex)
        queueing = false
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Runs `post` once a body of `size` bytes is admitted; nil when it was not within the wait (or the queue
    /// was full).
    func run<T>(size: Int, _ post: () throws(Problem) -> T) throws(Problem) -> T? {
        guard admit(size) else { return nil }
        defer { release(size) }
        return try post()
    }

    private func fits(_ size: Int) -> Bool {
        running < maxConcurrent && (running == 0 || bytes + size <= budgetBytes)
    }

    private func admit(_ size: Int) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if !fits(size) {
            guard queueing, waiting < maxWaiting, maxWait > 0 else { return false }
            waiting += 1
            defer { waiting -= 1 }
            var deadline = timespec()
            clock_gettime(CLOCK_MONOTONIC, &deadline)
            let whole = maxWait.rounded(.down)
            deadline.tv_sec += Int(whole)
            deadline.tv_nsec += Int((maxWait - whole) * 1e9)
            if deadline.tv_nsec >= 1_000_000_000 {
                deadline.tv_sec += 1
                deadline.tv_nsec -= 1_000_000_000
            }
            while queueing, !fits(size) {
                if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
            }
            guard fits(size) else { return false }
        }
        running += 1
        bytes += size
        return true
    }

    private func release(_ size: Int) {
        pthread_mutex_lock(mutex)
        running -= 1
        bytes -= size
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
