/* The ABI of a layout program (docs/programs.md): a WebAssembly module that computes a layout's frames.
 *
 * The module exports:
 *   memory                                       its linear memory;
 *   void *layout_alloc(uint32_t size);           a block of `size` bytes the host writes the input into;
 *   void layout_prepare(const struct layout_input *input);
 * and may import one function, env.emit, through which it hands over elements, in batches. Nothing else is
 * importable: no WASI, no clock, no files. Values are little-endian; wasm32 pointers are 32-bit offsets. */
#ifndef LAYOUT_PROGRAM_H
#define LAYOUT_PROGRAM_H

typedef unsigned int uint32_t;
typedef int int32_t;
typedef unsigned char uint8_t;

/* What the host writes at the address layout_alloc returned: the view's size, the item count of each section,
 * then the spec's "parameters" as the bytes of their JSON text (not NUL-terminated), then their numbers
 * (layout_numbers). */
struct layout_input {
    double view_width;
    double view_height;
    uint32_t section_count;
    uint32_t parameters_length;
    uint32_t item_counts[]; /* section_count entries, then parameters_length bytes of JSON */
};

static inline const char *layout_parameters(const struct layout_input *input) {
    return (const char *)(input->item_counts + input->section_count);
}

/* The parameters' numbers as binary f64, after the JSON at the next address that is a multiple of 8: one entry
 * per top-level member of "parameters" that holds numbers (a number: 1 value; an array of numbers: its values;
 * an array of [a, b] pairs: a, b, a, b, ...), sorted by name. Other members are only in the JSON. */
struct layout_number_array {
    const char *name; /* the member's key, UTF-8, name_length bytes (not NUL-terminated) */
    uint32_t name_length;
    const double *values; /* count values, 8-byte aligned */
    uint32_t count;
};

struct layout_numbers {
    uint32_t count;
    struct layout_number_array arrays[]; /* count entries */
};

static inline const struct layout_numbers *layout_numbers(const struct layout_input *input) {
    unsigned long end = (unsigned long)(layout_parameters(input) + input->parameters_length);
    return (const struct layout_numbers *)((end + 7) & ~7ul);
}

/* One element, 48 bytes. kind_length 0: a cell; otherwise a supplementary view whose kind is the UTF-8 text of
 * kind_length bytes at kind (for example "header"). */
struct layout_element {
    double x, y, width, height;
    int32_t section, item;
    const char *kind;
    uint32_t kind_length;
};

/* Hands `count` elements at `elements` to the host, which copies them before it returns. */
__attribute__((import_module("env"), import_name("emit"))) void layout_emit(const struct layout_element *elements,
                                                                             uint32_t count);

#define LAYOUT_EXPORT(name) __attribute__((export_name(name)))

#endif
