import Foundation
import ServiceConfiguration
import Testing
import TextShaping

/// `ServiceConfiguration.resolve`: flag, else environment variable, else default; errors name what was given.
@Suite struct ServiceConfigurationTests {
    static func resolve(_ arguments: [String] = [], _ environment: [String: String] = [:]) throws
        -> ServiceConfiguration
    {
        try ServiceConfiguration.resolve(
            flags: ServiceFlags.parse(arguments), environment: environment, processors: { 3 })
    }

    /// The text defaults are written out here (the options do not link the text libraries): they are TextShaping's.
    @Test func theTextDefaultsAreTextShapings() {
        let defaults = ServiceConfiguration()
        #expect(defaults.fontsDirectories == FontCatalog.defaultDirectories)
        #expect(defaults.wordCacheBytes == TextShaper.defaultCacheBytes)
        #expect(defaults.fontCacheBytes == TextShaper.defaultFontCacheBytes)
    }

    /// The error `resolve` throws, or nil.
    static func refusal(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ConfigurationError? {
        do {
            _ = try resolve(arguments, environment)
            return nil
        } catch let error as ConfigurationError {
            return error
        }
    }

    @Test func aFlagBeatsItsVariableWhichBeatsTheDefault() throws {
        #expect(try Self.resolve().server.port == 8080)
        #expect(try Self.resolve([], ["LAYOUT_SERVICE_PORT": "9001"]).server.port == 9001)
        #expect(try Self.resolve(["--port", "9002"], ["LAYOUT_SERVICE_PORT": "9001"]).server.port == 9002)

        #expect(try Self.resolve().server.headTimeoutSeconds == 10)
        #expect(try Self.resolve([], ["LAYOUT_SERVICE_HEAD_TIMEOUT": "2.5"]).server.headTimeoutSeconds == 2.5)
        #expect(
            try Self.resolve(["--head-timeout", "0"], ["LAYOUT_SERVICE_HEAD_TIMEOUT": "2.5"]).server
                .headTimeoutSeconds == 0)

        #expect(try Self.resolve().logLevel == .info)
        #expect(try Self.resolve([], ["LAYOUT_SERVICE_LOG_LEVEL": "error"]).logLevel == .error)
        #expect(try Self.resolve(["--log-level", "debug"], ["LAYOUT_SERVICE_LOG_LEVEL": "error"]).logLevel == .debug)

        #expect(try Self.resolve().store == .sqlite)
        #expect(try Self.resolve([], ["LAYOUT_SERVICE_STORE": "memory"]).store == .memory)
        #expect(
            try Self.resolve(["--store", "postgres://u@h/d"], ["LAYOUT_SERVICE_STORE": "memory"]).store
                == .postgres(url: "postgres://u@h/d"))

