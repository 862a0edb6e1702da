import RealModule

/// A 4x4 matrix in `CATransform3D` layout: row vectors, `m11...m44` in row-major order.
public struct Transform3D: Sendable, Hashable {
    /// The 16 entries, row-major (`m11, m12, m13, m14, m21, ..., m44`).
    public let m: (Double, Double, Double, Double, Double, Double, Double, Double,
                   Double, Double, Double, Double, Double, Double, Double, Double)

    public init(rowMajor e: [Double]) {
        precondition(e.count == 16, "a Transform3D has 16 entries")
        m = (e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9], e[10], e[11], e[12], e[13], e[14], e[15])
    }

    /// The identity, made where it is used (the default transform of every element; a `static let` would be a
    /// lazily initialized global).
    public static var identity: Transform3D {
        Transform3D(identity: ())
    }

    private init(identity: Void) {
        m = (1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool {
        m.0 == 1 && m.1 == 0 && m.2 == 0 && m.3 == 0 && m.4 == 0 && m.5 == 1 && m.6 == 0 && m.7 == 0
            && m.8 == 0 && m.9 == 0 && m.10 == 1 && m.11 == 0 && m.12 == 0 && m.13 == 0 && m.14 == 0 && m.15 == 1
    }

    /// The entry at `index` (0...15, row-major).
    public subscript(index: Int) -> Double {
        precondition(index >= 0 && index < 16, "a Transform3D has 16 entries")
        return withUnsafeBytes(of: m) { $0.load(fromByteOffset: index * 8, as: Double.self) }
    }

    public static func == (a: Transform3D, b: Transform3D) -> Bool {
        for i in 0..<16 where a[i] != b[i] { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        for i in 0..<16 { hasher.combine(self[i]) }
    }
}

extension Transform3D {
    /// `a · b` in `CATransform3D`'s row-vector convention: applying the result applies `a`, then `b`
    /// (`CATransform3DConcat(a, b)`).
    public static func * (a: Transform3D, b: Transform3D) -> Transform3D {
        var out = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += a[row * 4 + k] * b[k * 4 + column] }
                out[row * 4 + column] = sum
            }
        }
        return Transform3D(rowMajor: out)
    }

    /// `CATransform3DMakeTranslation(x, y, z)`.
    public static func translation(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    /// `CATransform3DMakeRotation(angle, 1, 0, 0)`: about the x axis.
    public static func rotationX(_ angle: Double) -> Transform3D {
        let (s, c) = (Double.sin(angle), Double.cos(angle))
        return Transform3D(rowMajor: [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1])
    }

    /// The identity with `m34` set: perspective for a viewer at distance `-1/m34`.
    public static func perspective(m34: Double) -> Transform3D {
        Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, m34, 0, 0, 0, 1])
    }
}
