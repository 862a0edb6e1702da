import CFreeType

/// The code points a face has a glyph for (its cmap, as FreeType reads it), as sorted half-open ranges: built once
/// when the catalog reads the font files, so that choosing a face for a character needs no face loaded.
public struct Coverage: Sendable, Equatable {
    /// `starts[i]..<ends[i]`, ascending, disjoint and not adjacent.
    private var starts: [UInt32] = []
    private var ends: [UInt32] = []

    init() {}

    /// The code points of the face's Unicode cmap (FreeType selects it when it opens the face).
    init(_ face: FT_Face) {
        var glyph: FT_UInt = 0
        var code = FT_Get_First_Char(face, &glyph)
        while glyph != 0 {
            add(UInt32(code))
            code = FT_Get_Next_Char(face, code, &glyph)
        }
    }

    /// Adds `scalar`, which is above every code point added so far (a cmap is read in ascending order).
    mutating func add(_ scalar: UInt32) {
        if let last = ends.last, last == scalar {
            ends[ends.count - 1] = scalar + 1
        } else if ends.last.map({ scalar > $0 }) ?? true {
            starts.append(scalar)
            ends.append(scalar + 1)
        }
    }

    /// Whether the face has a glyph for `scalar`.
    public func contains(_ scalar: UInt32) -> Bool {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] <= scalar { low = mid + 1 } else { high = mid }
        }
        return low < starts.count && starts[low] <= scalar
    }

    /// The number of code points covered.
    public var count: Int { zip(starts, ends).reduce(0) { $0 + Int($1.1 - $1.0) } }

    /// The bytes the ranges hold.
    public var bytes: Int { 8 * starts.count }

    /// The ranges, ascending.
    public var ranges: [Range<UInt32>] { zip(starts, ends).map { $0..<$1 } }
}

/// A set of code points as a bit a code point (0 to U+10FFFF: 136 KB): the union of a fallback stack's coverage,
/// asked for every character a request's text holds.
struct CodePointSet: Sendable {
    private var words = [UInt64](repeating: 0, count: 0x110000 / 64)

    mutating func insert(_ ranges: [Range<UInt32>]) {
        for range in ranges {
            for s in range where s < 0x110000 { words[Int(s >> 6)] |= 1 << UInt64(s & 63) }
        }
    }

    func contains(_ s: UInt32) -> Bool { s < 0x110000 && words[Int(s >> 6)] >> UInt64(s & 63) & 1 != 0 }

    var bytes: Int { 8 * words.count }
}
