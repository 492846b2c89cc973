#ifndef ARBOR_JSON_SCAN_H
#define ARBOR_JSON_SCAN_H

#include <stdint.h>

/// What a scan found for the index: a container opened (`a` its parent, `b` its place there), closed (`a` the
/// container, `b` its members) or a checkpoint (`a` the container) at `offset`.
typedef enum { ARBOR_JSON_OPEN = 0, ARBOR_JSON_CLOSE = 1, ARBOR_JSON_CHECKPOINT = 2 } arbor_json_event_kind;

typedef struct {
    int64_t offset;
    int32_t a;
    int32_t b;
    int32_t kind;
} arbor_json_event;

/// A container being scanned.
typedef struct {
    int32_t container;
    int32_t members;
    int32_t is_object;
} arbor_json_frame;

/// How a run of the scan ended.
typedef enum {
    /// The value was scanned whole; `position` is just past it.
    ARBOR_JSON_DONE = 0,
    /// The bytes are not one well-formed value.
    ARBOR_JSON_MALFORMED = 1,
    /// At the first comma between two members at or after `stop_at`; the open containers are on the stack.
    ARBOR_JSON_STOPPED = 2,
    /// The events are full or `pause_at` was passed: take the events and run again.
    ARBOR_JSON_PAUSED = 3,
} arbor_json_status;

/// One scan of a JSON value from `position`, validating it and reporting its containers as events.
typedef struct {
    const uint8_t *bytes;
    int64_t count;
    int64_t position;
    int64_t stop_at;
    int64_t pause_at;
    int32_t parent;
    int32_t member_index;
    int32_t next_container;
    int32_t stride;
    int32_t expect_value;
    arbor_json_frame *stack;
    int64_t depth;
    int64_t stack_capacity;
    int32_t stack_owned;
    arbor_json_event *events;
    int64_t event_count;
    int64_t event_capacity;
    int64_t opened;
    int32_t records;
} arbor_json_scan;

/// Starts a scan of the value at `position` (space before it skipped), its containers numbered from
/// `next_container`, the outermost under `parent` at `member_index`, a checkpoint every `stride` members (a power
/// of two); `stack` (of `stack_capacity` frames) and
/// `events` (of `event_capacity`, at least 4) are the caller's, the stack replaced by the scan's own if it grows.
/// A scan may start inside a container, at a comma between two of its members: its frame first on `stack` (numbered
/// below 0, so that a checkpoint is reported at each of its members), `depth` 1 and `expect_value` 0.
void arbor_json_scan_begin(arbor_json_scan *scan, const uint8_t *bytes, int64_t count, int64_t position,
                           int64_t stop_at, int32_t parent, int32_t member_index, int32_t next_container,
                           int32_t stride, arbor_json_frame *stack, int64_t stack_capacity,
                           arbor_json_event *events, int64_t event_capacity);

/// Runs the scan on from where it stopped, its events from the start of `events`.
arbor_json_status arbor_json_scan_run(arbor_json_scan *scan);

/// The offset just past the well-formed value at `position` (space before it skipped), or -1 when the bytes
/// there are not one; nothing is recorded.
int64_t arbor_json_skip_value(const uint8_t *bytes, int64_t count, int64_t position);

/// The offset just past the object or array whose bracket is at `position`, found by counting the brackets
/// outside strings, 64 bytes at a time, without checking anything else: for well-formed bytes the end the full
/// scan finds; -1 when the brackets do not close.
int64_t arbor_json_container_end(const uint8_t *bytes, int64_t count, int64_t position);

/// Moves `*position` from a string's opening quote past its closing one and returns 1; returns 0 with
/// `*position` at the byte that ends it short (a raw control character, a bad escape, the end).
int arbor_json_skip_string(const uint8_t *bytes, int64_t count, int64_t *position);

/// Whether a string of the JSON text `bytes` may hold a JSON object or array: 1 where a quote is followed by
/// spaces and `{` or `[`, or by a backslash (an escape that may stand for either); 0 otherwise.
int arbor_json_strings_may_hold_documents(const uint8_t *bytes, int64_t count);

/// How a search for a member by name ended (see arbor_json_find_member).
typedef enum {
    /// The member: `*position` is at its value.
    ARBOR_JSON_MEMBER_FOUND = 0,
    /// The object ends at `*position` (its closing brace) without it.
    ARBOR_JSON_MEMBER_ABSENT = 1,
    /// Another member's value is an object or array at `*position`: the caller passes it and searches on after it.
    ARBOR_JSON_MEMBER_NESTED = 2,
    /// A key holding an escape starts at `*position`: the caller compares it decoded.
    ARBOR_JSON_MEMBER_ESCAPED = 3,
    /// The bytes are not an object's members.
    ARBOR_JSON_MEMBER_MALFORMED = 4,
} arbor_json_member_search;

/// Searches an object's members from `*position` (a member's start, or the space or comma before it) for the
/// one whose key is `name` (`name_count` bytes, written without escapes), reading keys and scalars as the scan
/// does, stopping at a value that is an object or array.
arbor_json_member_search arbor_json_find_member(const uint8_t *bytes, int64_t count, int64_t *position, const uint8_t *name,
                                                int64_t name_count);

/// Frees what the scan allocated.
void arbor_json_scan_end(arbor_json_scan *scan);

/// Asks for the cache line at `address` to be read ahead of its use (nothing happens where nothing is mapped).
static inline void arbor_json_prefetch(const uint8_t *address) { __builtin_prefetch(address, 0, 0); }

#endif
