@_spi(Fuzzing) import WasmKit

/// One run of a program: its own engine and store (nothing is shared between runs), the limits, and the frames
/// collected so far.
///
/// The limits: fuel is WasmKit's metering; memory growth goes through `PageLimiter`; `emit` counts elements. The
/// deadline is kept on the interpreter's own thread, and no other thread touches the store (a `Store` is
/// thread-confined): the module runs rewritten by `ClockChecks`, which makes it call `emit(0, 0)` every few
/// hundred loop iterations and calls, and `emit` throws once the time is up. A module that does not import `emit`
/// is watched by the engine instead (`DeadlineWatch`: on entering a function, past the deadline, it takes the
/// store's fuel away, so the next fuel charge stops the run).
final class ProgramRun {
    let limits: ProgramLimits
    /// When the run must end.
    let deadline: ContinuousClock.Instant
    let store: Store
    /// The first limit or ABI rule the program broke, which is what the run reports whatever WasmKit throws.
    var failure: ProgramError?
    var frames = ProgramFrames()
    var memory: Memory?
    /// The last kind name read, with its bytes: supplementary views repeat a few kinds.
    var lastKind: (bytes: [UInt8], name: String)?

    /// Bytes per emitted element: x, y, width, height (f64), section, item (i32), kind address and length (u32).
    static let elementStride = 48
    static let maxKindLength = 256

    /// A run of `program` (its engine watches function entries when the module does not call `emit` to look at
    /// the clock).
    init(_ program: LayoutProgram, limits: ProgramLimits, compileEagerly: Bool) {
        self.limits = limits
        deadline = .now.advanced(by: .milliseconds(limits.deadlineMilliseconds))
        let watch = program.checksClockThroughEmit ? nil : DeadlineWatch()
        let engine = Engine(configuration: EngineConfiguration(
            compilationMode: compileEagerly ? .eager : .lazy, fuelMetering: true), interceptor: watch)
        store = Store(engine: engine)
        store.fuel = Fuel(remaining: limits.fuel)
        store.resourceLimiter = PageLimiter(run: self)
        watch?.run = self
    }

    /// Whether the time is up, and if so records it as the run's failure.
    func pastDeadline() -> Bool {
        guard ContinuousClock.now >= deadline else { return false }
        _ = fail(.deadline(milliseconds: limits.deadlineMilliseconds))
        return true
    }

    func instantiate(_ program: LayoutProgram) throws(ProgramError) -> Instance {
        let emit = Function(store: store, parameters: [.i32, .i32], raw: { [unowned self] _, args, _ in
            guard case .i32(let address) = args[0], case .i32(let count) = args[1] else { return }
            try self.emit(address: Int(address), count: Int(count))
        })
        let instance: Instance
        do {
            instance = try program.module.instantiate(store: store, imports: ["env": ["emit": emit]])
        } catch {
            throw report(error)
        }
        guard let memory = instance.exports[memory: LayoutProgram.memoryExport] else {
            throw .missingExport(name: LayoutProgram.memoryExport, expected: "a memory")
        }
        for (name, type) in [(LayoutProgram.allocExport, LayoutProgram.allocType),
                             (LayoutProgram.prepareExport, LayoutProgram.prepareType)]
        where instance.exports[function: name]?.type != type {
            throw .missingExport(name: name, expected: "a function \(LayoutProgram.describe(type))")
        }
        self.memory = memory
        return instance
    }

