// What the block-style YAML reader's files share: its state, its output and its scalar readers.
#ifndef ARBOR_YAML_BLOCK_STATE_H
#define ARBOR_YAML_BLOCK_STATE_H

#include "CYAMLBlock.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define HIDDEN __attribute__((visibility("hidden")))

/// How a line's reading ended: read, read with the lines after it (a block scalar), not taken (the full parser
/// reads the document), or at a line outside the part being read.
enum { OK = 0, ADVANCED = 1, GIVE_WAY = -1, STOPPED = 2 };
/// The longest key taken, in bytes (libyaml's simple keys are at most 1,024 characters).
enum { KEY_BYTES = 1000 };

/// An open mapping or sequence: the column of its keys or dashes, whether it is a sequence written at its
/// mapping's indentation, and its members so far.
typedef struct {
    int32_t indent;
    uint8_t is_map;
    uint8_t compact;
    int64_t count;
    /// Where the key of the member being read starts in the text (a mapping's), for an anchor's path.
    int64_t key;
    /// The mark of the collection's anchor, whose value ends where the collection does; -1 for none.
    int64_t anchored;
    /// The collection's number among the containers written (ARBOR_YAML_PART_SEQUENCE for a second part's first).
    int32_t container;
} frame;


/// A value's anchor (its name past the `&`) and tag (from its `!`), where there are any.
typedef struct {
    const uint8_t *anchor, *tag;
    int32_t anchor_count, tag_count;
} props;

static inline int has_props(const props *read) { return read->anchor || read->tag; }

typedef struct split split;

/// A copy of an anchored value's text, its line breaks left out, kept for its anchor's aliases.
typedef struct {
    uint8_t *bytes;
    int64_t count;
} kept_copy;

/// An anchor's name as the table knows it (12 bytes): its hash, the mark of its value plus one (0: an empty slot),
/// and the copy of that value among the state's copies plus one; 0 while no alias has repeated the value, -1 once
/// one has without a copy kept (the value was still held, and copied from there).
typedef struct {
    uint32_t hash;
    int32_t mark;
    int32_t copy;
} anchor_slot;

typedef struct {
    const uint8_t *bytes;
    int64_t n;
    int64_t pos;        // the current line's first byte
    int64_t line;       // the current line, from the part's first
    int64_t out_line;   // the lines written
    arbor_yaml_json *out;
    frame *frames;
    int32_t depth;
    int32_t capacity;
    int32_t depth_limit;
    int32_t deepest;    // the deepest nesting reached
    int32_t floor;      // the frames below this depth belong to the part before (a second part's sequence)
    int started;
    int marked;         // a `---` read before the document
    int64_t documents;  // in a stream of several, the documents begun so far; else 0
    int64_t document_line; // the line of the `---` the document began at
    int pending;        // a key or dash whose value is on a later line, or null
    int32_t pending_indent;
    int pending_map;
    int pending_comment; // the pending key's or dash's line ended with a comment
    int commented;      // a comment was read (the flow collections' places are kept for comments only)
    int32_t flow_indent; // the column the lines of a flow collection going on over lines are indented past
    int64_t flow_first_line; // the line the outermost flow collection being read starts on
    arbor_yaml_number_writer numbers;
    uint8_t *scratch;
    int64_t scratch_count;
    int64_t scratch_capacity;
    int failed;
    int reports_reads;  // the input is a mapped file, told how far it has been read (its pages then given back)
    int64_t reported;
    const char *spill_directory; // where a large text is written rather than held, else NULL
    int64_t spill_window;        // the bytes of it held before they are written
    int64_t spill_held;          // the bytes of a text held whole before its file is made (0: made at its start)
    int unmarked;       // anchors, tags and aliases give way (a stream's second part, whose documents' are theirs)
    props pending_props; // the anchor and tag of the pending value
    int as_text;        // a plain scalar is written as text, whatever it looks like (it has a tag)
    anchor_slot *anchors; // the anchors defined, by name (a table of `anchor_capacity` slots)
    int64_t anchor_capacity;
    int64_t anchor_count;
    kept_copy *copies;  // the copies kept of anchored values repeated more than once, or out of the text held
    int64_t copy_count;
    int64_t copy_capacity;
    uint8_t *alias_text; // an alias's copy made from the text held
    int64_t alias_text_capacity;
    uint32_t repeated_at[16]; // where tags and waiting names read lately are kept in the names, by hash (count 0: none)
    uint8_t repeated_counts[16];
    int64_t *flow_members; // for each flow collection open, the member being read (see arbor_yaml_json's paths)
    int64_t flow_member_capacity;
    int64_t *defined;   // a second part's anchored values (their marks) in the order their names were defined
    int64_t defined_count;
    int64_t defined_capacity;
    int64_t *waiting;   // a second part's aliases of anchors it has not read (their marks), in order
    int64_t waiting_count;
    int64_t waiting_capacity;
    arbor_yaml_index_sink *sink; // where the containers written are handed, else NULL
    int index_lost;     // the containers handed are no longer the text's
    atomic_int *parts_index_lost; // while two parts are read, theirs: once either part's containers are no longer
                                  // the text's, the other's cannot be joined to them and are not handed either
    arbor_json_event *events; // those not handed yet
    int64_t event_count;
    int64_t events_opened;
    int32_t next_container; // the number of the next container written
    int32_t flow_parent; // the flow collection whose member is about to be written, and that member's place
    int64_t flow_place;
    int64_t *entry_starts; // a second part's: where each entry of its first sequence starts, past its comma
    int64_t entry_count;
    int64_t entry_capacity;
    split *split;       // the second part running beside this one
    int64_t split_at;   // where it starts; the split's own copy shares a cache line with the second part's state,
                        // which that part's thread writes at every line

    atomic_int *cancel; // set when this part's reading is no longer wanted
} state;

