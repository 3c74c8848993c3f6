#include "build_info.h"

// Package.swift defines MC_STYLE_COMMIT (a quoted string of hexadecimal digits, perhaps with "-modified") when the
// environment of the build names one; C carries the value, which Swift's compilation conditions cannot.
#ifndef MC_STYLE_COMMIT
#define MC_STYLE_COMMIT ""
#endif

const char *mc_style_build_commit(void) { return MC_STYLE_COMMIT; }
