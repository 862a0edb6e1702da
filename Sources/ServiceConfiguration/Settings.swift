/// One option's value: its flag's, else its environment variable's, else the default, checked against the
/// option's bounds. An option is named as its flag is without the dashes (`max-body-bytes`); its variable is
/// `LAYOUT_SERVICE_` and that name in capitals with underscores (`LAYOUT_SERVICE_MAX_BODY_BYTES`).
struct Settings {
    let environment: [String: String]

    static func variable(_ name: String) -> String {
        "LAYOUT_SERVICE_" + String(name.map { $0 == "-" ? "_" : Character($0.uppercased()) })
    }

    /// The flag's value or the variable's, parsed, or nil when neither is given.
    func given<T: LosslessStringConvertible>(_ flag: T?, _ name: String) throws(ConfigurationError) -> Given<T>? {
        if let flag { return Given(value: flag, source: "--" + name) }
        let variable = Self.variable(name)
        guard let text = environment[variable] else { return nil }
        guard let value = T(text) else { throw ConfigurationError(source: variable, value: text, rule: nil) }
        return Given(value: value, source: variable, text: text)
    }

    func value<T: LosslessStringConvertible>(_ flag: T?, _ name: String, _ fallback: T) throws(ConfigurationError)
        -> T
    {
        try given(flag, name)?.value ?? fallback
    }

    /// A value `bounds` holds: `0...` for a count, `0...65535` for a port.
    func value<T: LosslessStringConvertible & Comparable>(
        _ flag: T?, _ name: String, _ fallback: T, _ bounds: Bounds<T>
    ) throws(ConfigurationError) -> T {
        try optional(flag, name, bounds) ?? fallback
    }

    func optional<T: LosslessStringConvertible & Comparable>(_ flag: T?, _ name: String, _ bounds: Bounds<T>)
        throws(ConfigurationError) -> T?
    {
        guard let given = try given(flag, name) else { return nil }
        guard bounds.contains(given.value) else { throw given.error(bounds.rule) }
        return given.value
    }

    /// One of the cases of `T`, by its name (`auto`, `info`).
    func choice<T: RawRepresentable & CaseIterable>(_ flag: String?, _ name: String, _ fallback: T)
        throws(ConfigurationError) -> T where T.RawValue == String
    {
        guard let given = try given(flag, name) else { return fallback }
        guard let value = T(rawValue: given.value) else {
            throw given.error("must be one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }

    /// An on/off option: the flag turns it on; the variable says `true` or `false`.
    func flag(_ flag: Bool, _ name: String) throws(ConfigurationError) -> Bool {
        try value(flag ? true : nil, name, false)
    }

    struct Given<T: LosslessStringConvertible> {
        let value: T
        /// The flag (`--port`) or the variable (`LAYOUT_SERVICE_PORT`) the value came from.
        let source: String
        var text: String?

        func error(_ rule: String) -> ConfigurationError {
            ConfigurationError(source: source, value: text, rule: rule)
        }
    }
}

/// The values an option takes.
struct Bounds<T: Comparable & LosslessStringConvertible> {
    let lower: T
    let upper: T?

    static func atLeast(_ lower: T) -> Self { Self(lower: lower, upper: nil) }
    static func from(_ lower: T, to upper: T) -> Self { Self(lower: lower, upper: upper) }

    func contains(_ value: T) -> Bool {
        value >= lower && upper.map { value <= $0 } ?? true
    }

    var rule: String {
        upper.map { "must be from \(lower) to \($0)" } ?? "must be \(lower) or more"
    }
}

/// An option's value that the service cannot run with, named as it was given: by its flag or its variable.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    /// `--port` or `LAYOUT_SERVICE_PORT`.
    public let source: String
    /// The variable's text (a flag's is in the command line).
    public let value: String?
    /// What the value must be; nil when it is not a value of the option's type at all.
    public let rule: String?

    public var description: String {
        let given = value.map { "\(source)=\($0)" } ?? source
        return rule.map { "\(given) \($0)" } ?? "\(given) is not a valid value"
    }
}
