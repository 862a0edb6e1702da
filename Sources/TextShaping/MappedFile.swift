#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A font file mapped read-only: its pages are the file's (the kernel's page cache, shared with every other reader
/// and given back under pressure), not memory of the process's own. Unmapped when the last reference goes.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    /// The file at `path` mapped whole, or nil when it cannot be opened or is empty.
    init?(path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
        let count = Int(info.st_size)
        guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: base, count: count)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}
