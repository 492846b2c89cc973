#ifndef ARBOR_CLZ4_SHIM_H
#define ARBOR_CLZ4_SHIM_H

/* LZ4's block functions: a find's corpus keeps its full blocks of texts compressed (docs/DECISIONS.md). */
#include <lz4.h>

#endif
