/// OpenType font collections (`.ttc`, tag `ttcf`): a face taken out as an OpenType file of its own, which a
/// browser's `@font-face` loads (it does not load collections). The face's tables are copied unchanged, so its
/// glyphs, metrics and layout features are the collection's.
enum SFNTCollection {
    /// Whether `bytes` start as a collection does.
    static func isCollection(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 12 && u32(bytes, 0) == 0x7474_6366
    }

    /// The face at `index` of a collection as a single-face file: its header, and each table's offset in the
    /// collection, its offset in the single file and its length; the single file's size. Nil when `bytes` are not a
    /// well-formed collection holding it.
    struct Plan {
        var header: Int
        var tableCount: Int
        var tables: [(from: Int, to: Int, length: Int)]
        var size: Int
    }

    static func plan(face index: Int, of bytes: UnsafeRawBufferPointer) -> Plan? {
        guard isCollection(bytes), index >= 0, index < Int(u32(bytes, 8)), 12 + 4 * index + 4 <= bytes.count else {
            return nil
        }
        let header = Int(u32(bytes, 12 + 4 * index))
        guard header + 12 <= bytes.count else { return nil }
        let tableCount = Int(u16(bytes, header + 4))
        guard header + 12 + 16 * tableCount <= bytes.count else { return nil }
        var offset = 12 + 16 * tableCount
        var tables: [(from: Int, to: Int, length: Int)] = []
        for t in 0..<tableCount {
            let record = header + 12 + 16 * t
            let start = Int(u32(bytes, record + 8)), length = Int(u32(bytes, record + 12))
            guard start + length <= bytes.count else { return nil }
            tables.append((start, offset, length))
            offset += (length + 3) & ~3
        }
        return Plan(header: header, tableCount: tableCount, tables: tables, size: offset)
    }

    /// Writes the single-face file of `plan` (made from `bytes`) to `out` (`plan.size` bytes).
    static func write(_ plan: Plan, from bytes: UnsafeRawBufferPointer, to out: UnsafeMutableRawBufferPointer) {
        out.initializeMemory(as: UInt8.self, repeating: 0)
        out.baseAddress!.copyMemory(from: bytes.baseAddress! + plan.header, byteCount: 12)
        for (t, table) in plan.tables.enumerated() {
            let record = plan.header + 12 + 16 * t, at = 12 + 16 * t
            (out.baseAddress! + at).copyMemory(from: bytes.baseAddress! + record, byteCount: 8)  // tag, checksum
            put32(out, at + 8, UInt32(table.to))
            put32(out, at + 12, UInt32(table.length))
            (out.baseAddress! + table.to).copyMemory(from: bytes.baseAddress! + table.from, byteCount: table.length)
        }
    }

    /// The face at `index` of the collection `bytes` as a single-face file, or nil (`plan`).
    static func extract(face index: Int, from bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let plan = plan(face: index, of: bytes) else { return nil }
        return [UInt8](unsafeUninitializedCapacity: plan.size) { out, count in
            write(plan, from: bytes, to: UnsafeMutableRawBufferPointer(out))
            count = plan.size
        }
    }

    private static func u32(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    private static func u16(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }

    private static func put32(_ out: UnsafeMutableRawBufferPointer, _ at: Int, _ v: UInt32) {
        out[at] = UInt8(v >> 24); out[at + 1] = UInt8((v >> 16) & 0xff)
        out[at + 2] = UInt8((v >> 8) & 0xff); out[at + 3] = UInt8(v & 0xff)
    }
}