    func run(_ program: LayoutProgram, input: ProgramInput) throws(ProgramError) -> ProgramFrames {
        let instance = try instantiate(program)
        guard let memory, let alloc = instance.exports[function: LayoutProgram.allocExport],
            let prepare = instance.exports[function: LayoutProgram.prepareExport]
        else { throw .missingExport(name: LayoutProgram.prepareExport, expected: "a function") }
        if input.itemCounts.contains(where: { $0 < 0 || $0 > UInt32.max }) {
            throw .badOutput("an item count does not fit the ABI's u32")
        }
        let numbers = input.numbers.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        let jsonEnd = 24 + 4 * input.itemCounts.count + input.parameters.count
        // The numbers' table: at most 7 bytes of padding, its count, an entry of 16 bytes per array, the names,
        // at most 7 bytes of padding, then the values.
        let names = numbers.reduce(0) { $0 + $1.key.utf8.count }
        let values = numbers.reduce(0) { $0 + $1.value.count }
        let size = jsonEnd + 7 + 4 + 16 * numbers.count + names + 7 + 8 * values
        guard size <= UInt32.max else { throw .memoryLimit(pages: limits.memoryPages) }
        let address: Int
        do {
            let result = try alloc([.i32(UInt32(size))])
            guard case .i32(let a) = result.first else { throw ProgramError.badOutput("layout_alloc returned no i32") }
            address = Int(a)
        } catch {
            throw report(error)
        }
        guard address != 0, address + size <= memory.byteCount else {
            throw .badOutput("layout_alloc(\(size)) returned \(address), not a block inside the memory")
        }
        memory.withUnsafeMutableBufferPointer(offset: UInt(address), count: size) { raw in
            raw.storeBytes(of: input.viewWidth, toByteOffset: 0, as: Double.self)
            raw.storeBytes(of: input.viewHeight, toByteOffset: 8, as: Double.self)
            raw.storeBytes(of: UInt32(input.itemCounts.count).littleEndian, toByteOffset: 16, as: UInt32.self)
            raw.storeBytes(of: UInt32(input.parameters.count).littleEndian, toByteOffset: 20, as: UInt32.self)
            for (i, n) in input.itemCounts.enumerated() {
                raw.storeBytes(of: UInt32(n).littleEndian, toByteOffset: 24 + 4 * i, as: UInt32.self)
            }
            input.parameters.withUnsafeBytes {
                UnsafeMutableRawBufferPointer(rebasing: raw[(jsonEnd - $0.count)..<jsonEnd]).copyMemory(from: $0)
            }
            // Offsets in the block, 8-aligned as addresses in the module's memory.
            func aligned(_ offset: Int) -> Int { (address + offset + 7) / 8 * 8 - address }
            let table = aligned(jsonEnd)
            raw.storeBytes(of: UInt32(numbers.count).littleEndian, toByteOffset: table, as: UInt32.self)
            var name = table + 4 + 16 * numbers.count
            var value = aligned(name + names)
            for (i, (key, doubles)) in numbers.enumerated() {
                let entry = table + 4 + 16 * i
                // The name's address and length, the values' address and count.
                for (k, field) in [address + name, key.utf8.count, address + value, doubles.count].enumerated() {
                    raw.storeBytes(of: UInt32(field).littleEndian, toByteOffset: entry + 4 * k, as: UInt32.self)
                }
                for byte in key.utf8 {
                    raw[name] = byte
                    name += 1
                }
                doubles.withUnsafeBytes {
                    UnsafeMutableRawBufferPointer(rebasing: raw[value..<(value + $0.count)]).copyMemory(from: $0)
                }
                value += 8 * doubles.count
            }
        }
        // Room for one element per item (what a layout mostly emits), so that the columns are not copied as they
        // grow.
        frames.reserveCapacity(input.itemCounts.reduce(0) { min($0 + $1, limits.elements) })
        do {
            _ = try prepare([.i32(UInt32(address))])
        } catch {
            throw report(error)
        }
        return frames
    }

    /// `env.emit(elements, count)`: reads `count` elements of `elementStride` bytes at `address`, checking them all
    /// before it appends any.
    func emit(address: Int, count: Int) throws(ProgramError) {
        if pastDeadline() { throw failure! }
        guard count <= limits.elements - frames.count else { throw fail(.elementLimit(limits.elements)) }
        guard let memory, address + count * Self.elementStride <= memory.byteCount else {
            throw fail(.badOutput("emit(\(address), \(count)) reads past the end of the memory"))
        }
        let error = memory.withUnsafeBufferPointer(offset: UInt(address), count: count * Self.elementStride) {
            raw -> ProgramError? in
            for i in 0..<count {
                let at = i * Self.elementStride
                let section = Self.field(raw, at + 32, Int32.self), item = Self.field(raw, at + 36, Int32.self)
                guard section >= 0, item >= 0 else {
                    return .badOutput("element \(frames.count + i) has section \(section), item \(item)")
                }
                let kindLength = Int(Self.field(raw, at + 44, UInt32.self))
                guard kindLength <= Self.maxKindLength,
                    Int(Self.field(raw, at + 40, UInt32.self)) + kindLength <= memory.byteCount
                else {
                    return .badOutput("element \(frames.count + i) names a kind outside the memory or longer than "
                        + "\(Self.maxKindLength) bytes")
                }
            }
            Self.append(raw, count: count, to: &frames) { self.kindName(memory, at: $0, length: $1) }
            return nil
        }
        if let error { throw fail(error) }
    }

