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
 * then the spec's "parameters" as the bytes of their JSON text (not NUL-terminated). */
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
