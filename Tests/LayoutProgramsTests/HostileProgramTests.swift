import LayoutPrograms
import Testing
import WAT

/// Modules that break the ABI or a limit: each gives its own error, within the deadline.
struct HostileProgramTests {
    /// A module with the ABI's exports whose `layout_prepare` body is `prepare` (its input address is local 0).
    static func module(prepare: String, imports: String = "", memory: String = "1") throws -> [UInt8] {
        try wat2wasm("""
            (module
              \(imports)
              (memory (export "memory") \(memory))
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 1024))
              (func (export "layout_prepare") (param i32) \(prepare)))
            """)
    }

    static let emitImport = #"(import "env" "emit" (func $emit (param i32 i32)))"#
    static let input = ProgramInput(viewWidth: 390, viewHeight: 844, itemCounts: [10])

    /// Runs `bytes` and returns its error, checking that it came within `within` seconds (wide: the suites run in
    /// parallel on two cores).
    static func failure(_ bytes: [UInt8], limits: ProgramLimits = ExampleModules.roomy, within: Double = 600)
        -> ProgramError?
    {
        let start = ContinuousClock.now
        defer { #expect(ContinuousClock.now - start < .seconds(within)) }
        do {
            _ = try LayoutProgram(bytes: bytes).run(input, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func anEndlessLoopStopsAtTheDeadline() throws {
        let loop = try Self.module(prepare: "(loop $forever (br $forever))")
        let limits = ProgramLimits(fuel: .max / 2, deadlineMilliseconds: 300)
        // Without the deadline the loop runs for hours on that fuel; the bound is wide because the suites run in
        // parallel on two cores, where the watchdog's thread may wait seconds for one.
        let error = Self.failure(loop, limits: limits, within: 30)
        #expect(error == .deadline(milliseconds: 300))
        #expect(error?.problemType == "program-deadline")
    }

    @Test func anEndlessLoopRunsOutOfFuel() throws {
        let loop = try Self.module(prepare: "(loop $forever (br $forever))")
        let limits = ProgramLimits(fuel: 1_000_000, deadlineMilliseconds: 600_000)
        #expect(Self.failure(loop, limits: limits) == .fuelExhausted(limit: 1_000_000))
    }

    @Test func aLoopThatGrowsMemoryStopsAtThePageLimit() throws {
        let grow = try Self.module(prepare: "(loop $more (drop (memory.grow (i32.const 1))) (br $more))")
        let error = Self.failure(grow, limits: ProgramLimits(memoryPages: 64))
        #expect(error == .memoryLimit(pages: 64))
        #expect(error?.message.contains("64 pages") == true)
    }

    @Test func aMemoryDeclaredLargerThanTheLimitIsRefused() throws {
        let large = try Self.module(prepare: "", memory: "1000")
        #expect(Self.failure(large, limits: ProgramLimits(memoryPages: 64)) == .memoryLimit(pages: 64))
    }

    @Test func emittingAHundredMillionElementsStopsAtTheElementLimit() throws {
        // 100,000 batches of 1,000 zeroed elements.
        let flood = try Self.module(
            prepare: """
                (local $i i32)
                (loop $next
                  (call $emit (i32.const 4096) (i32.const 1000))
                  (local.set $i (i32.add (local.get $i) (i32.const 1)))
                  (br_if $next (i32.lt_u (local.get $i) (i32.const 100000))))
                """, imports: Self.emitImport, memory: "2")
        let error = Self.failure(flood)
        #expect(error == .elementLimit(ProgramLimits().elements))
        #expect(error?.problemType == "program-element-limit")
    }

    @Test func trapsAreReportedWithTheirMessage() throws {
        let divide = try Self.module(prepare: "(drop (i32.div_s (i32.const 1) (i32.const 0)))")
        #expect(Self.failure(divide) == .trap("integer divide by zero"))
        let unreachable = try Self.module(prepare: "(unreachable)")
        let error = Self.failure(unreachable)
        #expect(error == .trap("unreachable"))
        #expect(error?.problemType == "program-trap")
        #expect(error?.message == "the program trapped: unreachable")
        let outside = try Self.module(prepare: "(drop (i32.load (i32.const 70000)))")
        #expect(Self.failure(outside) == .trap("out of bounds memory access"))
    }

    @Test func bytesThatAreNotWebAssemblyAreRefusedInWords() throws {
        for bytes: [UInt8] in [[], [0, 1, 2, 3], Array("(module)".utf8)] {
            #expect(throws: ProgramError.self) { try LayoutProgram.validate(bytes) }
            #expect((try? LayoutProgram.validate(bytes)) == nil)
            do {
                try LayoutProgram.validate(bytes)
            } catch {
                #expect(error.problemType == "malformed-module")
                #expect(error.message.hasPrefix("the module is not WebAssembly: "))
                #expect(!error.message.contains("Message("), "\(error.message)")
            }
        }
        #expect(throws: ProgramError.notWebAssembly(
            "magic header not detected: expected [0, 97, 115, 109] but got [40, 109, 111, 100] at offset 0x4")) {
            try LayoutProgram.validate(Array("(module)".utf8))
        }
        let waterfall = try ExampleModules.bytes("waterfall")
        #expect(throws: ProgramError.self) { try LayoutProgram.validate(Array(waterfall.prefix(waterfall.count / 2))) }
    }

    /// A module that parses but whose `layout_prepare` leaves an i32 on the stack of a function without results:
    /// WebAssembly, but not valid.
    @Test func aModuleThatDoesNotValidateIsMalformed() throws {
        let types: [UInt8] = [1, 10, 2, 0x60, 1, 0x7F, 1, 0x7F, 0x60, 1, 0x7F, 0]
        let functions: [UInt8] = [3, 3, 2, 0, 1]
        let memory: [UInt8] = [5, 3, 1, 0, 1]
        let exports: [UInt8] = [7, 42, 3] + [6] + Array("memory".utf8) + [2, 0] + [12] + Array("layout_alloc".utf8)
            + [0, 0] + [14] + Array("layout_prepare".utf8) + [0, 1]
        let code: [UInt8] = [10, 12, 2, 5, 0, 0x41, 0x80, 0x08, 0x0B, 4, 0, 0x41, 1, 0x0B]
        let bytes = [0, 0x61, 0x73, 0x6D, 1, 0, 0, 0] + types + functions + memory + exports + code
        _ = try LayoutProgram(bytes: bytes)  // it parses
        do {
            try LayoutProgram.validate(bytes)
            Issue.record("a module that does not validate was taken")
        } catch {
            guard case .malformed = error else { return #expect(Bool(false), "\(error)") }
            #expect(error.problemType == "program-malformed")
            #expect(error.message.hasPrefix("the module is not valid WebAssembly: "))
        }
    }

    /// LayoutPrograms relies on three interfaces WasmKit 0.4.2 keeps to its own tools (`@_spi(Fuzzing)`), which
    /// Package.swift pins exactly for: the store's resource limiter (memory growth refused past the page limit),
    /// a type index's function type (an `env.emit` of another type refused), and dropping the start function (a
    /// start function that traps never runs). Should an upgrade change one, this fails.
    @Test func theInterfacesKeptToWasmKitsToolsHold() throws {
        let grow = try Self.module(prepare: "(drop (memory.grow (i32.const 2)))")
        #expect(Self.failure(grow, limits: ProgramLimits(memoryPages: 2)) == .memoryLimit(pages: 2))
        #expect(Self.failure(grow, limits: ProgramLimits(memoryPages: 3)) == nil)
        let wrongEmit = try Self.module(prepare: "", imports: #"(import "env" "emit" (func (param i32 i64)))"#)
        #expect(throws: ProgramError.forbiddenImport(module: "env", name: "emit")) {
            try LayoutProgram.validate(wrongEmit)
        }
        let trappingStart = try wat2wasm("""
            (module (memory (export "memory") 1)
              (func $start unreachable)
              (start $start)
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 1024))
              (func (export "layout_prepare") (param i32)))
            """)
        try LayoutProgram.validate(trappingStart)
        #expect(Self.failure(trappingStart) == nil)
    }

    /// Each module runs rewritten to look at the clock (`ClockChecks`): a countdown at every loop iteration and
    /// function entry. The rewritten module computes what the module computes: loops with parameters and results,
    /// nested loops, calls.
    @Test func aModuleComputesWhatItComputesWithItsClockChecks() throws {
        // 1,000 × 500 iterations of nested loops, the outer one carrying its sum as a parameter; then one element
        // at x = the sum (500,000) and y = a call's result (the count again, through a function with a loop).
        let counting = try wat2wasm("""
            (module
              \(Self.emitImport)
              (memory (export "memory") 1)
              (func $count (param $n i32) (result i32) (local $i i32)
                (loop $next
                  (local.set $i (i32.add (local.get $i) (i32.const 1)))
                  (br_if $next (i32.lt_u (local.get $i) (local.get $n))))
                (local.get $i))
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 1024))
              (func (export "layout_prepare") (param i32) (local $outer i32) (local $j i32) (local $sum i32)
                (i32.const 0)
                (loop $rows (param i32) (result i32)
                  (local.set $j (i32.const 0))
                  (loop $columns (param i32) (result i32)
                    (i32.add (i32.const 1))
                    (local.set $j (i32.add (local.get $j) (i32.const 1)))
                    (br_if $columns (i32.lt_u (local.get $j) (i32.const 500))))
                  (local.set $outer (i32.add (local.get $outer) (i32.const 1)))
                  (br_if $rows (i32.lt_u (local.get $outer) (i32.const 1000))))
                (local.set $sum)
                (f64.store (i32.const 4096) (f64.convert_i32_u (local.get $sum)))
                (f64.store (i32.const 4104) (f64.convert_i32_u (call $count (i32.const 300000))))
                (call $emit (i32.const 4096) (i32.const 1))))
            """)
        let frames = try LayoutProgram(bytes: counting).run(Self.input, limits: ProgramLimits(deadlineMilliseconds: 600_000))
        #expect(frames.x == [500_000] && frames.y == [300_000])
        #expect(frames.count == 1)
        let loop = try Self.module(prepare: "(loop $forever (br $forever))")
        let limits = ProgramLimits(fuel: 6_000_000, deadlineMilliseconds: 600_000)
        #expect(Self.failure(loop, limits: limits, within: 600) == .fuelExhausted(limit: 6_000_000))
    }

    /// The deadline holds for a module that imports `emit` (its clock checks call it) as for one that does not
    /// (its engine watches function entries), and for calls that cost far more time than fuel: a function with
    /// 30,000 locals, which every call sets to zero, for one unit of fuel.
    @Test func theDeadlineHoldsWhateverTheLoopDoes() throws {
        let withEmit = try Self.module(prepare: "(loop $forever (br $forever))", imports: Self.emitImport)
        let limits = ProgramLimits(fuel: .max / 2, deadlineMilliseconds: 300)
        #expect(Self.failure(withEmit, limits: limits, within: 30) == .deadline(milliseconds: 300))
        let calls = try wat2wasm("""
            (module
              \(Self.emitImport)
              (memory (export "memory") 1)
              (func $heavy (local \(String(repeating: "i64 ", count: 30_000))))
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 1024))
              (func (export "layout_prepare") (param i32) (loop $forever (call $heavy) (br $forever))))
            """)
        #expect(Self.failure(calls, limits: limits, within: 30) == .deadline(milliseconds: 300))
        // A fast first phase, then the heavy calls: nothing is judged from how fast the program ran before.
        let phases = try wat2wasm("""
            (module
              (memory (export "memory") 1)
              (func $heavy (local \(String(repeating: "i64 ", count: 30_000))))
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 1024))
              (func (export "layout_prepare") (param i32) (local $i i32)
                (loop $fast
                  (local.set $i (i32.add (local.get $i) (i32.const 1)))
                  (br_if $fast (i32.lt_u (local.get $i) (i32.const 100000))))
                (loop $forever (call $heavy) (br $forever))))
            """)
        #expect(Self.failure(phases, limits: limits, within: 30) == .deadline(milliseconds: 300))
    }

    @Test func importsOtherThanEmitAreRefusedByName() throws {
        let wasi = try Self.module(
            prepare: "", imports: #"(import "wasi_snapshot_preview1" "fd_write" (func (param i32 i32 i32 i32) (result i32)))"#)
        #expect(throws: ProgramError.forbiddenImport(module: "wasi_snapshot_preview1", name: "fd_write")) {
            try LayoutProgram.validate(wasi)
        }
        let memory = try wat2wasm(#"(module (import "env" "memory" (memory 1)))"#)
        #expect(throws: ProgramError.forbiddenImport(module: "env", name: "memory")) {
            try LayoutProgram.validate(memory)
        }
        let wrongType = try Self.module(prepare: "", imports: #"(import "env" "emit" (func (param f64)))"#)
        #expect(throws: ProgramError.forbiddenImport(module: "env", name: "emit")) {
            try LayoutProgram.validate(wrongType)
        }
        #expect(ProgramError.forbiddenImport(module: "wasi_snapshot_preview1", name: "fd_write").message
            .contains("\"wasi_snapshot_preview1\".\"fd_write\""))
        try LayoutProgram.validate(try Self.module(prepare: "", imports: Self.emitImport))
    }

    @Test func aModuleWithoutTheABIsExportsIsRefused() throws {
        let noPrepare = try wat2wasm("""
            (module (memory (export "memory") 1)
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 0)))
            """)
        #expect(throws: ProgramError.missingExport(name: "layout_prepare", expected: "a function (i32) -> ()")) {
            try LayoutProgram.validate(noPrepare)
        }
        let noMemory = try wat2wasm("""
            (module (memory 1)
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 0))
              (func (export "layout_prepare") (param i32)))
            """)
        #expect(throws: ProgramError.missingExport(name: "memory", expected: "a memory")) {
            try LayoutProgram.validate(noMemory)
        }
        let wrongType = try wat2wasm("""
            (module (memory (export "memory") 1)
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 0))
              (func (export "layout_prepare") (param i32) (result i32) (i32.const 0)))
            """)
        #expect(throws: ProgramError.missingExport(name: "layout_prepare", expected: "a function (i32) -> ()")) {
            try LayoutProgram.validate(wrongType)
        }
    }

    @Test func addressesOutsideTheMemoryBreakTheABI() throws {
        let farEmit = try Self.module(prepare: "(call $emit (i32.const 65000) (i32.const 100))",
                                      imports: Self.emitImport)
        #expect(Self.failure(farEmit)?.problemType == "program-bad-output")
        let farAlloc = try wat2wasm("""
            (module (memory (export "memory") 1)
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 65530))
              (func (export "layout_prepare") (param i32)))
            """)
        #expect(Self.failure(farAlloc)?.problemType == "program-bad-output")
    }

    /// A batch of three elements at 4096 (zeroed memory: cells of section 0, item 0) after `stores`: the first
    /// element that breaks the ABI is named, whatever comes before or after it in the batch.
    @Test func theFirstBadElementOfABatchIsNamed() throws {
        func batch(_ stores: String) throws -> ProgramError? {
            Self.failure(try Self.module(prepare: stores + "(call $emit (i32.const 4096) (i32.const 3))",
                                         imports: Self.emitImport))
        }
        // Element 2's section (4096 + 2 * 48 + 32), element 1's kind length (4096 + 48 + 44).
        #expect(try batch("(i32.store (i32.const 4224) (i32.const -1))")
            == .badOutput("element 2 has section -1, item 0"))
        #expect(try batch("(i32.store (i32.const 4188) (i32.const 257))")
            == .badOutput("element 1 names a kind outside the memory or longer than 256 bytes"))
        #expect(try batch("(i32.store (i32.const 4184) (i32.const 65530)) (i32.store (i32.const 4188) (i32.const 7))")
            == .badOutput("element 1 names a kind outside the memory or longer than 256 bytes"))
    }

    /// Kinds are read from the memory for supplementary views; cells have none.
    @Test func kindsAreReadForSupplementaryViews() throws {
        let bytes = try wat2wasm("""
            (module
              \(Self.emitImport)
              (memory (export "memory") 1)
              (data (i32.const 2000) "header")
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 1024))
              (func (export "layout_prepare") (param i32)
                (f64.store (i32.const 4096) (f64.const 1.5))
                (i32.store (i32.const 4136) (i32.const 2000))
                (i32.store (i32.const 4140) (i32.const 6))
                (i32.store (i32.const 4180) (i32.const 3))
                (call $emit (i32.const 4096) (i32.const 2))
                (call $emit (i32.const 4096) (i32.const 1))))
            """)
        let frames = try LayoutProgram(bytes: bytes).run(Self.input, limits: ExampleModules.roomy)
        #expect(frames.kind == ["header", nil, "header"])
        #expect(frames.item == [0, 3, 0])
        #expect(frames.x == [1.5, 0, 1.5])
    }

    @Test func everyErrorHasItsOwnProblemType() {
        let errors: [ProgramError] = [
            .notWebAssembly("x"), .malformed("x"), .forbiddenImport(module: "a", name: "b"), .missingExport(name: "a", expected: "b"),
            .fuelExhausted(limit: 1), .memoryLimit(pages: 1), .elementLimit(1), .deadline(milliseconds: 1),
            .trap("x"), .badOutput("x"),
        ]
        #expect(Set(errors.map(\.problemType)).count == errors.count)
    }
}
