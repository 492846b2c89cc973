// The block-style YAML reader's anchors, tags and aliases of values: each recorded by where its value starts in
// the JSON text (an anchor with its value's path), and an alias written as a copy of the anchored value's text,
// its line breaks left out, as the transcoder writes it. An anchor or tag of a key, an alias as a key, one of
// YAML's own scalar tags that types a value (`!!int`), a tag in any form but `!name` and `!!name`, a name of
// other characters than letters, digits and `_-./` give way, as do all of them in a stream. A second part takes
// them too: an alias of an anchor it has not read waits for the first part's (YAMLBlockPartMarks.c).
#include "YAMLBlockState.h"

/// The longest anchor name or tag taken, in bytes (a tag's count is held in a byte).
enum { name_limit = 255 };

static inline int name_byte(uint8_t b) {
    return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_' || b == '-' || b == '.' || b == '/';
}

/// Whether a tag is one of YAML's own that types a scalar, which the transcoder writes by its type.
static int types_scalar(const uint8_t *tag, int32_t count) {
    static const char *const typed[] = { "!!null", "!!bool", "!!int", "!!float" };
    for (int i = 0; i < 4; i++) {
        if ((size_t)count == strlen(typed[i]) && !memcmp(tag, typed[i], (size_t)count)) return 1;
    }
    return 0;
}

int arbor_yb_props(state *s, const uint8_t **at, const uint8_t *end, props *read) {
    const uint8_t *p = *at;
    memset(read, 0, sizeof *read);
    while (p < end && (*p == '&' || *p == '!')) {
        if (s->unmarked || s->documents > 0) return 0;
        const uint8_t *q = p + 1;
        if (*p == '&') {
            if (read->anchor) return 0;
            while (q < end && name_byte(*q)) q++;
            if (q == p + 1 || q - p > name_limit) return 0;
            read->anchor = p + 1;
            read->anchor_count = (int32_t)(q - p - 1);
        } else {
            if (read->tag) return 0;
            if (q < end && *q == '!') q++;
            const uint8_t *name = q;
            while (q < end && (name_byte(*q) || *q == ':')) q++;
            if (q == name || q - p > name_limit) return 0;
            read->tag = p;
            read->tag_count = (int32_t)(q - p);
            if (types_scalar(p, read->tag_count)) return 0;
        }
        if (q < end && *q != ' ') return 0;
        while (q < end && *q == ' ') q++;
        p = q;
    }
    *at = p;
    return 1;
}

int arbor_yb_grow(void **items, int64_t *capacity, int64_t needed, size_t size) {
    if (needed <= *capacity) return 1;
    int64_t grown = *capacity ? *capacity * 2 : 256;
    while (grown < needed) grown *= 2;
    void *bigger = realloc(*items, size * (size_t)grown);
    if (!bigger) return 0;
    *items = bigger;
    *capacity = grown;
    return 1;
}

/// A new mark for the value about to be written at the text's end; NULL without memory or past the marks an
/// `int32_t` numbers.
static arbor_yaml_value_mark *new_mark(state *s) {
    arbor_yaml_json *o = s->out;
    if (o->mark_count >= INT32_MAX - 2
        || !arbor_yb_grow((void **)&o->marks, &o->mark_capacity, o->mark_count + 1, sizeof(arbor_yaml_value_mark))) return NULL;
    arbor_yaml_value_mark *mark = &o->marks[o->mark_count++];
    memset(mark, 0, sizeof *mark);
    mark->start = arbor_yb_written(s);
    mark->end = -1;
    mark->link = -1;
    return mark;
}

int64_t arbor_yb_keep_name(arbor_yaml_json *o, const uint8_t *text, int64_t count) {
    if (o->name_bytes + count > UINT32_MAX
        || !arbor_yb_grow((void **)&o->names, &o->name_capacity, o->name_bytes + count, 1)) return -1;
    memcpy(o->names + o->name_bytes, text, (size_t)count);
    o->name_bytes += count;
    return o->name_bytes - count;
}

static uint64_t name_hash(const uint8_t *name, int64_t count);

