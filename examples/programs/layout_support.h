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

/* Elements go to the host LAYOUT_BATCH at a time: batch_next is the batch's next free slot. */
#define LAYOUT_BATCH 512
static struct layout_element batch[LAYOUT_BATCH];
static struct layout_element *batch_next = batch;

static void flush(void) {
    if (batch_next != batch) layout_emit(batch, (uint32_t)(batch_next - batch));
    batch_next = batch;
}

/* Writes an element into the batch's free slot e and returns the next free slot, handing the batch over when it
 * is full. A loop that emits many elements keeps the slot in a local (and batch_next = the slot after it), which
 * spares it a load and a store of batch_next an element. */
static inline struct layout_element *put(struct layout_element *e, double x, double y, double w, double h,
                                         int32_t section, int32_t item, const char *kind, uint32_t kind_length) {
    e->x = x;
    e->y = y;
    e->width = w;
    e->height = h;
    e->section = section;
    e->item = item;
    e->kind = kind;
    e->kind_length = kind_length;
    if (++e == batch + LAYOUT_BATCH) {
        layout_emit(batch, LAYOUT_BATCH);
        e = batch;
    }
    return e;
}

static void emit(double x, double y, double w, double h, int32_t section, int32_t item, const char *kind,
                 uint32_t kind_length) {
    batch_next = put(batch_next, x, y, w, h, section, item, kind, kind_length);
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
