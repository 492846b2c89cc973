#include "CJSONScan.h"
#include "JSONTokens.h"

#include <stdlib.h>
#include <string.h>

/// The scan's hot state, held in locals (the compiler cannot keep fields of the scan in registers across the
/// writes of events, which might alias them).
typedef struct {
    arbor_json_event *restrict events;
    int64_t event_count;
    int64_t opened;
    int32_t records;
    /// The checkpoint stride less one (the stride is a power of two: no division per member).
    int32_t stride_mask;
} recorder;

static inline void emit(recorder *out, int32_t kind, int64_t offset, int32_t a, int32_t b) {
    if (!out->records) return;
    arbor_json_event *event = &out->events[out->event_count++];
    event->offset = offset;
    event->a = a;
    event->b = b;
    event->kind = kind;
}

/// Counts a member starting at `offset`, a checkpoint at every `stride`-th (at every one of a container the scan
/// started inside, numbered below 0); 0 past 2^31 members.
static inline int count_member(recorder *out, arbor_json_frame *frame, int64_t offset) {
    if (frame->members == INT32_MAX) return 0;
    if (frame->container < 0 || (frame->members > 0 && (frame->members & out->stride_mask) == 0)) {
        emit(out, ARBOR_JSON_CHECKPOINT, offset, frame->container, 0);
    }
    frame->members++;
    return 1;
}

/// Reads `"key"` and the colon after it, counting the member.
static inline __attribute__((always_inline)) int read_key(const uint8_t *bytes, int64_t count, recorder *out, arbor_json_frame *frame, int64_t *position) {
    if (*position >= count || bytes[*position] != '"' || !count_member(out, frame, *position)) return 0;
    if (!skip_string(bytes, count, position)) return 0;
    skip_space(bytes, count, position);
    if (*position >= count || bytes[*position] != ':') return 0;
    *position += 1;
    return 1;
}

/// Makes room for one more frame; 0 when memory runs out.
static int reserve_frame(arbor_json_scan *scan) {
    if (scan->depth < scan->stack_capacity) return 1;
    int64_t capacity = scan->stack_capacity * 2 + 16;
    arbor_json_frame *grown = malloc((size_t)capacity * sizeof *grown);
    if (!grown) return 0;
    if (scan->depth) memcpy(grown, scan->stack, (size_t)scan->depth * sizeof *grown);
    if (scan->stack_owned) free(scan->stack);
    scan->stack = grown;
    scan->stack_capacity = capacity;
    scan->stack_owned = 1;
    return 1;
}

void arbor_json_scan_begin(arbor_json_scan *scan, const uint8_t *bytes, int64_t count, int64_t position,
                           int64_t stop_at, int32_t parent, int32_t member_index, int32_t next_container,
                           int32_t stride, arbor_json_frame *stack, int64_t stack_capacity,
                           arbor_json_event *events, int64_t event_capacity) {
    *scan = (arbor_json_scan){
        .bytes = bytes, .count = count, .position = position, .stop_at = stop_at, .pause_at = INT64_MAX,
        .parent = parent, .member_index = member_index, .next_container = next_container, .stride = stride,
        .expect_value = 1, .stack = stack, .depth = 0, .stack_capacity = stack_capacity, .stack_owned = 0,
        .events = events, .event_count = 0, .event_capacity = event_capacity, .records = 1,
    };
}

int arbor_json_skip_string(const uint8_t *bytes, int64_t count, int64_t *position) {
    int64_t at = *position + 1;
    int found = 0;
    for (;;) {
        at = next_special(bytes, count, at);
        if (at >= count) break;
        if (bytes[at] == '"') {
            at += 1;
            found = 1;
            break;
        }
        if (bytes[at] < 0x20 || !skip_escapes(bytes, count, &at)) break;
    }
    *position = at;
    return found;
}

int64_t arbor_json_skip_value(const uint8_t *bytes, int64_t count, int64_t position) {
    arbor_json_frame frames[64];
    arbor_json_event events[4];
    arbor_json_scan scan;
    arbor_json_scan_begin(&scan, bytes, count, position, INT64_MAX, -1, 0, 0, 64, frames, 64, events, 4);
    scan.records = 0;
    arbor_json_status status = arbor_json_scan_run(&scan);
    int64_t end = status == ARBOR_JSON_DONE ? scan.position : -1;
    arbor_json_scan_end(&scan);
    return end;
}

/// Bit i set where byte i of the 64 at `block` equals `wanted`, or (with `fold`) where the byte with bit 5 set does.
static inline uint64_t byte_mask(const uint8_t *block, uint8_t wanted, uint8_t fold) {
#if defined(__SSE2__)
    const __m128i target = _mm_set1_epi8((char)wanted), folding = _mm_set1_epi8((char)fold);
    uint64_t mask = 0;
    for (int part = 0; part < 4; part++) {
        __m128i bytes = _mm_or_si128(_mm_loadu_si128((const __m128i *)(block + 16 * part)), folding);
        mask |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, target)) << (16 * part);
    }
    return mask;
#else
    uint64_t mask = 0;
    for (int i = 0; i < 64; i++) mask |= (uint64_t)((block[i] | fold) == wanted) << i;
    return mask;
#endif
}

/// Each bit the parity of the set bits at and below it: which bytes lie between a quote and the next.
static inline uint64_t prefix_xor(uint64_t bits) {
    bits ^= bits << 1;
    bits ^= bits << 2;
    bits ^= bits << 4;
    bits ^= bits << 8;
    bits ^= bits << 16;
    bits ^= bits << 32;
    return bits;
}

