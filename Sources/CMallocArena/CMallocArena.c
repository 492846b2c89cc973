#include "CMallocArena.h"
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void arbor_use_one_malloc_arena(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    mallopt(M_ARENA_MAX, 1);
#endif
}
