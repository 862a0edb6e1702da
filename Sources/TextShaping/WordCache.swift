import Synchronization

/// The shaped widths of text already shaped (a word with its trailing spaces, in one style's fonts at one size):
/// the width up to each of its UTF-16 units, so that repeated words are shaped once. Bounded by bytes: the entries are spread over shards by their
/// hash, and a shard that outgrows its share of the budget is emptied. Thread-safe.
final class WordCache: Sendable {
    struct Key: Hashable, Sendable {
        let text: String
        /// The style's fonts and size (`TextShaper`'s number for them).
        let fonts: Int
    }

    private struct Shard {
        var widths: [Key: [Double]] = [:]
        var bytes = 0
    }

    private final class Locked: Sendable {
        let shard = Mutex(Shard())
    }

    private let shards: [Locked]
    private let shardBudget: Int

    /// The bytes an entry is counted for: the dictionary's slot (key, value, hash) and a key's text when it is too
    /// long to be stored in the string itself (over 15 UTF-8 bytes).
    static func entryBytes(_ key: Key, _ widths: [Double]) -> Int {
        let utf8 = key.text.utf8.count
        return 64 + (utf8 > 15 ? 32 + utf8 : 0) + 32 + 8 * widths.count
    }

    init(capacityBytes: Int, shardCount: Int = 64) {
        shards = (0..<shardCount).map { _ in Locked() }
        shardBudget = max(1, capacityBytes / shardCount)
    }

    func widths(_ key: Key, orMeasure measure: () -> [Double]) -> [Double] {
        let locked = shards[Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))]
        if let found = locked.shard.withLock({ s -> [Double]? in s.widths[key] }) { return found }
        let widths = measure()
        locked.shard.withLock { s in
            let bytes = Self.entryBytes(key, widths)
            if s.bytes + bytes > shardBudget {
                s.widths.removeAll()
                s.bytes = 0
            }
            if s.widths.updateValue(widths, forKey: key) == nil { s.bytes += bytes }
        }
        return widths
    }

    /// The entries held and the bytes they are counted for.
    var statistics: (entries: Int, bytes: Int) {
        shards.reduce(into: (0, 0)) { total, shard in
            shard.shard.withLock { total.0 += $0.widths.count; total.1 += $0.bytes }
        }
    }
}
