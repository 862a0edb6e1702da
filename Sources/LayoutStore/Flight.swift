#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One preparation in progress: the first requester computes, later ones for the same id block until it is done.
final class Flight<Value>: @unchecked Sendable {
    // The pthread objects live on the heap: they must not move.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var value: Value?  // guarded by `mutex`

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    func finish(_ result: Value) {
        pthread_mutex_lock(mutex)
        value = result
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    func wait() -> Value {
        pthread_mutex_lock(mutex)
        while value == nil { pthread_cond_wait(condition, mutex) }
        let result = value!
        pthread_mutex_unlock(mutex)
        return result
    }
}
