import Synchronization

/// The shaped widths of text already shaped (a word with its trailing spaces, in one style's fonts at one size):
/// the width up to each of its UTF-16 units, so that repeated words are shaped once. A lookup neither allocates nor
/// makes a string: each shard keeps its words' units and widths in two arrays and finds them by an open-addressing
/// table of the hash of (fonts, units). Bounded by bytes: the entries are spread over shards by their hash, and a
/// shard that would outgrow its share of the budget is emptied. Thread-safe.
final class WordCache: Sendable {
    private struct Entry {
        let hash: Int
        let fonts: Int
        /// The word's units are `units[start..<start + count]`, its widths `widths[start..<start + count]`.
        let start: Int
        let count: Int
    }

    private struct Shard {
        /// Each an entry's index plus 1, or 0 for none; a power of two long (or empty), at most half full.
        var slots: [Int32] = []
        var entries: [Entry] = []
        var units: [UInt16] = []
        var widths: [Double] = []

        /// The bytes the shard's arrays hold (their elements; an array's spare capacity is at most as much again).
        var bytes: Int {
            slots.count * 4 + entries.count * MemoryLayout<Entry>.stride + units.count * 2 + widths.count * 8
        }

        /// The bytes with one more entry of `count` units (and the slots doubled if it needs them).
        func bytes(adding count: Int) -> Int {
            let slotsAdded = 2 * (entries.count + 1) > slots.count ? 4 * max(16, slots.count) : 0
            return bytes + MemoryLayout<Entry>.stride + 10 * count + slotsAdded
        }

        /// The slot holding the entry for `text` in `fonts`, or the empty slot where it would go.
        func find(_ hash: Int, _ fonts: Int, _ text: UnsafeBufferPointer<UInt16>) -> (slot: Int, entry: Int?) {
            let mask = slots.count - 1
            var slot = hash & mask
            while true {
                let e = Int(slots[slot]) - 1
                if e < 0 { return (slot, nil) }
                let entry = entries[e]
                if entry.hash == hash && entry.fonts == fonts && entry.count == text.count
                    && units[entry.start..<(entry.start + entry.count)].elementsEqual(text)
                {
                    return (slot, e)
                }
                slot = (slot + 1) & mask
            }
        }

        /// The slots doubled (at least 16), every entry placed again.
        mutating func grow() {
            slots = [Int32](repeating: 0, count: max(16, 2 * slots.count))
            let mask = slots.count - 1
            for (e, entry) in entries.enumerated() {
                var slot = entry.hash & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(e + 1)
            }
        }

        mutating func removeAll() { self = Shard() }
    }

    private final class Locked: Sendable {
        let shard = Mutex(Shard())
    }

    private let shards: [Locked]
    private let shardBudget: Int

    init(capacityBytes: Int, shardCount: Int = 64) {
        shards = (0..<shardCount).map { _ in Locked() }
        shardBudget = max(1, capacityBytes / shardCount)
    }

    /// Writes `origin` plus the width of `text` up to the end of each of its units to `out[0..<text.count]`: the
    /// widths cached for `text` in `fonts`, or else those `measure` gives (cumulative, one a unit), which are cached.
    func widths(
        of text: UnsafeBufferPointer<UInt16>, fonts: Int, into out: UnsafeMutablePointer<Double>, adding origin: Double,
        orMeasure measure: () -> [Double]
    ) {
        var hasher = Hasher()
        hasher.combine(fonts)
        hasher.combine(bytes: UnsafeRawBufferPointer(text))
        let hash = hasher.finalize()
        let locked = shards[Int((UInt(bitPattern: hash) >> 32) % UInt(shards.count))]
        let found = locked.shard.withLock { s -> Bool in
            guard !s.slots.isEmpty, let e = s.find(hash, fonts, text).entry else { return false }
            let start = s.entries[e].start
            s.widths.withUnsafeBufferPointer { w in
                for k in 0..<text.count { out[k] = origin + w[start + k] }
            }
            return true
        }
        if found { return }
        let widths = measure()
        for k in 0..<text.count { out[k] = origin + widths[k] }
        locked.shard.withLock { s in
            if !s.slots.isEmpty && s.find(hash, fonts, text).entry != nil { return }
            if s.bytes(adding: text.count) > shardBudget { s.removeAll() }
            guard s.bytes(adding: text.count) <= shardBudget else { return }  // more than a shard's share alone
            if 2 * (s.entries.count + 1) > s.slots.count { s.grow() }
            let slot = s.find(hash, fonts, text).slot
            s.entries.append(Entry(hash: hash, fonts: fonts, start: s.units.count, count: text.count))
            s.units.append(contentsOf: text)
            s.widths.append(contentsOf: widths)
            s.slots[slot] = Int32(s.entries.count)
        }
    }

    /// The entries held and the bytes their shards' arrays hold.
    var statistics: (entries: Int, bytes: Int) {
        shards.reduce(into: (0, 0)) { total, shard in
            shard.shard.withLock { total.0 += $0.entries.count; total.1 += $0.bytes }
        }
    }
}
