public import LayoutEngine

/// A request's budget of text to shape: the UTF-8 bytes of its pieces (`ShapingPieces`: a word with its trailing
/// spaces, or a few characters of a script written without spaces, in a style) that the word cache does not hold,
/// each distinct one counted once, as measuring it would shape them (`--max-uncached-text-bytes`). Counted before
/// anything is measured, so a request past it costs no shaping.
public struct TextBudget {
    /// The bytes allowed.
    public let limit: Int
    /// The bytes counted so far.
    public private(set) var spent = 0
    /// The pieces counted (hashes of the style and the piece): a piece repeated in the request is shaped once. At
    /// most one an uncached byte counted.
    private var counted: Set<Int> = []

    public init(limit: Int) { self.limit = limit }

    /// Whether the bytes counted are past the limit.
    public var isExceeded: Bool { spent > limit }

    mutating func count(_ key: Int, bytes: Int) {
        if counted.insert(key).inserted { spent += bytes }
    }
}

extension TextShaper {
    /// Counts into `budget` the pieces of `text` in `style` that the word cache does not hold and the budget has
    /// not counted yet; returns false once the budget is exceeded (counting stops there). Costs a hash and a lookup
    /// a piece: no shaping, no font loaded.
    public func charge(_ text: String, style: TextStyle, to budget: inout TextBudget) -> Bool {
        guard !budget.isExceeded else { return false }
        guard !text.isEmpty else { return true }
        let key = FontCache.StyleKey(family: style.family, weight: style.weight, scale: Self.scale(style.size))
        let number = fontCacheNumber(key)
        var salt = Hasher()
        salt.combine(key)
        let styleHash = salt.finalize()
        let units = Self.utf16(text)
        units.withUnsafeBufferPointer { all in
            cache.forEachMissingPiece(of: all, fonts: number) { hash, piece in
                budget.count(hash ^ styleHash, bytes: Self.utf8Count(piece))
            }
        }
        return !budget.isExceeded
    }

    /// The UTF-8 bytes of UTF-16 `units` (a lone surrogate as U+FFFD's 3).
    static func utf8Count(_ units: UnsafeBufferPointer<UInt16>) -> Int {
        var bytes = 0
        for u in units {
            bytes += u < 0x80 ? 1 : u < 0x800 ? 2 : (u & 0xF800) == 0xD800 ? 2 : 3
        }
        return bytes
    }
}
