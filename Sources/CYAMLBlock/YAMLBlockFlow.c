// The block-style YAML reader's flow collections: a sequence or mapping in brackets or braces
// (`args: [--port, "8080"]`, `limits: {cpu: 1, memory: 1Gi}`), written as JSON, each of its values on its line.
// One may go on over lines (JSON written as YAML), its line breaks between its tokens and its lines indented
// past the block it is in. Its values may have anchors and tags, and be aliases. A comment may end a line of one
// over lines after a comma, past its first line: the file read whole gives such a comment to no value (a comma
// stands between it and the value before). One that holds any other comment, a scalar over lines, a single-pair
// mapping (`[a: b]`), a key without a value, a value on the line after its key or its anchor, an anchor, tag or
// alias as a key gives way.
#include "YAMLBlockState.h"

static inline int is_flow_indicator(uint8_t b) { return b == ',' || b == '[' || b == ']' || b == '{' || b == '}'; }

static inline const uint8_t *skip_spaces(const uint8_t *r, const uint8_t *end) {
    while (r < end && *r == ' ') r++;
    return r;
}

// A plain scalar inside a flow collection from `p`: its end (trailing spaces left out), or NULL when it is not
// one this reader takes. It ends before a flow indicator or a colon followed by space or one.
static const uint8_t *flow_plain_end(const uint8_t *p, const uint8_t *end, int *escapes) {
    if (arbor_yb_indicator[*p] && !(*p == '-' && p + 1 < end && p[1] != ' ' && !is_flow_indicator(p[1]))) return NULL;
    const uint8_t *r = p;
    *escapes = 0;
    while (r < end) {
        uint8_t b = *r;
        if (is_flow_indicator(b)) break;
        if (b == ':' && (r + 1 == end || r[1] == ' ' || is_flow_indicator(r[1]))) break;
        if (b == '#' && r[-1] == ' ') return NULL;
        if (b == '"' || b == '\\') {
            *escapes = 1;
        } else if (b < 0x20 || b == 0x7F) {
            return NULL;
        } else if (b >= 0x80) {
            int k = arbor_yb_printable_utf8(r, end);
            if (!k) return NULL;
            r += k;
            continue;
        }
        r++;
    }
    while (r > p && r[-1] == ' ') r--;
    return r;
}

// Whether the `#` at `r` starts a comment this reader passes: after a blank and a comma before it on its line,
// past the line the outermost flow collection starts on (see the top).
static int passes_comment(state *s, const uint8_t *r, const uint8_t *end) {
    const uint8_t *line = s->bytes + s->pos, *q = r;
    while (q > line && q[-1] == ' ') q--;
    return q < r && q > line && q[-1] == ',' && s->line != s->flow_first_line && arbor_yb_comment(s, r, end);
}

// Spaces, comments and the line breaks between a flow collection's tokens: the next token, `*end` the end of its
// line; NULL at the input's end or at a line this reader does not take (indented to the column of the block the
// collection is in or less, a document marker).
static const uint8_t *flow_space(state *s, const uint8_t *r, const uint8_t **end) {
    r = skip_spaces(r, *end);
    if (r < *end && *r == '#' && passes_comment(s, r, *end)) r = *end;
    const uint8_t *last = s->bytes + s->n;
    while (r == *end) {
        if (r == last) return NULL;
        s->pos = arbor_yb_next_line(s, r);
        s->line++;
        if (s->cancel && atomic_load_explicit(s->cancel, memory_order_relaxed)) return NULL;
        arbor_yb_passed(s, s->pos);
        const uint8_t *line = s->bytes + s->pos;
        *end = arbor_yb_line_end(line, last);
        r = skip_spaces(line, *end);
        if (r == *end) continue;
        if (r - line <= s->flow_indent) return NULL;
        if (r == line && *end - r >= 3 && (*r == '-' || *r == '.') && r[1] == *r && r[2] == *r && (*end - r == 3 || r[3] == ' ')) return NULL;
    }
    return r;
}

// A scalar or collection inside a flow collection from `p`, written as JSON on its line: the byte after it, or
// NULL; `*end` is the end of the line it ends on.
static const uint8_t *flow_value(state *s, const uint8_t *p, const uint8_t **end, int32_t depth);

