#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`, `ulimit -n`). Every connection takes one, and a
/// process out of them cannot accept: new connections then wait in the listen backlog (`EventLoop.prepareWait`).
public enum DescriptorLimit {
    /// Descriptors for `connections` connections and the rest of the process: standard streams, the log, the
    /// store's files or connections, listen sockets, and an epoll set and a wake-up descriptor for each event loop.
    public static func needed(connections: Int, threads: Int) -> Int {
        connections + 32 + 3 * threads
    }

    /// Raises the soft limit to `needed`, as far as the hard limit allows (as Go's runtime and nginx's
    /// `worker_rlimit_nofile` do); never lowers it. Returns the soft limit in effect, or nil when unknown.
    public static func raise(to needed: Int) -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        let wanted = rlim_t(clamping: needed)
        if limit.rlim_cur != unlimited, limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == unlimited ? wanted : min(wanted, limit.rlim_max)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur == unlimited ? Int.max : Int(clamping: limit.rlim_cur)
    }

    /// `RLIM_INFINITY` (all ones; Swift cannot import the macro's `-1`).
    private static let unlimited = rlim_t.max
    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
