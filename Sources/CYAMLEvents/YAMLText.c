#include "YAMLText.h"
#include <string.h>

/// The character at `bytes[at]` (valid UTF-8), and its length in `length`.
static uint32_t decode(const uint8_t *bytes, int64_t at, int64_t count, int32_t *length) {
    uint8_t lead = bytes[at];
    int32_t size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    if (at + size > count) size = 1;
    uint32_t c = size == 1 ? lead : size == 2 ? lead & 0x1F : size == 3 ? lead & 0x0F : lead & 0x07;
    for (int32_t index = 1; index < size; index++) c = (c << 6) | (bytes[at + index] & 0x3F);
    *length = size;
    return c;
}

/// YAML's printable characters (c-printable).
static int32_t printable(uint32_t c) {
    if (c >= 0x20 && c <= 0x7E) return 1;
    if (c == 0x09 || c == 0x0A || c == 0x0D || c == 0x85) return 1;
    return (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

/// Whether a line break ends at `at` (a LF, or a CR not followed by a LF).
static int32_t ends_line(const uint8_t *bytes, int64_t at, int64_t count) {
    return bytes[at] == '\n' || (bytes[at] == '\r' && (at + 1 >= count || bytes[at + 1] != '\n'));
}

static int64_t column_of(const uint8_t *bytes, int64_t at) {
    int64_t start = at;
    while (start > 0 && bytes[start - 1] != '\n' && bytes[start - 1] != '\r') start--;
    if (start == 0 && at >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) start = 3;
    int64_t column = 0;
    for (int64_t index = start; index < at; index++) column += (bytes[index] & 0xC0) != 0x80;
    return column;
}

int32_t arbor_yaml_text_check(const uint8_t *bytes, int64_t count, arbor_yaml_text_problem *problem) {
    int64_t line = 0;
    for (int64_t at = 0; at < count;) {
        uint8_t byte = bytes[at];
        if (byte >= 0x20 && byte < 0x7F) {
            at++;
            continue;
        }
        int32_t length;
        uint32_t c = decode(bytes, at, count, &length);
        if (!printable(c)) {
            for (int64_t index = 0; index < at; index++) line += ends_line(bytes, index, count);
            problem->line = line + 1;
            problem->column = column_of(bytes, at) + 1;
            snprintf(problem->text, sizeof problem->text, "%s U+%04X is not allowed (escape it in a double-quoted string)",
                     c < 0xA0 ? "control character" : "character", c);
            return 1;
        }
        at += length;
    }
    return 0;
}

arbor_yaml_mark arbor_yaml_text_mark(const uint8_t *bytes, int64_t at, struct fy_mark known) {
    int64_t breaks = 0, characters = 0;
    for (int64_t index = (int64_t)known.input_pos; index < at; index++) {
        breaks += ends_line(bytes, index, at);
        characters += (bytes[index] & 0xC0) != 0x80;
    }
    // On the known mark's line the column is counted on from it, not from the line's start (a long line).
    int64_t column = breaks == 0 ? known.column + characters : column_of(bytes, at);
    return (arbor_yaml_mark){.line = known.line + breaks, .column = column, .offset = at};
}

int32_t arbor_yaml_is_utf8(const uint8_t *bytes, int64_t count) {
    int64_t at = 0;
    while (at < count) {
        // Eight bytes of ASCII at a time.
        if (at + 8 <= count) {
            uint64_t word;
            memcpy(&word, bytes + at, 8);
            if ((word & 0x8080808080808080ULL) == 0) { at += 8; continue; }
        }
        uint8_t lead = bytes[at];
        if (lead < 0x80) { at++; continue; }
        int32_t size = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
        if (size == 0 || at + size > count) return 0;
        uint8_t second = bytes[at + 1];
        // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
        uint8_t low = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
        uint8_t high = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
        if (second < low || second > high) return 0;
        for (int32_t index = 2; index < size; index++) {
            if ((bytes[at + index] & 0xC0) != 0x80) return 0;
        }
        at += size;
    }
    return 1;
}
