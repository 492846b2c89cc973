#ifndef ARBOR_CLIBARCHIVE_SHIM_H
#define ARBOR_CLIBARCHIVE_SHIM_H

/*
 * libarchive, loaded when an archive is opened rather than linked: linking it loads its compressors, XML and
 * crypto libraries at every start, whatever the source. The declarations are those of archive.h and
 * archive_entry.h that Arbor calls; libarchive.so.13's ABI has kept them since libarchive 3.0 (3.2 for
 * archive_entry_is_encrypted).
 */

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

struct archive;
struct archive_entry;

enum {
    ARBOR_ARCHIVE_EOF = 1,
    ARBOR_ARCHIVE_OK = 0,
    ARBOR_ARCHIVE_RETRY = -10,
    ARBOR_ARCHIVE_WARN = -20,
    ARBOR_ARCHIVE_FAILED = -25,
    ARBOR_ARCHIVE_FATAL = -30,
};

enum {
    ARBOR_AE_IFMT = 0170000,
    ARBOR_AE_IFREG = 0100000,
    ARBOR_AE_IFLNK = 0120000,
    ARBOR_AE_IFDIR = 0040000,
};

/* The functions of libarchive Arbor calls. */
typedef struct {
    struct archive *(*read_new)(void);
    int (*support_filter_all)(struct archive *);
    int (*support_format_all)(struct archive *);
    int (*support_format_raw)(struct archive *);
    int (*open_filename)(struct archive *, const char *filename, size_t block_size);
    int (*open_memory)(struct archive *, const void *buffer, size_t size);
    int (*next_header)(struct archive *, struct archive_entry **);
    ssize_t (*read_data)(struct archive *, void *, size_t);
    int (*data_skip)(struct archive *);
    int (*read_free)(struct archive *);
    const char *(*error_string)(struct archive *);
    const char *(*format_name)(struct archive *);
    const char *(*filter_name)(struct archive *, int);
    int (*filter_count)(struct archive *);
    int64_t (*filter_bytes)(struct archive *, int);
    const char *(*entry_pathname)(struct archive_entry *);
    const char *(*entry_pathname_utf8)(struct archive_entry *);
    int64_t (*entry_size)(struct archive_entry *);
    int (*entry_size_is_set)(struct archive_entry *);
    time_t (*entry_mtime)(struct archive_entry *);
    unsigned int (*entry_filetype)(struct archive_entry *);
    unsigned int (*entry_perm)(struct archive_entry *);
    const char *(*entry_symlink)(struct archive_entry *);
    const char *(*entry_hardlink)(struct archive_entry *);
    int (*entry_is_encrypted)(struct archive_entry *);
} ArborLibarchive;

/* Fills `table` from libarchive opened as `library`; 0 when every function was found, -1 with `problem` filled
   in otherwise. */
static inline int arbor_libarchive_bind(ArborLibarchive *table, void *library, char *problem, size_t size) {
#define ARBOR_AR(field, symbol) \
    if (!(*(void **)&table->field = dlsym(library, symbol))) { snprintf(problem, size, "libarchive has no %s", symbol); return -1; }
    ARBOR_AR(read_new, "archive_read_new")
    ARBOR_AR(support_filter_all, "archive_read_support_filter_all")
    ARBOR_AR(support_format_all, "archive_read_support_format_all")
    ARBOR_AR(support_format_raw, "archive_read_support_format_raw")
    ARBOR_AR(open_filename, "archive_read_open_filename")
    ARBOR_AR(open_memory, "archive_read_open_memory")
    ARBOR_AR(next_header, "archive_read_next_header")
    ARBOR_AR(read_data, "archive_read_data")
    ARBOR_AR(data_skip, "archive_read_data_skip")
    ARBOR_AR(read_free, "archive_read_free")
    ARBOR_AR(error_string, "archive_error_string")
    ARBOR_AR(format_name, "archive_format_name")
    ARBOR_AR(filter_name, "archive_filter_name")
    ARBOR_AR(filter_count, "archive_filter_count")
    ARBOR_AR(filter_bytes, "archive_filter_bytes")
    ARBOR_AR(entry_pathname, "archive_entry_pathname")
    ARBOR_AR(entry_pathname_utf8, "archive_entry_pathname_utf8")
    ARBOR_AR(entry_size, "archive_entry_size")
    ARBOR_AR(entry_size_is_set, "archive_entry_size_is_set")
    ARBOR_AR(entry_mtime, "archive_entry_mtime")
    ARBOR_AR(entry_filetype, "archive_entry_filetype")
    ARBOR_AR(entry_perm, "archive_entry_perm")
    ARBOR_AR(entry_symlink, "archive_entry_symlink")
    ARBOR_AR(entry_hardlink, "archive_entry_hardlink")
    ARBOR_AR(entry_is_encrypted, "archive_entry_is_encrypted")
#undef ARBOR_AR
    return 0;
}

#endif
