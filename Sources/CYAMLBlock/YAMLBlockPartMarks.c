// A second part's anchors, tags and aliases, joined to the first part's. An alias of an anchor the second part has
// not read waits, its copy left unwritten; where the parts are joined, the first part has read every line before
// the second part's first, so its anchors are those such an alias repeats. The second part's text is then put
// after the first's with those copies in their places, and every offset it recorded moved by the copies before it.
#include "YAMLBlockState.h"

int arbor_yb_wait(state *s, int64_t mark, int flow) {
    if (!arbor_yb_grow((void **)&s->waiting, &s->waiting_capacity, s->waiting_count + 1, sizeof(int64_t))) return 0;
    s->waiting[s->waiting_count++] = mark;
    if (flow) return 1;
    int64_t at = arbor_yb_written(s);
    return arbor_yb_record_flow(s->out, at, at);
}

/// How many of the waiting aliases start before `offset` of the text.
static int64_t waiting_before(const state *s, int64_t offset) {
    int64_t low = 0, high = s->waiting_count;
    while (low < high) {
        int64_t middle = (low + high) / 2;
        if (s->out->marks[s->waiting[middle]].start < offset) low = middle + 1; else high = middle;
    }
    return low;
}

int arbor_yb_waits_within(const state *s, int64_t start, int64_t end) {
    int64_t first = waiting_before(s, start);
    return first < s->waiting_count && s->out->marks[s->waiting[first]].start < end;
}

/// The slot of the anchor a waiting alias (`mark`, read by `part`) repeats, in this part's table; NULL for none.
static anchor_slot *anchor_of(state *s, const state *part, const arbor_yaml_value_mark *mark) {
    if (!s->anchor_count) return NULL;
    anchor_slot *slot = arbor_yb_slot_for(s, part->out->names + mark->name, mark->name_count);
    return slot && slot->mark ? slot : NULL;
}

int arbor_yb_part_resolves(state *s, state *part) {
    int64_t copies = 0;
    for (int64_t i = 0; i < part->waiting_count; i++) {
        anchor_slot *slot = anchor_of(s, part, &part->out->marks[part->waiting[i]]);
        if (!slot || (!arbor_yb_copy_of(s, slot) && !arbor_yb_copy_value(s, &s->out->marks[slot->mark - 1], slot))) return 0;
        copies += arbor_yb_copy_of(s, slot)->count;
    }
    int64_t written = arbor_yb_written(s) + part->out->spilled + part->out->count + copies;
    return written <= 4 * s->n + (1 << 20);
}

/// Where the parts' texts meet: a second part's offset is `base` plus it plus the copies written before it.
typedef struct {
    int64_t base;
    int64_t count;
    int64_t *at;        // where each waiting alias is in the second part's text
    int64_t *before;    // the bytes of the copies before each (count + 1 of them)
    const kept_copy **copies; // the copy each stands for, and the mark of the value it repeats
    int64_t *anchored;
} joint;

/// As moved, for offsets given in order: `*cursor` is the waiting aliases before the last one asked.
static int64_t moved_on(const joint *j, int64_t offset, int64_t *cursor) {
    while (*cursor < j->count && j->at[*cursor] < offset) (*cursor)++;
    return j->base + offset + j->before[*cursor];
}

static int64_t moved(const joint *j, int64_t offset) {
    int64_t low = 0, high = j->count;
    while (low < high) {
        int64_t middle = (low + high) / 2;
        if (j->at[middle] < offset) low = middle + 1; else high = middle;
    }
    return j->base + offset + j->before[low];
}

static void put_flows(state *s, const arbor_yaml_json *out, const joint *j) {
    int64_t cursor = 0;
    for (int64_t i = 0; i + 1 < out->flow_count; i += 2) {
        int64_t start = out->flows[i], end = out->flows[i + 1];
        if (start == end) {
            // A waiting alias's place: its copy, if a collection's.
            start = moved_on(j, start, &cursor);
            const kept_copy *copy = j->copies[cursor];
            if (copy->count <= 2 || (copy->bytes[0] != '{' && copy->bytes[0] != '[')) continue;
            end = start + copy->count;
        } else {
            start = moved_on(j, start, &cursor);
            end = moved(j, end);
        }
        if (!arbor_yb_record_flow(s->out, start, end)) s->failed = 1;
    }
}

