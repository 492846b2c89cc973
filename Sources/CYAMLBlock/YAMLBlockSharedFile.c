// A second part's text written to the first part's file, far enough on that the first part's cannot reach it,
// and taken where it is when the parts are joined: the first part's text is padded with spaces to a page, and a
// mapping of the file leaves out the bytes between (the caller maps the text around its gap). The join then
// copies nothing.
#include "YAMLBlockState.h"

#include <fcntl.h>
#include <unistd.h>

/// Where a second part's text starts in the file: past the most text the first part may write (four times the
/// input and a MiB, as arbor_yaml_block_json allows) and a MiB more, on a MiB's boundary.
static int64_t far_offset(const state *s) {
    int64_t past = 4 * s->n + (2 << 20);
    return (past + (1 << 20) - 1) / (1 << 20) * (1 << 20);
}

void arbor_yb_share_file(state *s, arbor_yaml_json *part) {
    arbor_yaml_json *o = s->out;
    if (o->descriptor < 0 || part->descriptor < 0 || o->base || o->gap_length || part->spilled || part->count) return;
    int descriptor = fcntl(o->descriptor, F_DUPFD_CLOEXEC, 0);
    if (descriptor < 0) return;
    close(part->descriptor);
    part->descriptor = descriptor;
    part->base = far_offset(s);
    o->limit = part->base;
}

int arbor_yb_take_part_in_place(state *s, arbor_yaml_json *part, int64_t from, int64_t to) {
    arbor_yaml_json *o = s->out;
    if (part->base == 0 || part->descriptor < 0 || o->descriptor < 0 || o->base || o->gap_length || from > 1) return 0;
    if (to < from || to > part->spilled + part->count) return 0;
    uint8_t spaces[256];
    memset(spaces, ' ', sizeof spaces);
    const int64_t page = sysconf(_SC_PAGESIZE);
    if (page <= 0 || part->base % page) return 0;
    // JSON's white space between two values: the text's lines stay where they are.
    for (int64_t pad = (page - arbor_yb_written(s) % page) % page; pad > 0 && !s->failed;) {
        int64_t run = pad < (int64_t)sizeof spaces ? pad : (int64_t)sizeof spaces;
        put_run(s, spaces, run);
        pad -= run;
    }
    if (s->failed || !arbor_yb_flush(o) || !arbor_yb_flush(part)) return 0;
    if (from == 1 && part->spilled > 0 && !arbor_yaml_file_write(part->descriptor, spaces, 1, part->base)) return 0;
    if (o->spilled > part->base) return 0;
    o->gap_at = o->spilled;
    o->gap_length = part->base - o->spilled;
    // The part's bytes past `to` are written over by what this part writes next.
    o->spilled += to;
    o->limit = 0;
    close(part->descriptor);
    part->descriptor = -1;
    part->base = part->spilled = 0;
    return 1;
}
