#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regular files under `directory` (recursively, sorted by path), or nil when it cannot be listed.
func filesUnder(_ directory: String) -> [String]? {
    guard let dir = opendir(directory) else { return nil }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    closedir(dir)
    var files: [String] = []
    for name in names.sorted() {
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        var info = stat()
        guard stat(path, &info) == 0 else { continue }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            files += filesUnder(path) ?? []
        } else if (info.st_mode & S_IFMT) == S_IFREG {
            files.append(path)
        }
    }
    return files
}

/// A file's size and modification time (seconds), or nil.
func fileIdentity(_ path: String) -> (size: Int, modified: Int)? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
        return (Int(info.st_size), Int(info.st_mtimespec.tv_sec))
    #else
        return (Int(info.st_size), Int(info.st_mtim.tv_sec))
    #endif
}
