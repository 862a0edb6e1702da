@_spi(Fuzzing) import WasmKit
import WasmParser

/// A layout program: a WebAssembly module that computes a layout's frames (docs/programs.md is its ABI).
///
/// The module exports `memory`, `layout_alloc(i32) -> i32` and `layout_prepare(i32) -> ()`, and may import one
/// function, `env.emit(i32, i32) -> ()`. Nothing else is importable (no WASI, no clock, no files), so a program
/// depends on nothing but its input.
public struct LayoutProgram: Sendable {
    /// The module as it runs: rewritten to look at the clock (`ClockChecks`), its start function dropped.
    let module: Module
    /// Whether the rewritten module looks at the clock through `emit` (else its engine watches function entries).
    let checksClockThroughEmit: Bool

    /// The exports the ABI requires, with their types.
    static let allocExport = "layout_alloc"
    static let prepareExport = "layout_prepare"
    static let memoryExport = "memory"
    static let emitModule = "env"
    static let emitName = "emit"
    static let allocType = FunctionType(parameters: [.i32], results: [.i32])
    static let prepareType = FunctionType(parameters: [.i32], results: [])
    static let emitType = FunctionType(parameters: [.i32, .i32], results: [])

    /// Parses the module and checks its imports and exports against the ABI (the function bodies are checked
    /// when it runs).
    public init(bytes: [UInt8]) throws(ProgramError) {
        var module: Module
        do {
            module = try parseWasm(bytes: bytes)
        } catch {
            throw .notWebAssembly(Self.readable(error))
        }
        for i in module.imports {
            guard i.module == Self.emitModule, i.name == Self.emitName, case .function(let type) = i.descriptor,
                module.functionType(at: type) == Self.emitType
            else { throw .forbiddenImport(module: i.module, name: i.name) }
        }
        func export(_ name: String) -> ExportDescriptor? { module.exports.first { $0.name == name }?.descriptor }
        guard case .memory = export(Self.memoryExport) else {
            throw .missingExport(name: Self.memoryExport, expected: "a memory")
        }
        for (name, type) in [(Self.allocExport, Self.allocType), (Self.prepareExport, Self.prepareType)] {
            guard case .function = export(name) else {
                throw .missingExport(name: name, expected: "a function \(Self.describe(type))")
            }
        }
        do {
            let instrumented = try ClockChecks.instrument(bytes)
            module = try parseWasm(bytes: instrumented.bytes)
            checksClockThroughEmit = instrumented.callsEmit
        } catch {
            throw .malformed(Self.readable(error))
        }
        // A start function would run before the run's limits are in place; the ABI has no use for one.
        module.dropStartFunction()
        self.module = module
    }

    /// Checks `bytes` as `init(bytes:)` does, and compiles every function once with the given limits on its
    /// memory, so that a module that would never run is refused when it is posted.
    public static func validate(_ bytes: [UInt8], limits: ProgramLimits = ProgramLimits()) throws(ProgramError) {
        let program = try LayoutProgram(bytes: bytes)
        let run = ProgramRun(program, limits: limits, compileEagerly: true)
        _ = try run.instantiate(program)
    }

    /// Runs the program on `input` within `limits` and returns the elements it emitted, in order.
    public func run(_ input: ProgramInput, limits: ProgramLimits = ProgramLimits()) throws(ProgramError)
        -> ProgramFrames
    {
        try ProgramRun(self, limits: limits, compileEagerly: false).run(self, input: input)
    }

    static func describe(_ type: FunctionType) -> String {
        let params = type.parameters.map { "\($0)" }.joined(separator: ", ")
        let results = type.results.map { "\($0)" }.joined(separator: ", ")
        return "(\(params)) -> (\(results))"
    }

    /// A parse error's description as a sentence: WasmKit 0.4.2 describes a message as the debug form of its
    /// wrapper in quotes (`"Message(text: "magic header not detected: ...")" at offset 0x4`), unwrapped here.
    static func readable(_ error: any Error) -> String {
        var text = firstLine(String(describing: error))
        let opening = "\"Message(text: \"", closing = "\")\""
        if let start = text.firstRange(of: opening), let end = text.ranges(of: closing).last,
            start.upperBound <= end.lowerBound
        {
            text = String(text[..<start.lowerBound]) + text[start.upperBound..<end.lowerBound]
                + String(text[end.upperBound...])
        }
        return text
    }

    static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }
}
