/* Helpers for layout programs written in C without a libc: a bump allocator over the module's memory, a
 * batched emit, and a reader for the flat JSON parameters the examples take (an object whose values are numbers
 * or arrays of numbers). */
#ifndef LAYOUT_SUPPORT_H
#define LAYOUT_SUPPORT_H
#include "layout_program.h"

extern unsigned char __heap_base;
static unsigned long heap_next = (unsigned long)&__heap_base;

/* The ABI's allocator: 8-byte aligned blocks from the end of the static data, growing the memory as needed. */
LAYOUT_EXPORT("layout_alloc") void *layout_alloc(uint32_t size) {
    unsigned long start = (heap_next + 7) & ~7ul;
    unsigned long end = start + size;
    unsigned long have = __builtin_wasm_memory_size(0) * 65536ul;
    if (end > have && __builtin_wasm_memory_grow(0, (end - have + 65535) / 65536) == (unsigned long)-1) return 0;
    heap_next = end;
    return (void *)start;
}

/* Elements go to the host 256 at a time. */
static struct layout_element batch[256];
static uint32_t batch_count;

static void flush(void) {
    if (batch_count) layout_emit(batch, batch_count);
    batch_count = 0;
}

static void emit(double x, double y, double w, double h, int32_t section, int32_t item, const char *kind,
                 uint32_t kind_length) {
    struct layout_element *e = &batch[batch_count++];
    e->x = x;
    e->y = y;
    e->width = w;
    e->height = h;
    e->section = section;
    e->item = item;
    e->kind = kind;
    e->kind_length = kind_length;
    if (batch_count == 256) flush();
}

/* A cursor over the parameters' JSON text. */
struct json {
    const char *p, *end;
};

static inline void skip_space(struct json *j) {
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t' || *j->p == ','))
        j->p++;
}

/* Reads a JSON number. Exact (correctly rounded, as Swift and every JSON reader parse it) when it has at most
 * 15 significant digits and a decimal exponent within ±22: the digits and the power of ten are then both exact
 * doubles and one multiplication or division rounds once. Beyond that it is within a few units in the last
 * place. */
static inline double read_number(struct json *j) {
    static const double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                     1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    skip_space(j);
    int negative = 0;
    if (j->p < j->end && *j->p == '-') {
        negative = 1;
        j->p++;
    }
    unsigned long long digits = 0;
    int exponent = 0, dropped = 0;
    while (j->p < j->end && *j->p >= '0' && *j->p <= '9') {
        if (digits < 100000000000000000ull) digits = digits * 10 + (unsigned)(*j->p - '0');
        else dropped++;
        j->p++;
    }
    exponent += dropped;
    if (j->p < j->end && *j->p == '.') {
        j->p++;
        while (j->p < j->end && *j->p >= '0' && *j->p <= '9') {
            if (digits < 100000000000000000ull) {
                digits = digits * 10 + (unsigned)(*j->p - '0');
                exponent--;
            }
            j->p++;
        }
    }
    if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
        j->p++;
        int sign = 1, e = 0;
        if (j->p < j->end && (*j->p == '+' || *j->p == '-')) sign = *j->p++ == '-' ? -1 : 1;
        while (j->p < j->end && *j->p >= '0' && *j->p <= '9') {
            if (e < 10000) e = e * 10 + (*j->p - '0');
            j->p++;
        }
        exponent += sign * e;
    }
    double value = (double)digits;
    while (exponent > 22) {
        value *= 1e22;
        exponent -= 22;
    }
    while (exponent < -22) {
        value /= 1e22;
        exponent += 22;
    }
    value = exponent >= 0 ? value * powers[exponent] : value / powers[-exponent];
    return negative ? -value : value;
}

/* Puts the cursor after `"key":` in the top-level object, or returns 0 (the cursor is then unchanged). */
static inline int find_key(struct json *j, const char *key) {
    uint32_t n = 0;
    while (key[n]) n++;
    for (const char *p = j->p; p + n + 2 <= j->end; p++) {
        if (*p != '"') continue;
        uint32_t i = 0;
        while (i < n && p[1 + i] == key[i]) i++;
        if (i < n || p[1 + n] != '"') continue;
        const char *q = p + n + 2;
        while (q < j->end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')) q++;
        if (q < j->end && *q == ':') {
            j->p = q + 1;
            return 1;
        }
    }
    return 0;
}

/* The number under `key`, or `fallback`. */
static inline double number_or(const struct layout_input *input, const char *key, double fallback) {
    const char *text = layout_parameters(input);
    struct json j = {text, text + input->parameters_length};
    return find_key(&j, key) ? read_number(&j) : fallback;
}

/* A cursor on the first number of the array under `key` (read them with read_number), or 0. */
static inline int array_at(const struct layout_input *input, const char *key, struct json *out) {
    const char *text = layout_parameters(input);
    struct json j = {text, text + input->parameters_length};
    if (!find_key(&j, key)) return 0;
    skip_space(&j);
    if (j.p >= j.end || *j.p != '[') return 0;
    j.p++;
    *out = j;
    return 1;
}

#endif
