/// The widths of a segment of text between two break opportunities: with its trailing spaces, and without them
/// (`content`: at the end of a line the spaces hang, as `white-space: pre-wrap` has it).
struct SegmentWidth: Sendable, Equatable {
    var full: Double
    var content: Double
}

/// Greedy line breaking as Chromium does it for `white-space: pre-wrap; overflow-wrap: anywhere`, over the
/// segments of one paragraph (the text between two hard line breaks).
enum LineBreaking {
    /// A width in LayoutUnits (1/64 px), rounded up, as Chromium snaps a run's width.
    static func layoutUnits(_ width: Double) -> Int { Int((width * 64).rounded(.up)) }

    /// The lines of a paragraph of `count` segments in a box `available` LayoutUnits wide.
    /// - A segment goes on the current line when the line's width up to its content (the earlier segments with
    ///   their spaces, then its own content) fits; else it starts the next line.
    /// - A segment wider than the box alone is broken at its grapheme cluster boundaries (`overflow-wrap:
    ///   anywhere`: only where the line has no other break opportunity), each line taking as many clusters as
    ///   fit and at least one. `graphemes(i)` gives the widths of segment `i`'s content up to each of its cluster
    ///   boundaries: 0 first, the content's width last.
    static func lines(
        count: Int, available: Int, segment: (Int) -> SegmentWidth, graphemes: (Int) -> [Double]
    ) -> Int {
        var lines = 1
        var x = 0.0  // the current line's width so far, with the spaces of its last segment
        var empty = true
        for i in 0..<count {
            let s = segment(i)
            if !empty {
                if layoutUnits(x + s.content) <= available {
                    x += s.full
                    continue
                }
                lines += 1
                x = 0
                empty = true
            }
            empty = false
            if layoutUnits(s.content) <= available {
                x = s.full
                continue
            }
            let cumulative = graphemes(i)
            var start = 0  // the boundary the current line starts at
            while layoutUnits(s.content - cumulative[start]) > available {
                var end = start + 1
                while end + 1 < cumulative.count
                    && layoutUnits(cumulative[end + 1] - cumulative[start]) <= available
                {
                    end += 1
                }
                if end >= cumulative.count - 1 { break }
                lines += 1
                start = end
            }
            x = s.full - cumulative[start]
        }
        return lines
    }
}