int64_t arbor_json_container_end(const uint8_t *bytes, int64_t count, int64_t position) {
    if (position >= count || (bytes[position] != '{' && bytes[position] != '[')) return -1;
    int64_t depth = 0;
    int in_string = 0, escaped = 0;
    uint8_t padded[64];
    for (int64_t start = position; start < count; start += 64) {
        const uint8_t *block = bytes + start;
        if (count - start < 64) {
            memset(padded, ' ', sizeof padded);
            memcpy(padded, block, (size_t)(count - start));
            block = padded;
        }
        uint64_t backslash = byte_mask(block, '\\', 0);
        if (backslash || escaped) {
            // Rare: escapes decide which quotes count, byte by byte.
            for (int i = 0; i < 64; i++) {
                uint8_t byte = block[i];
                if (in_string) {
                    if (escaped) escaped = 0;
                    else if (byte == '\\') escaped = 1;
                    else if (byte == '"') in_string = 0;
                } else if (byte == '"') {
                    in_string = 1;
                } else if ((byte | 0x20) == '{') {
                    depth++;
                } else if ((byte | 0x20) == '}' && --depth == 0) {
                    return start + i + 1;
                }
            }
            continue;
        }
        uint64_t quotes = byte_mask(block, '"', 0);
        uint64_t inside = prefix_xor(quotes) ^ (in_string ? ~(uint64_t)0 : 0);
        in_string = (int)(inside >> 63);
        uint64_t opens = byte_mask(block, '{', 0x20) & ~inside;
        uint64_t closes = byte_mask(block, '}', 0x20) & ~inside;
        if (__builtin_popcountll(closes) < depth) {
            depth += __builtin_popcountll(opens) - __builtin_popcountll(closes);
            continue;
        }
        for (uint64_t brackets = opens | closes; brackets; brackets &= brackets - 1) {
            int i = __builtin_ctzll(brackets);
            if (opens >> i & 1) {
                depth++;
            } else if (--depth == 0) {
                return start + i + 1;
            }
        }
    }
    return -1;
}

void arbor_json_scan_end(arbor_json_scan *scan) {
    if (scan->stack_owned) free(scan->stack);
    scan->stack = NULL;
    scan->stack_owned = 0;
    scan->depth = 0;
}

arbor_json_status arbor_json_scan_run(arbor_json_scan *scan) {
    const uint8_t *bytes = scan->bytes;
    const int64_t count = scan->count, stop_at = scan->stop_at, pause_at = scan->pause_at;
    const int64_t last_room = scan->event_capacity - 3;
    int64_t position = scan->position;
    int expect_value = scan->expect_value;
    arbor_json_frame *stack = scan->stack;
    int64_t depth = scan->depth;
    int32_t next_container = scan->next_container;
    recorder out = {scan->events, 0, 0, scan->records, scan->stride - 1};
    arbor_json_status status;
    for (;;) {
        skip_space(bytes, count, &position);
        if (position >= count) { status = ARBOR_JSON_MALFORMED; break; }
        // A token starts here: a safe place to hand the events over, with room for the three a token can add.
        if (out.event_count > last_room || position >= pause_at) { status = ARBOR_JSON_PAUSED; break; }
        uint8_t byte = bytes[position];
        if (position >= stop_at && !expect_value && depth > 0 && byte == ',') { status = ARBOR_JSON_STOPPED; break; }
        if (expect_value) {
            arbor_json_frame *top = depth > 0 ? &stack[depth - 1] : NULL;
            if (top && !top->is_object && !count_member(&out, top, position)) { status = ARBOR_JSON_MALFORMED; break; }
            if (byte == '{' || byte == '[') {
                if (next_container == INT32_MAX) { status = ARBOR_JSON_MALFORMED; break; }
                int32_t is_object = byte == '{';
                int32_t container = next_container++;
                emit(&out, ARBOR_JSON_OPEN, position, top ? top->container : scan->parent, top ? top->members - 1 : scan->member_index);
                out.opened++;
                position++;
                scan->depth = depth;
                if (!reserve_frame(scan)) { status = ARBOR_JSON_MALFORMED; break; }
                stack = scan->stack;
                stack[depth++] = (arbor_json_frame){container, 0, is_object};
                skip_space(bytes, count, &position);
                if (position >= count) { status = ARBOR_JSON_MALFORMED; break; }
                if (bytes[position] == (is_object ? '}' : ']')) {
                    position++;
                    emit(&out, ARBOR_JSON_CLOSE, position, container, 0);
                    depth--;
                } else if (is_object) {
                    if (!read_key(bytes, count, &out, &stack[depth - 1], &position)) { status = ARBOR_JSON_MALFORMED; break; }
                    continue;
                } else {
                    continue;
                }
            } else if (!skip_scalar(bytes, count, &position)) {
                status = ARBOR_JSON_MALFORMED;
                break;
            }
            expect_value = 0;
            if (depth == 0) { status = ARBOR_JSON_DONE; break; }
            continue;
        }
        if (depth == 0) { status = ARBOR_JSON_DONE; break; }
        arbor_json_frame *frame = &stack[depth - 1];
        if (byte == ',') {
            position++;
            if (frame->is_object) {
                skip_space(bytes, count, &position);
                if (!read_key(bytes, count, &out, frame, &position)) { status = ARBOR_JSON_MALFORMED; break; }
            }
            expect_value = 1;
        } else if (byte == (frame->is_object ? '}' : ']')) {
            position++;
            emit(&out, ARBOR_JSON_CLOSE, position, frame->container, frame->members);
            depth--;
            if (depth == 0) { status = ARBOR_JSON_DONE; break; }
        } else {
            status = ARBOR_JSON_MALFORMED;
            break;
        }
    }
    scan->position = position;
    scan->expect_value = expect_value;
    scan->depth = depth;
    scan->next_container = next_container;
    scan->event_count = out.event_count;
    scan->opened = out.opened;
    return status;
}
