// The block-style YAML reader's text written to an unnamed file a window at a time, rather than held: the system
// keeps what was written in its page cache, writes it out under pressure and reads it again, so a large file's
// JSON text is not the process's memory. Any failure to write brings the text back into memory.
#define _GNU_SOURCE
#include "YAMLBlockState.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/magic.h>
#include <sys/vfs.h>
#endif

/// The bytes copied at a time between the text's file and memory.
enum { copy_chunk = 1 << 20 };

int arbor_yb_spill_open(const char *directory) {
#if defined(__linux__) && defined(O_TMPFILE)
    struct rlimit limit;
    // Writing past a limit on a file's size is a signal that ends the program, not an error returned.
    if (!directory || getrlimit(RLIMIT_FSIZE, &limit) != 0 || limit.rlim_cur != RLIM_INFINITY) return -1;
    int descriptor = open(directory, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (descriptor < 0) return -1;
    struct statfs system;
    // A file system in memory would hold the text in memory still, and out of sight.
    if (fstatfs(descriptor, &system) != 0 || system.f_type == TMPFS_MAGIC || system.f_type == RAMFS_MAGIC) {
        close(descriptor);
        return -1;
    }
    return descriptor;
#else
    (void)directory;
    return -1;
#endif
}

int32_t arbor_yaml_spill_file(const char *directory) {
    return arbor_yb_spill_open(directory);
}

/// Moves `count` bytes between `bytes` and the file from `offset`, to the file when `writing`; 0 when it cannot.
static int32_t transfer(int descriptor, uint8_t *bytes, int64_t count, int64_t offset, int writing) {
    while (count > 0) {
        ssize_t moved = writing ? pwrite(descriptor, bytes, (size_t)count, (off_t)offset)
                                : pread(descriptor, bytes, (size_t)count, (off_t)offset);
        if (moved < 0 && errno == EINTR) continue;
        if (moved <= 0) return 0;
        bytes += moved;
        count -= moved;
        offset += moved;
    }
    return 1;
}

int32_t arbor_yaml_file_write(int32_t descriptor, const uint8_t *bytes, int64_t count, int64_t offset) {
    return transfer(descriptor, (uint8_t *)bytes, count, offset, 1);
}

int32_t arbor_yaml_file_read(int32_t descriptor, uint8_t *bytes, int64_t count, int64_t offset) {
    return transfer(descriptor, bytes, count, offset, 0);
}

/// Where the text's byte `at` is in its file.
static int64_t file_offset(const arbor_yaml_json *o, int64_t at) {
    return o->base + at + (o->gap_length && at >= o->gap_at ? o->gap_length : 0);
}

int arbor_yb_move_text(const arbor_yaml_json *o, uint8_t *bytes, int64_t count, int64_t at, int writing) {
    if (o->gap_length && at < o->gap_at && at + count > o->gap_at) {
        int64_t before = o->gap_at - at;
        return arbor_yb_move_text(o, bytes, before, at, writing) && arbor_yb_move_text(o, bytes + before, count - before, o->gap_at, writing);
    }
    int64_t offset = file_offset(o, at);
    if (writing && o->limit && offset + count > o->limit) return 0;
    return transfer(o->descriptor, bytes, count, offset, writing);
}

int arbor_yb_open_output(arbor_yaml_json *o, int64_t expected, const char *directory, int64_t window, int64_t held) {
    o->count = o->spilled = 0;
    o->base = o->gap_at = o->gap_length = o->limit = 0;
    o->flows = NULL;
    o->flow_count = o->flow_capacity = 0;
    o->descriptor = directory && window > 0 && expected > window && held <= 0 ? arbor_yb_spill_open(directory) : -1;
    o->capacity = o->descriptor >= 0 ? window : expected;
    o->bytes = malloc((size_t)o->capacity);
    if (o->bytes) return 1;
    if (o->descriptor >= 0) close(o->descriptor);
    o->descriptor = -1;
    return 0;
}

int arbor_yb_start_spilling(arbor_yaml_json *o, const char *directory, int64_t window) {
    int descriptor = o->descriptor < 0 && window > 0 ? arbor_yb_spill_open(directory) : -1;
    if (descriptor < 0) return 0;
    if (!arbor_yaml_file_write(descriptor, o->bytes, o->count, 0)) {
        close(descriptor);
        return 0;
    }
    uint8_t *window_bytes = malloc((size_t)window);
    if (!window_bytes) {
        close(descriptor);
        return 0;
    }
    free(o->bytes);
    o->bytes = window_bytes;
    o->descriptor = descriptor;
    o->spilled = o->count;
    o->count = 0;
    o->capacity = window;
    return 1;
}

int arbor_yb_flush(arbor_yaml_json *o) {
    if (o->descriptor < 0) return 0;
    if (!arbor_yb_move_text(o, o->bytes, o->count, o->spilled, 1)) return 0;
    o->spilled += o->count;
    o->count = 0;
    return 1;
}

int arbor_yb_unspill(arbor_yaml_json *o) {
    if (o->descriptor < 0) return 1;
    int64_t total = o->spilled + o->count;
    int64_t capacity = total + total / 8 + 4096;
    uint8_t *bytes = malloc((size_t)capacity);
    if (!bytes || !arbor_yb_move_text(o, bytes, o->spilled, 0, 0)) {
        free(bytes);
        return 0;
    }
    memcpy(bytes + o->spilled, o->bytes, (size_t)o->count);
    free(o->bytes);
    close(o->descriptor);
    o->bytes = bytes;
    o->count = total;
    o->capacity = capacity;
    o->descriptor = -1;
    o->spilled = 0;
    o->base = o->gap_at = o->gap_length = o->limit = 0;
    return 1;
}

/// Moves the text's first `count` bytes in its file one byte on, from the end back.
static int shift_text(const arbor_yaml_json *o, int64_t count) {
    uint8_t *chunk = malloc(copy_chunk);
    if (!chunk) return 0;
    int64_t end = count;
    while (end > 0) {
        int64_t length = end < copy_chunk ? end : copy_chunk;
        if (!arbor_yb_move_text(o, chunk, length, end - length, 0) || !arbor_yb_move_text(o, chunk, length, end - length + 1, 1)) {
            free(chunk);
            return 0;
        }
        end -= length;
    }
    free(chunk);
    return 1;
}

int arbor_yb_prepend(state *s, uint8_t byte) {
    if (!arbor_yb_reserve(s, 1)) return 0;
    arbor_yaml_json *o = s->out;
    if (o->spilled > 0 && !(shift_text(o, o->spilled) && arbor_yb_move_text(o, &byte, 1, 0, 1))) {
        // The file is no longer the text: the document goes to the full parser.
        s->failed = 1;
        return 0;
    }
    if (o->spilled > 0) {
        o->spilled++;
    } else {
        memmove(o->bytes + 1, o->bytes, (size_t)o->count);
        o->bytes[0] = byte;
        o->count++;
    }
    for (int64_t i = 0; i < o->flow_count; i++) o->flows[i]++;
    return 1;
}

void arbor_yb_put_part(state *s, arbor_yaml_json *part, int64_t from, int64_t to) {
    arbor_yb_put_part_with(s, part, from, to, NULL, 0, NULL, NULL);
}

void arbor_yb_put_part_with(state *s, arbor_yaml_json *part, int64_t from, int64_t to, const int64_t *at, int64_t count,
                            void (*insert)(state *s, int64_t index, const void *context), const void *context) {
    uint8_t *chunk = part->descriptor >= 0 && from < part->spilled ? malloc(copy_chunk) : NULL;
    if (part->descriptor >= 0 && from < part->spilled && !chunk) { s->failed = 1; return; }
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    int64_t next = 0;
    while (next < count && at[next] < from) next++;
    for (int64_t start = from; start < to && !s->failed;) {
        int64_t length = to - start < copy_chunk ? to - start : copy_chunk;
        const uint8_t *bytes;
        int in_file = part->descriptor >= 0 && start < part->spilled;
        if (in_file) {
            if (part->spilled - start < length) length = part->spilled - start;
            if (!arbor_yb_move_text(part, chunk, length, start, 0)) { s->failed = 1; break; }
            bytes = chunk;
        } else {
            bytes = part->bytes + (start - part->spilled);
        }
        int64_t written = start;
        for (; next < count && at[next] < start + length; next++) {
            put_run(s, bytes + (written - start), at[next] - written);
            insert(s, next, context);
            written = at[next];
        }
        put_run(s, bytes + (written - start), start + length - written);
        // The part's text is read once: its file's pages and its memory are let go as they are copied.
        if (in_file) {
#if defined(__linux__)
            fallocate(part->descriptor, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)(part->base + start), (off_t)length);
#endif
        } else {
            uintptr_t first = ((uintptr_t)bytes + page - 1) & ~(page - 1), last = (uintptr_t)(bytes + length) & ~(page - 1);
            if (last > first) madvise((void *)first, (size_t)(last - first), MADV_DONTNEED);
        }
        start += length;
    }
    // A place at the text's end.
    for (; next < count && at[next] <= to; next++) insert(s, next, context);
    free(chunk);
}

int arbor_yb_finish(arbor_yaml_json *o) {
    if (o->descriptor < 0) return 1;
    if (!arbor_yb_flush(o)) return arbor_yb_unspill(o);
    free(o->bytes);
    o->bytes = NULL;
    o->count = o->spilled;
    o->capacity = 0;
    o->spilled = 0;
    return 1;
}

void arbor_yb_discard(arbor_yaml_json *o) {
    free(o->bytes);
    free(o->flows);
    free(o->marks);
    free(o->names);
    free(o->paths);
    // A second part's text written in the first's file is taken out of it.
    if (o->descriptor >= 0 && o->base > 0) ftruncate(o->descriptor, (off_t)o->base);
    if (o->descriptor >= 0) close(o->descriptor);
    o->bytes = NULL;
    o->flows = NULL;
    o->marks = NULL;
    o->names = NULL;
    o->paths = NULL;
    o->descriptor = -1;
    o->count = o->flow_count = o->mark_count = o->name_bytes = o->path_count = o->spilled = 0;
    o->base = o->gap_at = o->gap_length = o->limit = 0;
}
