import Glibc

/// A fixed set of threads running jobs in the order they were given: where requests with large bodies are
/// handled, off libmicrohttpd's event loops (see `ServerConfiguration.offloadBodyBytes`).
final class WorkerPool: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var jobs: [() -> Void] = []  // guarded by `mutex`
    private var head = 0
    private var running = 0  // jobs taken and not finished, guarded by `mutex`

    init(threads: Int) {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
        for _ in 0..<max(1, threads) {
            let box = Unmanaged.passRetained(self)
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { raw in
                Unmanaged<WorkerPool>.fromOpaque(raw!).takeRetainedValue().work()
                return nil
            }, box.toOpaque()) == 0 else {
                box.release()
                continue
            }
            pthread_detach(thread)
        }
    }

    /// Queues `job`; some thread of the pool runs it soon.
    func run(_ job: @escaping () -> Void) {
        pthread_mutex_lock(&mutex)
        jobs.append(job)
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
    }

    /// Jobs queued or running.
    var pending: Int {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return jobs.count - head + running
    }

    /// The threads live as long as the process (the pool is made once per server, servers once per process).
    private func work() -> Never {
        while true {
            pthread_mutex_lock(&mutex)
            while head == jobs.count { pthread_cond_wait(&condition, &mutex) }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            running += 1
            pthread_mutex_unlock(&mutex)
            job()
            pthread_mutex_lock(&mutex)
            running -= 1
            pthread_mutex_unlock(&mutex)
        }
    }
}
