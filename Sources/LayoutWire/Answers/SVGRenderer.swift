public import LayoutEngine

/// An SVG picture of layout elements: one shape per element at its frame (a `rect`, or for a 3D-transformed
/// element the polygon its transform projects the frame to, about the frame's centre as `CALayer` does), labelled
/// with its index path, categories in distinct styles, and the queried rect's outline. For bug reports and docs.
public enum SVGRenderer {
    public static func render(_ elements: [LayoutAttributes], rect: LayoutRect) -> [UInt8] {
        var out = ""
        out.reserveCapacity(256 + elements.count * 220)
        let pad = 2.0
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(rect.x - pad)) \(n(rect.y - pad)) "
        out += "\(n(rect.width + 2 * pad)) \(n(rect.height + 2 * pad))\" width=\"\(n(rect.width + 2 * pad))\" "
        out += "height=\"\(n(rect.height + 2 * pad))\" font-family=\"sans-serif\">\n"
        out += """
            <style>
            .cell rect, .cell polygon { fill: #cfe3ff; stroke: #2f6fd6; stroke-width: 1 }
            .supplementary rect { fill: #ffe2b8; stroke: #c27a12; stroke-width: 1 }
            .decoration rect { fill: #eeeeee; stroke: #9a9a9a; stroke-width: 1; stroke-dasharray: 4 3 }
            text { fill: #1d2a3a; text-anchor: middle; dominant-baseline: central }
            .query { fill: none; stroke: #d62f2f; stroke-width: 1.5; stroke-dasharray: 6 4 }
            </style>\n
            """
        // Back to front: by zIndex, then by depth (a 3D-transformed element's centre after its transform: larger
        // z is nearer), then in answer order.
        let order = elements.indices.sorted {
            (elements[$0].zIndex, elements[$0].transform3D.depth, $0)
                < (elements[$1].zIndex, elements[$1].transform3D.depth, $1)
        }
        for i in order {
            let a = elements[i]
            let f = a.frame
            let corners = a.transform3D.isIdentity ? [] : a.transform3D.projectedCorners(of: f)
            // A face turned away from the viewer projects with its corners in the opposite order (as CSS's
            // backface-visibility: hidden would hide it): drawn faintly, unlabelled.
            let back = !corners.isEmpty && signedArea(corners) < 0
            let labelAt = corners.isEmpty ? f.center : a.transform3D.project(f.center, about: f.center)
            let label = a.category == .cell
                ? "\(a.indexPath.section).\(a.indexPath.item)"
                : "\(a.kind) \(a.indexPath.section)"
            let id = a.category == .cell ? "cell/\(a.indexPath.section)/\(a.indexPath.item)"
                : "\(a.category.name)/\(a.kind)/\(a.indexPath.section)/\(a.indexPath.item)"
            out += "<g class=\"\(a.category.name)\(back ? " back" : "")\" data-id=\"\(escaped(id))\""
            if a.alpha < 1 || back { out += " opacity=\"\(n(back ? 0.15 * a.alpha : a.alpha))\"" }
            if a.isHidden { out += " visibility=\"hidden\"" }
            out += ">"
            if corners.isEmpty {
                // Cells drawn above others (a grid's frozen rows and columns) a shade darker.
                let shade = a.category == .cell && a.zIndex > 0 ? " style=\"fill: #a9c9f5\"" : ""
                out += "<rect x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\"\(shade)/>"
            } else {
                out += "<polygon points=\"\(corners.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " "))\"/>"
            }
            let size = max(6, min(12, min(f.width, f.height) * 0.4))
            out += "<text x=\"\(n(labelAt.x))\" y=\"\(n(labelAt.y))\" font-size=\"\(n(size))\">"
            out += back ? "</text>" : "\(escaped(label))</text>"
            out += "</g>\n"
        }
        out += "<rect class=\"query\" x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" "
        out += "height=\"\(n(rect.height))\"/>\n</svg>\n"
        return Array(out.utf8)
    }

    /// A number for SVG attributes: at most 3 decimals.
    static func n(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
