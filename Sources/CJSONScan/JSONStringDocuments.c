#include "CJSONScan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Whether the quote at `quote` is followed by spaces and `{` or `[`, or by a backslash.
static int opens_document(const uint8_t *bytes, int64_t count, int64_t quote) {
    int64_t next = quote + 1;
    while (next < count && bytes[next] == ' ') next++;
    return next < count && (bytes[next] == '{' || bytes[next] == '[' || bytes[next] == '\\');
}

int arbor_json_strings_may_hold_documents(const uint8_t *bytes, int64_t count) {
    int64_t at = 0;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), open = _mm_set1_epi8('{'), list = _mm_set1_epi8('['),
                  escape = _mm_set1_epi8('\\'), space = _mm_set1_epi8(' ');
    // Sixteen places at a time: a quote whose next byte is one of the four that may start such a string.
    for (; at + 17 <= count; at += 16) {
        __m128i here = _mm_loadu_si128((const __m128i *)(bytes + at));
        __m128i next = _mm_loadu_si128((const __m128i *)(bytes + at + 1));
        __m128i starts = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(next, open), _mm_cmpeq_epi8(next, list)),
                                      _mm_or_si128(_mm_cmpeq_epi8(next, escape), _mm_cmpeq_epi8(next, space)));
        int mask = _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(here, quote), starts));
        while (mask) {
            int bit = __builtin_ctz((unsigned)mask);
            if (opens_document(bytes, count, at + bit)) return 1;
            mask &= mask - 1;
        }
    }
#endif
    for (; at < count; at++) {
        if (bytes[at] == '"' && opens_document(bytes, count, at)) return 1;
    }
    return 0;
}
