#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPCore

/// The threads of work whose cost the client chooses (a layout program's run, text measured), apart from the POST
/// pool: `threads` of them run such work, first in first out, and the POST pool hands it over and goes on, so a
/// small POST is answered while programs run. A job waits at most `maxWait` seconds for a thread, and at most
/// `maxWaiting` wait at once; past either, or once the service drains, it is refused (`job(false)`: a 503 `busy`
/// with `Retry-After`). A thread of its own refuses the jobs whose wait is up, so the wait holds while every
/// worker is busy. The threads are made on first use and live as long as the process.
final class ClientWorkQueue: HTTPWorkQueue, @unchecked Sendable {
    let threads: Int
    let maxWaiting: Int
    let maxWait: Double
    // The pthread objects live on the heap: they must not move.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Jobs waiting, in the order given, with when their wait ends (monotonic nanoseconds); guarded by `mutex`.
    private var jobs: [(job: @Sendable (Bool) -> Void, until: UInt64)] = []
    private var head = 0  // the next job to run, guarded by `mutex`
    private var started = false  // guarded by `mutex`
    private var queueing = true  // guarded by `mutex`
    private var running = 0  // guarded by `mutex`

    init(threads: Int, maxWaiting: Int, maxWaitSeconds: Double) {
        self.threads = max(1, threads)
        self.maxWaiting = maxWaiting
        self.maxWait = maxWaitSeconds
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        pthread_mutex_init(mutex, nil)
    }

    /// Jobs running and waiting now.
    var state: (running: Int, waiting: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (running, jobs.count - head)
    }

    func enqueue(_ job: @escaping @Sendable (Bool) -> Void) {
        pthread_mutex_lock(mutex)
        if !started {
            started = true
            for _ in 0..<threads { spawn { $0.work() } }
            spawn { $0.expire() }
        }
        // Refused at once: while draining, with the queue full, or with no wait allowed and no thread free.
        let waiting = jobs.count - head
        guard queueing, waiting < maxWaiting, maxWait > 0 || running + waiting < threads else {
            pthread_mutex_unlock(mutex)
            job(false)
            return
        }
        // With no wait allowed, a job given a free thread is never refused for its wait.
        jobs.append((job, maxWait > 0 ? Self.now() &+ UInt64(maxWait * 1e9) : .max))
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Refuses the jobs waiting now and every later one (when the service drains); those running finish.
    func stopQueueing() {
        pthread_mutex_lock(mutex)
        queueing = false
        let refused = take(upTo: .max)
        pthread_mutex_unlock(mutex)
        for job in refused { job(false) }
    }

    /// Runs jobs, first in first out.
    private func work() {
        pthread_mutex_lock(mutex)
        while true {
            while head == jobs.count { pthread_cond_wait(condition, mutex) }
            let job = jobs[head].job
            head += 1
            compact()
            running += 1
            pthread_mutex_unlock(mutex)
            job(true)
            pthread_mutex_lock(mutex)
            running -= 1
        }
    }

    /// Refuses each job whose wait is up, when it is up.
    private func expire() {
        pthread_mutex_lock(mutex)
        while true {
            let now = Self.now()
            let refused = take(upTo: now)
            if !refused.isEmpty {
                pthread_mutex_unlock(mutex)
                for job in refused { job(false) }
                pthread_mutex_lock(mutex)
                continue
            }
            if head == jobs.count {
                pthread_cond_wait(condition, mutex)
            } else {
                var deadline = timespec(tv_sec: Int(jobs[head].until / 1_000_000_000),
                                        tv_nsec: Int(jobs[head].until % 1_000_000_000))
                pthread_cond_timedwait(condition, mutex, &deadline)
            }
        }
    }

    /// Takes the waiting jobs whose wait ends by `time` (the first ones: every job waits as long). Under `mutex`.
    private func take(upTo time: UInt64) -> [@Sendable (Bool) -> Void] {
        var taken: [@Sendable (Bool) -> Void] = []
        while head < jobs.count, jobs[head].until <= time {
            taken.append(jobs[head].job)
            head += 1
        }
        compact()
        return taken
    }

    /// Frees the slots of jobs taken once none waits. Under `mutex`.
    private func compact() {
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        }
    }

    private func spawn(_ body: @escaping (ClientWorkQueue) -> Void) {
        final class Start {
            let queue: ClientWorkQueue
            let body: (ClientWorkQueue) -> Void
            init(_ queue: ClientWorkQueue, _ body: @escaping (ClientWorkQueue) -> Void) {
                self.queue = queue
                self.body = body
            }
        }
        let box = Unmanaged.passRetained(Start(self, body))
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        guard pthread_create(&thread, nil, { raw in
            let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
            start.body(start.queue)  // never returns: the queue lives as long as the process
            return nil
        }, box.toOpaque()) == 0 else {
            box.release()
            return
        }
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
