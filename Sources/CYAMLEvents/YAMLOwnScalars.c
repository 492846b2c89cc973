// The scalars Arbor reads from their bytes rather than take libfyaml's text of: libfyaml 0.7 loses the memory of
// the text it makes of a single-quoted scalar with many `''` (2 KiB a scalar), and writes some folded block scalars
// and some double-quoted ones over lines short, with NULs at their end (a folded scalar's empty line before a more
// indented one, an escape just before a line's end).
#include "YAMLParser.h"

#include "CYAMLBlock.h"

#include <stdlib.h>
#include <string.h>

/// Room for `count` more bytes of the parser's text after its first `used`.
static int room(arbor_yaml_parser *parser, int64_t used, int64_t count) {
    if (used + count <= parser->text_capacity) return 1;
    int64_t capacity = (used + count) * 2 + 64;
    uint8_t *grown = realloc(parser->text, (size_t)capacity);
    if (!grown) return 0;
    parser->text = grown;
    parser->text_capacity = capacity;
    return 1;
}

/// Past the line break at `at` (CR LF, LF or CR).
static int64_t past_break(const uint8_t *bytes, int64_t at, int64_t stop) {
    return at + (bytes[at] == '\r' && at + 1 < stop && bytes[at + 1] == '\n' ? 2 : 1);
}

static int64_t past_white(const uint8_t *bytes, int64_t at, int64_t stop) {
    while (at < stop && (bytes[at] == ' ' || bytes[at] == '\t')) at++;
    return at;
}

const uint8_t *arbor_yaml_quoted(arbor_yaml_parser *parser, struct fy_token *token, uint8_t mark, int64_t *length) {
    const struct fy_mark *start = fy_token_start_mark(token), *end = fy_token_end_mark(token);
    if (!start || !end || end->input_pos < start->input_pos || (int64_t)end->input_pos > parser->count) return NULL;
    const uint8_t *bytes = parser->bytes;
    // The token's marks are its text's, inside the quotes; an escape's character takes at most twice its bytes.
    int64_t at = (int64_t)start->input_pos, stop = (int64_t)end->input_pos;
    if (!room(parser, 0, (stop - at) * 2 + 4)) return NULL;
    uint8_t *out = parser->text;
    int64_t count = 0;
    while (at < stop) {
        uint8_t byte = bytes[at];
        if (byte == '\'' && mark == '\'') {
            out[count++] = '\'';
            at += 2;
        } else if (byte == '\\' && mark == '"' && at + 1 < stop && arbor_yaml_is_break(bytes[at + 1])) {
            // An escaped line break: nothing, the next line's blanks left out, an empty line after it a line break.
            at = past_white(bytes, past_break(bytes, at + 1, stop), stop);
            while (at < stop && arbor_yaml_is_break(bytes[at])) {
                out[count++] = '\n';
                at = past_white(bytes, past_break(bytes, at, stop), stop);
            }
        } else if (byte == '\\' && mark == '"') {
            uint32_t c;
            int32_t taken = arbor_yaml_escape(bytes + at, bytes + stop, &c);
            if (!taken) return NULL;
            count += arbor_yaml_utf8(c, out + count);
            at += taken;
        } else if (byte == ' ' || byte == '\t') {
            int64_t run = past_white(bytes, at, stop);
            // Blanks ending a line are not its text.
            if (run < stop && arbor_yaml_is_break(bytes[run])) {
                at = run;
            } else {
                while (at < run) out[count++] = bytes[at++];
            }
        } else if (arbor_yaml_is_break(byte)) {
            int64_t breaks = 0;
            while (at < stop && arbor_yaml_is_break(bytes[at])) {
                at = past_white(bytes, past_break(bytes, at, stop), stop);
                breaks++;
            }
            if (breaks == 1) {
                out[count++] = ' ';
            } else {
                for (; breaks > 1; breaks--) out[count++] = '\n';
            }
        } else {
            out[count++] = byte;
            at++;
        }
    }
    *length = count;
    return out;
}

const uint8_t *arbor_yaml_folded(arbor_yaml_parser *parser, int64_t indicator, int64_t content, int64_t stop, int64_t *length) {
    const uint8_t *bytes = parser->bytes;
    if (indicator < 0 || indicator >= content || content > stop || stop > parser->count || bytes[indicator] != '>') return NULL;
    int32_t chomping = 0;
    for (int64_t at = indicator + 1; at < indicator + 3 && at < content; at++) {
        if (bytes[at] == '-' || bytes[at] == '+') {
            chomping = bytes[at] == '-' ? -1 : 1;
        } else if (bytes[at] >= '1' && bytes[at] <= '9') {
            // Its indentation is told, counted from a parent's this reading does not know: libfyaml's text.
            return NULL;
        } else {
            break;
        }
    }
    arbor_yaml_text text = { parser->text, 0, parser->text_capacity };
    int64_t lines = 0;
    // Read on to the line that ends it: the token stops past that line's indentation where a comment follows it.
    int64_t ended = arbor_yaml_block_scalar_text(bytes, parser->count, content, 0, chomping, -1, &text, &lines);
    parser->text = text.bytes;
    parser->text_capacity = text.capacity;
    if (ended < 0 || ended > stop) return NULL;
    for (int64_t at = ended; at < stop; at++) {
        if (bytes[at] != ' ') return NULL;
    }
    *length = text.count;
    return parser->text;
}
