#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables, for `ServiceConfiguration.resolve`.
enum ProcessEnvironment {
    static func variables() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pair = entry.pointee {
            let text = String(cString: pair)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }
}
