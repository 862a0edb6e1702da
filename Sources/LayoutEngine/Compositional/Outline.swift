/// A section's outline (`sections[i].outline` of a list or compositional layout): rows that expand and collapse,
/// as UIKit's section snapshots with `outlineDisclosure`. Each item has a level; an item's descendants are the
/// items after it with a greater level, up to the next item at its level or less. The descendants of a collapsed
/// item are not shown: they are in no answer, and the visible items are laid out exactly as the section would lay
/// out just them, in order, each keeping its own item number.
public struct Outline: Sendable, Hashable {
    /// A level per item: the first 0, each at least 0 and at most one more than the item before it.
    public var levels: [Int32]
    /// The items whose descendants are not shown: sorted, each once, each with descendants.
    public var collapsed: [Int]

    public init(levels: [Int32], collapsed: [Int] = []) {
        self.levels = levels
        self.collapsed = collapsed
    }

    /// The deepest level: a cell's level is kept in 16 bits of its attributes (`LayoutAttributes.level`).
    public static let maxLevel = 65_534

    /// Whether item `i` has descendants (the item after it is deeper). O(1).
    @inline(__always)
    public func hasDescendants(_ i: Int) -> Bool {
        i >= 0 && i + 1 < levels.count && levels[i + 1] > levels[i]
    }

    /// The visible items, in order: those with no collapsed ancestor.
    /// - Complexity: O(items + collapsed), one pass with no stack (a hidden run ends at the first item at the
    ///   collapsed item's level or less).
    public func visibleItems() -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(levels.count)
        var hiding = Int32.max  // items deeper than this are under a collapsed ancestor
        var c = 0  // the next collapsed item
        for i in levels.indices {
            let level = levels[i]
            if level > hiding { continue }
            hiding = .max
            out.append(Int32(i))
            while c < collapsed.count, collapsed[c] < i { c += 1 }
            if c < collapsed.count, collapsed[c] == i { hiding = level }
        }
        return out
    }

    /// Checks the outline of a section of `count` items (its problems named under `path`).
    /// - Complexity: O(items + collapsed).
    public func validate(itemCount count: Int, at path: [SpecPathComponent]) throws(LayoutError) {
        let at = path + [.key("levels")]
        guard levels.count == count else {
            throw .invalidValue(path: at, reason: "must give one level per item (\(count)), not \(levels.count)")
        }
        var previous: Int32 = -1
        for (i, level) in levels.enumerated() {
            if i == 0, level != 0 { throw .invalidValue(path: at + [.index(0)], reason: "must be 0 (the first item's level)") }
            if level < 0 { throw .invalidValue(path: at + [.index(i)], reason: "must be 0 or more") }
            if level > previous + 1 {
                throw .invalidValue(path: at + [.index(i)],
                                    reason: "must be at most one more than the level before it (\(previous))")
            }
            if Int(level) > Self.maxLevel {
                throw .limitExceeded(path: at + [.index(i)], reason: "must be at most \(Self.maxLevel)")
            }
            previous = level
        }
        let c = path + [.key("collapsed")]
        for (k, item) in collapsed.enumerated() {
            guard item >= 0, item < count else {
                throw .invalidValue(path: c + [.index(k)], reason: "must be an item of the section (0 to \(count - 1))")
            }
            if k > 0, item <= collapsed[k - 1] {
                throw .invalidValue(path: c + [.index(k)], reason: item == collapsed[k - 1]
                                    ? "item \(item) is collapsed twice" : "must be sorted (after \(collapsed[k - 1]))")
            }
            guard hasDescendants(item) else {
                throw .invalidValue(path: c + [.index(k)], reason: "item \(item) has no descendants to collapse")
            }
        }
    }
}

/// A prepared outline section's rows: the visible items in order (a visible row's position is its place among
/// them), and the levels of all items.
struct OutlineRows: Sendable {
    /// Visible position -> item number (increasing).
    let items: [Int32]
    let levels: [Int32]

    init(_ outline: Outline) {
        items = outline.visibleItems()
        levels = outline.levels
    }

    /// The visible position of item `item`, nil when it is hidden (or not an item). O(log visible).
    func position(of item: Int) -> Int? {
        guard item >= 0, item < levels.count else { return nil }
        let p = lastVisible(atOrBefore: item)
        return p >= 0 && Int(items[p]) == item ? p : nil
    }

    /// The position of the last visible item at or before `item` (-1 when none). O(log visible).
    func lastVisible(atOrBefore item: Int) -> Int {
        var lo = 0
        var hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(items[mid]) <= item { lo = mid + 1 } else { hi = mid }
        }
        return lo - 1
    }

    /// The item that stands for `item` on screen: itself when visible, else its nearest visible ancestor, which is
    /// the last visible item before it (every item between a collapsed item and its hidden descendant is hidden
    /// too). O(log visible).
    func visibleStandIn(for item: Int) -> Int? {
        guard item >= 0, item < levels.count else { return nil }
        let p = lastVisible(atOrBefore: item)
        return p >= 0 ? Int(items[p]) : nil
    }

    var byteCount: Int { items.count * 4 }
}
