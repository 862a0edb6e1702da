/// The line rules of `UICollectionViewFlowLayout` (docs/specs.md, "The flow rules", 3 to 8) and the alignment
/// options beyond them, in line coordinates.
enum FlowLineBreaker {
    /// How many items of length `length` a full line holds (rule 3: greedy, an exact fit joins; at least one).
    /// - Complexity: O(result) up to 4,096, then O(1).
    static func columns(length: Double, spacing: Double, available: Double, items: Int) -> Int {
        let pitch = length + spacing
        if pitch <= 0 { return max(items, 1) }  // zero-length items with zero spacing all share one line
        let estimate = ((available - length) / pitch).rounded(.down) + 1
        if estimate <= 1 { return 1 }
        if estimate > 4096 { return Int(min(estimate, 4_503_599_627_370_496)) }
        var count = 1
        var spaceLeft = available - length
        while spacing + length <= spaceLeft {
            spaceLeft -= spacing + length
            count += 1
        }
        return count
    }

    /// Where the first of `count` items of a line starts and the gap between items, for `spaceLeft` (the line's
    /// length not taken by items and minimum spacing). Justified lines of one item are centred (rule 5); an item
    /// longer than the line starts at the leading inset (rule 6).
    static func placement(_ alignment: LineAlignment, count: Int, spaceLeft: Double, spacing: Double,
                          before: Double) -> (start: Double, gap: Double) {
        let spare = max(spaceLeft, 0)
        switch alignment {
        case .justified where count >= 2: return (before, spacing + spaceLeft / Double(count - 1))
        case .justified, .center: return (before + spare / 2, spacing)
        case .leading: return (before, spacing)
        case .trailing: return (before + spare, spacing)
        }
    }

    /// A uniform section's grid. Full lines use `alignment.lines`; the last line uses the full lines' positions
    /// (rule 7a, `auto` with justified lines) or its own alignment for the items it holds. `fixedColumns`, when
    /// given, is the items a full line holds (an adaptive size's count, whose items fill the line exactly: no
    /// rounding of theirs may move an item to the next line).
    static func grid(itemU: Double, itemV: Double, spacing: Double, lineSpacing: Double, before: Double,
                     available: Double, originV: Double, items: Int, alignment: FlowAlignment,
                     columns fixedColumns: Int? = nil) -> FlowGrid {
        let columns = fixedColumns ?? columns(length: itemU, spacing: spacing, available: available, items: items)
        let originU: Double
        let pitchU: Double
        if alignment.lines == .justified && columns >= 2 {
            // (available - itemU) / (columns - 1): the same as itemU + the justified gap, and robust when
            // `columns` is huge (tiny items).
            (originU, pitchU) = (before, (available - itemU) / Double(columns - 1))
        } else {
            let spaceLeft = available - Double(columns) * itemU - Double(columns - 1) * spacing
            let (start, gap) = placement(alignment.lines, count: columns, spaceLeft: spaceLeft, spacing: spacing,
                                         before: before)
            (originU, pitchU) = (start, itemU + gap)
        }
        var grid = FlowGrid(columns: columns, itemU: itemU, itemV: itemV, originU: originU, pitchU: pitchU,
                            originV: originV, pitchV: itemV + lineSpacing)
        let lines = grid.lineCount(items: items)
        if lines > 0, let last = alignment.lastLineAlignment(uniform: true) {
            let held = items - (lines - 1) * columns
            let spaceLeft = available - Double(held) * itemU - Double(held - 1) * spacing
            let (start, gap) = placement(last, count: held, spaceLeft: spaceLeft, spacing: spacing, before: before)
            grid.lastLine = FlowGrid.LastLine(index: lines - 1, originU: start, pitchU: itemU + gap)
        }
        return grid
    }

    /// Breaks items of varied sizes into lines and places them along each line (rules 3-7b and the alignment
    /// options). Calls `line(firstItem, lengthV)` once per line, in order, after appending each item's `u` to `us`.
    /// `start`, when not 0, must be the first item of a line (lines before it are not looked at).
    static func breakLines(sizes: [LayoutSize], from start: Int = 0, axes: LineAxes, spacing: Double, before: Double,
                           available: Double, alignment: FlowAlignment, us: inout [Double],
                           line: (Int, Double) -> Void) {
        let n = sizes.count
        let lastAlignment = alignment.lastLineAlignment(uniform: false) ?? .leading
        var i = start
        while i < n {
            let first = i
            var spaceLeft = available - axes.u(sizes[i])
            var lengthV = axes.v(sizes[i])
            i += 1
            while i < n {
                let length = axes.u(sizes[i])
                guard spacing + length <= spaceLeft else { break }
                spaceLeft -= spacing + length
                lengthV = max(lengthV, axes.v(sizes[i]))
                i += 1
            }
            let (start, gap) = placement(i == n ? lastAlignment : alignment.lines, count: i - first,
                                         spaceLeft: spaceLeft, spacing: spacing, before: before)
            var u = start
            for j in first..<i {
                us.append(u)
                u += axes.u(sizes[j]) + gap
            }
            line(first, lengthV)
        }
    }
}
