#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed set of threads running jobs in the order they were given: where requests with large bodies are
/// handled, off libmicrohttpd's event loops (see `ServerConfiguration.offloadBodyBytes`).
final class WorkerPool: @unchecked Sendable {
    // The pthread objects live on the heap: they must not move (a stored property's address is not stable).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [() -> Void] = []  // guarded by `mutex`
    private var head = 0  // the next job to run, guarded by `mutex`

    init(threads: Int) {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        for _ in 0..<max(1, threads) {
            let box = Unmanaged.passRetained(self)
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            guard pthread_create(&thread, nil, { raw in
                Unmanaged<WorkerPool>.fromOpaque(raw!).takeRetainedValue().work()  // never returns
            }, box.toOpaque()) == 0 else {
                box.release()
                continue
            }
            #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
            #else
            pthread_detach(thread)
            #endif
        }
    }

    /// Queues `job`; some thread of the pool runs it soon.
    func run(_ job: @escaping () -> Void) {
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// The threads live as long as the process (the pool is made once per server, servers once per process), so
    /// the pool and its mutex are never freed.
    private func work() -> Never {
        while true {
            pthread_mutex_lock(mutex)
            while head == jobs.count { pthread_cond_wait(condition, mutex) }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            pthread_mutex_unlock(mutex)
            job()
        }
    }
}
