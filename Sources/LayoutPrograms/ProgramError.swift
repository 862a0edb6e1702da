/// Why a layout program was refused or failed. Each case has a stable problem type name (`problemType`) and a
/// message naming the import, export or limit (`message`), ready for a problem body (a `400` for `notWebAssembly`,
/// a `422` for the others).
public enum ProgramError: Error, Sendable, Equatable {
    /// The bytes do not parse as a WebAssembly module (a `400`: the body is not what its type says).
    case notWebAssembly(String)
    /// The module parses but does not validate (a function body breaks WebAssembly's typing rules, say).
    case malformed(String)
    /// The module imports something other than `env.emit` with the ABI's type.
    case forbiddenImport(module: String, name: String)
    /// The module lacks an export the ABI requires, or exports it with another type.
    case missingExport(name: String, expected: String)
    /// The program ran out of fuel (about one unit per WebAssembly instruction).
    case fuelExhausted(limit: UInt64)
    /// The program's memory would grow past the limit.
    case memoryLimit(pages: Int)
    /// The program emitted more elements than allowed.
    case elementLimit(Int)
    /// The program ran past its wall-clock deadline.
    case deadline(milliseconds: Int)
    /// The program trapped (division by zero, `unreachable`, an access outside its memory, ...).
    case trap(String)
    /// The program broke the ABI: an address outside its memory, a negative section or item, a bad kind name.
    case badOutput(String)

    /// The problem type's name, stable across versions (the last part of the problem's `type` URI).
    public var problemType: String {
        switch self {
        case .notWebAssembly: "malformed-module"
        case .malformed: "program-malformed"
        case .forbiddenImport: "program-forbidden-import"
        case .missingExport: "program-missing-export"
        case .fuelExhausted: "program-fuel-exhausted"
        case .memoryLimit: "program-memory-limit"
        case .elementLimit: "program-element-limit"
        case .deadline: "program-deadline"
        case .trap: "program-trap"
        case .badOutput: "program-bad-output"
        }
    }

    /// A sentence for the problem's `detail`.
    public var message: String {
        switch self {
        case .notWebAssembly(let reason): "the module is not WebAssembly: \(reason)"
        case .malformed(let reason): "the module is not valid WebAssembly: \(reason)"
        case .forbiddenImport(let module, let name):
            "the module imports \"\(module)\".\"\(name)\": a layout program may import nothing but "
                + "\"env\".\"emit\" (i32, i32) -> ()"
        case .missingExport(let name, let expected): "the module does not export \"\(name)\" as \(expected)"
        case .fuelExhausted(let limit): "the program ran out of fuel (limit \(limit))"
        case .memoryLimit(let pages): "the program's memory would grow past \(pages) pages of 64 KiB"
        case .elementLimit(let limit): "the program emitted more than \(limit) elements"
        case .deadline(let ms): "the program ran past its deadline of \(ms) ms"
        case .trap(let reason): "the program trapped: \(reason)"
        case .badOutput(let reason): "the program broke the ABI: \(reason)"
        }
    }
}
