#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shaped widths of text already shaped (a word with its trailing spaces, in one style's fonts at one size):
/// the width up to each of its UTF-16 units, so that repeated words are shaped once. A lookup neither allocates nor
/// makes a string, and touches little memory: the words are records one after another in one array (hash, fonts and
/// length, units, widths), found through an open-addressing table of the records' offsets tagged with their hashes;
/// a piece of one unit (most of the text of the scripts written without spaces) is found by its unit in pages.
/// Bounded by bytes: a word that would take the cache past its budget empties it first. Thread-safe: lookups share a
/// read lock, a paragraph's at a time.
final class WordCache: @unchecked Sendable {
    private struct Table {
        /// Each 0 (empty) or a record's offset plus 1 below the high 32 bits of its hash; a power of two long (or
        /// empty), at most half full.
        var slots: [UInt64] = []
        /// The records, each: the hash; the fonts' number and the length (32 bits each); the UTF-16 units, four a
        /// word; the widths (a `Double`'s bits each).
        var records: [UInt64] = []
        /// The widths of pieces of one unit (an ideograph, a kana, a Thai consonant), by the fonts' number: pages of
        /// 256 units (empty until one of them is cached), NaN where none is. Found by the unit, with no hash.
        var singles: [Int: [[Double]]] = [:]
        var pages = 0
        var entries = 0

        /// The bytes the table's arrays hold (their elements; an array's spare capacity is at most as much again).
        var bytes: Int { 8 * (slots.count + records.count) + 2048 * (pages + singles.count) }

        /// The bytes with the width of one more piece of one unit.
        func bytes(addingSingle fonts: Int, _ unit: UInt16) -> Int {
            guard let style = singles[fonts] else { return bytes + 4096 }
            return style[Int(unit >> 8)].isEmpty ? bytes + 2048 : bytes
        }

        mutating func insertSingle(_ fonts: Int, _ unit: UInt16, _ width: Double) {
            let page = Int(unit >> 8)
            if singles[fonts] == nil { singles[fonts] = [[Double]](repeating: [], count: 256) }
            if singles[fonts]![page].isEmpty {
                singles[fonts]![page] = [Double](repeating: .nan, count: 256)
                pages += 1
            }
            singles[fonts]![page][Int(unit & 0xFF)] = width
            entries += 1
        }

        static func recordLength(_ units: Int) -> Int { 2 + (units + 3) / 4 + units }

        static func tag(_ hash: Int) -> UInt64 { UInt64(UInt(bitPattern: hash)) & 0xFFFF_FFFF_0000_0000 }

        /// The bytes with one more entry of `count` units (and the slots doubled if it needs them).
        func bytes(adding count: Int) -> Int {
            let slotsAdded = 2 * (entries + 1) > slots.count ? 8 * max(16, slots.count) : 0
            return bytes + 8 * Self.recordLength(count) + slotsAdded
        }

        /// The offset of the record of `text` in `fonts`, if there is one, and the slot that holds it or where it
        /// would go.
        func find(_ hash: Int, _ fonts: Int, _ text: UnsafeBufferPointer<UInt16>) -> (slot: Int, record: Int?) {
            let mask = slots.count - 1
            let tag = Self.tag(hash)
            let header = UInt64(fonts) << 32 | UInt64(text.count)
            var slot = hash & mask
            while true {
                let s = slots[slot]
                if s == 0 { return (slot, nil) }
                let r = Int(s & 0xFFFF_FFFF) - 1
                if s & 0xFFFF_FFFF_0000_0000 == tag && records[r] == UInt64(UInt(bitPattern: hash))
                    && records[r + 1] == header && holds(r + 2, text)
                {
                    return (slot, r)
                }
                slot = (slot + 1) & mask
            }
        }

        /// Whether the units packed from `records[offset]` on are `text`.
        private func holds(_ offset: Int, _ text: UnsafeBufferPointer<UInt16>) -> Bool {
            for k in 0..<text.count
            where UInt16(truncatingIfNeeded: records[offset + (k >> 2)] >> UInt64(16 * (k & 3))) != text[k] {
                return false
            }
            return true
        }

