#ifndef MC_STYLE_PROCESS_TUNING_H
#define MC_STYLE_PROCESS_TUNING_H

#include <stdbool.h>

/// Settings for a short-lived command-line process, made before its first thread starts. With glibc: at most
/// four malloc arenas (compile's main, rendering and validation threads allocate at once, and one shared arena
/// made them wait on its lock; glibc's default of eight per core grows many arenas a few pages at a time by
/// mprotect) and the main heap grown 4 MiB at a time (untouched growth costs no memory). Elsewhere nothing.
///
/// With `builds_large_trees` (compile, validate, diff: a whole style's tree is made on the main thread), the
/// main heap's next 30 MiB are also reserved and marked for transparent huge pages (`MADV_HUGEPAGE`): the
/// tree of a 0.8 MB style then takes a few 2 MiB page faults instead of about 800 faults of 4 KiB, which cost
/// a fresh process more than a millisecond. The reservation is address space only; memory is taken 2 MiB at
/// a time as the heap is used. Nothing changes where the kernel has transparent huge pages off.
void mc_style_tune_process(bool builds_large_trees);

#endif
