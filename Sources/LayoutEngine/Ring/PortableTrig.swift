/// Sine and cosine computed by a fixed sequence of IEEE double operations (no libm), so that any other
/// implementation of the same sequence gets the same bits: examples/programs/trig.h is this algorithm in C, and
/// the circle written as a layout program (WebAssembly, which has no fused multiply-add, as Swift does not
/// contract `a * b + c` into one) gives frames equal to the built-in `circle` to the last bit. A libm's sin and
/// cos differ between libraries and versions in the last place, which a program cannot reach.
///
/// The algorithm is fdlibm's (FreeBSD's `__kernel_sin`, `__kernel_cos`): the argument is reduced by π/2 in four
/// parts (the first three with 33 bits each, so `k · pio2_x` is exact for |k| < 2^20), giving `r = hi + lo`
/// with |r| ≤ π/4, and the kernels' polynomials take the tail `lo` into account. The error is below one unit in
/// the last place for |a| up to about 2^19 · π/2 (the layouts' angles lie in [0, 2π]); beyond that the result is
/// still the same on every implementation but loses accuracy. Beyond 2^50 in magnitude, or not finite: NaN.
public enum PortableTrig {
    public static func sin(_ a: Double) -> Double { trig(a, 0) }
    public static func cos(_ a: Double) -> Double { trig(a, 1) }

    static let invPio2 = 6.36619772367581382433e-01
    static let pio2Part1 = 1.57079632673412561417e+00
    static let pio2Part2 = 6.07710050630396597660e-11
    static let pio2Part3 = 2.02226624871116645580e-21
    static let pio2Tail = 8.47842766036889956997e-32

    /// sin (`which` 0) or cos (1) of `a`.
    @inline(__always)
    static func trig(_ a: Double, _ which: Int) -> Double {
        guard abs(a) < 0x1p50 else { return .nan }
        // k: a / (π/2) rounded to the nearest whole number (half away from 0), through a conversion to an integer
        // as the C side does it (no rounding function needed).
        let q = a * invPio2
        let k = q >= 0 ? Double(Int64(q + 0.5)) : -Double(Int64(-q + 0.5))
        // r0 is exact (k · pio2Part1 is, and lies within a factor 2 of a); each later part's rounding error is kept.
        let r0 = a - k * pio2Part1
        let t1 = k * pio2Part2
        let r1 = r0 - t1
        let e1 = (r0 - r1) - t1
        let t2 = k * pio2Part3
        let r2 = r1 - t2
        let e2 = (r1 - r2) - t2
        let tail = (e1 + e2) - k * pio2Tail
        let hi = r2 + tail
        let lo = tail - (hi - r2)
        let quadrant = (Int(Int64(k)) + which) & 3
        let v = quadrant & 1 == 0 ? kernelSin(hi, lo) : kernelCos(hi, lo)
        return quadrant >= 2 ? -v : v
    }

    /// sin(x + y), |x + y| ≤ π/4, y the tail of x.
    @inline(__always)
    static func kernelSin(_ x: Double, _ y: Double) -> Double {
        let s1 = -1.66666666666666324348e-01
        let s2 = 8.33333333332248946124e-03
        let s3 = -1.98412698298579493134e-04
        let s4 = 2.75573137070700676789e-06
        let s5 = -2.50507602534068634195e-08
        let s6 = 1.58969099521155010221e-10
        let z = x * x
        let w = z * z
        let r = s2 + z * (s3 + z * s4) + z * w * (s5 + z * s6)
        let v = z * x
        return x - ((z * (0.5 * y - v * r) - y) - v * s1)
    }

    /// cos(x + y), |x + y| ≤ π/4, y the tail of x.
    @inline(__always)
    static func kernelCos(_ x: Double, _ y: Double) -> Double {
        let c1 = 4.16666666666666019037e-02
        let c2 = -1.38888888888741095749e-03
        let c3 = 2.48015872894767294178e-05
        let c4 = -2.75573143513906633035e-07
        let c5 = 2.08757232129817482790e-09
        let c6 = -1.13596475577881948265e-11
        let z = x * x
        let w = z * z
        let r = z * (c1 + z * (c2 + z * c3)) + w * w * (c4 + z * (c5 + z * c6))
        let hz = 0.5 * z
        let u = 1.0 - hz
        return u + (((1.0 - u) - hz) + (z * r - x * y))
    }
}