        /// Reads the slot and the record (its first and last words) that each lookup of `hashes` reads first: these
        /// loads do not wait on one another, so their cache misses overlap, and the lookups after them find the
        /// memory cached. Returns a sum of what was read (for the loads to be kept).
        func touch(_ hashes: [Int]) -> UInt64 {
            let mask = slots.count - 1
            var sum: UInt64 = 0
            for hash in hashes where hash != 0 { sum &+= slots[hash & mask] }
            for hash in hashes where hash != 0 {
                let s = slots[hash & mask]
                guard s != 0 else { continue }
                let r = Int(s & 0xFFFF_FFFF) - 1
                sum &+= records[r + Self.recordLength(Int(records[r + 1] & 0xFFFF_FFFF)) - 1]
            }
            return sum
        }

        /// Writes the widths of the record at `r` (of `count` units) to `out[0..<count]`.
        func copyWidths(_ r: Int, _ count: Int, _ out: UnsafeMutablePointer<Double>) {
            let first = r + 2 + (count + 3) / 4
            for k in 0..<count { out[k] = Double(bitPattern: records[first + k]) }
        }

        /// Adds the record of `text` in `fonts` (absent) and its widths.
        mutating func insert(_ hash: Int, _ fonts: Int, _ text: UnsafeBufferPointer<UInt16>, _ widths: [Double]) {
            if 2 * (entries + 1) > slots.count { grow() }
            let slot = find(hash, fonts, text).slot
            slots[slot] = Self.tag(hash) | UInt64(records.count + 1)
            records.append(UInt64(UInt(bitPattern: hash)))
            records.append(UInt64(fonts) << 32 | UInt64(text.count))
            var packed: UInt64 = 0
            for k in 0..<text.count {
                packed |= UInt64(text[k]) << UInt64(16 * (k & 3))
                if k & 3 == 3 || k == text.count - 1 {
                    records.append(packed)
                    packed = 0
                }
            }
            for w in widths { records.append(w.bitPattern) }
            entries += 1
        }

        /// The slots doubled (at least 16), every record placed again.
        private mutating func grow() {
            slots = [UInt64](repeating: 0, count: max(16, 2 * slots.count))
            let mask = slots.count - 1
            var r = 0
            while r < records.count {
                let hash = Int(bitPattern: UInt(records[r]))
                var slot = hash & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Self.tag(hash) | UInt64(r + 1)
                r += Self.recordLength(Int(records[r + 1] & 0xFFFF_FFFF))
            }
        }

        mutating func removeAll() { self = Table() }
    }

    private let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
    /// Read under the read lock, changed under the write lock.
    private nonisolated(unsafe) var table = Table()
    private let budget: Int
    /// The keys' hash, under a key of this cache's.
    private let hasher = PieceHash()

