import Foundation

/// A columnar answer that does not hold together: an array whose length is not `count`, or a bad entry.
public struct MalformedColumns: Error, CustomStringConvertible {
    public var description: String
}

/// `format=columns` to `ElementAttributes`: one array per attribute, element i at entry i of each; the arrays after
/// `height` are absent when every element has the default (cell, no kind, zIndex 0, alpha 1, visible, identity
/// transform, not sticky).
enum ColumnsDecoder {
    static func elements(_ c: Components.Schemas.ColumnsAnswer) throws -> [ElementAttributes] {
        let n = c.count
        func check(_ name: String, _ length: Int?) throws {
            if let length, length != n {
                throw MalformedColumns(description: "columns: \(name) has \(length) entries, count is \(n)")
            }
        }
        try check("section", c.section.count)
        try check("item", c.item.count)
        try check("x", c.x.count)
        try check("y", c.y.count)
        try check("width", c.width.count)
        try check("height", c.height.count)
        try check("category", c.category?.count)
        try check("kind", c.kind?.count)
        try check("zIndex", c.zIndex?.count)
        try check("alpha", c.alpha?.count)
        try check("hidden", c.hidden?.count)
        try check("transform3D", c.transform3D?.count)
        try check("sticky", c.sticky?.count)
        try check("stickyX", c.stickyX?.count)
        try check("stickyY", c.stickyY?.count)
        try check("collapseProgress", c.collapseProgress?.count)
        try check("level", c.level?.count)
        var elements: [ElementAttributes] = []
        elements.reserveCapacity(n)
        for i in 0..<n {
            let category: ElementCategory =
                switch c.category?[i] {
                case nil, ._0: .cell
                case ._1: .supplementary
                case ._2: .decoration
                }
            elements.append(
                ElementAttributes(
                    key: ElementKey(category: category, kind: c.kind?[i], section: c.section[i], item: c.item[i]),
                    frame: CGRect(x: c.x[i], y: c.y[i], width: c.width[i], height: c.height[i]),
                    zIndex: c.zIndex?[i] ?? 0, alpha: c.alpha?[i] ?? 1, isHidden: c.hidden?[i] ?? false,
                    transform3D: c.transform3D?[i] ?? nil,
                    sticky: try c.sticky?[i].map { try sticky($0, i, "sticky", alwaysInset: false) },
                    stickyX: try c.stickyX?[i].map { try sticky($0, i, "stickyX", alwaysInset: true) },
                    stickyY: try c.stickyY?[i].map { try sticky($0, i, "stickyY", alwaysInset: true) },
                    collapseProgress: c.collapseProgress?[i] ?? nil,
                    level: c.level?[i] ?? nil))
        }
        return elements
    }

    /// `[edge, min, max]` or `[edge, min, max, inset]` (`sticky`: the inset when it is not 0), or always with the
    /// inset (`alwaysInset`: a grid's `stickyX`, `stickyY`); `name` is the column's, for messages.
    private static func sticky(_ entry: [Components.Schemas.StickyTupleEntry], _ i: Int, _ name: String,
                               alwaysInset: Bool) throws -> Components.Schemas.StickyRange
    {
        let counts = alwaysInset ? 4...4 : 3...4
        guard counts.contains(entry.count), case .case1(let edge) = entry[0], case .case2(let min) = entry[1],
            case .case2(let max) = entry[2]
        else {
            throw MalformedColumns(
                description: "columns: \(name)[\(i)] is not [edge, min, max\(alwaysInset ? ", inset" : "(, inset)")]")
        }
        var insetValue: Double?
        if entry.count == 4 {
            guard case .case2(let value) = entry[3] else {
                throw MalformedColumns(description: "columns: \(name)[\(i)] has no inset")
            }
            insetValue = value
        }
        return .init(edge: edge == .leading ? .leading : .trailing, min: min, max: max, inset: insetValue)
    }
}
