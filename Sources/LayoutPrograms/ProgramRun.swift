@_spi(Fuzzing) import WasmKit

/// One attempt at a program's run: its own engine and store (nothing is shared between attempts or runs), the
/// limits, and the frames collected so far.
///
/// The limits: fuel is WasmKit's metering; memory growth goes through `PageLimiter`; `emit` counts elements. The
/// deadline is kept on the interpreter's own thread, with no other thread touching the store (a `Store` is
/// thread-confined): `run(_:input:limits:)` gives the program its fuel in slices, and WasmKit 0.4.2 cannot resume
/// a call that ran out of fuel (its `Fuel.swift` records where it stopped for a resumable call it does not have),
/// so each slice is an attempt from the start, with a fresh store, four times the fuel of the last one at most and
/// no more than the rate the last one ran at fits in the time left. A program is a function of its input (it
/// imports nothing but `emit`), so the attempt that finishes returns what one run with all the fuel would have.
/// `emit` also checks the clock.
final class ProgramRun {
    let limits: ProgramLimits
    /// This attempt's fuel (`limits.fuel` for the last one).
    let fuel: UInt64
    /// When the run must end, on `ContinuousClock`.
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
    /// The fuel of a run's first attempt: a program that needs less runs once, and an endless loop's first attempt
    /// ends within a few milliseconds (a fifth of a second in a debug build, which interprets about 5 million
    /// units a second).
    static let firstSlice: UInt64 = 1 << 20

    init(limits: ProgramLimits, fuel: UInt64? = nil, deadline: ContinuousClock.Instant? = nil,
         compileEagerly: Bool) {
        self.limits = limits
        self.fuel = fuel ?? limits.fuel
        self.deadline = deadline ?? .now.advanced(by: .milliseconds(limits.deadlineMilliseconds))
        let engine = Engine(configuration: EngineConfiguration(
            compilationMode: compileEagerly ? .eager : .lazy, fuelMetering: true))
        store = Store(engine: engine)
        store.fuel = Fuel(remaining: self.fuel)
        store.resourceLimiter = PageLimiter(run: self)
    }

    /// Runs `program` on `input` within `limits`, in attempts of growing fuel (see the type's comment), all on the
    /// calling thread.
    static func run(_ program: LayoutProgram, input: ProgramInput, limits: ProgramLimits) throws(ProgramError)
        -> ProgramFrames
    {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(limits.deadlineMilliseconds))
        var slice = min(limits.fuel, firstSlice)
        while true {
            let started = clock.now
            do {
                return try ProgramRun(limits: limits, fuel: slice, deadline: deadline, compileEagerly: false)
                    .run(program, input: input)
            } catch .fuelExhausted where slice < limits.fuel {
                let now = clock.now
                let spent = Self.seconds(now - started), left = Self.seconds(deadline - now)
                guard left > 0 else { throw .deadline(milliseconds: limits.deadlineMilliseconds) }
                // The fuel the last attempt's rate burns in the time left (all of it when that was too quick to
                // time), at most four times the last slice and at most the limit.
                let fits = spent > 0 ? Double(slice) / spent * left : Double(UInt64.max)
                let next = min(limits.fuel, slice.multipliedReportingOverflow(by: 4).overflow ? .max : slice * 4,
                               fits >= Double(UInt64.max) ? .max : UInt64(fits))
                // No more fuel than the last attempt's fits in the time left: the run cannot end within it.
                guard next > slice else { throw .deadline(milliseconds: limits.deadlineMilliseconds) }
                slice = next
            }
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
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

    /// One attempt: the program instantiated and run once with this attempt's fuel.
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
        if ContinuousClock.now >= deadline { throw fail(.deadline(milliseconds: limits.deadlineMilliseconds)) }
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

    /// The error an attempt reports for what WasmKit threw: a recorded failure, fuel (this attempt's: `run` tells
    /// the limit's from a slice's), a trap, or (for a function body that does not validate) a malformed module.
    func report(_ error: any Error) -> ProgramError {
        if let failure { return failure }
        if let error = error as? ProgramError { return error }
        let text = LayoutProgram.firstLine(String(describing: error))
        if error is Trap {
            let reason = text.hasPrefix("Trap: ") ? String(text.dropFirst(6)) : text
            return reason == "out of fuel" ? .fuelExhausted(limit: fuel) : .trap(reason)
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
