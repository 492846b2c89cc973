// The block-style YAML reader: a document of block mappings and sequences written line by line as JSON text,
// each value on its YAML line, the same text the parser's events give (YAMLTranscoder); anything else gives way.
#include "YAMLBlockState.h"

#include "CFileLease.h"

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

static int push(state *s, int is_map, int32_t indent, int compact) {
    if (s->depth + 1 >= s->depth_limit) return 0;
    if (s->depth == s->capacity) {
        int32_t capacity = s->capacity ? s->capacity * 2 : 64;
        frame *grown = arbor_yb_own_lines(sizeof(frame) * (size_t)capacity);
        if (!grown) return 0;
        if (s->depth) memcpy(grown, s->frames, sizeof(frame) * (size_t)s->depth);
        free(s->frames);
        s->frames = grown;
        s->capacity = capacity;
    }
    const frame *parent = s->depth > 0 ? &s->frames[s->depth - 1] : NULL;
    int32_t container = arbor_yb_open_container(s, parent ? parent->container : -1, parent ? parent->count - 1 : 0);
    s->frames[s->depth++] = (frame){ indent, (uint8_t)is_map, (uint8_t)compact, 0, 0, -1, container };
    if (s->depth > s->deepest) s->deepest = s->depth;
    put(s, is_map ? '{' : '[');
    return 1;
}

/// As push, on the current line, for a collection below the key or dash whose line held its anchor or tag
/// (`read`): the collection starts there, where they are.
static int push_marked(state *s, int is_map, int32_t indent, int compact, const props *read) {
    if (!has_props(read)) {
        line_up(s);
        return push(s, is_map, indent, compact);
    }
    int64_t mark = arbor_yb_mark(s, read, 0);
    if (mark < 0 || !push(s, is_map, indent, compact)) return 0;
    s->frames[s->depth - 1].anchored = mark;
    line_up(s);
    return 1;
}

// A value from `p` to the line's end; `parent` is the indentation a block scalar's lines go past.
static int value(state *s, const uint8_t *p, const uint8_t *end, int32_t parent) {
    const uint8_t *after;
    switch (*p) {
    case '"': case '\'':
        return arbor_yb_quoted_lines(s, p, end, parent);
    case '|': case '>':
        return arbor_yb_block_scalar(s, p, end, parent);
    case '[': case '{': {
        int64_t start = arbor_yb_written(s), first_line = s->line;
        const uint8_t *last_end = end;
        s->flow_indent = parent;
        s->flow_first_line = first_line;
        after = arbor_yb_flow(s, p, &last_end, 0);
        if (!after) return GIVE_WAY;
        // One over lines has nothing after it on its last line (where a comment's place is not settled).
        int over_lines = s->line != first_line;
        if (over_lines) {
            while (after < last_end && *after == ' ') after++;
            if (after != last_end) return GIVE_WAY;
        } else if (!arbor_yb_ends_line(s, after, end)) {
            return GIVE_WAY;
        }
        // A second part's `[*a]` of an anchor it has not read holds its copy once the parts are joined.
        int holds = arbor_yb_written(s) - start > 2 || (s->floor && arbor_yb_waits_within(s, start, arbor_yb_written(s)));
        if (holds && !arbor_yb_record_flow(s->out, start, arbor_yb_written(s))) return GIVE_WAY;
        if (!over_lines) return OK;
        s->pos = arbor_yb_next_line(s, last_end);
        s->line++;
        return ADVANCED;
    }
    default: {
        int escapes;
        const uint8_t *last = arbor_yb_plain_end(s, p, end, 0, &after, &escapes);
        if (!last) return GIVE_WAY;
        return arbor_yb_plain_lines(s, p, last, end, parent, escapes);
    }
    }
}

