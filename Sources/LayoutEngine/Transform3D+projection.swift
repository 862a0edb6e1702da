extension Transform3D {
    /// `p` through this transform about `anchor` (a layer's centre, as `CALayer` applies `transform`):
    /// (x, y, 0, 1) · t, divided by w (row vectors).
    public func project(_ p: LayoutPoint, about anchor: LayoutPoint) -> LayoutPoint {
        let x = p.x - anchor.x
        let y = p.y - anchor.y
        let px = x * self[0] + y * self[4] + self[12]
        let py = x * self[1] + y * self[5] + self[13]
        let pw = x * self[3] + y * self[7] + self[15]
        let w = abs(pw) < 1e-9 ? 1e-9 : pw
        return LayoutPoint(x: anchor.x + px / w, y: anchor.y + py / w)
    }

    /// A frame's corners through this transform about its centre, clockwise on screen from the top left.
    public func projectedCorners(of f: LayoutRect) -> [LayoutPoint] {
        [LayoutPoint(x: f.minX, y: f.minY), LayoutPoint(x: f.maxX, y: f.minY), LayoutPoint(x: f.maxX, y: f.maxY),
         LayoutPoint(x: f.minX, y: f.maxY)].map { project($0, about: f.center) }
    }

    /// How near the viewer the transformed centre is (larger is nearer): its z.
    public var depth: Double { self[14] }
}

/// Twice the signed area of a polygon (shoelace); positive for corners clockwise on screen (y grows down).
public func signedArea(_ p: [LayoutPoint]) -> Double {
    var sum = 0.0
    for i in p.indices {
        let a = p[i]
        let b = p[(i + 1) % p.count]
        sum += a.x * b.y - b.x * a.y
    }
    return sum
}

/// Whether `point` lies in the convex polygon `p` (either orientation; edges count).
func convexPolygon(_ p: [LayoutPoint], contains point: LayoutPoint) -> Bool {
    var sign = 0.0
    for i in p.indices {
        let a = p[i]
        let b = p[(i + 1) % p.count]
        let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
        if cross == 0 { continue }
        if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
    }
    return true
}
