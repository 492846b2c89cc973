#ifndef ARBOR_FILE_LEASE_H
#define ARBOR_FILE_LEASE_H

#include <stddef.h>

/// Maps `size` bytes of the regular file open read-only at `descriptor`, holding a read lease on it: when
/// another program opens the file to write or cut it, the mapping is first replaced by a private copy of the
/// same bytes at the same address, and the writer goes on once it is made. NULL when the file cannot be leased
/// (not the caller's, open for writing elsewhere, a file system without leases), has another size, or cannot
/// be mapped; the caller then reads the file.
const unsigned char *arbor_lease_map(int descriptor, size_t size);

/// Maps `size` bytes of a file that is the program's own (an unnamed file it wrote, opened at `descriptor`,
/// which the mapping takes and closes when unmapped) so that its readers give its pages back as a leased
/// mapping's (`arbor_mapping_read`). NULL when it cannot be mapped, is shorter than `size` or every slot is taken
/// (the descriptor is then the caller's still). Where `gap_length` is not 0, the bytes from `gap_at` on are the
/// file's from `gap_at + gap_length` (both multiples of the page size): a text written around a gap in its file.
const unsigned char *arbor_mapping_own(int descriptor, size_t size, size_t gap_at, size_t gap_length);

/// Maps `size` bytes of the file open at `descriptor` (shared, read only) around a gap of `gap_length` bytes from
/// `gap_at`, as `arbor_mapping_own` does, without taking the descriptor: MAP_FAILED when it cannot.
void *arbor_map_around_gap(int descriptor, size_t size, size_t gap_at, size_t gap_length);

/// Replaces every leased mapping by a private copy now and gives up its lease (before the program stops,
/// when a writer could not wait for it).
void arbor_lease_privatise_all(void);

/// Unmaps a mapping made by `arbor_lease_map` (giving up its lease) or by `arbor_mapping_own`.
void arbor_lease_unmap(const unsigned char *address);

/// The number of mappings whose lease was given up for a copy since the program started.
long arbor_lease_copies(void);

/// Tells that `count` bytes from `address` were read on this thread. Once a leased mapping's readers have gone
/// through 2 MiB of it, its pages are given back to the system (read again, they come back from the file), so
/// that a pass over a large file holds a stretch of it rather than all of it. Elsewhere nothing is done, and
/// nothing once the mapping is a copy of its own.
void arbor_mapping_read(const unsigned char *address, size_t count);

/// The number of times a leased mapping's pages were given back since the program started.
long arbor_mapping_trims(void);

#endif