// A value with an anchor or tag inside a flow collection `depth` deep, from `p` (its `&` or `!`), as flow_value.
static const uint8_t *marked_flow_value(state *s, const uint8_t *p, const uint8_t **end, int32_t depth) {
    props read;
    if (!arbor_yb_props(s, &p, *end, &read) || p == *end || *p == '*' || *p == '&' || *p == '!') return NULL;
    int64_t mark = arbor_yb_mark(s, &read, depth + 1);
    if (mark < 0) return NULL;
    s->as_text = read.tag && *p != '[' && *p != '{';
    const uint8_t *after = flow_value(s, p, end, depth);
    s->as_text = 0;
    return after && arbor_yb_mark_end(s, mark) ? after : NULL;
}

static const uint8_t *flow_value(state *s, const uint8_t *p, const uint8_t **end, int32_t depth) {
    if (p == *end) return NULL;
    line_up(s);
    if (*p == '&' || *p == '!') return marked_flow_value(s, p, end, depth);
    if (*p == '*') return arbor_yb_alias(s, p, *end, 1, s->depth + depth + 1);
    if (*p == '[' || *p == '{') return arbor_yb_flow(s, p, end, depth + 1);
    if (*p == '"' || *p == '\'') {
        const uint8_t *after = arbor_yb_quoted(s, p, *end);
        if (after) arbor_yb_quote(s, s->scratch, s->scratch_count, 1);
        return after;
    }
    int escapes;
    const uint8_t *last = flow_plain_end(p, *end, &escapes);
    if (!last || last == p || arbor_yb_plain_value(s, p, last - p, escapes) != OK) return NULL;
    return last;
}

// A mapping's key from `p`, written as a JSON string with its colon on its line: the byte after the colon, or
// NULL.
static const uint8_t *flow_key(state *s, const uint8_t *p, const uint8_t *end, int32_t depth) {
    const uint8_t *r;
    line_up(s);
    if (!arbor_yb_flow_member(s, depth, -1 - arbor_yb_written(s))) return NULL;
    if (*p == '"' || *p == '\'') {
        r = arbor_yb_quoted(s, p, end);
        if (!r) return NULL;
        arbor_yb_quote(s, s->scratch, s->scratch_count, 1);
        r = skip_spaces(r, end);
    } else {
        int escapes;
        const uint8_t *last = flow_plain_end(p, end, &escapes);
        if (!last || last == p) return NULL;
        arbor_yb_quote(s, p, last - p, escapes);
        r = skip_spaces(last, end);
    }
    if (r == end || *r != ':') return NULL;
    put(s, ':');
    return r + 1;
}

const uint8_t *arbor_yb_flow(state *s, const uint8_t *p, const uint8_t **end, int32_t depth) {
    if (s->depth + depth + 1 >= s->depth_limit) return NULL;
    if (s->depth + depth + 1 > s->deepest) s->deepest = s->depth + depth + 1;
    int is_map = *p == '{';
    uint8_t close = is_map ? '}' : ']';
    // The outermost is a member of the block collection it is in, if any.
    const frame *block = depth == 0 && s->depth > 0 ? &s->frames[s->depth - 1] : NULL;
    int32_t container = depth > 0 ? arbor_yb_open_container(s, s->flow_parent, s->flow_place)
                                  : arbor_yb_open_container(s, block ? block->container : -1, block ? block->count - 1 : 0);
    put(s, *p);
    const uint8_t *r = flow_space(s, p + 1, end);
    for (int64_t count = 0;; count++) {
        if (!r) return NULL;
        if (*r == close) {
            put(s, close);
            arbor_yb_close_container(s, container, count);
            return r + 1;
        }
        if (count) {
            put(s, ',');
            arbor_yb_member_starts(s, container, count);
        }
        s->flow_parent = container;
        s->flow_place = count;
        if (is_map) {
            r = flow_key(s, r, *end, depth);
            if (!r) return NULL;
            r = skip_spaces(r, *end);
        } else if (!arbor_yb_flow_member(s, depth, count)) {
            return NULL;
        }
        r = flow_value(s, r, end, depth);
        if (r) r = flow_space(s, r, end);
        if (!r) return NULL;
        if (*r == ',') {
            r = flow_space(s, r + 1, end);
        } else if (*r != close) {
            return NULL;
        }
    }
}
