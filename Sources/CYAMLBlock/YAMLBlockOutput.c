// The block-style YAML reader's output: JSON strings, and the scratch a scalar is decoded into.
#include "YAMLBlockState.h"

// What a byte is to a plain scalar: 0 nothing special; 1 a byte that may end it (':', '#'), a control, tab or
// DEL, or a byte past ASCII (checked as UTF-8 and as printable); 2 a byte a JSON string escapes ('"', '\\').
HIDDEN uint8_t arbor_yb_plain_special[256];
// Bytes a JSON string escapes.
static uint8_t json_escaped[256];
// Bytes that cannot start a plain scalar (but '-' before a non-space).
HIDDEN uint8_t arbor_yb_indicator[256];

void arbor_yb_make_tables(void) {
    if (arbor_yb_indicator['-']) return;
    for (int b = 0; b < 256; b++) {
        arbor_yb_plain_special[b] = (uint8_t)(b < 0x20 || b == 0x7F || b >= 0x80 || b == ':' || b == '#');
        json_escaped[b] = (uint8_t)(b < 0x20 || b == '"' || b == '\\');
    }
    arbor_yb_plain_special['"'] = arbor_yb_plain_special['\\'] = 2;
    for (const char *c = "-?:,[]{}#&*!|>'\"%@`"; *c; c++) arbor_yb_indicator[(uint8_t)*c] = 1;
}

int arbor_yb_reserve(state *s, int64_t more) {
    arbor_yaml_json *o = s->out;
    if (o->count + more <= o->capacity) return 1;
    // A text held whole until it outgrew what is held of one: written to its file from here.
    if (o->descriptor < 0 && s->spill_directory && s->spill_held > 0 && o->count + more > s->spill_held
        && arbor_yb_start_spilling(o, s->spill_directory, s->spill_window) && o->count + more <= o->capacity) return 1;
    if (o->descriptor >= 0) {
        if (!arbor_yb_flush(o) && !arbor_yb_unspill(o)) { s->failed = 1; return 0; }
        if (o->count + more <= o->capacity) return 1;
    }
    int64_t capacity = o->capacity * 2 > o->count + more ? o->capacity * 2 : o->count + more + 4096;
    uint8_t *grown = realloc(o->bytes, (size_t)capacity);
    if (!grown) { s->failed = 1; return 0; }
    o->bytes = grown;
    o->capacity = capacity;
    return 1;
}

void arbor_yb_put_long_run(state *s, const uint8_t *run, int64_t count) {
    arbor_yaml_json *o = s->out;
    while (o->descriptor >= 0 && count > o->capacity - o->count) {
        int64_t room = o->capacity - o->count;
        memcpy(o->bytes + o->count, run, (size_t)room);
        o->count += room;
        run += room;
        count -= room;
        if (!arbor_yb_flush(o)) break;
    }
    if (!arbor_yb_reserve(s, count)) return;
    memcpy(o->bytes + o->count, run, (size_t)count);
    o->count += count;
}

int arbor_yb_record_flow(arbor_yaml_json *out, int64_t start, int64_t end) {
    if (out->flow_count + 2 > out->flow_capacity) {
        int64_t capacity = out->flow_capacity ? out->flow_capacity * 2 : 256;
        int64_t *grown = realloc(out->flows, sizeof(int64_t) * (size_t)capacity);
        if (!grown) return 0;
        out->flows = grown;
        out->flow_capacity = capacity;
    }
    out->flows[out->flow_count++] = start;
    out->flows[out->flow_count++] = end;
    return 1;
}

static void quote_plain(state *s, const uint8_t *text, int64_t count) {
    arbor_yaml_json *o = s->out;
    // Room for the whole string checked once: its run is then copied as any other.
    if (o->count + count + 2 <= o->capacity) {
        o->bytes[o->count++] = '"';
        put_run(s, text, count);
        o->bytes[o->count++] = '"';
        return;
    }
    put(s, '"');
    put_run(s, text, count);
    put(s, '"');
}

static void quote_escaped(state *s, const uint8_t *text, int64_t count) {
    static const char hex[] = "0123456789abcdef";
    put(s, '"');
    int64_t run = 0;
    for (int64_t i = 0; i < count; i++) {
        uint8_t b = text[i];
        if (!json_escaped[b]) continue;
        put_run(s, text + run, i - run);
        run = i + 1;
        put(s, '\\');
        switch (b) {
        case '"': case '\\': put(s, b); break;
        case '\n': put(s, 'n'); break;
        case '\r': put(s, 'r'); break;
        case '\t': put(s, 't'); break;
        default:
            put_run(s, (const uint8_t *)"u00", 3);
            put(s, (uint8_t)hex[b >> 4]);
            put(s, (uint8_t)hex[b & 15]);
        }
    }
    put_run(s, text + run, count - run);
    put(s, '"');
}

int arbor_yb_scratch_put(state *s, const uint8_t *run, int64_t count) {
    if (s->scratch_count + count > s->scratch_capacity) {
        int64_t capacity = (s->scratch_count + count) * 2 + 256;
        uint8_t *grown = realloc(s->scratch, (size_t)capacity);
        if (!grown) { s->failed = 1; return 0; }
        s->scratch = grown;
        s->scratch_capacity = capacity;
    }
    memcpy(s->scratch + s->scratch_count, run, (size_t)count);
    s->scratch_count += count;
    return 1;
}

int arbor_yb_scratch_code_point(state *s, uint32_t c) {
    uint8_t b[4];
    return arbor_yb_scratch_put(s, b, arbor_yaml_utf8(c, b));
}

void arbor_yb_quote(state *s, const uint8_t *text, int64_t count, int escapes) {
    if (escapes) quote_escaped(s, text, count); else quote_plain(s, text, count);
}
