/// The line rules of `UICollectionViewFlowLayout` (shared/conformance/README.md, rules 3 to 8), in line coordinates.
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

    /// The start of a line holding a single item (rules 5 and 6): centred, or at the inset when wider than the line.
    static func singleItemU(length: Double, before: Double, available: Double) -> Double {
        length > available ? before : before + (available - length) / 2
    }

    /// A uniform section's grid (rule 7a: every line, the last included, uses a full line's positions).
    static func grid(itemU: Double, itemV: Double, spacing: Double, lineSpacing: Double, before: Double,
                     available: Double, originV: Double, items: Int) -> FlowGrid {
        let columns = columns(length: itemU, spacing: spacing, available: available, items: items)
        let originU: Double
        let pitchU: Double
        if columns == 1 {
            originU = singleItemU(length: itemU, before: before, available: available)
            pitchU = 0
        } else {
            originU = before
            pitchU = (available - itemU) / Double(columns - 1)
        }
        return FlowGrid(columns: columns, itemU: itemU, itemV: itemV, originU: originU, pitchU: pitchU,
                        originV: originV, pitchV: itemV + lineSpacing)
    }

    /// Breaks items of varied sizes into lines and places them along each line (rules 3-7b).
    /// Calls `line(firstItem, lengthV)` once per line, in order, after appending each item's `u` to `us`.
    static func breakLines(sizes: [Size], axes: FlowAxes, spacing: Double, before: Double, available: Double,
                           us: inout [Double], line: (Int, Double) -> Void) {
        let n = sizes.count
        var i = 0
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
            let count = i - first
            if i == n {
                // Rule 7b: the last line of a varied section is left-aligned with exactly `spacing` between items.
                var u = before
                for j in first..<i {
                    us.append(u)
                    u += axes.u(sizes[j]) + spacing
                }
            } else if count == 1 {
                us.append(singleItemU(length: axes.u(sizes[first]), before: before, available: available))
            } else {
                // Rule 4: justified; the leftover is shared equally between the gaps.
                let gap = spacing + spaceLeft / Double(count - 1)
                var u = before
                for j in first..<i {
                    us.append(u)
                    u += axes.u(sizes[j]) + gap
                }
            }
            line(first, lengthV)
        }
    }
}