/// Where a tag (or a waiting alias's name) is kept in the names: where it was last kept, if it is one read lately,
/// else copied there.
static int64_t keep_repeated(state *s, const uint8_t *text, int64_t count) {
    arbor_yaml_json *o = s->out;
    uint64_t slot = name_hash(text, count) & 15;
    if (s->repeated_counts[slot] == count && !memcmp(o->names + s->repeated_at[slot], text, (size_t)count)) return s->repeated_at[slot];
    int64_t kept = arbor_yb_keep_name(o, text, count);
    if (kept >= 0) {
        s->repeated_at[slot] = (uint32_t)kept;
        s->repeated_counts[slot] = (uint8_t)count;
    }
    return kept;
}

int64_t arbor_yb_mark(state *s, const props *read, int32_t flow_levels) {
    arbor_yaml_json *o = s->out;
    arbor_yaml_value_mark *mark = new_mark(s);
    if (!mark) return -1;
    if (read->tag) {
        int64_t tag = keep_repeated(s, read->tag, read->tag_count);
        if (tag < 0) return -1;
        mark->tag = (uint32_t)tag;
        mark->tag_count = (uint8_t)read->tag_count;
    }
    if (read->anchor) {
        int64_t name = arbor_yb_keep_name(o, read->anchor, read->anchor_count);
        if (name < 0) return -1;
        mark->name = (uint32_t)name;
        mark->name_count = (uint8_t)read->anchor_count;
        // The path of the value: the member each open collection is at.
        int64_t levels = s->depth + flow_levels;
        if (o->path_count + levels > INT32_MAX
            || !arbor_yb_grow((void **)&o->paths, &o->path_capacity, o->path_count + levels, sizeof(int64_t))) return -1;
        mark->link = (int32_t)o->path_count;
        mark->levels = (int16_t)levels;
        for (int32_t i = 0; i < s->depth; i++) {
            const frame *f = &s->frames[i];
            o->paths[o->path_count++] = f->is_map ? -1 - f->key : f->count - 1;
        }
        for (int32_t i = 0; i < flow_levels; i++) o->paths[o->path_count++] = s->flow_members[i];
    }
    return o->mark_count - 1;
}

static uint64_t name_hash(const uint8_t *name, int64_t count) {
    uint64_t hash = 14695981039346656037ull;
    for (int64_t i = 0; i < count; i++) hash = (hash ^ name[i]) * 1099511628211ull;
    return hash;
}

/// The table's slot for the anchor named by `count` bytes at `name`: the one holding it, or the empty one where
/// it goes; NULL when the table cannot grow.
anchor_slot *arbor_yb_slot_for(state *s, const uint8_t *name, int32_t count) {
    if (s->anchor_count * 2 >= s->anchor_capacity) {
        int64_t capacity = s->anchor_capacity ? s->anchor_capacity * 2 : 64;
        anchor_slot *table = calloc((size_t)capacity, sizeof(anchor_slot)), *old = s->anchors;
        if (!table) return NULL;
        for (int64_t i = 0; i < s->anchor_capacity; i++) {
            if (!old[i].mark) continue;
            uint64_t at = old[i].hash & (uint64_t)(capacity - 1);
            while (table[at].mark) at = (at + 1) & (uint64_t)(capacity - 1);
            table[at] = old[i];
        }
        free(old);
        s->anchors = table;
        s->anchor_capacity = capacity;
    }
    uint64_t wide = name_hash(name, count);
    uint32_t hash = (uint32_t)(wide ^ (wide >> 32));
    uint64_t at = hash & (uint64_t)(s->anchor_capacity - 1);
    while (s->anchors[at].mark) {
        if (s->anchors[at].hash == hash) {
            const arbor_yaml_value_mark *m = &s->out->marks[s->anchors[at].mark - 1];
            if (m->name_count == count && !memcmp(s->out->names + m->name, name, (size_t)count)) break;
        }
        at = (at + 1) & (uint64_t)(s->anchor_capacity - 1);
    }
    s->anchors[at].hash = hash;
    return &s->anchors[at];
}

int arbor_yb_mark_end(state *s, int64_t index) {
    s->out->marks[index].end = arbor_yb_written(s);
    return arbor_yb_define(s, index);
}

