#include "CBuildInfo.h"

// `make build` writes commit.h beside this file (not kept in git) before it builds.
#if __has_include("commit.h")
#include "commit.h"
#endif

#ifndef ARBOR_COMMIT
#define ARBOR_COMMIT "unknown"
#endif

const char *arbor_build_commit(void) { return ARBOR_COMMIT; }