// A value from `p` with the anchor and tag read before it.
static int marked_value(state *s, const uint8_t *p, const uint8_t *end, int32_t parent, const props *read) {
    if (!has_props(read)) return value(s, p, end, parent);
    int64_t mark = arbor_yb_mark(s, read, 0);
    if (mark < 0) return GIVE_WAY;
    // A tag other than YAML's typing ones makes a scalar text; a collection's members are as written.
    s->as_text = read->tag && *p != '[' && *p != '{';
    int outcome = value(s, p, end, parent);
    s->as_text = 0;
    return outcome != GIVE_WAY && arbor_yb_mark_end(s, mark) ? outcome : GIVE_WAY;
}

// An alias from its `*` at `p`, the rest of its line at most a comment.
static int alias_value(state *s, const uint8_t *p, const uint8_t *end) {
    const uint8_t *after = arbor_yb_alias(s, p, end, 0, s->depth);
    return after && arbor_yb_ends_line(s, after, end) ? OK : GIVE_WAY;
}

// A key read from its line: its text (in the scratch or in place), whether any of it needs escaping, and the
// byte after its colon.
typedef struct {
    const uint8_t *text, *after;
    int64_t count;
    int escapes;
} key_read;

// The key at `p`: 1 with `key` read, 0 when the line is not a key this reader takes.
static int key_at(state *s, const uint8_t *p, const uint8_t *end, key_read *key) {
    key->escapes = 1;
    if (*p == '"' || *p == '\'') {
        const uint8_t *r = arbor_yb_quoted(s, p, end);
        if (!r) return 0;
        while (r < end && *r == ' ') r++;
        if (r == end || *r != ':' || (r + 1 < end && r[1] != ' ')) return 0;
        key->text = s->scratch;
        key->count = s->scratch_count;
        key->after = r + 1;
    } else {
        const uint8_t *last = arbor_yb_plain_end(s, p, end, 1, &key->after, &key->escapes);
        if (!last) return 0;
        key->text = p;
        key->count = last - p;
    }
    return key->after - p <= KEY_BYTES;
}

// An entry of the mapping on top whose key was read from its line.
static int map_entry_with(state *s, const uint8_t *end, const key_read *key) {
    frame *f = &s->frames[s->depth - 1];
    if (f->count++) put(s, ',');
    arbor_yb_member_starts(s, f->container, f->count - 1);
    line_up(s);
    f->key = arbor_yb_written(s);
    arbor_yb_quote(s, key->text, key->count, key->escapes);
    put(s, ':');
    const uint8_t *after = key->after;
    while (after < end && *after == ' ') after++;
    props read;
    if (!arbor_yb_props(s, &after, end, &read)) return GIVE_WAY;
    if (after == end || *after == '#') {
        if (after < end && !arbor_yb_comment(s, after, end)) return GIVE_WAY;
        s->pending = 1;
        s->pending_indent = f->indent;
        s->pending_map = 1;
        s->pending_comment = after < end;
        s->pending_props = read;
        return OK;
    }
    if (*after == '-' && (after + 1 == end || after[1] == ' ')) return GIVE_WAY;
    if (*after == '*') return has_props(&read) ? GIVE_WAY : alias_value(s, after, end);
    return marked_value(s, after, end, f->indent, &read);
}

static int is_dash(const uint8_t *p, const uint8_t *end) {
    return *p == '-' && (p + 1 == end || p[1] == ' ');
}

static int map_entry(state *s, const uint8_t *p, const uint8_t *end) {
    key_read key;
    return key_at(s, p, end, &key) ? map_entry_with(s, end, &key) : GIVE_WAY;
}