int arbor_yb_define(state *s, int64_t index) {
    const arbor_yaml_value_mark *mark = &s->out->marks[index];
    if (arbor_yaml_is_alias(mark) || !mark->name_count) return 1;
    // A second part's names are defined again in this order where it is joined (a value ends after those it holds).
    if (s->floor) {
        if (!arbor_yb_grow((void **)&s->defined, &s->defined_capacity, s->defined_count + 1, sizeof(int64_t))) return 0;
        s->defined[s->defined_count++] = index;
    }
    // Later aliases of the name repeat this value, as YAML reads a name defined again.
    anchor_slot *slot = arbor_yb_slot_for(s, s->out->names + mark->name, mark->name_count);
    if (!slot) return 0;
    if (!slot->mark) s->anchor_count++;
    slot->mark = (int32_t)(index + 1);
    if (slot->copy > 0) {
        // The old value's copy goes; its place among the copies is this name's for the new value's.
        kept_copy *old = &s->copies[slot->copy - 1];
        free(old->bytes);
        old->bytes = NULL;
        old->count = 0;
    } else {
        slot->copy = 0;
    }
    return 1;
}

/// Whether the text of the value `mark` holds is all written: a second part's value holding an alias that waits
/// for the first part's anchor is not.
static int written_whole(const state *s, const arbor_yaml_value_mark *mark) {
    return !s->floor || !arbor_yb_waits_within(s, mark->start, mark->end);
}

/// Appends the `count` bytes at `from` to `to`, its line breaks left out: the bytes appended.
static int64_t without_breaks(uint8_t *to, const uint8_t *from, int64_t count) {
    int64_t kept = 0;
    for (int64_t i = 0; i < count; i++) if (from[i] != '\n') to[kept++] = from[i];
    return kept;
}

int arbor_yb_copy_value(state *s, const arbor_yaml_value_mark *mark, anchor_slot *slot) {
    arbor_yaml_json *o = s->out;
    if (!written_whole(s, mark)) return 0;
    if (slot->copy <= 0) {
        if (s->copy_count >= INT32_MAX - 1
            || !arbor_yb_grow((void **)&s->copies, &s->copy_capacity, s->copy_count + 1, sizeof(kept_copy))) return 0;
        s->copies[s->copy_count] = (kept_copy){ NULL, 0 };
        slot->copy = (int32_t)++s->copy_count;
    }
    int64_t count = mark->end - mark->start;
    uint8_t *copy = malloc(count ? (size_t)count : 1);
    if (!copy) return 0;
    int64_t held_from = mark->start > o->spilled ? mark->start : o->spilled;
    if (mark->start < o->spilled) {
        int64_t from_file = (mark->end < o->spilled ? mark->end : o->spilled) - mark->start;
        if (!arbor_yb_move_text(o, copy, from_file, mark->start, 0)) { free(copy); return 0; }
    }
    if (held_from < mark->end) memcpy(copy + (held_from - mark->start), o->bytes + (held_from - o->spilled), (size_t)(mark->end - held_from));
    kept_copy *kept = &s->copies[slot->copy - 1];
    kept->bytes = copy;
    kept->count = without_breaks(copy, copy, count);
    return 1;
}

/// The text an alias of the value `mark` marks (`slot` its anchor's) writes: the copy kept, else, for the value's
/// first alias while its text is still held, a copy made from there into the alias text; else a copy made and
/// kept. 0 when it cannot be made.
static int alias_text(state *s, const arbor_yaml_value_mark *mark, anchor_slot *slot, const uint8_t **text, int64_t *count) {
    const kept_copy *kept = arbor_yb_copy_of(s, slot);
    if (!kept && slot->copy == 0 && mark->start >= s->out->spilled) {
        if (!written_whole(s, mark)) return 0;
        int64_t length = mark->end - mark->start;
        if (!arbor_yb_grow((void **)&s->alias_text, &s->alias_text_capacity, length ? length : 1, 1)) return 0;
        *count = without_breaks(s->alias_text, s->out->bytes + (mark->start - s->out->spilled), length);
        *text = s->alias_text;
        slot->copy = -1;
        return 1;
    }
    if (!kept && !arbor_yb_copy_value(s, mark, slot)) return 0;
    kept = arbor_yb_copy_of(s, slot);
    *text = kept->bytes;
    *count = kept->count;
    return 1;
}

