// An object's member found by its name at the pace of the bytes: the keys compared where they are written, the
// scalars between passed as the scan passes them, the nested objects and arrays left to the caller, which knows
// their ends from the index.
#include "CJSONScan.h"
#include "JSONTokens.h"

arbor_json_member_search arbor_json_find_member(const uint8_t *bytes, int64_t count, int64_t *position, const uint8_t *name,
                                                int64_t name_count) {
    int64_t at = *position;
    for (;;) {
        skip_space(bytes, count, &at);
        if (at < count && bytes[at] == ',') {
            at++;
            skip_space(bytes, count, &at);
        }
        if (at >= count) break;
        if (bytes[at] == '}') {
            *position = at;
            return ARBOR_JSON_MEMBER_ABSENT;
        }
        if (bytes[at] != '"') break;
        int64_t key = at;
        int same = at + 1 + name_count < count && bytes[at + 1 + name_count] == '"' && !memcmp(bytes + at + 1, name, (size_t)name_count);
        at = next_special(bytes, count, at + 1);
        if (at >= count) break;
        if (bytes[at] != '"') {
            // An escape (or a raw control character, which the caller's reading refuses).
            *position = key;
            return ARBOR_JSON_MEMBER_ESCAPED;
        }
        at++;
        skip_space(bytes, count, &at);
        if (at >= count || bytes[at] != ':') break;
        at++;
        skip_space(bytes, count, &at);
        if (at >= count) break;
        if (same) {
            *position = at;
            return ARBOR_JSON_MEMBER_FOUND;
        }
        if (bytes[at] == '{' || bytes[at] == '[') {
            *position = at;
            return ARBOR_JSON_MEMBER_NESTED;
        }
        if (!skip_scalar(bytes, count, &at)) break;
    }
    *position = at;
    return ARBOR_JSON_MEMBER_MALFORMED;
}
