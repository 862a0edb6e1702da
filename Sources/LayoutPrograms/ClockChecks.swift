import WasmParser

/// Rewrites a module so that the run's own thread looks at the clock as it runs: a countdown (a new global, after
/// the module's own) is decremented on entering every function and at the top of every loop iteration, and each
/// time it reaches 0 the module calls a new function, `tick` (after the module's own functions, so no index of the
/// module changes), which sets the countdown again and calls the host: `env.emit(0, 0)` (no elements: `emit`
/// checks the deadline) when the module imports `emit`, else nothing (the run's engine then watches function
/// entries, `ProgramRun.DeadlineWatch`). Between two looks at the clock a program runs at most `interval` loop
/// iterations or calls, each of at most one function body's straight-line code.
///
/// The module is one that `LayoutProgram.init` checked: its imports are `env.emit` functions only.
enum ClockChecks {
    /// Loop iterations and calls between two calls of `tick`.
    static let interval: UInt32 = 256

    /// The rewritten module, and whether `tick` calls `emit`.
    static func instrument(_ bytes: [UInt8]) throws(WasmParserError) -> (bytes: [UInt8], callsEmit: Bool) {
        var parser = Parser(bytes: bytes)
        var codes: [Code] = []
        while let payload = try parser.parseNext() {
            if case .codeSection(let c) = payload { codes = c }
        }
        let expressions = codes.map(\.expression.count)  // each function body's expression length, in order
        var sections: [(id: UInt8, content: ArraySlice<UInt8>)] = []
        var at = 8
        while at < bytes.count {
            let id = bytes[at]
            var reader = Reader(bytes: bytes, at: at + 1)
            let size = Int(reader.unsigned())
            sections.append((id, bytes[reader.at..<(reader.at + size)]))
            at = reader.at + size
        }
        func count(_ id: UInt8) -> UInt32 {
            guard let content = sections.first(where: { $0.id == id })?.content else { return 0 }
            var reader = Reader(bytes: bytes, at: content.startIndex)
            return reader.unsigned()
        }
        let functionImports = count(2)
        let callsEmit = functionImports > 0  // every import is `env.emit`: the first is called
        // Without functions of its own a module runs nothing but `emit`.
        guard [1, 3, 10].allSatisfy({ id in sections.contains { $0.id == id } }) else { return (bytes, callsEmit) }
        let types = count(1), functions = count(3), globals = count(6)
        let tick = functionImports + functions
        let countdown = globals

        // The countdown: decremented, and `tick` called when it reaches 0.
        let check: [UInt8] =
            [0x23] + leb(countdown) + [0x41, 0x01, 0x6B, 0x24] + leb(countdown)
            + [0x23] + leb(countdown) + [0x45, 0x04, 0x40, 0x10] + leb(tick) + [0x0B]
        var tickBody: [UInt8] = [0x00, 0x41] + sleb(Int32(interval)) + [0x24] + leb(countdown)
        if callsEmit { tickBody += [0x41, 0x00, 0x41, 0x00, 0x10, 0x00] }
        tickBody += [0x0B]

        var out: [UInt8] = Array(bytes[0..<8])
        var wroteGlobals = false
        func append(_ id: UInt8, _ content: [UInt8]) {
            out.append(id)
            out += leb(UInt32(content.count))
            out += content
        }
        func vector(_ content: ArraySlice<UInt8>, adding item: [UInt8]) -> [UInt8] {
            var reader = Reader(bytes: bytes, at: content.startIndex)
            let n = reader.unsigned()
            return leb(n + 1) + Array(bytes[reader.at..<content.endIndex]) + item
        }
        let global: [UInt8] = [0x7F, 0x01, 0x41] + sleb(Int32(interval)) + [0x0B]
        // Where the global section goes when the module has none: before the first section that follows it.
        let afterGlobals: Set<UInt8> = [7, 8, 9, 12, 10, 11]
        for (id, content) in sections {
            if !wroteGlobals, afterGlobals.contains(id) {
                append(6, leb(1) + global)
                wroteGlobals = true
            }
            switch id {
            case 1: append(1, vector(content, adding: [0x60, 0x00, 0x00]))
            case 3: append(3, vector(content, adding: leb(types)))
            case 6:
                append(6, vector(content, adding: global))
                wroteGlobals = true
            case 10:
                var reader = Reader(bytes: bytes, at: content.startIndex)
                let n = reader.unsigned()
                var code = leb(n + 1)
                for k in 0..<Int(n) {
                    let size = Int(reader.unsigned())
                    let body = bytes[reader.at..<(reader.at + size)]
                    reader.at += size
                    let expressionStart = body.endIndex - expressions[k]
                    var inserts = [0]  // the function's entry
                    var expression = ExpressionParser(code: codes[k])
                    var visitor = LoopFinder()
                    while let visit = try expression.parse() {
                        visit(visitor: &visitor)
                    }
                    inserts += visitor.loopBodies.map { $0 - visitor.start }
                    var rewritten = Array(body[body.startIndex..<expressionStart])
                    var from = expressionStart
                    for insert in inserts {
                        rewritten += body[from..<(expressionStart + insert)]
                        rewritten += check
                        from = expressionStart + insert
                    }
                    rewritten += body[from..<body.endIndex]
                    code += leb(UInt32(rewritten.count)) + rewritten
                }
                code += leb(UInt32(tickBody.count)) + tickBody
                append(10, code)
            default: append(id, Array(content))
            }
        }
        return (out, callsEmit)
    }

    /// Where each loop's body begins (the offset of the instruction after `loop` and its block type), and the
    /// offset of the first instruction.
    struct LoopFinder: InstructionVisitor {
        typealias VisitorError = Never
        var start = -1
        var loopBodies: [Int] = []
        private var afterLoop = false
        var binaryOffset: Int {
            get { start }
            set {
                if start < 0 { start = newValue }
                if afterLoop {
                    loopBodies.append(newValue)
                    afterLoop = false
                }
            }
        }

        mutating func visitLoop(blockType: BlockType) { afterLoop = true }
    }

    /// Reads LEB128 numbers out of the module's bytes.
    struct Reader {
        let bytes: [UInt8]
        var at: Int

        mutating func unsigned() -> UInt32 {
            var result: UInt32 = 0
            var shift: UInt32 = 0
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                if shift < 32 { result |= UInt32(byte & 0x7F) << shift }
                shift += 7
                if byte & 0x80 == 0 { break }
            }
            return result
        }
    }

    static func leb(_ value: UInt32) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            out.append(byte)
        } while value != 0
        return out
    }

    static func sleb(_ value: Int32) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        while true {
            let byte = UInt8(value & 0x7F)
            value >>= 7
            if (value == 0 && byte & 0x40 == 0) || (value == -1 && byte & 0x40 != 0) {
                out.append(byte)
                return out
            }
            out.append(byte | 0x80)
        }
    }
}
