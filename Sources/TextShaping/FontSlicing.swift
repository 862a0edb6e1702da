/// How a face is cut into slices by Unicode range, each served as a font of its own (`GET
/// /v1/fonts/{family}/{weight}/{slice}`, declared with its `unicode-range` by `GET /v1/fonts.css`), so a page
/// downloads only the slices its text uses. Chromium shapes each slice as a separate font, so a script whose letters
/// join or form clusters is never split: its whole range is one slice. Every code point of the face is in exactly
/// one slice; the slices are a function of the face's coverage alone (the same face, the same slices, the same ids).
public enum FontSlicing {
    /// Names the rules below: part of every slice's entity tag, changed with them.
    public static let version = "1"

    /// A face whose tables take at most this many bytes is served whole, as one slice: its slices would be a few
    /// tens of kilobytes, each a request of its own, and a page in its scripts needs most of them.
    public static let wholeFaceBytes = 1 << 20

    /// The code points of a slice of frequent characters; the slices a large face is cut into, about (the others
    /// share what the groups and the frequent characters leave, in slices of at least `frequentSlice`).
    static let frequentSlice = 200
    static let targetSlices = 100

    /// Ranges kept together (a slice each, those of the face's code points in them), tried in order: a code
    /// point in two is in the first. The first holds what text of any script uses beside its letters (ASCII,
    /// Latin-1, combining marks, general punctuation with ZWJ and ZWNJ, variation selectors, the dotted circle,
    /// CJK and fullwidth punctuation); the others are scripts whose letters join or form clusters, each with its
    /// own marks.
    static let groups: [[ClosedRange<UInt32>]] = [
        [
            0x0000...0x02FF, 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x2000...0x206F, 0x20D0...0x20FF,
            0x25CC...0x25CC, 0x3000...0x303F, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF...0xFEFF,
            0xFF00...0xFFEF, 0xFFFC...0xFFFD,
        ],
        // Emoji: sequences join pictographs, modifiers, keycaps and tags.
        [0x2600...0x27BF, 0x1F000...0x1FAFF, 0xE0000...0xE007F],
        // Arabic (with its presentation forms), Syriac, Thaana, N'Ko, Hebrew.
        [0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFE],
        [0x0700...0x074F, 0x0860...0x086F], [0x0780...0x07BF], [0x07C0...0x07FF],
        [0x0590...0x05FF, 0xFB1D...0xFB4F],
        // The Indic scripts together: they share the dandas, the Vedic marks and the number forms.
        [0x0900...0x0DFF, 0x1CD0...0x1CFF, 0xA830...0xA83F, 0xA8E0...0xA8FF],
        // Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian, Tai Tham, Balinese, Javanese.
        [0x0E00...0x0E7F], [0x0E80...0x0EFF], [0x0F00...0x0FFF],
        [0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F], [0x1780...0x17FF, 0x19E0...0x19FF],
        [0x1800...0x18AF, 0x11660...0x1167F], [0x1A20...0x1AAF], [0x1B00...0x1B7F], [0xA980...0xA9DF],
        // Conjoining Hangul jamo (they compose syllables), Sutton SignWriting.
        [0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF], [0x1D800...0x1DAAF],
    ]

    /// The slices of a face of `coverage`, each its code points ascending: the whole face as one when it is small
    /// (`wholeFaceBytes`) or a color face (emoji sequences reach everywhere); else the groups the face has code
    /// points in (in `groups`' order), then its frequent CJK characters (kana, then Han and Hangul syllables most
    /// frequent first) by `frequentSlice`, then the rest in code point order, in as many slices as make about
    /// `targetSlices` in all.
    public static func slices(of coverage: FontSubsetter.Coverage) -> [[UInt32]] {
        let all = coverage.codePoints
        if all.isEmpty { return [] }
        if coverage.tableBytes <= wholeFaceBytes || coverage.isColor { return [all] }
        var placed = Set<UInt32>()
        var slices: [[UInt32]] = []
        var grouped = [[UInt32]](repeating: [], count: groups.count)
        for codePoint in all {
            if let g = groups.firstIndex(where: { $0.contains { $0.contains(codePoint) } }) {
                grouped[g].append(codePoint)
                placed.insert(codePoint)
            }
        }
        slices += grouped.filter { !$0.isEmpty }
        let has = Set(all)
        for frequent in [kana, frequentHan, frequentHangul] {
            let present = frequent.filter { has.contains($0) && !placed.contains($0) }
            placed.formUnion(present)
            for start in stride(from: 0, to: present.count, by: frequentSlice) {
                slices.append(present[start..<min(start + frequentSlice, present.count)].sorted())
            }
        }
        let rest = all.filter { !placed.contains($0) }
        let size = max(frequentSlice, (rest.count + targetSlices - 1) / max(1, targetSlices - slices.count))
        for start in stride(from: 0, to: rest.count, by: size) {
            slices.append(Array(rest[start..<min(start + size, rest.count)]))
        }
        return slices
    }

    /// `codePoints` (ascending, of a face of `coverage`) as ranges for `unicode-range`: runs of consecutive code
    /// points, joined across a gap of at most `joinGap` code points that no slice of the face has (so a page's
    /// character outside the face never asks for the slice, and the stylesheet stays short).
    public static func ranges(of codePoints: [UInt32], in coverage: FontSubsetter.Coverage, joinGap: UInt32 = 32)
        -> [ClosedRange<UInt32>]
    {
        var ranges: [ClosedRange<UInt32>] = []
        var index = 0  // where the face's code points reach the current one
        let all = coverage.codePoints
        for codePoint in codePoints {
            if let last = ranges.last {
                while index < all.count && all[index] <= last.upperBound { index += 1 }
                // The next code point of the face after the run is this one: nothing of another slice between.
                if index < all.count && all[index] == codePoint && codePoint - last.upperBound <= joinGap + 1 {
                    ranges[ranges.count - 1] = last.lowerBound...codePoint
                    continue
                }
            }
            ranges.append(codePoint...codePoint)
        }
        return ranges
    }

    /// Hiragana, Katakana and their extensions: Japanese text needs them all.
    static let kana: [UInt32] = Array(0x3040...0x30FF) + Array(0x31F0...0x31FF)

    static let frequentHan: [UInt32] = FrequentCharacters.han.unicodeScalars.filter { $0 != "\n" }.map(\.value)
    static let frequentHangul: [UInt32] = FrequentCharacters.hangul.unicodeScalars.filter { $0 != "\n" }.map(\.value)
}
