// The tokens of JSON text as the scan and the member search read them, shared by their files.
#ifndef ARBOR_JSON_TOKENS_H
#define ARBOR_JSON_TOKENS_H

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The same grammar as the Swift scanner (JSONDocumentScanner, JSONGrammar): strings without raw control
// characters and with the escapes of RFC 8259, numbers of its grammar, the three literals, and space, tab,
// line feed and carriage return between tokens. Bytes are not checked as UTF-8 there either.

static inline int is_space(uint8_t byte) { return byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09; }

static inline int is_digit(uint8_t byte) { return byte >= '0' && byte <= '9'; }

static inline void skip_space(const uint8_t *bytes, int64_t count, int64_t *position) {
    int64_t at = *position;
    while (at < count && is_space(bytes[at])) at++;
    *position = at;
}

/// The first position from `at` holding a quote, a backslash or a control character, or `count`.
static inline int64_t next_special(const uint8_t *bytes, int64_t count, int64_t at) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), control = _mm_set1_epi8(0x1F);
    while (at + 16 <= count) {
        __m128i block = _mm_loadu_si128((const __m128i *)(bytes + at));
        __m128i found = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)),
                                     _mm_cmpeq_epi8(_mm_max_epu8(block, control), control));
        int mask = _mm_movemask_epi8(found);
        if (mask) return at + __builtin_ctz((unsigned)mask);
        at += 16;
    }
#endif
    while (at < count && bytes[at] != '"' && bytes[at] != '\\' && bytes[at] >= 0x20) at++;
    return at;
}

static const uint8_t is_hex_digit[256] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
    ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1,
    ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
};

static const uint8_t is_short_escape[256] = {
    ['"'] = 1, ['\\'] = 1, ['/'] = 1, ['b'] = 1, ['f'] = 1, ['n'] = 1, ['r'] = 1, ['t'] = 1,
};

/// Moves past the escapes one after another from `*position`, a backslash (text outside ASCII written as `\u`
/// escapes comes so, and is passed here rather than searched for escape by escape); 0 at a bad or cut escape,
/// `*position` then at its backslash.
static inline __attribute__((always_inline)) int skip_escapes(const uint8_t *bytes, int64_t count, int64_t *position) {
    int64_t at = *position;
    int passed = 1;
    while (at < count && bytes[at] == '\\') {
        uint8_t escaped = at + 1 < count ? bytes[at + 1] : 0;
        if (escaped == 'u' && at + 6 <= count &&
            (is_hex_digit[bytes[at + 2]] & is_hex_digit[bytes[at + 3]] & is_hex_digit[bytes[at + 4]] & is_hex_digit[bytes[at + 5]])) {
            at += 6;
        } else if (is_short_escape[escaped]) {
            at += 2;
        } else {
            passed = 0;
            break;
        }
    }
    *position = at;
    return passed;
}

/// Moves past the string whose quote is at `position`; 0 when it is not terminated or holds a raw control
/// character or a bad escape.
static inline __attribute__((always_inline)) int skip_string(const uint8_t *bytes, int64_t count, int64_t *position) {
    int64_t at = *position + 1;
    for (;;) {
        at = next_special(bytes, count, at);
        if (at >= count) return 0;
        uint8_t byte = bytes[at];
        if (byte == '"') {
            *position = at + 1;
            return 1;
        }
        if (byte < 0x20 || !skip_escapes(bytes, count, &at)) return 0;
    }
}

static inline int skip_digits(const uint8_t *bytes, int64_t count, int64_t *position) {
    int64_t at = *position;
    if (at >= count || !is_digit(bytes[at])) return 0;
    while (at < count && is_digit(bytes[at])) at++;
    *position = at;
    return 1;
}

static inline __attribute__((always_inline)) int skip_number(const uint8_t *bytes, int64_t count, int64_t *position) {
    int64_t at = *position;
    if (at < count && bytes[at] == '-') at++;
    if (at < count && bytes[at] == '0') {
        at++;
    } else if (!skip_digits(bytes, count, &at)) {
        return 0;
    }
    if (at < count && bytes[at] == '.') {
        at++;
        if (!skip_digits(bytes, count, &at)) return 0;
    }
    if (at < count && (bytes[at] == 'e' || bytes[at] == 'E')) {
        at++;
        if (at < count && (bytes[at] == '+' || bytes[at] == '-')) at++;
        if (!skip_digits(bytes, count, &at)) return 0;
    }
    *position = at;
    return 1;
}

static inline int skip_literal(const uint8_t *bytes, int64_t count, int64_t *position, const char *literal, int64_t length) {
    if (*position + length > count || memcmp(bytes + *position, literal, (size_t)length) != 0) return 0;
    *position += length;
    return 1;
}

static inline __attribute__((always_inline)) int skip_scalar(const uint8_t *bytes, int64_t count, int64_t *position) {
    switch (bytes[*position]) {
    case '"': return skip_string(bytes, count, position);
    case 't': return skip_literal(bytes, count, position, "true", 4);
    case 'f': return skip_literal(bytes, count, position, "false", 5);
    case 'n': return skip_literal(bytes, count, position, "null", 4);
    default:
        if (bytes[*position] == '-' || is_digit(bytes[*position])) return skip_number(bytes, count, position);
        return 0;
    }
}

#endif
