// The block-style YAML reader's scalars: plain, quoted on one line, literal and folded; typed and checked as
// the parser reads them (YAML 1.2).
#include "YAMLBlockState.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The length of the UTF-8 character at `p` if it is one YAML reads as a printable character that is not a
// line break or a byte order mark; 0 otherwise.
int arbor_yb_printable_utf8(const uint8_t *p, const uint8_t *end) {
    uint8_t b = p[0];
    uint32_t c;
    int k;
    if (b < 0xC2) return 0;
    if (b < 0xE0) { k = 2; c = b & 0x1F; }
    else if (b < 0xF0) { k = 3; c = b & 0x0F; }
    else if (b < 0xF5) { k = 4; c = b & 0x07; }
    else return 0;
    if (end - p < k) return 0;
    for (int i = 1; i < k; i++) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        c = (c << 6) | (p[i] & 0x3F);
    }
    if ((k == 3 && c < 0x800) || (k == 4 && (c < 0x10000 || c > 0x10FFFF))) return 0;
    if (c < 0xA0 || (c >= 0xD800 && c <= 0xDFFF) || c == 0x2028 || c == 0x2029 || c == 0xFEFF || c == 0xFFFE || c == 0xFFFF) return 0;
    return k;
}

// Whether `p..end` holds only printable characters and no tab (a comment, a block scalar's line).
int arbor_yb_printable(const uint8_t *p, const uint8_t *end) {
    while (p < end) {
        uint8_t b = *p;
        if (b >= 0x20 && b < 0x7F) { p++; continue; }
        if (b < 0x80) return 0;
        int k = arbor_yb_printable_utf8(p, end);
        if (!k) return 0;
        p += k;
    }
    return 1;
}

int arbor_yb_comment(state *s, const uint8_t *p, const uint8_t *end) {
    s->commented = 1;
    return arbor_yb_printable(p, end);
}

// Whether what follows a value from `p` is nothing but spaces and a comment.
int arbor_yb_ends_line(state *s, const uint8_t *p, const uint8_t *end) {
    const uint8_t *r = p;
    while (r < end && *r == ' ') r++;
    if (r == end) return 1;
    return *r == '#' && r > p && arbor_yb_comment(s, r, end);
}

// The first byte from `r` that is special to a plain scalar (see plain_special), or `end`.
static inline const uint8_t *next_special(const uint8_t *r, const uint8_t *end) {
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(0x20), del = _mm_set1_epi8(0x7F), colon = _mm_set1_epi8(':'),
                  hash = _mm_set1_epi8('#'), quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    while (end - r >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)r);
        // Signed, bytes past ASCII are below 0x20 too.
        __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(v, space), _mm_cmpeq_epi8(v, del)),
                                   _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, colon), _mm_cmpeq_epi8(v, hash)),
                                                _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash))));
        int mask = _mm_movemask_epi8(hit);
        if (mask) return r + __builtin_ctz((unsigned)mask);
        r += 16;
    }
#endif
    while (r < end && !arbor_yb_plain_special[*r]) r++;
    return r;
}

// A plain scalar from `p`: its end, or NULL when it is not one this reader takes. `key` ends it at ": ";
// `escapes` is set when its text holds a byte a JSON string escapes.
const uint8_t *arbor_yb_plain_end(state *s, const uint8_t *p, const uint8_t *end, int key, const uint8_t **after, int *escapes) {
    if (arbor_yb_indicator[*p] && !(*p == '-' && p + 1 < end && p[1] != ' ')) return NULL;
    const uint8_t *r = p;
    *escapes = 0;
    while (1) {
        r = next_special(r, end);
        if (r == end) break;
        uint8_t b = *r;
        if (arbor_yb_plain_special[b] == 2) {
            *escapes = 1;
        } else if (b == ':') {
            if (r + 1 == end || r[1] == ' ') {
                if (!key) return NULL;
                *after = r + 1;
                break;
            }
        } else if (b == '#') {
            if (r[-1] == ' ') break;
        } else if (b >= 0x80) {
            int k = arbor_yb_printable_utf8(r, end);
            if (!k) return NULL;
            r += k;
            continue;
        } else {
            return NULL;
        }
        r++;
    }
    if (key && r == end) return NULL;
    if (key && *r == '#') return NULL;
    if (!key) {
        if (r < end && !arbor_yb_comment(s, r, end)) return NULL;
        *after = end;
    }
    while (r > p && r[-1] == ' ') r--;
    return r;
}