const uint8_t *arbor_yb_alias(state *s, const uint8_t *p, const uint8_t *end, int flow, int32_t depth) {
    if (s->unmarked || s->documents > 0 || (!s->anchor_count && !s->floor)) return NULL;
    const uint8_t *q = p + 1;
    while (q < end && name_byte(*q)) q++;
    if (q == p + 1 || q - p > name_limit) return NULL;
    if (q < end && *q != ' ' && !(flow && (*q == ',' || *q == ']' || *q == '}'))) return NULL;
    anchor_slot *slot = s->anchor_count ? arbor_yb_slot_for(s, p + 1, (int32_t)(q - p - 1)) : NULL;
    if (s->anchor_count && !slot) return NULL;
    if (!slot || !slot->mark) {
        if (!s->floor) return NULL;
        arbor_yaml_value_mark *waiting = new_mark(s);
        int64_t name = waiting ? keep_repeated(s, p + 1, q - p - 1) : -1;
        if (name < 0 || !arbor_yb_wait(s, s->out->mark_count - 1, flow)) return NULL;
        waiting = &s->out->marks[s->out->mark_count - 1];
        waiting->end = waiting->start;
        waiting->name = (uint32_t)name;
        waiting->name_count = (uint8_t)(q - p - 1);
        waiting->link = ARBOR_YAML_WAITING;
        waiting->levels = (int16_t)depth;
        // Its copy, written where the parts are joined, is not among the containers handed.
        arbor_yb_lose_index(s);
        return q;
    }
    int64_t target = slot->mark - 1;
    const uint8_t *text;
    int64_t count;
    if (!alias_text(s, &s->out->marks[target], slot, &text, &count)) return NULL;
    // As the transcoder, no more text than four times the YAML and a MiB: an alias bomb is not expanded here.
    if (arbor_yb_written(s) + count > 4 * s->n + (1 << 20)) return NULL;
    arbor_yaml_value_mark *mark = new_mark(s);
    if (!mark) return NULL;
    int64_t at = arbor_yb_written(s);
    put_run(s, text, count);
    if (flow) {
        arbor_yb_index_copy(s, text, count, at, s->flow_parent, s->flow_place);
    } else {
        const frame *f = &s->frames[s->depth - 1];
        arbor_yb_index_copy(s, text, count, at, f->container, f->count - 1);
    }
    const arbor_yaml_value_mark *anchored = &s->out->marks[target];
    mark->end = arbor_yb_written(s);
    mark->name = anchored->name;
    mark->name_count = anchored->name_count;
    mark->levels = (int16_t)depth;
    mark->link = (int32_t)(-2 - target);
    // A collection's copy in a block is on one line, as a flow collection there is.
    if (!flow && count > 2 && (text[0] == '{' || text[0] == '[')
        && !arbor_yb_record_flow(s->out, mark->start, mark->end)) return NULL;
    return q;
}

int arbor_yb_flow_member(state *s, int32_t depth, int64_t member) {
    int64_t needed = depth + 1;
    if (needed > s->flow_member_capacity) {
        int64_t capacity = s->flow_member_capacity;
        if (!arbor_yb_grow((void **)&s->flow_members, &capacity, needed, sizeof(int64_t))) return 0;
        s->flow_member_capacity = capacity;
    }
    s->flow_members[depth] = member;
    return 1;
}

void arbor_yb_free_marks(state *s) {
    for (int64_t i = 0; i < s->copy_count; i++) free(s->copies[i].bytes);
    free(s->copies);
    free(s->alias_text);
    free(s->anchors);
    free(s->flow_members);
    free(s->waiting);
    free(s->defined);
    s->anchors = NULL;
    s->copies = NULL;
    s->alias_text = NULL;
    s->flow_members = NULL;
    s->waiting = NULL;
    s->defined = NULL;
    s->waiting_count = s->waiting_capacity = s->defined_count = s->defined_capacity = 0;
    s->anchor_capacity = s->anchor_count = s->flow_member_capacity = 0;
    s->copy_count = s->copy_capacity = s->alias_text_capacity = 0;
}
