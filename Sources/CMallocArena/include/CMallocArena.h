#ifndef ARBOR_CMALLOCARENA_H
#define ARBOR_CMALLOCARENA_H

/* Asks glibc's malloc for one arena shared by every thread (nothing elsewhere); called before any thread starts. */
void arbor_use_one_malloc_arena(void);

#endif