/// `bytes` of memory on cache lines of their own (64 bytes, the size rounded up), freed with free(): what one
/// part's thread writes at every line (its state, its open collections, its events) then shares no line with what
/// the other part's writes, which would have the two cores take the line from each other at every write.
static inline void *arbor_yb_own_lines(size_t bytes) { return aligned_alloc(64, (bytes + 63) / 64 * 64); }

HIDDEN extern uint8_t arbor_yb_plain_special[256];
HIDDEN extern uint8_t arbor_yb_indicator[256];
HIDDEN void arbor_yb_make_tables(void);

HIDDEN int arbor_yb_reserve(state *s, int64_t more);
/// The bytes of text written so far, in the file and held.
static inline int64_t arbor_yb_written(const state *s) { return s->out->spilled + s->out->count; }
/// An unnamed file for a text in `directory`, on a file system of disk; -1 for none.
HIDDEN int arbor_yb_spill_open(const char *directory);
/// Makes a text's output for about `expected` bytes: written to a file in `directory` (if any) `window` bytes at
/// a time when it is larger, unless `held` bytes are held first (then held) (0 when no memory).
HIDDEN int arbor_yb_open_output(arbor_yaml_json *o, int64_t expected, const char *directory, int64_t window, int64_t held);
/// Writes a held text to a file in `directory` and holds `window` bytes at a time from here: 0 (the text still
/// held) when no file can be made or written.
HIDDEN int arbor_yb_start_spilling(arbor_yaml_json *o, const char *directory, int64_t window);
/// Moves `count` bytes of the text from its byte `at` between `bytes` and its file (to the file when `writing`),
/// where the file holds them (`base`, `gap_at`): 0 when it cannot, or when a write would pass `limit`.
HIDDEN int arbor_yb_move_text(const arbor_yaml_json *o, uint8_t *bytes, int64_t count, int64_t at, int writing);
/// Has a second part write its text (`part`, its file already open) to this part's file, past where this part's
/// text may reach; its own file is closed. Nothing changes where the file cannot be shared.
HIDDEN void arbor_yb_share_file(state *s, arbor_yaml_json *part);
/// Takes a second part's text written to this part's file where it is, without copying it: this part's text is
/// padded with spaces to a page and the file's bytes up to the part's are left out of it (a gap); of the part's
/// text, the first `from` bytes (at most 1) are made a space and those from `to` on left out. 0 (nothing taken,
/// the padding harmless) when it was not written there or cannot be taken so.
HIDDEN int arbor_yb_take_part_in_place(state *s, arbor_yaml_json *part, int64_t from, int64_t to);
/// Writes the held text to the file after what is there (0 when it cannot).
HIDDEN int arbor_yb_flush(arbor_yaml_json *o);
/// Brings a text written to its file back into memory, held whole (0 when it cannot).
HIDDEN int arbor_yb_unspill(arbor_yaml_json *o);
/// Puts `byte` before all the text written, its flow collections' offsets moved on.
HIDDEN int arbor_yb_prepend(state *s, uint8_t byte);
/// Appends the bytes `from..<to` of another part's text, held or in its file.
HIDDEN void arbor_yb_put_part(state *s, arbor_yaml_json *part, int64_t from, int64_t to);
/// As arbor_yb_put_part (which is this with no place), with `insert` called (its `context`, the place's number) at each of the `count` places `at`
/// (in order) in the part's text, before the byte there.
HIDDEN void arbor_yb_put_part_with(state *s, arbor_yaml_json *part, int64_t from, int64_t to, const int64_t *at, int64_t count,
                                   void (*insert)(state *s, int64_t index, const void *context), const void *context);
