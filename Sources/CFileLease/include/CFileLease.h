#ifndef ARBOR_FILE_LEASE_H
#define ARBOR_FILE_LEASE_H

#include <stddef.h>

/// Maps `size` bytes of the regular file open read-only at `descriptor`, holding a read lease on it: when
/// another program opens the file to write or cut it, the mapping is first replaced by a private copy of the
/// same bytes at the same address, and the writer goes on once it is made. NULL when the file cannot be leased
/// (not the caller's, open for writing elsewhere, a file system without leases), has another size, or cannot
/// be mapped; the caller then reads the file.
const unsigned char *arbor_lease_map(int descriptor, size_t size);

/// Replaces every leased mapping by a private copy now and gives up its lease (before the program stops,
/// when a writer could not wait for it).
void arbor_lease_privatise_all(void);

/// Unmaps a mapping made by `arbor_lease_map`, giving up its lease.
void arbor_lease_unmap(const unsigned char *address);

/// The number of mappings whose lease was given up for a copy since the program started.
long arbor_lease_copies(void);

#endif
