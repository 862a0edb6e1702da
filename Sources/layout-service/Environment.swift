#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Options resolve as: command-line flag, else environment variable, else default.
enum Environment {
    static func string(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The flag's value, or the variable's, or the default; a variable that does not parse is an error.
    static func resolve<T: LosslessStringConvertible>(_ flag: T?, _ variable: String, _ fallback: T) throws -> T {
        if let flag { return flag }
        guard let text = string(variable) else { return fallback }
        guard let value = T(text) else { throw InvalidEnvironment(variable: variable, value: text) }
        return value
    }

    struct InvalidEnvironment: Error, CustomStringConvertible {
        let variable: String
        let value: String
        var description: String { "\(variable)=\(value) is not a valid value" }
    }
}