/// Ends the writing: the rest held written to the file and let go; or, where that fails, the text held whole.
HIDDEN int arbor_yb_finish(arbor_yaml_json *o);
/// Lets a text go, held or in its file.
HIDDEN void arbor_yb_discard(arbor_yaml_json *o);
HIDDEN int arbor_yb_record_flow(arbor_yaml_json *out, int64_t start, int64_t end);

static inline void put(state *s, uint8_t byte) {
    if (s->out->count == s->out->capacity && !arbor_yb_reserve(s, 1)) return;
    s->out->bytes[s->out->count++] = byte;
}

/// Writes a run longer than the room of a text written to its file a window at a time, rather than held whole.
HIDDEN void arbor_yb_put_long_run(state *s, const uint8_t *run, int64_t count);

/// Copies a run of at most 16 bytes by overlapping fixed-size moves rather than a call (most runs are a key or
/// a short scalar).
static inline void copy_short(uint8_t *to, const uint8_t *from, int64_t count) {
    if (count >= 8) {
        memcpy(to, from, 8);
        memcpy(to + count - 8, from + count - 8, 8);
    } else if (count >= 4) {
        memcpy(to, from, 4);
        memcpy(to + count - 4, from + count - 4, 4);
    } else {
        for (int64_t i = 0; i < count; i++) to[i] = from[i];
    }
}

static inline void put_run(state *s, const uint8_t *run, int64_t count) {
    if (count <= 16 && s->out->count + count <= s->out->capacity) {
        copy_short(s->out->bytes + s->out->count, run, count);
        s->out->count += count;
        return;
    }
    if (s->out->count + count > s->out->capacity && s->out->descriptor >= 0) {
        arbor_yb_put_long_run(s, run, count);
        return;
    }
    if (!arbor_yb_reserve(s, count)) return;
    memcpy(s->out->bytes + s->out->count, run, (size_t)count);
    s->out->count += count;
}

/// The end of the text of the line from `p` (where its line break, LF or CR LF, starts), or `last`.
static inline const uint8_t *arbor_yb_line_end(const uint8_t *p, const uint8_t *last) {
    const uint8_t *end = memchr(p, '\n', (size_t)(last - p));
    if (!end) return last;
    return end > p && end[-1] == '\r' ? end - 1 : end;
}

/// The start of the line after the one whose text ends at `end` (the input's end when there is none).
static inline int64_t arbor_yb_next_line(const state *s, const uint8_t *end) {
    const uint8_t *last = s->bytes + s->n;
    if (end < last && *end == '\r') end++;
    return end - s->bytes + (end < last);
}

/// The length of the line break at `p` (LF, or CR LF), 0 for none.
static inline int arbor_yb_break_at(const uint8_t *p, const uint8_t *last) {
    if (p < last && *p == '\n') return 1;
    return p + 1 < last && p[0] == '\r' && p[1] == '\n' ? 2 : 0;
}

/// Line breaks up to the current line, so that what follows is on its YAML line.
static inline void line_up(state *s) {
    while (s->out_line < s->line) { put(s, '\n'); s->out_line++; }
}

/// `text` as a JSON string; `escapes` says whether any of its bytes needs escaping.
HIDDEN void arbor_yb_quote(state *s, const uint8_t *text, int64_t count, int escapes);
HIDDEN int arbor_yb_scratch_put(state *s, const uint8_t *run, int64_t count);
HIDDEN int arbor_yb_scratch_code_point(state *s, uint32_t c);

HIDDEN int arbor_yb_printable_utf8(const uint8_t *p, const uint8_t *end);
HIDDEN int arbor_yb_printable(const uint8_t *p, const uint8_t *end);
/// Whether the comment from `p` (its `#`) holds only printable characters; notes that a comment was read.
HIDDEN int arbor_yb_comment(state *s, const uint8_t *p, const uint8_t *end);
HIDDEN int arbor_yb_ends_line(state *s, const uint8_t *p, const uint8_t *end);
HIDDEN const uint8_t *arbor_yb_plain_end(state *s, const uint8_t *p, const uint8_t *end, int key, const uint8_t **after, int *escapes);
HIDDEN const uint8_t *arbor_yb_quoted(state *s, const uint8_t *p, const uint8_t *end);
/// Decodes a quoted scalar's text from `r` (past its opening `mark`, or a later line's first character) into the
/// scratch after what is there: the byte after its closing quote (`*closed`), or `end` at the line's end without
/// one (`*escaped_break` when the line ends in a backslash); NULL when it is not one this reader takes. `*kept`
/// is the scratch's count after the last escape written (its blanks not a line's to trim).
HIDDEN const uint8_t *arbor_yb_quoted_run(state *s, uint8_t mark, const uint8_t *r, const uint8_t *end, int *closed,
                                          int *escaped_break, int64_t *kept);