// An entry of the sequence on top from its dash at `p`; `line` is where the line starts.
static int seq_entry(state *s, const uint8_t *p, const uint8_t *end, const uint8_t *line) {
    for (int nested = 0;; nested = 1) {
        frame *f = &s->frames[s->depth - 1];
        if (f->count++) put(s, ',');
        arbor_yb_member_starts(s, f->container, f->count - 1);
        const uint8_t *q = p + 1;
        while (q < end && *q == ' ') q++;
        line_up(s);
        props read;
        if (!arbor_yb_props(s, &q, end, &read)) return GIVE_WAY;
        if (q == end || *q == '#') {
            if (q < end && !arbor_yb_comment(s, q, end)) return GIVE_WAY;
            s->pending = 1;
            s->pending_indent = (int32_t)(p - line);
            s->pending_map = 0;
            s->pending_comment = q < end;
            s->pending_props = read;
            return OK;
        }
        int32_t column = (int32_t)(q - line);
        if (*q == '*') return has_props(&read) ? GIVE_WAY : alias_value(s, q, end);
        if (is_dash(q, end)) {
            if (has_props(&read) || !push(s, 0, column, 0)) return GIVE_WAY;
            p = q;
            continue;
        }
        key_read key;
        if (key_at(s, q, end, &key)) {
            // What is written before a key on its line is the key's.
            if (has_props(&read) || !push(s, 1, column, 0)) return GIVE_WAY;
            return map_entry_with(s, end, &key);
        }
        // libfyaml 0.7 takes a line at the inner dash's column as a block scalar's after `- - |`: YAML 1.2 ends
        // the scalar there.
        if (nested && (*q == '|' || *q == '>')) return GIVE_WAY;
        return marked_value(s, q, end, (int32_t)(p - line), &read);
    }
}

// Closes what a line at `indent` ends: containers deeper than it, and a sequence written at its mapping's
// indentation once a line there is not an entry of it; never the part before's.
static void close_to(state *s, int32_t indent, int dash) {
    while (s->depth > s->floor) {
        frame *f = &s->frames[s->depth - 1];
        if (!(f->indent > indent || (f->indent == indent && !f->is_map && f->compact && !dash))) return;
        put(s, f->is_map ? '}' : ']');
        arbor_yb_close_container(s, f->container, f->count);
        if (f->anchored >= 0 && !arbor_yb_mark_end(s, f->anchored)) s->failed = 1;
        s->depth--;
    }
}

static int take_line(state *s, const uint8_t *line, const uint8_t *p, const uint8_t *end) {
    int32_t indent = (int32_t)(p - line);
    int dash = is_dash(p, end);
    if (s->depth == 0) {
        if (s->started) return GIVE_WAY;
        s->started = 1;
        line_up(s);
        // A document that is a flow collection (JSON written as YAML): nothing may follow it.
        if (*p == '[' || *p == '{') return value(s, p, end, -1);
        if (dash) {
            if (!push(s, 0, indent, 0)) return GIVE_WAY;
            return seq_entry(s, p, end, line);
        }
        key_read key;
        if (!key_at(s, p, end, &key) || !push(s, 1, indent, 0)) return GIVE_WAY;
        return map_entry_with(s, end, &key);
    }
    if (s->pending) {
        s->pending = 0;
        props read = s->pending_props;
        s->pending_props = (props){ 0 };
        if (dash && (indent > s->pending_indent || (s->pending_map && indent == s->pending_indent))) {
            if (!push_marked(s, 0, indent, indent == s->pending_indent, &read)) return GIVE_WAY;
            return seq_entry(s, p, end, line);
        }
        // An anchor or tag of an empty value, or of a scalar on the line below.
        if (has_props(&read) && indent <= s->pending_indent) return GIVE_WAY;
        if (indent > s->pending_indent) {
            key_read key;
            if (key_at(s, p, end, &key)) {
                if (!push_marked(s, 1, indent, 0, &read)) return GIVE_WAY;
                return map_entry_with(s, end, &key);
            }
            if (has_props(&read)) return GIVE_WAY;
            line_up(s);
            // A block scalar's indicator on the line below its key or dash: libfyaml 0.7 refuses text indented
            // less than the indicator, which YAML 1.2 reads.
            if (*p == '|' || *p == '>') return GIVE_WAY;
            int outcome = value(s, p, end, s->pending_indent);
            // A flow collection over lines below a comment ending its key's or dash's line: the file read whole
            // gives the collection that comment, which the comments read from its lines would not find.
            if (outcome == ADVANCED && s->pending_comment && (*p == '[' || *p == '{')) return GIVE_WAY;
            return outcome;
        }
        put_run(s, (const uint8_t *)"null", 4);
    }
    close_to(s, indent, dash);
    if (s->depth == 0) return GIVE_WAY;
    frame *f = &s->frames[s->depth - 1];
    if (s->depth == s->floor && (indent < f->indent || (indent == f->indent && !dash))) return STOPPED;
    if (f->indent != indent) return GIVE_WAY;
    if (f->is_map) return dash ? GIVE_WAY : map_entry(s, p, end);
    return dash ? seq_entry(s, p, end, line) : GIVE_WAY;
}

