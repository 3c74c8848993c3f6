#include "process_tuning.h"

#if defined(__linux__)
#include <malloc.h>
#endif

void mc_style_tune_process(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX) && defined(M_TOP_PAD)
    mallopt(M_ARENA_MAX, 4);
    mallopt(M_TOP_PAD, 4 << 20);
#endif
}
