#ifndef MC_STYLE_PROCESS_TUNING_H
#define MC_STYLE_PROCESS_TUNING_H

/// Settings for a short-lived command-line process, made before its first thread starts. With glibc: at most
/// four malloc arenas (compile's main, rendering and validation threads allocate at once, and one shared arena
/// made them wait on its lock; glibc's default of eight per core grows many arenas a few pages at a time by
/// mprotect) and the main heap grown 4 MiB at a time (untouched growth costs no memory). Elsewhere nothing.
void mc_style_tune_process(void);

#endif