        #expect(try Self.resolve().limits.corsOrigins == ["*"])
        #expect(
            try Self.resolve([], ["LAYOUT_SERVICE_CORS_ORIGINS": "https://a.example, https://b.example"]).access
                .corsOrigins == ["https://a.example", "https://b.example"])

        // The service's accept window on SIGTERM (the server's own default is 0), and the body rule.
        #expect(try Self.resolve().server.drainAcceptSeconds == 5)
        #expect(try Self.resolve(["--drain-accept-seconds", "0"]).server.drainAcceptSeconds == 0)
        #expect(try Self.resolve().server.bodyRateWindowSeconds == 10)
        #expect(try Self.resolve().server.bodyTimeoutSeconds == 300)
        #expect(try Self.resolve([], ["LAYOUT_SERVICE_BODY_RATE_WINDOW": "2"]).server.bodyRateWindowSeconds == 2)

        #expect(try Self.resolve().apiKeysFile == nil)
        #expect(try Self.resolve([], ["LAYOUT_SERVICE_API_KEYS_FILE": "/k"]).apiKeysFile == "/k")
        #expect(try Self.resolve(["--api-keys-file", "/f"], ["LAYOUT_SERVICE_API_KEYS_FILE": "/k"]).apiKeysFile == "/f")
    }

    @Test func anOnOffOptionIsOnByItsFlagOrByItsVariable() throws {
        #expect(try Self.resolve().access.anonymousRead == false)
        #expect(try Self.resolve(["--anonymous-read"]).access.anonymousRead)
        #expect(try Self.resolve([], ["LAYOUT_SERVICE_ANONYMOUS_READ": "true"]).access.anonymousRead)
        #expect(try Self.resolve([], ["LAYOUT_SERVICE_ANONYMOUS_READ": "false"]).access.anonymousRead == false)
        #expect(try Self.resolve(["--anonymous-read"], ["LAYOUT_SERVICE_ANONYMOUS_READ": "false"]).access.anonymousRead)
    }

    @Test func theThreadsDefaultToTheProcessorsAndSizeTheOffloadPools() throws {
        let byDefault = try Self.resolve()
        #expect(byDefault.server.threads == 3)
        #expect(byDefault.server.offloadThreads == 3)
        #expect(byDefault.server.deferredThreads == 6)
        let one = try ServiceConfiguration.resolve(
            flags: ServiceFlags.parse(["--threads", "1"]), environment: [:],
            processors: {
                Issue.record("the processors are counted although --threads is given")
                return 3
            })
        #expect(one.server.threads == 1)
        #expect(one.server.deferredThreads == 4)
    }

    @Test(arguments: [
        (["--port", "70000"], [:], "--port must be from 0 to 65535"),
        ([], ["LAYOUT_SERVICE_PORT": "70000"], "LAYOUT_SERVICE_PORT=70000 must be from 0 to 65535"),
        ([], ["LAYOUT_SERVICE_PORT": "x"], "LAYOUT_SERVICE_PORT=x is not a valid value"),
        (["--threads=-1"], [:], "--threads must be 0 or more"),
        (["--head-timeout", "86401"], [:], "--head-timeout must be from 0.0 to 86400.0"),
        ([], ["LAYOUT_SERVICE_HEAD_TIMEOUT": "nan"], "LAYOUT_SERVICE_HEAD_TIMEOUT=nan must be from 0.0 to 86400.0"),
        ([], ["LAYOUT_SERVICE_POST_QUEUE_SECONDS": "-1"], "LAYOUT_SERVICE_POST_QUEUE_SECONDS=-1 must be from 0.0 to 3600.0"),
        (["--max-concurrent-posts", "0"], [:], "--max-concurrent-posts must be 1 or more"),
        ([], ["LAYOUT_SERVICE_MAX_POST_BYTES_IN_FLIGHT": "0"], "LAYOUT_SERVICE_MAX_POST_BYTES_IN_FLIGHT=0 must be 1 or more"),
        (["--connection-memory-bytes", "100"], [:], "--connection-memory-bytes must be 4096 or more"),
        (["--store", "mysql"], [:], "--store must be sqlite, memory or a postgres:// URL"),
        ([], ["LAYOUT_SERVICE_STORE": "disk"], "LAYOUT_SERVICE_STORE=disk must be sqlite, memory or a postgres:// URL"),
        ([], ["LAYOUT_SERVICE_LOG_LEVEL": "loud"],
         "LAYOUT_SERVICE_LOG_LEVEL=loud must be one of trace, debug, info, notice, warning, error, critical"),
        ([], ["LAYOUT_SERVICE_ANONYMOUS_READ": "yes"], "LAYOUT_SERVICE_ANONYMOUS_READ=yes is not a valid value"),
        ([], ["LAYOUT_SERVICE_METRICS_PORT": "65536"], "LAYOUT_SERVICE_METRICS_PORT=65536 must be from 0 to 65535"),
        (["--body-rate-window", "0"], [:], "--body-rate-window must be from 0.1 to 86400.0"),
        ([], ["LAYOUT_SERVICE_BODY_TIMEOUT": "-1"], "LAYOUT_SERVICE_BODY_TIMEOUT=-1 must be from 0.0 to 86400.0"),
        (["--drain-accept-seconds", "90000"], [:], "--drain-accept-seconds must be from 0.0 to 86400.0"),
    ] as [([String], [String: String], String)])
    func aBadValueNamesItsFlagOrItsVariable(arguments: [String], environment: [String: String], message: String)
        throws
    {
        let error = try #require(try Self.refusal(arguments, environment))
        #expect(error.description == message)
    }

    /// docs/operations.md's table of options: (flag, variable, whether the flag takes no value).
    static func documentedOptions() throws -> [(flag: String, variable: String, isSwitch: Bool)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/operations.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0].hasPrefix("`--"), cells[1].hasPrefix("`LAYOUT_SERVICE_") else {
                return nil
            }
            let variable = cells[1].dropFirst().prefix { $0 != "`" && $0 != "=" }
            return (String(cells[0].dropFirst().dropLast()), String(variable), cells[1].contains("=true"))
        }
    }

    /// Each documented variable is read: a value it cannot take is refused by its name, and one it can take
    /// changes the configuration.
    @Test func everyDocumentedVariableIsRead() throws {
        let options = try Self.documentedOptions()
        #expect(options.count >= 30)
        let defaults = String(describing: try Self.resolve())
        for option in options {
            #expect(option.variable == "LAYOUT_SERVICE_" + option.flag.dropFirst(2).uppercased()
                .replacingOccurrences(of: "-", with: "_"))
            if let error = try Self.refusal([], [option.variable: "\u{1}x"]) {
                #expect(error.source == option.variable)
            } else {
                let configured = String(describing: try Self.resolve([], [option.variable: "\u{1}x"]))
                #expect(configured != defaults, "\(option.variable) is not read")
            }
        }
    }

    /// Each documented flag is read, likewise, and `--help` shows each with its variable.
    @Test func everyDocumentedFlagIsReadAndShownWithItsVariable() throws {
        let defaults = String(describing: try Self.resolve())
        let help = ServiceFlags.helpMessage(columns: 10_000)
        for option in try Self.documentedOptions() {
            let arguments = option.isSwitch ? [option.flag] : [option.flag, "7"]
            if let error = try Self.refusal(arguments) {
                #expect(error.source == option.flag)
            } else {
                #expect(String(describing: try Self.resolve(arguments)) != defaults, "\(option.flag) is not read")
            }
            #expect(help.contains(option.flag), "\(option.flag) is not in --help")
            #expect(help.contains("[env: \(option.variable)"), "\(option.variable) is not in --help")
        }
        let shown = help.split(separator: "[env: ").dropFirst().map { $0.prefix { $0 != "]" && $0 != "=" } }
        let documented = Set(try Self.documentedOptions().map(\.variable))
        for variable in shown { #expect(documented.contains(String(variable)), "\(variable) is not documented") }
    }
}
