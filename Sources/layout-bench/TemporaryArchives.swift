import LayoutStore
import SQLiteArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SQLite archives the benchmarks' sqlite rows use: each call of the maker opens a new file in one temporary
/// folder, so that runs do not share what they stored.
enum TemporaryArchives {
    static func sqlite() -> () -> any SpecArchive {
        var template = Array("/tmp/layout-bench-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        return { try! SQLiteArchive(directory: directory + "/\(Int.random(in: 0..<1_000_000_000))") }
    }
}
