import HTTPCompression
import LayoutService
import Logging
import MicroHTTPServer

/// The defaults of the command's options, written once: those of the server and of the service's limits are
/// `ServerConfiguration`'s and `ServiceLimits`'s own; the rest belong to the command. `--help` shows them.
enum Defaults {
    static let server = ServerConfiguration()
    static let limits = ServiceLimits()
    static let store = "sqlite"
    static let dataDirectory = "./data"
    static let cacheBytes = 512 << 20
    static let specMemoryBytes = 256 << 20
    static let storeTimeoutSeconds = 5.0
    static let corsOrigins = limits.corsOrigins.joined(separator: ",")
    static let gzipMinBytes = CompressionDefaults.minimumBytes
    static let logLevel = Logger.Level.info.rawValue
}
