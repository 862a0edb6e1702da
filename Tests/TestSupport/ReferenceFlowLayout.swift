public import LayoutEngine

/// An independent, deliberately naive implementation of the flow rules (docs/specs.md, "The flow rules"), written
/// straight from the rule text in vertical terms and transposed for horizontal scrolling. The oracle for property
/// tests: O(n), every element materialized.
public enum ReferenceFlowLayout {
    public static func layout(_ spec: FlowLayoutSpec) -> (contentSize: LayoutSize, elements: [LayoutAttributes]) {
        let horizontal = spec.scrollDirection == .horizontal
        // Work in a vertical world: transpose sizes and insets for horizontal scrolling.
        func t(_ s: LayoutSize) -> LayoutSize { horizontal ? LayoutSize(width: s.height, height: s.width) : s }
        func t(_ e: LayoutEdgeInsets) -> LayoutEdgeInsets {
            horizontal ? LayoutEdgeInsets(top: e.left, left: e.top, bottom: e.right, right: e.bottom) : e
        }
        func out(_ r: LayoutRect) -> LayoutRect {
            horizontal ? LayoutRect(x: r.y, y: r.x, width: r.height, height: r.width) : r
        }
        let view = t(spec.collectionView)
        var elements: [LayoutAttributes] = []
        var y = 0.0
        for (s, section) in spec.sections.enumerated() {
            let itemSize = t(section.itemSize ?? spec.itemSize)
            let inset = t(section.sectionInset ?? spec.sectionInset)
            let lineSpacing = section.minimumLineSpacing ?? spec.minimumLineSpacing
            let spacing = section.minimumInteritemSpacing ?? spec.minimumInteritemSpacing
            let header = t(section.headerReferenceSize ?? spec.headerReferenceSize).height
            let footer = t(section.footerReferenceSize ?? spec.footerReferenceSize).height
            let sizes: [LayoutSize]
            switch section.items {
            case .count(let n): sizes = Array(repeating: itemSize, count: n)
            case .sizes(let list): sizes = list.map(t)
            }
            if header > 0 {
                elements.append(.supplementary("header", LayoutIndexPath(section: s, item: 0),
                                               out(LayoutRect(x: 0, y: y, width: view.width, height: header))))
            }
            y += header + inset.top
            let available = view.width - inset.left - inset.right
            let uniform = sizes.allSatisfy { $0 == sizes.first }
            // Greedy lines (rule 3).
            var lines: [[Int]] = []
            var i = 0
            while i < sizes.count {
                var line = [i]
                var left = available - sizes[i].width
                i += 1
                while i < sizes.count, spacing + sizes[i].width <= left {
                    left -= spacing + sizes[i].width
                    line.append(i)
                    i += 1
                }
                lines.append(line)
            }
            // Rule 7a: a uniform section's lines all use a full line's positions.
            var fullLine = 1
            if uniform, let w = sizes.first?.width {
                var left = available - w
                while spacing + w <= left && fullLine < 100_000 {
                    left -= spacing + w
                    fullLine += 1
                }
            }
            var lineTop = y
            for (l, line) in lines.enumerated() {
                let widths = line.map { sizes[$0].width }
                let height = line.map { sizes[$0].height }.max()!
                var xs: [Double] = []
                if uniform {
                    let w = widths[0]
                    for j in line.indices {
                        if fullLine == 1 {
                            xs.append(w > available ? inset.left : inset.left + (available - w) / 2)
                        } else {
                            let gap = (available - Double(fullLine) * w) / Double(fullLine - 1)
                            xs.append(inset.left + Double(j) * (w + gap))
                        }
                    }
                } else if l == lines.count - 1 {
                    var x = inset.left
                    for w in widths { xs.append(x); x += w + spacing }
                } else if line.count == 1 {
                    xs.append(widths[0] > available ? inset.left : inset.left + (available - widths[0]) / 2)
                } else {
                    let gap = (available - widths.reduce(0, +)) / Double(line.count - 1)
                    var x = inset.left
                    for w in widths { xs.append(x); x += w + gap }
                }
                for (j, item) in line.enumerated() {
                    let size = sizes[item]
                    elements.append(.cell(LayoutIndexPath(section: s, item: item),
                                          out(LayoutRect(x: xs[j], y: lineTop + (height - size.height) / 2,
                                                   width: size.width, height: size.height))))
                }
                lineTop += height + (l == lines.count - 1 ? 0 : lineSpacing)
            }
            y = lineTop + inset.bottom
            if footer > 0 {
                elements.append(.supplementary("footer", LayoutIndexPath(section: s, item: 0),
                                               out(LayoutRect(x: 0, y: y, width: view.width, height: footer))))
            }
            y += footer
        }
        let size = horizontal ? LayoutSize(width: y, height: spec.collectionView.height)
            : LayoutSize(width: spec.collectionView.width, height: y)
        return (size, elements)
    }
}