/// A plain scalar from `p` whose text on its line ends at `last` (the line ends at `end`), with the lines after it
/// indented past `parent` that go on with it: written, OK on one line, ADVANCED (the reading gone on at the line
/// after its last) over several, or GIVE_WAY.
HIDDEN int arbor_yb_plain_lines(state *s, const uint8_t *p, const uint8_t *last, const uint8_t *end, int32_t parent, int escapes);
/// A quoted scalar from its opening quote at `p`, on its line or over the lines after it, indented past `parent`:
/// written, OK on one line, ADVANCED over several, or GIVE_WAY.
HIDDEN int arbor_yb_quoted_lines(state *s, const uint8_t *p, const uint8_t *end, int32_t parent);
HIDDEN int arbor_yb_plain_value(state *s, const uint8_t *text, int64_t count, int escapes);
/// A flow collection from its bracket at `p`, written as JSON: the byte after it, `*end` the end of its last line.
HIDDEN const uint8_t *arbor_yb_flow(state *s, const uint8_t *p, const uint8_t **end, int32_t depth);
/// Tells the input's lease how far it has been read (to `pos`), or gives those pages back (`context` the state).
HIDDEN void arbor_yb_report_read_to(void *context, int64_t pos);

/// Tells the input's lease that the reading has passed `pos`, every 256 KiB or so.
static inline void arbor_yb_passed(state *s, int64_t pos) {
    if (s->reports_reads && pos - s->reported >= (1 << 18)) arbor_yb_report_read_to(s, pos);
}
HIDDEN int arbor_yb_block_scalar(state *s, const uint8_t *p, const uint8_t *end, int32_t parent);

/// Reads a value's anchor and tag from `*at` (each at most once, in either order) and the spaces after them: 1
/// with `*at` past them, 0 when they are not ones this reader takes.
HIDDEN int arbor_yb_props(state *s, const uint8_t **at, const uint8_t *end, props *read);
/// Records `read` for the value about to be written at the text's end, inside `flow_levels` flow collections: the
/// mark's index, -1 without memory.
HIDDEN int64_t arbor_yb_mark(state *s, const props *read, int32_t flow_levels);
/// The value marked `index` ends at the text's end; an anchor's later aliases repeat it. 0 without memory.
HIDDEN int arbor_yb_mark_end(state *s, int64_t index);
/// The value marked `index`, if anchored, is the one its name's later aliases repeat. 0 without memory.
HIDDEN int arbor_yb_define(state *s, int64_t index);
/// The alias at `p` (its `*`), inside `depth` collections: the anchored value's copy written and marked; the
/// byte after its name, or NULL when it is not one this reader takes.
HIDDEN const uint8_t *arbor_yb_alias(state *s, const uint8_t *p, const uint8_t *end, int flow, int32_t depth);
/// The flow collection `depth` flow collections deep is at `member` (see arbor_yaml_json's paths); 0 without memory.
HIDDEN int arbor_yb_flow_member(state *s, int32_t depth, int64_t member);
/// Keeps `count` bytes at `text` (a name or tag) in `o`'s names: where they start there, -1 without memory or
/// past the 4 GiB a mark's `uint32_t` points into.
HIDDEN int64_t arbor_yb_keep_name(arbor_yaml_json *o, const uint8_t *text, int64_t count);
/// Makes room for `needed` items of `size` bytes at `*items` (`*capacity` of them), doubling: 0 without memory.
HIDDEN int arbor_yb_grow(void **items, int64_t *capacity, int64_t needed, size_t size);
/// Lets the anchors' table and the flow collections' members go.
HIDDEN void arbor_yb_free_marks(state *s);
/// The table's slot for the anchor named by `count` bytes at `name`: the one holding it, or the empty one where
/// it goes; NULL when the table cannot grow.
HIDDEN anchor_slot *arbor_yb_slot_for(state *s, const uint8_t *name, int32_t count);
/// The copy kept of the value a slot's anchor marks; NULL for none.
static inline const kept_copy *arbor_yb_copy_of(const state *s, const anchor_slot *slot) {
    return slot->copy > 0 && s->copies[slot->copy - 1].bytes ? &s->copies[slot->copy - 1] : NULL;
}
/// Copies the text of the value `mark` holds for its anchor's aliases (`slot`), its line breaks left out, read from
/// the held text or from its file: 0 when it cannot.
HIDDEN int arbor_yb_copy_value(state *s, const arbor_yaml_value_mark *mark, anchor_slot *slot);
/// A second part's alias (the mark numbered `mark`) of an anchor it has not read, its copy written where the parts
/// are joined; in a block (not `flow`), a place among the flow collections is kept for a copy of a collection.
HIDDEN int arbor_yb_wait(state *s, int64_t mark, int flow);
/// Whether an alias waits for its copy between `start` and `end` of a second part's text.
HIDDEN int arbor_yb_waits_within(const state *s, int64_t start, int64_t end);
/// Whether every alias `part` left waiting repeats an anchor this part has read, and their copies fit: their
/// copies are then made.
HIDDEN int arbor_yb_part_resolves(state *s, state *part);
/// Appends the second part's text (`part`, written to `out`, from its first byte after its comma) with the copies
/// its waiting aliases stand for, its flow collections and its marks, their offsets moved to where they now are,
/// its anchors' paths and aliases' depths counted from this part's top; its anchors are this part's from here.
HIDDEN void arbor_yb_put_part_marked(state *s, state *part, arbor_yaml_json *out);

