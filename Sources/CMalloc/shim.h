#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
// glibc's malloc tuning (malloc.h is not in Swift's Glibc module).
#include <malloc.h>

/// Large blocks come from the heap, not from a mapping of their own, and freed memory stays in the process:
/// a new layout's arrays (megabytes, on every batch update of a large layout) reuse warm pages instead of
/// faulting in fresh ones. Returns 1 when both settings took.
static inline int cmalloc_keep_freed_memory(void) {
    return mallopt(M_MMAP_THRESHOLD, 1 << 30) && mallopt(M_TRIM_THRESHOLD, 1 << 30);
}
#endif
