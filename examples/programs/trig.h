/* sin and cos without a libm, correctly rounded: the argument is reduced by π/2 given to 150 bits, and the
 * reduced sine and cosine summed in double-double arithmetic (about 100 bits) before one final rounding. The
 * result is the nearest double but for arguments whose value lies within 2^-100 of a halfway point, so it equals
 * any libm that rounds correctly (glibc's sin and cos, which the built-in kinds call through swift-numerics). For
 * |a| up to a few thousand; the layouts' angles lie in [0, 2π]. */
#ifndef TRIG_H
#define TRIG_H

struct dd {
    double hi, lo;
};

static struct dd two_sum(double a, double b) {
    double s = a + b, v = s - a;
    return (struct dd){s, (a - (s - v)) + (b - v)};
}

static struct dd quick_two_sum(double a, double b) {
    double s = a + b;
    return (struct dd){s, b - (s - a)};
}

static void split(double a, double *hi, double *lo) {
    double t = 134217729.0 * a; /* 2^27 + 1 */
    *hi = t - (t - a);
    *lo = a - *hi;
}

static struct dd two_prod(double a, double b) {
    double p = a * b, ah, al, bh, bl;
    split(a, &ah, &al);
    split(b, &bh, &bl);
    return (struct dd){p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}

static struct dd dd_add(struct dd a, struct dd b) {
    struct dd s = two_sum(a.hi, b.hi), t = two_sum(a.lo, b.lo);
    s.lo += t.hi;
    s = quick_two_sum(s.hi, s.lo);
    s.lo += t.lo;
    return quick_two_sum(s.hi, s.lo);
}

static struct dd dd_mul(struct dd a, struct dd b) {
    struct dd p = two_prod(a.hi, b.hi);
    p.lo += a.hi * b.lo + a.lo * b.hi;
    return quick_two_sum(p.hi, p.lo);
}

static struct dd dd_div_int(struct dd a, double n) {
    double q1 = a.hi / n;
    struct dd r = dd_add(a, (struct dd){-two_prod(q1, n).hi, -two_prod(q1, n).lo});
    double q2 = r.hi / n;
    r = dd_add(r, (struct dd){-two_prod(q2, n).hi, -two_prod(q2, n).lo});
    double q3 = r.hi / n;
    return dd_add(quick_two_sum(q1, q2), (struct dd){q3, 0});
}

/* 1/n! for n up to 29, in double-double. */
static struct dd inverse_factorial[30];
static int trig_ready;

static void trig_init(void) {
    inverse_factorial[0] = (struct dd){1, 0};
    for (int n = 1; n < 30; n++) inverse_factorial[n] = dd_div_int(inverse_factorial[n - 1], n);
    trig_ready = 1;
}

/* sin (odd) or cos (even) of r, |r| <= π/4, by its Taylor series in Horner form. */
static struct dd series(struct dd r, int odd) {
    struct dd r2 = dd_mul(r, r), sum = {0, 0};
    for (int n = odd ? 27 : 28; n >= 0; n -= 2) {
        struct dd term = inverse_factorial[n];
        if ((n / 2) % 2) term = (struct dd){-term.hi, -term.lo};
        sum = dd_add(dd_mul(sum, r2), term);
    }
    return odd ? dd_mul(sum, r) : sum;
}

/* sin (which 0) or cos (which 1) of a. */
static double trig(double a, int which) {
    if (!trig_ready) trig_init();
    /* π/2 = P1 + P2 + P3 + P4, P1 to P3 with 33 bits each so k·Pi is exact for k < 2^20. */
    static const double P1 = 1.57079632673412561417e+00, P2 = 6.07710050630396597660e-11,
                        P3 = 2.02226624871116645580e-21, P4 = 8.47842766036889956997e-32;
    double kd = a * 0.63661977236758134308;
    kd = kd >= 0 ? (double)(long long)(kd + 0.5) : -(double)(long long)(-kd + 0.5);
    struct dd r = two_sum(a, -kd * P1);
    r = dd_add(r, (struct dd){-kd * P2, 0});
    r = dd_add(r, (struct dd){-kd * P3, 0});
    r = dd_add(r, (struct dd){-kd * P4, 0});
    int k = ((int)(long long)kd + which) & 3;
    struct dd v = series(r, !(k & 1));
    double result = v.hi + v.lo;
    return k >= 2 ? -result : result;
}

static double sin_cr(double a) { return trig(a, 0); }
static double cos_cr(double a) { return trig(a, 1); }

#endif
