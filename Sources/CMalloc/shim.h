#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
// glibc's malloc tuning (malloc.h is not in Swift's Glibc module); elsewhere (macOS) a no-op.
// <stdlib.h> first: it defines __GLIBC__ (through <features.h>); tested before any header, the macro was not
// defined yet, and the tuning below compiled to nothing.
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/// Large blocks come from the heap, not from a mapping of their own, and freed memory stays in the process:
/// a new layout's arrays (megabytes, on every batch update of a large layout) reuse warm pages instead of
/// faulting in fresh ones. Returns 1 when both settings took.
static inline int cmalloc_keep_freed_memory(void) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, 1 << 30) && mallopt(M_TRIM_THRESHOLD, 1 << 30);
#else
    return 0;
#endif
}

/// Gives the free pages of every arena back to the system (malloc_trim): called after large layouts and specs were
/// freed, so that the resident memory follows what the caches hold rather than the most they ever held.
static inline void cmalloc_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
#endif