/// A second part read beside the first: from a line that is an entry of a sequence (the shallowest dash found
/// past the middle), until a line that is not; or, in a stream, from a `---` past the middle to the end.
struct split {
    int64_t at;
    int32_t indent;
    int stream;
    state part;
    arbor_yaml_json out;
    int outcome;
    atomic_int cancel;
    atomic_int index_lost;
    pthread_t thread;
};

static int run(state *s);

static void *run_part(void *context) {
    split *sp = context;
    sp->outcome = run(&sp->part);
    if (sp->part.sink) arbor_yb_hand_events(&sp->part);
    return NULL;
}

/// Where a second part starts: the first of the shallowest dashes in the MiB past the middle; -1 for none.
static int64_t split_point(const uint8_t *bytes, int64_t n, int32_t *indent) {
    int64_t to = n / 2 + (1 << 20) < n ? n / 2 + (1 << 20) : n;
    int64_t best = -1;
    const uint8_t *p = memchr(bytes + n / 2, '\n', (size_t)(to - n / 2));
    while (p && p + 1 < bytes + to) {
        const uint8_t *q = p + 1, *r = q;
        while (r < bytes + n && *r == ' ') r++;
        if (r + 1 < bytes + n && *r == '-' && (r[1] == ' ' || arbor_yb_break_at(r + 1, bytes + n)) && (best < 0 || r - q < *indent)) {
            best = q - bytes;
            *indent = (int32_t)(r - q);
            if (*indent == 0) break;
        }
        p = memchr(q, '\n', (size_t)(bytes + to - q));
    }
    return best;
}

/// Where a stream's second part starts: the first `---` line in the MiB past the middle; -1 for none.
static int64_t document_split_point(const uint8_t *bytes, int64_t n) {
    int64_t to = n / 2 + (1 << 20) < n ? n / 2 + (1 << 20) : n;
    const uint8_t *p = memchr(bytes + n / 2, '\n', (size_t)(to - n / 2));
    while (p && p + 4 < bytes + to) {
        if (p[1] == '-' && p[2] == '-' && p[3] == '-' && arbor_yb_break_at(p + 4, bytes + n)) return p + 1 - bytes;
        p = memchr(p + 1, '\n', (size_t)(bytes + to - p - 1));
    }
    return -1;
}

static int next_document(state *s);

/// Appends the second part's flow collections, whose text now starts at `shift` of this part's.
static void put_part_flows(state *s, const arbor_yaml_json *part, int64_t shift) {
    for (int64_t i = 0; i + 1 < part->flow_count; i += 2) {
        if (!arbor_yb_record_flow(s->out, part->flows[i] + shift, part->flows[i + 1] + shift)) s->failed = 1;
    }
}

/// Goes on where a second part taken stopped, as deep as `deepest` at most.
static void go_on_after(state *s, const state *part, int32_t deepest) {
    s->commented |= part->commented;
    s->pos = part->pos;
    s->line += part->line;
    s->out_line += part->out_line;
    s->reported = part->reported;
    if (deepest > s->deepest) s->deepest = deepest;
}

/// Frees a second part once it is taken or not.
static void end_split(state *s, split *sp) {
    free(sp->part.frames);
    free(sp->part.scratch);
    free(sp->part.events);
    free(sp->part.entry_starts);
    arbor_yb_free_marks(&sp->part);
    arbor_yb_discard(&sp->out);
    s->out->limit = 0;
    free(sp);
}

