/// OpenType font collections (`.ttc`, tag `ttcf`): a face taken out as an OpenType file of its own, which a
/// browser's `@font-face` loads (it does not load collections). The face's tables are copied unchanged, so its
/// glyphs, metrics and layout features are the collection's.
enum SFNTCollection {
    /// Whether `bytes` start as a collection does.
    static func isCollection(_ bytes: [UInt8]) -> Bool { bytes.count >= 12 && u32(bytes, 0) == 0x7474_6366 }

    /// The face at `index` of the collection `bytes` as a single-face file, or nil when the bytes are not a
    /// well-formed collection holding it.
    static func extract(face index: Int, from bytes: [UInt8]) -> [UInt8]? {
        guard isCollection(bytes), index >= 0, index < Int(u32(bytes, 8)), 12 + 4 * index + 4 <= bytes.count else {
            return nil
        }
        let header = Int(u32(bytes, 12 + 4 * index))
        guard header + 12 <= bytes.count else { return nil }
        let tableCount = Int(u16(bytes, header + 4))
        guard header + 12 + 16 * tableCount <= bytes.count else { return nil }
        var out = Array(bytes[header..<(header + 12)])
        var offset = 12 + 16 * tableCount
        var tables: [(start: Int, length: Int)] = []
        for t in 0..<tableCount {
            let record = header + 12 + 16 * t
            let start = Int(u32(bytes, record + 8)), length = Int(u32(bytes, record + 12))
            guard start + length <= bytes.count else { return nil }
            out += bytes[record..<(record + 8)]  // tag, checksum
            put32(&out, UInt32(offset)); put32(&out, UInt32(length))
            tables.append((start, length))
            offset += (length + 3) & ~3
        }
        for table in tables {
            out += bytes[table.start..<(table.start + table.length)]
            out += [UInt8](repeating: 0, count: ((table.length + 3) & ~3) - table.length)
        }
        return out
    }

    private static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    private static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }

    private static func put32(_ out: inout [UInt8], _ v: UInt32) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)]
    }
}
