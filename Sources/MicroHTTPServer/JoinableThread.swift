#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of the server's own that runs one body and is waited for when it ends: the event loops and the
/// slow-client guard's checker.
struct JoinableThread {
    #if canImport(Darwin)
    private var thread: pthread_t?
    #else
    private var thread = pthread_t()
    #endif
    private(set) var running = false

    /// Runs `body` on a new thread (unless one runs already); false when the system would not make one.
    mutating func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard !running else { return true }
        let box = Unmanaged.passRetained(Body(body))
        running = pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box.toOpaque()) == 0
        if !running { box.release() }
        return running
    }

    /// Waits for the body to return (the caller has told it to).
    mutating func join() {
        guard running else { return }
        #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
        #else
        pthread_join(thread, nil)
        #endif
        running = false
    }

    private final class Body: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
