#include "process_tuning.h"

#if defined(__linux__)
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#endif

#if defined(__GLIBC__) && defined(M_ARENA_MAX) && defined(M_TOP_PAD)
/// The calling thread's heap below its huge pages' first boundary, held so that no allocation lands there (see
/// below). Never freed; the volatile store only keeps the compiler from dropping an allocation nothing reads.
static _Thread_local void *volatile held_prefix;

/// Grows the calling thread's heap (the main heap on the main thread) by `size` bytes without touching them,
/// marks at most `huge_extent` bytes of its 2 MiB-aligned part for huge pages, and gives the bytes from the first
/// 2 MiB boundary on back to that heap's top chunk, where the thread's next allocations come from.
static void reserve_huge_page_heap(size_t size, size_t huge_extent) {
    // Served from the heap (brk, or the thread's arena), not a mapping of its own, and kept there when freed:
    // both thresholds are above the block. (Setting them ends glibc's sliding mmap threshold, which a short
    // process does not need.)
    mallopt(M_MMAP_THRESHOLD, (int)(size + (2u << 20)));
    mallopt(M_TRIM_THRESHOLD, (int)(4 * size));
    char *block = malloc(size);
    if (block == NULL) return;
    const uintptr_t huge_page = (uintptr_t)2 << 20;
    uintptr_t start = ((uintptr_t)block + huge_page - 1) & ~(huge_page - 1);
    uintptr_t end = ((uintptr_t)block + size) & ~(huge_page - 1);
    if (end > start && end - start > huge_extent) end = start + (huge_extent & ~(huge_page - 1));
    // Fails harmlessly where transparent huge pages are off or unknown.
    if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
    free(block);
    // The block's start up to the first 2 MiB boundary cannot be a huge page (the heap below it shares that
    // 2 MiB); left free, it took the input's bytes and the tree's first megabyte 4 KiB page by page, a fault each.
    // It is kept allocated instead, for the process's life (`held_prefix`), touched only by the chunk headers at
    // its two ends, so that the next allocations begin on the boundary. A chunk's header is the 16 bytes before
    // its address: a request of the prefix less 16 bytes is a chunk that ends exactly there. Should malloc serve
    // it from elsewhere, the prefix stays free and is used as before.
    size_t prefix = (size_t)(start - (uintptr_t)block);
    if (end > start && prefix > 16) held_prefix = malloc(prefix - 16);
}
#endif

void mc_style_tune_process(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX) && defined(M_TOP_PAD)
    mallopt(M_ARENA_MAX, 4);
    mallopt(M_TOP_PAD, 4 << 20);
#endif
}

void mc_style_prepare_large_heap(size_t input_size) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX) && defined(M_TOP_PAD) && defined(MADV_HUGEPAGE)
    // Once per thread: a thread allocates from the heap (arena) glibc gave it, and a large declarations file read
    // on one thread must not leave the base style parsed on another without its huge pages (it did: a 2 MB file
    // of 10,000 sources took the one preparation the process made).
    static _Thread_local bool prepared = false;
    if (prepared) return;
    prepared = true;
    reserve_huge_page_heap((size_t)30 << 20, input_size * MC_STYLE_HUGE_PAGE_BYTES_PER_INPUT_BYTE);
#else
    (void)input_size;
#endif
}
