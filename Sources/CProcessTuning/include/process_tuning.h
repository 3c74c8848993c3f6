#ifndef MC_STYLE_PROCESS_TUNING_H
#define MC_STYLE_PROCESS_TUNING_H

/// Settings for a short-lived command-line process, made before its first thread starts. With glibc: at most
/// four malloc arenas (compile's main, rendering and validation threads allocate at once, and one shared arena
/// made them wait on its lock; glibc's default of eight per core grows many arenas a few pages at a time by
/// mprotect) and the main heap grown 4 MiB at a time (untouched growth costs no memory). Elsewhere nothing.
void mc_style_tune_process(void);

#include <stddef.h>

/// How many bytes of the heap are put on huge pages per byte of the large input: less than a compile's heap
/// fills (gen-americana-en's compile peaks at 8.5 heap bytes per input byte under massif), so that no huge
/// page is left mostly empty at the top of the heap, where a touched 2 MiB page is held whole.
#define MC_STYLE_HUGE_PAGE_BYTES_PER_INPUT_BYTE 6

/// Called just before a large input of `input_size` bytes (a style of half a megabyte or more) is read and
/// parsed, on the thread that parses it; only the first call on each thread does anything. The calling
/// thread's heap gets its next 30 MiB reserved, and of that as many whole 2 MiB pages as fit in
/// `MC_STYLE_HUGE_PAGE_BYTES_PER_INPUT_BYTE` times the input marked for transparent huge pages
/// (`MADV_HUGEPAGE`): the tree of a 0.8 MB style then takes a few 2 MiB page faults instead of about a
/// thousand faults of 4 KiB, which cost a fresh process more than a millisecond. Allocations resume at the
/// reservation's first 2 MiB boundary: the part below it, which cannot be a huge page, is held and touched only
/// at its ends (it took the input's bytes and the tree's first allocations 4 KiB at a time: a compile of a
/// 0.8 MB style with 10 sources went from 450-870 page faults to about 400, and 0.3-0.75 ms faster, in three
/// series). The reservation is
/// address space only; memory is taken 2 MiB at a time in the marked part and 4 KiB at a time past it, which is
/// why smaller inputs do not get it (a 2 MiB page would outweigh their whole tree). Nothing changes where the
/// kernel has transparent huge pages off, or without glibc.
void mc_style_prepare_large_heap(size_t input_size);

#endif