/// Takes a stream's second part: at its `---` this part ends its document as the line would, and the second
/// part's documents follow (their list's brackets left out).
static void join_documents(state *s, split *sp) {
    int taken = s->pos == sp->at && (s->marked || s->started || s->documents > 0);
    if (!taken) atomic_store(&sp->cancel, 1);
    pthread_join(sp->thread, NULL);
    // The second part's documents were held to the depth limit as this part's are.
    int64_t written = sp->out.spilled + sp->out.count;
    if (taken && sp->outcome == OK && !sp->part.failed && written > 0 && next_document(s)) {
        line_up(s);
        int several = sp->part.documents > 0;
        s->out->parts = 2;
        if (arbor_yb_take_part_in_place(s, &sp->out, several, written - several)) {
            put_part_flows(s, &sp->out, s->out->gap_at);
        } else {
            put_part_flows(s, &sp->out, arbor_yb_written(s) - several);
            arbor_yb_put_part(s, &sp->out, several, written - several);
        }
        s->documents += several ? sp->part.documents - 1 : 0;
        s->started = 1;
        go_on_after(s, &sp->part, sp->part.deepest);
    }
    end_split(s, sp);
}

/// Takes the second part's text if this part's state at its first line is what the second part assumed (an
/// open sequence at its dash's column, nothing pending), and goes on where the second part stopped.
static void join(state *s) {
    split *sp = s->split;
    s->split = NULL;
    s->parts_index_lost = NULL;
    if (sp->stream) {
        join_documents(s, sp);
        return;
    }
    int taken = s->pos == sp->at && !s->pending && s->depth > 0;
    if (taken) {
        close_to(s, sp->indent, 1);
        frame *f = s->depth > 0 ? &s->frames[s->depth - 1] : NULL;
        taken = f && !f->is_map && f->indent == sp->indent && f->count > 0;
    }
    if (!taken) atomic_store(&sp->cancel, 1);
    pthread_join(sp->thread, NULL);
    // The second part's nesting is counted from its sequence, which is this part's top.
    int64_t written = sp->out.spilled + sp->out.count;
    if (taken && sp->outcome == STOPPED && s->depth + sp->part.deepest - 1 < s->depth_limit && !sp->part.failed && written > 0
        && arbor_yb_part_resolves(s, &sp->part)) {
        put(s, ',');
        line_up(s);
        arbor_yb_put_part_marked(s, &sp->part, &sp->out);
        s->out->parts = 2;
        go_on_after(s, &sp->part, s->depth + sp->part.deepest - 1);
    }
    end_split(s, sp);
}

/// Ends a document: its pending value, its open containers; null for a document with nothing in it.
static void end_document(state *s) {
    if (!s->started) {
        // On the line of its `---`.
        while (s->out_line < s->document_line) { put(s, '\n'); s->out_line++; }
        put_run(s, (const uint8_t *)"null", 4);
        return;
    }
    if (s->pending) put_run(s, (const uint8_t *)"null", 4);
    s->pending = 0;
    close_to(s, -1, 0);
}

/// At a `---` after a document: the stream is a list of documents, the text so far its first.
static int next_document(state *s) {
    // The anchors of a stream's documents are each their own: the full parser reads them.
    if (s->floor || s->out->mark_count || has_props(&s->pending_props)) return 0;
    end_document(s);
    if (s->documents == 0) {
        arbor_yb_lose_index(s);
        if (!arbor_yb_prepend(s, '[')) return 0;
        s->documents = 1;
    }
    s->documents++;
    put(s, ',');
    s->started = 0;
    s->document_line = s->line;
    return !s->failed;
}

/// Tells the input's lease how far it has been read, or gives the pages read back when the input is a mapping
/// of the file's own (only read, so they come back from the file if read again).
void arbor_yb_report_read_to(void *context, int64_t pos) {
    state *s = context;
    if (!s->reports_reads || pos <= s->reported) return;
    if (s->reports_reads == ARBOR_YAML_RELEASES_PAGES) {
        int64_t from = (s->reported + 4095) / 4096 * 4096, to = pos / 4096 * 4096;
        if (to > from) madvise((void *)(s->bytes + from), (size_t)(to - from), MADV_DONTNEED);
    } else {
        arbor_mapping_read(s->bytes + s->reported, (size_t)(pos - s->reported));
    }
    s->reported = pos;
}