/// The events held before they are handed to the sink.
enum { EVENT_CAPACITY = 4096 };

/// Hands the events held to the sink (none are lost: where it cannot, the index is lost).
HIDDEN void arbor_yb_hand_events(state *s);
/// The containers handed are no longer the text's: none are handed from here.
HIDDEN void arbor_yb_lose_index(state *s);
/// Keeps where a second part's entry of its first sequence starts (the text's end): the index is lost without memory.
HIDDEN void arbor_yb_keep_entry(state *s);
/// Hands the containers of a copy written at `at` (`count` bytes of JSON text, a value of `parent` at `place`).
HIDDEN void arbor_yb_index_copy(state *s, const uint8_t *text, int64_t count, int64_t at, int32_t parent, int64_t place);
/// Puts a second part's containers (its text's offsets moved on by `shift`) after this part's, its first sequence's
/// members those of this part's open sequence from its member `first_entry` on.
HIDDEN void arbor_yb_join_index(state *s, state *part, int64_t shift, int64_t first_entry);

static inline void arbor_yb_event(state *s, int32_t kind, int64_t offset, int32_t a, int64_t b) {
    if (offset > s->sink->offset_limit) {
        arbor_yb_lose_index(s);
        return;
    }
    if (s->event_count == EVENT_CAPACITY) arbor_yb_hand_events(s);
    s->events[s->event_count++] = (arbor_json_event){ offset, a, (int32_t)b, kind };
}

/// Opens a container at the text's end, a member of `parent` at `place`: its number (-1 when none are handed).
static inline int32_t arbor_yb_open_container(state *s, int32_t parent, int64_t place) {
    if (!s->sink || s->index_lost) return -1;
    if (s->next_container == INT32_MAX || place > INT32_MAX) {
        arbor_yb_lose_index(s);
        return -1;
    }
    arbor_yb_event(s, ARBOR_JSON_OPEN, arbor_yb_written(s), parent, place);
    s->events_opened++;
    return s->next_container++;
}

/// Closes a container just past the text's end, with its `members`.
static inline void arbor_yb_close_container(state *s, int32_t container, int64_t members) {
    if (!s->sink || s->index_lost) return;
    if (members > INT32_MAX) {
        arbor_yb_lose_index(s);
        return;
    }
    arbor_yb_event(s, ARBOR_JSON_CLOSE, arbor_yb_written(s), container, members);
}

/// Member `member` of `container` starts past the comma at the text's end: a checkpoint every 64 members; a second
/// part's entry of its first sequence, kept.
static inline void arbor_yb_member_starts(state *s, int32_t container, int64_t member) {
    if (!s->sink || s->index_lost) return;
    if (container == ARBOR_YAML_PART_SEQUENCE) {
        arbor_yb_keep_entry(s);
    } else if (member > 0 && (member & 63) == 0) {
        arbor_yb_event(s, ARBOR_JSON_CHECKPOINT, arbor_yb_written(s), container, 0);
    }
}

#endif