    /// Appends `count` elements that `emit` checked, their kinds named by `kind(address, length)`. A function of
    /// its own, so that the columns are appended to as an `inout` argument: no check of exclusive access an element.
    static func append(_ raw: UnsafeRawBufferPointer, count: Int, to frames: inout ProgramFrames,
                       kind: (Int, Int) -> String) {
        for i in 0..<count {
            let at = i * elementStride
            frames.x.append(raw.loadUnaligned(fromByteOffset: at, as: Double.self))
            frames.y.append(raw.loadUnaligned(fromByteOffset: at + 8, as: Double.self))
            frames.width.append(raw.loadUnaligned(fromByteOffset: at + 16, as: Double.self))
            frames.height.append(raw.loadUnaligned(fromByteOffset: at + 24, as: Double.self))
            frames.section.append(Int(field(raw, at + 32, Int32.self)))
            frames.item.append(Int(field(raw, at + 36, Int32.self)))
            let kindLength = Int(field(raw, at + 44, UInt32.self))
            frames.kind.append(kindLength == 0 ? nil : kind(Int(field(raw, at + 40, UInt32.self)), kindLength))
        }
    }

    static func field<T: FixedWidthInteger>(_ raw: UnsafeRawBufferPointer, _ offset: Int, _: T.Type) -> T {
        T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    private func kindName(_ memory: Memory, at address: Int, length: Int) -> String {
        let bytes = memory.withUnsafeBufferPointer(offset: UInt(address), count: length) { [UInt8]($0) }
        if let lastKind, lastKind.bytes == bytes { return lastKind.name }
        let name = String(decoding: bytes, as: UTF8.self)
        lastKind = (bytes, name)
        return name
    }

    /// Records the first failure, which the run reports whatever error WasmKit wraps it in.
    func fail(_ error: ProgramError) -> ProgramError {
        if failure == nil { failure = error }
        return failure!
    }

    /// The error a run reports for what WasmKit threw: a recorded failure (the deadline among them), fuel, a trap,
    /// or (for a function body that does not validate) a malformed module.
    func report(_ error: any Error) -> ProgramError {
        if let failure { return failure }
        if let error = error as? ProgramError { return error }
        let text = LayoutProgram.firstLine(String(describing: error))
        if error is Trap {
            let reason = text.hasPrefix("Trap: ") ? String(text.dropFirst(6)) : text
            return reason == "out of fuel" ? .fuelExhausted(limit: limits.fuel) : .trap(reason)
        }
        return .malformed(text)
    }
}

/// Refuses memory growth past the run's page limit, recording the failure so that the run reports it rather
/// than the trap or the `-1` of `memory.grow` that follows.
final class PageLimiter: ResourceLimiter, @unchecked Sendable {
    unowned let run: ProgramRun

    init(run: ProgramRun) { self.run = run }

    func limitMemoryGrowth(to desired: Int) throws -> Bool {
        guard desired <= run.limits.memoryPages * 65536 else { throw run.fail(.memoryLimit(pages: run.limits.memoryPages)) }
        return true
    }

    func limitTableGrowth(to desired: Int) throws -> Bool { desired <= 100_000 }
}

/// Watches a run whose module does not import `emit`: on entering a function (its `tick` among them, see
/// `ClockChecks`), on the run's own thread, past the deadline it takes the store's fuel away, so that the next fuel
/// charge ends the run (which reports the deadline it recorded).
final class DeadlineWatch: EngineInterceptor {
    weak var run: ProgramRun?

    func onEnterFunction(_ function: Function) {
        guard let run, run.failure == nil, run.pastDeadline() else { return }
        run.store.fuel = Fuel(remaining: 0)
    }

    func onExitFunction(_ function: Function) {}
}
