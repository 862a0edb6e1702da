import Testing

@testable import TextShaping

/// Break opportunities and greedy line breaking on literal cases.
@Suite struct BreakingTests {
    /// The opportunities of `text` (ICU's boundaries from the real iterator).
    func offsets(_ text: String) -> [Int] {
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { p in
            BreakOpportunities.offsets(p) { BreakIterators(lines: true).boundaries(p, in: $0) }
        }
    }

    @Test func afterSpaceRunsOnly() {
        #expect(offsets("word  next") == [6, 10])
        #expect(offsets("  lead") == [2, 6])
        // Before a closing parenthesis after a space too (ICU would not break there; Chromium does).
        #expect(offsets("see ) x") == [4, 6, 7])
    }

    @Test func asciiPairsFollowChromiumsTable() {
        #expect(offsets("well-known") == [5, 10])
        #expect(offsets("a--b") == [2, 3, 4])
        // A slash is no opportunity, a question mark is: a URL breaks after its query's `?` only.
        #expect(offsets("https://example.com/a/b?id=1") == [24, 28])
        // After `-` before a digit only when a letter or digit precedes the `-` (not a minus sign).
        #expect(offsets("ab-12") == [3, 5])
        #expect(offsets("a -12") == [2, 5])
        #expect(offsets("x.(y)") == [2, 5])
        #expect(offsets("x(y)") == [4])
    }

    @Test func icuNextToOtherCharacters() {
        #expect(offsets("灯台。") == [1, 3])  // no break before the ideographic full stop
        #expect(offsets("a—b") == [1, 2, 3])  // before and after the em dash
        #expect(offsets("a\u{00A0}b") == [3])  // the no-break space
        #expect(offsets("αβγ δε") == [4, 6])
    }

    /// Widths literal: each segment given as (full, content).
    func lines(_ segments: [(Double, Double)], _ available: Double, graphemes: [[Double]] = []) -> Int {
        LineBreaking.lines(
            count: segments.count, available: Int(available * 64),
            segment: { SegmentWidth(full: segments[$0].0, content: segments[$0].1) },
            graphemes: { graphemes[$0] })
    }

    @Test func trailingSpacesHang() {
        // "aaaa " + "bbbb": 40 + 10 space, 40; in 90 both fit (the second's content ends at 90).
        #expect(lines([(50, 40), (40, 40)], 90) == 1)
        #expect(lines([(50, 40), (40, 40)], 89.99) == 2)
        // Spaces past the box's edge hang: a line of 40 with 100 of spaces is still one line.
        #expect(lines([(140, 40)], 50) == 1)
    }

    @Test func widthsCompareInLayoutUnitsRoundedUp() {
        // A box of 89.99 is 5759 LayoutUnits (rounded down); a line of 89.985 is 5760 (rounded up): it does not fit,
        // though the widths in pixels would.
        #expect(lines([(50, 40), (39.985, 39.985)], 89.99) == 2)
        #expect(lines([(50, 40), (39.9, 39.9)], 89.99) == 1)
    }

    @Test func aWordWiderThanTheLineBreaksBetweenClusters() {
        // "ab " then a word of five clusters 30 wide each (150) in 100: "ab" alone, then 3 + 2 clusters.
        let word = [0.0, 30, 60, 90, 120, 150]
        #expect(lines([(30, 20), (150, 150)], 100, graphemes: [[], word]) == 3)
        // A line narrower than one cluster takes one cluster a line.
        #expect(lines([(150, 150)], 10, graphemes: [word]) == 5)
        // What is left of the word shares its line with the next segment: 150 - 90 = 60, then 30 fits in 100.
        #expect(lines([(150, 150), (30, 30)], 100, graphemes: [word, []]) == 2)
    }
}