/// Reads lines from `s->pos` to the end, or to the line a second part stops at.
static int run(state *s) {
    const uint8_t *bytes = s->bytes;
    int64_t count = s->n;
    while (s->pos < count && !s->failed) {
        if (s->split && s->pos >= s->split_at) join(s);
        if (s->cancel && atomic_load_explicit(s->cancel, memory_order_relaxed)) return GIVE_WAY;
        if (s->pos >= count) break;
        const uint8_t *line = bytes + s->pos;
        const uint8_t *end = arbor_yb_line_end(line, bytes + count);
        const uint8_t *p = line;
        while (p < end && *p == ' ') p++;
        if (p == end || *p == '#') {
            if (p < end && !arbor_yb_comment(s, p, end)) return GIVE_WAY;
        } else if (p == line && (*p == '%' || ((*p == '-' || *p == '.') && end - p >= 3 && p[1] == *p && p[2] == *p
                                                 && (end - p == 3 || p[3] == ' ')))) {
            // A directive or a document's start or end: `---` with nothing after it is taken.
            if (*p != '-' || !arbor_yb_ends_line(s, p + 3, end)) return GIVE_WAY;
            if (s->marked || s->started || s->documents > 0) {
                if (!next_document(s)) return GIVE_WAY;
            } else {
                s->marked = 1;
                s->document_line = s->line;
            }
        } else {
            int outcome = take_line(s, line, p, end);
            if (outcome == GIVE_WAY || outcome == STOPPED) return outcome;
            if (outcome == ADVANCED) continue;
        }
        s->pos = arbor_yb_next_line(s, end);
        s->line++;
        arbor_yb_passed(s, s->pos);
    }
    if (s->failed) return GIVE_WAY;
    if (s->documents > 0) {
        end_document(s);
        put(s, ']');
        return s->failed ? GIVE_WAY : OK;
    }
    if (has_props(&s->pending_props)) return GIVE_WAY;
    if (s->pending) put_run(s, (const uint8_t *)"null", 4);
    s->pending = 0;
    close_to(s, -1, 0);
    if (s->floor) {
        s->pos = count;
        return STOPPED;
    }
    return s->started ? OK : GIVE_WAY;
}

/// Starts the second part on a thread of its own, when the input is large and has a `---` or a dash past its
/// middle.
static void start_split(state *s) {
    int32_t indent = 0;
    int64_t at = s->n >= (4 << 20) ? document_split_point(s->bytes, s->n) : -1;
    int stream = at >= 0;
    if (!stream) at = s->n >= (4 << 20) ? split_point(s->bytes, s->n, &indent) : -1;
    if (at < 0) return;
    split *sp = arbor_yb_own_lines(sizeof(split));
    if (!sp) return;
    memset(sp, 0, sizeof(split));
    sp->at = at;
    sp->indent = indent;
    sp->stream = stream;
    sp->part = *s;
    sp->part.pos = at;
    sp->part.out = &sp->out;
    sp->part.cancel = &sp->cancel;
    sp->part.parts_index_lost = stream ? NULL : &sp->index_lost;
    sp->part.started = !stream;
    sp->part.floor = !stream;
    sp->part.unmarked = stream;
    sp->part.reported = at;
    sp->part.next_container = 0;
    sp->part.event_count = sp->part.events_opened = 0;
    sp->part.entry_starts = NULL;
    sp->part.entry_count = sp->part.entry_capacity = 0;
    sp->part.events = s->sink && !s->index_lost && !stream ? arbor_yb_own_lines(sizeof(arbor_json_event) * EVENT_CAPACITY) : NULL;
    if (!sp->part.events) sp->part.sink = NULL;
    int64_t expected = s->n - at + (s->n - at) / 8 + 4096;
    arbor_yb_open_output(&sp->out, expected, s->spill_directory, s->spill_window, s->spill_held);
    sp->part.frames = arbor_yb_own_lines(sizeof(frame) * 64);
    if (!sp->out.bytes || !sp->part.frames) {
        arbor_yb_discard(&sp->out); free(sp->part.frames); free(sp->part.events); free(sp);
        return;
    }
    arbor_yb_share_file(s, &sp->out);
    sp->part.capacity = 64;
    sp->part.depth = !stream;
    sp->part.frames[0] = (frame){ indent, 0, 0, 1, 0, -1, ARBOR_YAML_PART_SEQUENCE };
    if (pthread_create(&sp->thread, NULL, run_part, sp) != 0) {
        arbor_yb_discard(&sp->out); free(sp->part.frames); free(sp->part.events); free(sp);
        s->out->limit = 0;
        return;
    }
    s->split = sp;
    s->split_at = at;
    if (!stream) s->parts_index_lost = &sp->index_lost;
}