/// Appends a second part's mark to this part's marks, its offsets moved, its names found `names` on in this
/// part's, its path and depth counted from this part's top (`lift` levels below it, the part's first entry at
/// `first_entry` of this part's open sequence).
static void put_mark(state *s, const state *part, arbor_yaml_value_mark mark, const joint *j, int64_t own_marks, int64_t names,
                     int64_t *cursor) {
    arbor_yaml_json *o = s->out;
    int32_t lift = s->depth - 1;
    int alias = arbor_yaml_is_alias(&mark);
    if (mark.link == ARBOR_YAML_WAITING) {
        mark.start = moved_on(j, mark.start, cursor);
        const arbor_yaml_value_mark *anchored = &o->marks[j->anchored[*cursor]];
        mark.end = mark.start + j->copies[*cursor]->count;
        mark.link = (int32_t)(-2 - j->anchored[*cursor]);
        mark.name = anchored->name;
    } else {
        int64_t length = mark.end - mark.start;
        mark.start = moved_on(j, mark.start, cursor);
        // A value holding no waiting alias is as long as it was.
        mark.end = *cursor < j->count && j->at[*cursor] < mark.end ? moved(j, mark.end) : mark.start + length;
        if (alias) mark.link = (int32_t)(mark.link - own_marks);
        if (mark.name_count) mark.name = (uint32_t)(mark.name + names);
        if (mark.tag_count) mark.tag = (uint32_t)(mark.tag + names);
    }
    if (alias) mark.levels = (int16_t)(mark.levels + lift);
    if (!alias && mark.name_count) {
        int64_t levels = lift + mark.levels;
        if (o->path_count + levels > INT32_MAX
            || !arbor_yb_grow((void **)&o->paths, &o->path_capacity, o->path_count + levels, sizeof(int64_t))) { s->failed = 1; return; }
        int64_t from = mark.link;
        mark.link = (int32_t)o->path_count;
        for (int32_t i = 0; i < lift; i++) {
            const frame *f = &s->frames[i];
            o->paths[o->path_count++] = f->is_map ? -1 - f->key : f->count - 1;
        }
        for (int64_t i = 0; i < mark.levels; i++) {
            int64_t member = part->out->paths[from + i];
            if (i == 0) member += s->frames[s->depth - 1].count - 1;
            else if (member < 0) member = -1 - moved(j, -1 - member);
            o->paths[o->path_count++] = member;
        }
        mark.levels = (int16_t)levels;
    }
    o->marks[o->mark_count++] = mark;
}

/// The copy a waiting alias stands for, written in its place.
static void put_copy(state *s, int64_t index, const void *context) {
    const joint *j = context;
    put_run(s, j->copies[index]->bytes, j->copies[index]->count);
}

void arbor_yb_put_part_marked(state *s, state *part, arbor_yaml_json *out) {
    int64_t written = out->spilled + out->count, count = part->waiting_count;
    joint j = { arbor_yb_written(s) - 1, count, malloc(sizeof(int64_t) * (size_t)(count + 1)),
                malloc(sizeof(int64_t) * (size_t)(count + 1)), malloc(sizeof(kept_copy *) * (size_t)(count + 1)),
                malloc(sizeof(int64_t) * (size_t)(count + 1)) };
    int64_t own_marks = s->out->mark_count;
    // The part's names after this part's: its marks point into them from there.
    int64_t names = out->name_bytes ? arbor_yb_keep_name(s->out, out->names, out->name_bytes) : s->out->name_bytes;
    if (!j.at || !j.before || !j.copies || !j.anchored || names < 0 || own_marks + out->mark_count >= INT32_MAX - 2
        || !arbor_yb_grow((void **)&s->out->marks, &s->out->mark_capacity, own_marks + out->mark_count, sizeof(arbor_yaml_value_mark))) {
        s->failed = 1;
        goto done;
    }
    j.before[0] = 0;
    for (int64_t i = 0; i < count; i++) {
        const arbor_yaml_value_mark *mark = &out->marks[part->waiting[i]];
        j.at[i] = mark->start;
        // Every waiting alias's anchor has its copy made (arbor_yb_part_resolves).
        const anchor_slot *slot = anchor_of(s, part, mark);
        j.copies[i] = arbor_yb_copy_of(s, slot);
        j.anchored[i] = slot->mark - 1;
        j.before[i + 1] = j.before[i] + j.copies[i]->count;
    }
    // Without copies to put in, a part written to this part's file is taken where it is.
    int in_place = count == 0 && arbor_yb_take_part_in_place(s, out, 1, written);
    if (in_place) j.base = s->out->gap_at;
    arbor_yb_join_index(s, part, j.base, s->frames[s->depth - 1].count);
    put_flows(s, out, &j);
    if (!in_place) arbor_yb_put_part_with(s, out, 1, written, j.at, count, put_copy, &j);
    int64_t cursor = 0;
    for (int64_t i = 0; i < out->mark_count && !s->failed; i++) put_mark(s, part, out->marks[i], &j, own_marks, names, &cursor);
    // The part's anchors are those of the names from here on, defined again in the order it defined them.
    for (int64_t i = 0; i < part->defined_count && !s->failed; i++) {
        if (!arbor_yb_define(s, own_marks + part->defined[i])) s->failed = 1;
    }
    s->frames[s->depth - 1].count += part->frames[0].count - 1;
done:
    free(j.at);
    free(j.before);
    free(j.copies);
    free(j.anchored);
}
