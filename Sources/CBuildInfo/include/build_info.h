#ifndef MC_STYLE_BUILD_INFO_H
#define MC_STYLE_BUILD_INFO_H

/// The git commit the executable was built from, as the build recorded it (`.ci/release` sets MC_STYLE_COMMIT), or
/// "" for a build that recorded none.
const char *mc_style_build_commit(void);

#endif