/// Gives back the room of `*items` past its `count` items of `size` bytes.
static void trim(void **items, int64_t *capacity, int64_t count, size_t size) {
    if (!*items || count >= *capacity) return;
    void *trimmed = realloc(*items, size * (size_t)(count ? count : 1));
    if (!trimmed) return;
    *items = trimmed;
    *capacity = count ? count : 1;
}

int32_t arbor_yaml_block_json(const uint8_t *bytes, int64_t count, int32_t reports_reads, int32_t depth_limit,
                              arbor_yaml_number_writer numbers, const char *spill_directory, int64_t spill_window,
                              int64_t spill_held, arbor_yaml_index_sink *sink, arbor_yaml_json *result) {
    arbor_yb_make_tables();
    state s = { 0 };
    s.bytes = bytes;
    s.n = count;
    s.out = result;
    s.depth_limit = depth_limit;
    s.numbers = numbers;
    s.reports_reads = reports_reads;
    s.spill_directory = spill_directory;
    s.spill_window = spill_window;
    s.spill_held = spill_held;
    s.sink = sink;
    if (sink) {
        sink->lost = 0;
        s.events = arbor_yb_own_lines(sizeof(arbor_json_event) * EVENT_CAPACITY);
        if (!s.events) {
            sink->lost = 1;
            s.sink = NULL;
        }
    }
    result->gave_way_at = -1;
    result->parts = 1;
    // A byte order mark is not text, and the first line's columns start after it.
    if (count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) s.pos = 3;
    if (!arbor_yb_open_output(result, count + count / 8 + 4096, spill_directory, spill_window, spill_held)) return 0;
    start_split(&s);
    int outcome = run(&s);
    if (s.split) {
        int64_t pos = s.pos;
        atomic_store(&s.split->cancel, 1);
        s.pos = -1;
        join(&s);
        s.pos = pos;
    }
    if (s.sink) arbor_yb_hand_events(&s);
    free(s.frames);
    free(s.scratch);
    free(s.events);
    arbor_yb_free_marks(&s);
    result->documents = s.documents ? s.documents : 1;
    if (outcome == OK) {
        // The flow collections' places are kept for comments: without any, they are given back.
        result->commented = s.commented;
        if (!s.commented) {
            free(result->flows);
            result->flows = NULL;
            result->flow_count = result->flow_capacity = 0;
        }
        // The room left unwritten is given back: the offsets and marks are held as long as the document.
        trim((void **)&result->flows, &result->flow_capacity, result->flow_count, sizeof(int64_t));
        trim((void **)&result->marks, &result->mark_capacity, result->mark_count, sizeof(arbor_yaml_value_mark));
        trim((void **)&result->names, &result->name_capacity, result->name_bytes, 1);
        trim((void **)&result->paths, &result->path_capacity, result->path_count, sizeof(int64_t));
    }
    // No more text than the transcoder writes: aliases' copies may bring it past its limit after the last of them.
    if (outcome == OK && result->mark_count > 0 && arbor_yb_written(&s) > 4 * count + (1 << 20)) outcome = GIVE_WAY;
    if (outcome != OK || s.failed || !arbor_yb_finish(result)) {
        result->gave_way_at = s.pos;
        arbor_yb_discard(result);
        return 0;
    }
    return 1;
}
