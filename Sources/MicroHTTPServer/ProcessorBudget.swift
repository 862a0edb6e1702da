import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many processors the service has to itself: the default number of event loops. Two loops that share one
/// processor take turns by the scheduler's time slices, and their connections wait out the other's slice. So the
/// count is the smallest of: the processors online, those the process may run on (`taskset`, a container's
/// cpuset), and the CPU quota of its cgroup (`docker run --cpus`, Kubernetes' CPU limit), rounded up.
public enum ProcessorBudget {
    /// The processors this process has to itself (at least 1).
    public static func cores() -> Int {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return cores(online: online, allowed: Int(cmhd_cpus_allowed()),
                     quota: quotaCores(cgroup2: text(of: "/sys/fs/cgroup/cpu.max"),
                                       cgroup1Quota: text(of: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us"),
                                       cgroup1Period: text(of: "/sys/fs/cgroup/cpu/cpu.cfs_period_us")))
    }

    /// The smallest known count; 0 and nil are unknown.
    static func cores(online: Int, allowed: Int, quota: Int?) -> Int {
        var count = online > 0 ? online : 1
        if allowed > 0 { count = min(count, allowed) }
        if let quota, quota > 0 { count = min(count, quota) }
        return max(1, count)
    }

    /// Whole processors of a CPU quota, rounded up: cgroup v2's `cpu.max` ("150000 100000", or "max 100000" for
    /// none), else cgroup v1's quota and period in microseconds (a quota of -1 for none). nil: no quota.
    static func quotaCores(cgroup2: String?, cgroup1Quota: String?, cgroup1Period: String?) -> Int? {
        func ratio(_ quota: Substring?, _ period: Substring?) -> Int? {
            guard let quota, let period, let q = Int(quota), let p = Int(period), q > 0, p > 0 else { return nil }
            return (q + p - 1) / p
        }
        if let cgroup2 {
            let fields = cgroup2.split(whereSeparator: { $0 == " " || $0 == "\n" })
            return fields.count == 2 ? ratio(fields[0], fields[1]) : nil
        }
        let trim: (String?) -> Substring? = { $0?.split(whereSeparator: { $0 == "\n" || $0 == " " }).first }
        return ratio(trim(cgroup1Quota), trim(cgroup1Period))
    }

    /// A file's first bytes (the lines read here are within them) as text, or nil when it cannot be read.
    private static func text(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : nil
    }
}
