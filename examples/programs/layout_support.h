/* Helpers for layout programs written in C without a libc: a bump allocator over the module's memory, a
 * batched emit, and look-ups in the parameters' numbers (layout_numbers). */
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

/* The values of the parameters' member `key` (layout_numbers), their count in *count; 0 (and a count of 0) when
 * it holds no numbers. */
static inline const double *numbers_at(const struct layout_input *input, const char *key, uint32_t *count) {
    const struct layout_numbers *numbers = layout_numbers(input);
    uint32_t n = 0;
    while (key[n]) n++;
    for (uint32_t a = 0; a < numbers->count; a++) {
        const struct layout_number_array *array = &numbers->arrays[a];
        if (array->name_length != n) continue;
        uint32_t i = 0;
        while (i < n && array->name[i] == key[i]) i++;
        if (i == n) {
            *count = array->count;
            return array->values;
        }
    }
    *count = 0;
    return 0;
}

/* The number under `key` (the first value of its numbers), or `fallback`. */
static inline double number_or(const struct layout_input *input, const char *key, double fallback) {
    uint32_t count;
    const double *values = numbers_at(input, key, &count);
    return count > 0 ? values[0] : fallback;
}

#endif
