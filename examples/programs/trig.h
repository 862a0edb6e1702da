/* sin and cos without a libm, by the same IEEE double operations, in the same order, as the service's built-in
 * kinds compute them (PortableTrig in Sources/LayoutEngine/Ring/PortableTrig.swift): WebAssembly has no fused
 * multiply-add and the build does not contract (-ffp-contract=off), so the results are equal to the last bit.
 *
 * The algorithm is fdlibm's (FreeBSD's __kernel_sin, __kernel_cos): the argument is reduced by π/2 in four
 * parts (the first three with 33 bits each, so k·P is exact for |k| < 2^20) to r = hi + lo, |r| <= π/4, and the
 * kernels' polynomials take the tail lo into account. Below one unit in the last place for |a| up to about
 * 2^19·π/2; NaN beyond 2^50 in magnitude or for a value that is not finite. */
#ifndef TRIG_H
#define TRIG_H

static inline double kernel_sin(double x, double y) {
    const double s1 = -1.66666666666666324348e-01, s2 = 8.33333333332248946124e-03,
                 s3 = -1.98412698298579493134e-04, s4 = 2.75573137070700676789e-06,
                 s5 = -2.50507602534068634195e-08, s6 = 1.58969099521155010221e-10;
    double z = x * x;
    double w = z * z;
    double r = s2 + z * (s3 + z * s4) + z * w * (s5 + z * s6);
    double v = z * x;
    return x - ((z * (0.5 * y - v * r) - y) - v * s1);
}

static inline double kernel_cos(double x, double y) {
    const double c1 = 4.16666666666666019037e-02, c2 = -1.38888888888741095749e-03,
                 c3 = 2.48015872894767294178e-05, c4 = -2.75573143513906633035e-07,
                 c5 = 2.08757232129817482790e-09, c6 = -1.13596475577881948265e-11;
    double z = x * x;
    double w = z * z;
    double r = z * (c1 + z * (c2 + z * c3)) + w * w * (c4 + z * (c5 + z * c6));
    double hz = 0.5 * z;
    double u = 1.0 - hz;
    return u + (((1.0 - u) - hz) + (z * r - x * y));
}

/* sin (which 0) or cos (which 1) of a. */
static double trig(double a, int which) {
    const double inv_pio2 = 6.36619772367581382433e-01, pio2_1 = 1.57079632673412561417e+00,
                 pio2_2 = 6.07710050630396597660e-11, pio2_3 = 2.02226624871116645580e-21,
                 pio2_3t = 8.47842766036889956997e-32;
    if (!((a < 0 ? -a : a) < 0x1p50)) return __builtin_nan("");
    double q = a * inv_pio2;
    double k = q >= 0 ? (double)(long long)(q + 0.5) : -(double)(long long)(-q + 0.5);
    double r0 = a - k * pio2_1;
    double t1 = k * pio2_2;
    double r1 = r0 - t1;
    double e1 = (r0 - r1) - t1;
    double t2 = k * pio2_3;
    double r2 = r1 - t2;
    double e2 = (r1 - r2) - t2;
    double tail = (e1 + e2) - k * pio2_3t;
    double hi = r2 + tail;
    double lo = tail - (hi - r2);
    int quadrant = ((int)(long long)k + which) & 3;
    double v = (quadrant & 1) == 0 ? kernel_sin(hi, lo) : kernel_cos(hi, lo);
    return quadrant >= 2 ? -v : v;
}

static double sin_portable(double a) { return trig(a, 0); }
static double cos_portable(double a) { return trig(a, 1); }

#endif
