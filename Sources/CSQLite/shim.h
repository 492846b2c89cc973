#ifndef ARBOR_CSQLITE_SHIM_H
#define ARBOR_CSQLITE_SHIM_H

/* SQLite's C API: the SQLite source reads adjacency tables through it (docs/DECISIONS.md). */
#include <sqlite3.h>

#endif
