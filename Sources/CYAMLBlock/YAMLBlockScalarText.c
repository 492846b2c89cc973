// A block scalar's text from its lines, and a double-quoted scalar's escapes, as YAML 1.2 reads them: shared by
// the block-style reader and the parser's events, whose library folds some folded scalars short.
#include "YAMLBlockState.h"

static int text_put(arbor_yaml_text *text, const uint8_t *run, int64_t count) {
    if (text->count + count > text->capacity) {
        int64_t capacity = (text->count + count) * 2 + 256;
        uint8_t *grown = realloc(text->bytes, (size_t)capacity);
        if (!grown) return 0;
        text->bytes = grown;
        text->capacity = capacity;
    }
    memcpy(text->bytes + text->count, run, (size_t)count);
    text->count += count;
    return 1;
}

static int text_breaks(arbor_yaml_text *text, int64_t count) {
    for (; count > 0; count--) if (!text_put(text, (const uint8_t *)"\n", 1)) return 0;
    return 1;
}

int64_t arbor_yaml_block_scalar_text(const uint8_t *bytes, int64_t n, int64_t pos, int32_t literal, int32_t chomping,
                                     int32_t parent, arbor_yaml_text *text, int64_t *lines) {
    int64_t line = 0;
    int32_t indent = 0, max_indent = 0, column = 0;
    int64_t trailing = 0;
    int leading_break = 0, leading_blank = 0;
    int64_t told = pos;
    for (int first = 1;; first = 0) {
        // The indentation and empty lines before a line of text.
        while (1) {
            column = 0;
            while (pos + column < n && bytes[pos + column] == ' ' && (!indent || column < indent)) column++;
            if (column > max_indent) max_indent = column;
            if (pos + column < n && bytes[pos + column] == '\t') return -1;
            int line_break = arbor_yb_break_at(bytes + pos + column, bytes + n);
            if (!line_break) break;
            trailing++;
            pos += column + line_break;
            line++;
        }
        if (first) {
            indent = max_indent > parent + 1 ? max_indent : parent + 1;
            if (indent < 1) indent = 1;
            // A line inside the scalar's columns less indented than empty lines above it is an error.
            if (pos + column < n && column > parent && column < indent) return -1;
            // libfyaml 0.7 reads a line at a nested block's column after `b: |` as the scalar's text (`c: 2` in
            // `a:\n  b: |\n  c: 2`), where YAML 1.2 ends the empty scalar.
            if (pos + column < n && parent > 0 && column == parent) return -1;
        }
        if (column != indent || pos + column >= n) {
            // The last line has no line break: YAML 1.2 reads the scalar as if it had (libyaml did not).
            if (pos + column >= n && n > 0 && bytes[n - 1] != '\n') return -1;
            break;
        }
        const uint8_t *start = bytes + pos + column;
        const uint8_t *stop = arbor_yb_line_end(start, bytes + n);
        if (!arbor_yb_printable(start, stop)) return -1;
        int trailing_blank = *start == ' ';
        if (!literal && leading_break && !leading_blank && !trailing_blank) {
            if (trailing == 0 && !text_put(text, (const uint8_t *)" ", 1)) return -1;
        } else if (leading_break && !text_breaks(text, 1)) {
            return -1;
        }
        if (!text_breaks(text, trailing)) return -1;
        trailing = 0;
        leading_blank = *start == ' ';
        if (!text_put(text, start, stop - start)) return -1;
        leading_break = stop < bytes + n;
        pos = stop - bytes + arbor_yb_break_at(stop, bytes + n);
        line += leading_break;
        if (text->passed && pos - told >= (1 << 20)) text->passed(text->context, told = pos);
    }
    if (chomping != -1 && leading_break && !text_breaks(text, 1)) return -1;
    if (chomping == 1 && !text_breaks(text, trailing)) return -1;
    *lines = line;
    return pos;
}

int32_t arbor_yaml_utf8(uint32_t c, uint8_t *out) {
    if (c < 0x80) { out[0] = (uint8_t)c; return 1; }
    if (c < 0x800) { out[0] = (uint8_t)(0xC0 | (c >> 6)); out[1] = (uint8_t)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) {
        out[0] = (uint8_t)(0xE0 | (c >> 12)); out[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F)); out[2] = (uint8_t)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (uint8_t)(0xF0 | (c >> 18)); out[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3F)); out[3] = (uint8_t)(0x80 | (c & 0x3F));
    return 4;
}

int32_t arbor_yaml_escape(const uint8_t *p, const uint8_t *end, uint32_t *code_point) {
    if (end - p < 2 || p[0] != '\\') return 0;
    uint32_t c = 0;
    int digits = 0;
    switch (p[1]) {
    case '0': c = 0; break;
    case 'a': c = 7; break;
    case 'b': c = 8; break;
    case 't': case '\t': c = 9; break;
    case 'n': c = 10; break;
    case 'v': c = 11; break;
    case 'f': c = 12; break;
    case 'r': c = 13; break;
    case 'e': c = 27; break;
    case ' ': case '"': case '/': case '\\': c = p[1]; break;
    case 'N': c = 0x85; break;
    case '_': c = 0xA0; break;
    case 'L': c = 0x2028; break;
    case 'P': c = 0x2029; break;
    case 'x': digits = 2; break;
    case 'u': digits = 4; break;
    case 'U': digits = 8; break;
    default: return 0;
    }
    if (end - p < 2 + digits) return 0;
    for (int i = 0; i < digits; i++) {
        uint8_t b = p[2 + i];
        int d = b >= '0' && b <= '9' ? b - '0' : b >= 'a' && b <= 'f' ? b - 'a' + 10 : b >= 'A' && b <= 'F' ? b - 'A' + 10 : -1;
        if (d < 0) return 0;
        c = c * 16 + (uint32_t)d;
    }
    if ((c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) return 0;
    *code_point = c;
    return 2 + digits;
}
