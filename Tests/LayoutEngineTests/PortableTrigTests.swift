#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import LayoutEngine
import TestSupport
import Testing

/// `PortableTrig` against the C library's sin and cos (glibc's are within one unit in the last place of the true
/// value): within one unit in the last place of them on the angles layouts use and beyond, and exact where the
/// values are known.
@Suite struct PortableTrigTests {
    /// Units in the last place between `a` and `b`, by their ordered bit patterns.
    static func ulps(_ a: Double, _ b: Double) -> UInt64 {
        func ordered(_ x: Double) -> Int64 {
            let bits = Int64(bitPattern: x.bitPattern)
            return bits < 0 ? Int64.min - bits : bits
        }
        let (x, y) = (ordered(a), ordered(b))
        return x > y ? UInt64(x - y) : UInt64(y - x)
    }

    @Test func withinOneUnitInTheLastPlaceOfTheCLibrary() {
        var rng = SeededRandom(seed: 41)
        var angles: [Double] = (0..<2000).map { 2 * Double.pi * Double($0) / 2000 }
        angles += (0..<20_000).map { _ in Double.random(in: -100...100, using: &rng) }
        angles += (0..<2000).map { _ in Double.random(in: -1e5...1e5, using: &rng) }
        angles += [0, 1e-300, -1e-20, Double.pi / 4, Double.pi / 2, Double.pi, 3 * Double.pi / 2, 2 * Double.pi]
        var differ = 0
        for a in angles {
            let (s, c) = (PortableTrig.sin(a), PortableTrig.cos(a))
            #expect(Self.ulps(s, sin(a)) <= 1 || abs(s - sin(a)) < 1e-300, "sin(\(a)): \(s) against \(sin(a))")
            #expect(Self.ulps(c, cos(a)) <= 1, "cos(\(a)): \(c) against \(cos(a))")
            if s != sin(a) || c != cos(a) { differ += 1 }
        }
        // The two differ in the last place for a small share of angles, not for most.
        #expect(differ < angles.count / 10)
    }

    @Test func knownValuesAndEdges() {
        #expect(PortableTrig.sin(0) == 0 && PortableTrig.cos(0) == 1)
        #expect(PortableTrig.cos(Double.pi) == -1 && PortableTrig.sin(Double.pi / 2) == 1)
        #expect(PortableTrig.sin(.infinity).isNaN && PortableTrig.cos(.nan).isNaN && PortableTrig.sin(1e300).isNaN)
    }
}
