import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed set of threads running jobs in the order they were given: where requests with large bodies are
/// handled, off libmicrohttpd's event loops (see `ServerConfiguration.offloadBodyBytes`). `stop` ends the threads
/// once the jobs given are done.
final class WorkerPool: @unchecked Sendable {
    // The pthread objects live on the heap: they must not move (a stored property's address is not stable).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [() -> Void] = []  // guarded by `mutex`
    private var head = 0  // the next job to run, guarded by `mutex`
    private var stopping = false  // guarded by `mutex`
    /// Threads still running (for tests).
    let threadsRunning = Atomic<Int>(0)

    init(threads: Int) {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        for _ in 0..<max(1, threads) {
            threadsRunning.add(1, ordering: .relaxed)
            let box = Unmanaged.passRetained(self)
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            guard pthread_create(&thread, nil, { raw in
                Unmanaged<WorkerPool>.fromOpaque(raw!).takeRetainedValue().work()  // returns after `stop`
                return nil
            }, box.toOpaque()) == 0 else {
                threadsRunning.subtract(1, ordering: .relaxed)
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

    deinit {  // after `stop`, once its last thread has ended
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Queues `job`; some thread of the pool runs it soon.
    func run(_ job: @escaping () -> Void) {
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Ends the threads once every job given so far has run (each thread ends when it finds none left). Jobs given
    /// after this are not run.
    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Runs jobs until `stop` and the queue is empty. The threads keep the pool (and its mutex) alive until then.
    private func work() {
        while true {
            pthread_mutex_lock(mutex)
            while head == jobs.count && !stopping { pthread_cond_wait(condition, mutex) }
            if head == jobs.count {
                pthread_mutex_unlock(mutex)
                threadsRunning.subtract(1, ordering: .releasing)
                return
            }
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