const uint8_t *arbor_yb_quoted_run(state *s, uint8_t mark, const uint8_t *r, const uint8_t *end, int *closed,
                                   int *escaped_break, int64_t *kept) {
    const uint8_t *run = r;
    *closed = 0;
    *escaped_break = 0;
    while (r < end) {
        uint8_t b = *r;
        if (b == mark) {
            if (mark == '\'' && r + 1 < end && r[1] == '\'') {
                if (!arbor_yb_scratch_put(s, run, r + 1 - run)) return NULL;
                *kept = s->scratch_count;
                r += 2;
                run = r;
                continue;
            }
            *closed = 1;
            return arbor_yb_scratch_put(s, run, r - run) ? r + 1 : NULL;
        }
        if (b >= 0x20 && b < 0x7F && b != '\\') { r++; continue; }
        if (b >= 0x80) {
            int k = arbor_yb_printable_utf8(r, end);
            if (!k) return NULL;
            r += k;
            continue;
        }
        if (b != '\\' || mark == '\'') {
            if (b == '\\') { r++; continue; }
            return NULL;
        }
        if (!arbor_yb_scratch_put(s, run, r - run)) return NULL;
        if (r + 1 >= end) {
            *escaped_break = 1;
            return end;
        }
        uint32_t c;
        int32_t length = arbor_yaml_escape(r, end, &c);
        if (!length) return NULL;
        r += length;
        if (!arbor_yb_scratch_code_point(s, c)) return NULL;
        *kept = s->scratch_count;
        run = r;
    }
    return arbor_yb_scratch_put(s, run, r - run) ? end : NULL;
}

// A quoted scalar of one line from `p` (its opening quote), decoded into the scratch: the byte after its
// closing quote, or NULL.
const uint8_t *arbor_yb_quoted(state *s, const uint8_t *p, const uint8_t *end) {
    int closed, escaped_break;
    int64_t kept = 0;
    s->scratch_count = 0;
    const uint8_t *after = arbor_yb_quoted_run(s, *p, p + 1, end, &closed, &escaped_break, &kept);
    return closed ? after : NULL;
}

// The JSON literal of a core-schema boolean or null, or NULL.
static const char *literal_word(const uint8_t *text, int64_t count) {
    if (count == 1) return text[0] == '~' ? "null" : NULL;
    if (count == 4) {
        if (!memcmp(text, "true", 4) || !memcmp(text, "True", 4) || !memcmp(text, "TRUE", 4)) return "true";
        if (!memcmp(text, "null", 4) || !memcmp(text, "Null", 4) || !memcmp(text, "NULL", 4)) return "null";
    }
    if (count == 5 && (!memcmp(text, "false", 5) || !memcmp(text, "False", 5) || !memcmp(text, "FALSE", 5))) return "false";
    return NULL;
}

// A plain scalar typed by YAML 1.2's core schema, as the transcoder writes it.
int arbor_yb_plain_value(state *s, const uint8_t *text, int64_t count, int escapes) {
    if (s->as_text) {
        arbor_yb_quote(s, text, count, escapes);
        return OK;
    }
    uint8_t first = text[0];
    if ((first >= '0' && first <= '9') || first == '-' || first == '+' || first == '.') {
        int64_t start = first == '-' ? 1 : 0;
        int64_t digits = 0;
        while (start + digits < count && text[start + digits] >= '0' && text[start + digits] <= '9') digits++;
        if (start + digits == count && digits > 0 && digits <= 15 && (digits == 1 || text[start] != '0')) {
            put_run(s, text, count);
            return OK;
        }
        // A number has a digit or a `.` after its sign: `--port` and `-v` are text without asking.
        int64_t body = first == '-' || first == '+' ? 1 : 0;
        uint8_t lead = body < count ? text[body] : 0;
        if ((lead >= '0' && lead <= '9') || lead == '.') {
            uint8_t literal[ARBOR_YAML_NUMBER_BYTES];
            int32_t written = s->numbers(text, count, literal);
            if (written < 0) return GIVE_WAY;
            if (written > 0) { put_run(s, literal, written); return OK; }
        }
    } else if (count <= 5) {
        const char *word = literal_word(text, count);
        if (word) { put_run(s, (const uint8_t *)word, (int64_t)strlen(word)); return OK; }
    }
    arbor_yb_quote(s, text, count, escapes);
    return OK;
}

// The lines of a literal or folded block scalar whose indicator is at `p`, read as YAML 1.2 reads them; the
// reading goes on at the line that ends it.
int arbor_yb_block_scalar(state *s, const uint8_t *p, const uint8_t *end, int32_t parent) {
    int literal = *p == '|';
    int chomping = 0;
    const uint8_t *r = p + 1;
    if (r < end && (*r == '-' || *r == '+')) { chomping = *r == '-' ? -1 : 1; r++; }
    if (!arbor_yb_ends_line(s, r, end) || (r < end && *r != ' ')) return GIVE_WAY;
    arbor_yaml_text text = { s->scratch, 0, s->scratch_capacity, arbor_yb_report_read_to, s };
    int64_t lines = 0;
    int64_t pos = arbor_yaml_block_scalar_text(s->bytes, s->n, arbor_yb_next_line(s, end), literal, chomping, parent, &text, &lines);
    s->scratch = text.bytes;
    s->scratch_capacity = text.capacity;
    s->scratch_count = text.count;
    if (pos < 0) return GIVE_WAY;
    int64_t line = s->line + 1 + lines;
    arbor_yb_quote(s, s->scratch, s->scratch_count, 1);
    s->pos = pos;
    s->line = line;
    return ADVANCED;
}

