#ifndef MC_STYLE_PROCESS_TUNING_H
#define MC_STYLE_PROCESS_TUNING_H

/// Settings for a short-lived command-line process, made before its first thread starts. With glibc: one
/// malloc arena shared by every thread (instead of one per thread, each grown a few pages at a time by
/// mprotect) and the heap grown 4 MiB at a time (untouched growth costs no memory). Elsewhere nothing.
void mc_style_tune_process(void);

#endif