    init(capacityBytes: Int) {
        #if canImport(Glibc)
            // Writers first (glibc's default lets a steady stream of readers keep a writer waiting).
            var attributes = pthread_rwlockattr_t()
            pthread_rwlockattr_init(&attributes)
            pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
            pthread_rwlock_init(lock, &attributes)
            pthread_rwlockattr_destroy(&attributes)
        #else
            pthread_rwlock_init(lock, nil)
        #endif
        budget = capacityBytes
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// Hashes of `pieces` of `text` in `fonts`: the cache's keys (0 for a piece of one unit, found without one).
    func keys(of pieces: [Range<Int>], in text: UnsafeBufferPointer<UInt16>, fonts: Int) -> [Int] {
        pieces.map { $0.count == 1 ? 0 : hasher.hash(fonts, UnsafeBufferPointer(rebasing: text[$0])) }
    }

    /// The width cached for a piece of one unit in a style's pages, or NaN.
    @inline(__always)
    private static func width(of unit: UInt16, in pages: [[Double]]?) -> Double {
        guard let pages else { return .nan }
        let page = pages[Int(unit >> 8)]
        return page.isEmpty ? .nan : page[Int(unit & 0xFF)]
    }

    /// Calls `missing` with the hash of each piece of `text` (the pieces measuring shapes, `ShapingPieces`, each
    /// paragraph's: a line break ends one too) that the cache does not hold in `fonts` (nil: it holds none of them),
    /// and the piece. One read lock for the whole text, nothing allocated.
    func forEachMissingPiece(of text: UnsafeBufferPointer<UInt16>, fonts: Int?,
                             _ missing: (Int, UnsafeBufferPointer<UInt16>) -> Void) {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        let empty = table.slots.isEmpty
        let singles = fonts.flatMap { table.singles[$0] }
        var start = 0
        for i in 0...text.count {
            let ends = i == text.count || text[i] == 0x0A || i > start && ShapingPieces.endsBefore(text, i)
            guard ends else { continue }
            if i > start {
                let piece = UnsafeBufferPointer(rebasing: text[start..<i])
                if piece.count == 1 {  // hashed only when missing, for the budget's count
                    let cached = Self.width(of: piece[0], in: singles).isFinite
                    if !cached { missing(hasher.hash(fonts ?? -1, piece), piece) }
                } else {
                    let hash = hasher.hash(fonts ?? -1, piece)
                    if empty || fonts == nil || table.find(hash, fonts!, piece).record == nil { missing(hash, piece) }
                }
            }
            start = i < text.count && text[i] == 0x0A ? i + 1 : i
        }
    }

    /// Empties the cache.
    func removeAll() {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        table.removeAll()
    }

    /// Writes the width of each piece of `text` up to the end of each of its units, from the piece's start, to
    /// `out[piece.lowerBound + 1...piece.upperBound]`: the widths cached for the piece in `fonts`, or else those
    /// `measure` gives (cumulative, one a unit), which are cached. The pieces are looked up together under one lock
    /// (their memory is read in parallel, not one miss after another).
    func widths(
        of pieces: [Range<Int>], in text: UnsafeBufferPointer<UInt16>, fonts: Int, into out: UnsafeMutablePointer<Double>,
        orMeasure measure: (UnsafeBufferPointer<UInt16>) -> [Double]
    ) {
        let hashes = keys(of: pieces, in: text, fonts: fonts)
        var missing: [Int] = []
        pthread_rwlock_rdlock(lock)
        // The touch's sum is used (a capacity of 0 or 1) so that the optimizer keeps its loads.
        if !table.slots.isEmpty { missing.reserveCapacity(Int(table.touch(hashes) & 1)) }
        var singles = table.singles[fonts]
        for (i, piece) in pieces.enumerated() {
            if piece.count == 1 {
                let width = Self.width(of: text[piece.lowerBound], in: singles)
                if width.isFinite { out[piece.upperBound] = width } else { missing.append(i) }
                continue
            }
            let units = UnsafeBufferPointer(rebasing: text[piece])
            if !table.slots.isEmpty, let r = table.find(hashes[i], fonts, units).record {
                table.copyWidths(r, units.count, out + piece.lowerBound + 1)
            } else {
                missing.append(i)
            }
        }
        singles = nil  // let go of before the write below, which would copy pages still shared
        pthread_rwlock_unlock(lock)
        guard !missing.isEmpty else { return }
        let measured = missing.map { i in
            let widths = measure(UnsafeBufferPointer(rebasing: text[pieces[i]]))
            for (k, w) in widths.enumerated() { out[pieces[i].lowerBound + 1 + k] = w }
            return widths
        }
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        for (i, widths) in zip(missing, measured) {
            let units = UnsafeBufferPointer(rebasing: text[pieces[i]])
            if units.count == 1 {
                if Self.width(of: units[0], in: table.singles[fonts]).isFinite { continue }
                if table.bytes(addingSingle: fonts, units[0]) > budget { table.removeAll() }
                guard table.bytes(addingSingle: fonts, units[0]) <= budget, widths[0].isFinite else { continue }
                table.insertSingle(fonts, units[0], widths[0])
                continue
            }
            if !table.slots.isEmpty && table.find(hashes[i], fonts, units).record != nil { continue }
            if table.bytes(adding: units.count) > budget { table.removeAll() }
            guard table.bytes(adding: units.count) <= budget else { continue }  // more than the budget alone
            table.insert(hashes[i], fonts, units, widths)
        }
    }

    /// The entries held and the bytes the table's arrays hold.
    var statistics: (entries: Int, bytes: Int) {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return (table.entries, table.bytes)
    }
}
