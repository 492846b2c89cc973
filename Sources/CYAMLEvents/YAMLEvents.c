#include "YAMLParser.h"
#include "YAMLText.h"

#include <stdlib.h>
#include <string.h>

arbor_yaml_parser *arbor_yaml_create(const uint8_t *bytes, int64_t count, int32_t libyaml) {
    arbor_yaml_parser *parser = calloc(1, sizeof *parser);
    if (!parser) return NULL;
    parser->bytes = bytes;
    parser->count = count;
    if (libyaml) {
        parser->uses_libyaml = 1;
        if (!yaml_parser_initialize(&parser->libyaml)) {
            free(parser);
            return NULL;
        }
        yaml_parser_set_input_string(&parser->libyaml, bytes, (size_t)count);
        return parser;
    }
    struct fy_diag_cfg diag_cfg;
    fy_diag_cfg_default(&diag_cfg);
    diag_cfg.fp = NULL;
    diag_cfg.colorize = false;
    parser->diag = fy_diag_create(&diag_cfg);
    if (parser->diag) fy_diag_set_collect_errors(parser->diag, true);
    struct fy_parse_cfg cfg = {
        .flags = FYPCF_QUIET | FYPCF_DEFAULT_VERSION_1_2 | FYPCF_JSON_NONE | FYPCF_DISABLE_MMAP_OPT,
        .diag = parser->diag,
    };
    parser->parser = parser->diag ? fy_parser_create(&cfg) : NULL;
    if (!parser->parser || fy_parser_set_string(parser->parser, (const char *)bytes, (size_t)count) != 0) {
        arbor_yaml_destroy(parser);
        return NULL;
    }
    return parser;
}

void arbor_yaml_destroy(arbor_yaml_parser *parser) {
    if (!parser) return;
    if (parser->uses_libyaml) {
        if (parser->has_libyaml_event) yaml_event_delete(&parser->libyaml_event);
        yaml_parser_delete(&parser->libyaml);
        free(parser);
        return;
    }
    if (parser->event) fy_parser_event_free(parser->parser, parser->event);
    if (parser->parser) fy_parser_destroy(parser->parser);
    if (parser->diag) fy_diag_destroy(parser->diag);
    free(parser->text);
    free(parser);
}

arbor_yaml_failure arbor_yaml_failed(const arbor_yaml_parser *parser) { return parser->failure; }

int32_t arbor_yaml_fail(arbor_yaml_parser *parser, int64_t line, int64_t column, const char *problem) {
    snprintf(parser->problem, sizeof parser->problem, "%s", problem);
    parser->failure = (arbor_yaml_failure){.line = line, .column = column, .problem = parser->problem};
    return 0;
}

/// The parser's first error (its warnings passed over), or a general one when it collected none.
static int32_t parser_failed(arbor_yaml_parser *parser) {
    void *iterator = NULL;
    struct fy_diag_error *error = NULL;
    while (parser->diag && (error = fy_diag_errors_iterate(parser->diag, &iterator)) && error->type < FYET_ERROR) {}
    if (!error) {
        // libfyaml refused without saying why (as it does a block scalar's indentation of 0): where it stopped.
        const struct fy_mark *at = &parser->cursor;
        return arbor_yaml_fail(parser, at->line + 1, at->column + 1, "not readable from here");
    }
    return arbor_yaml_fail(parser, error->line > 0 ? error->line : 0, error->line > 0 ? error->column : 0, error->msg ? error->msg : "invalid YAML");
}

static arbor_yaml_mark mark_of(const struct fy_mark *mark) {
    if (!mark) return (arbor_yaml_mark){.line = 0, .column = 0, .offset = -1};
    return (arbor_yaml_mark){.line = mark->line, .column = mark->column, .offset = (int64_t)mark->input_pos};
}

static void advance(arbor_yaml_parser *parser, const struct fy_mark *end) {
    if (end && end->input_pos > parser->cursor.input_pos) parser->cursor = *end;
}

/// The first byte from `at` that is not a space, a line break or in a comment.
static int64_t next_token(const uint8_t *bytes, int64_t at, int64_t limit) {
    while (at < limit) {
        uint8_t byte = bytes[at];
        if (byte == '#') {
            while (at < limit && !arbor_yaml_is_break(bytes[at])) at++;
        } else if (byte == ' ' || byte == '\t' || arbor_yaml_is_break(byte)) {
            at++;
        } else {
            return at;
        }
    }
    return limit;
}

/// A block scalar's start as its `|` or `>`: the first one after the tokens before it (which only spaces, line
/// breaks, comments and the indicators `-`, `?` and `:` can come between).
static arbor_yaml_mark block_indicator(const arbor_yaml_parser *parser, const struct fy_mark *content) {
    int64_t limit = content ? (int64_t)content->input_pos : parser->count;
    for (int64_t at = next_token(parser->bytes, (int64_t)parser->cursor.input_pos, limit); at < limit;
         at = next_token(parser->bytes, at + 1, limit)) {
        if (parser->bytes[at] == '|' || parser->bytes[at] == '>') return arbor_yaml_text_mark(parser->bytes, at, parser->cursor);
    }
    return mark_of(content);
}

/// An empty scalar's place, which the parser leaves out: just after the `-`, `:` or `?` that stands for it.
static arbor_yaml_mark empty_place(arbor_yaml_parser *parser) {
    int64_t at = next_token(parser->bytes, (int64_t)parser->cursor.input_pos, parser->count);
    uint8_t byte = at < parser->count ? parser->bytes[at] : 0;
    int32_t spaced = at + 1 >= parser->count || parser->bytes[at + 1] == ' ' || arbor_yaml_is_break(parser->bytes[at + 1]);
    if (byte == ':' || ((byte == '-' || byte == '?') && spaced)) at++;
    arbor_yaml_mark mark = arbor_yaml_text_mark(parser->bytes, at, parser->cursor);
    struct fy_mark moved = {.input_pos = (size_t)at, .line = (int)mark.line, .column = (int)mark.column};
    advance(parser, &moved);
    return mark;
}

/// `mark` moved `delta` characters along its line: to a quote or a sigil its token leaves out.
static struct fy_mark moved(const struct fy_mark *mark, int delta) {
    struct fy_mark copy = *mark;
    copy.input_pos = (size_t)((int64_t)copy.input_pos + delta);
    copy.column += delta;
    return copy;
}

/// Where a value's anchor and tag start and end, when it has either.
typedef struct {
    int32_t present;
    struct fy_mark start;
    struct fy_mark end;
} properties;

static void take(properties *props, struct fy_token *token, int delta) {
    const struct fy_mark *start = token ? fy_token_start_mark(token) : NULL, *end = token ? fy_token_end_mark(token) : NULL;
    if (!start || !end) return;
    struct fy_mark first = moved(start, delta);
    if (!props->present || first.input_pos < props->start.input_pos) props->start = first;
    if (!props->present || end->input_pos > props->end.input_pos) props->end = *end;
    props->present = 1;
}

int32_t arbor_yaml_next(arbor_yaml_parser *parser, arbor_yaml_event *out) {
    if (parser->failure.problem) return 0;
    if (parser->uses_libyaml) return arbor_yaml_libyaml_next(parser, out);
    if (!parser->checked) {
        parser->checked = 1;
        arbor_yaml_text_problem problem;
        if (arbor_yaml_text_check(parser->bytes, parser->count, &problem)) {
            return arbor_yaml_fail(parser, problem.line, problem.column, problem.text);
        }
    }
    for (;;) {
        if (parser->event) fy_parser_event_free(parser->parser, parser->event);
        parser->event = fy_parser_parse(parser->parser);
        struct fy_event *event = parser->event;
        if (!event) {
            if (fy_parser_get_stream_error(parser->parser)) return parser_failed(parser);
            return arbor_yaml_fail(parser, 0, 0, "the stream ended without its end");
        }
        memset(out, 0, sizeof *out);
        const struct fy_mark *event_start = fy_event_start_mark(event), *event_end = fy_event_end_mark(event);
        struct fy_mark start = event_start ? *event_start : (struct fy_mark){0};
        struct fy_mark end = event_end ? *event_end : (struct fy_mark){0};
        struct fy_token *anchor = NULL, *tag = NULL;
        int32_t block = 0, folded = 0;
        switch (event->type) {
        case FYET_STREAM_END: out->type = ARBOR_YAML_STREAM_END; break;
        case FYET_DOCUMENT_START: out->type = ARBOR_YAML_DOCUMENT_START; break;
        case FYET_SCALAR: {
            out->type = ARBOR_YAML_SCALAR;
            anchor = event->scalar.anchor;
            tag = event->scalar.tag;
            enum fy_scalar_style style = fy_token_scalar_style(event->scalar.value);
            int64_t quoted = 0;
            const uint8_t *own = style == FYSS_SINGLE_QUOTED || style == FYSS_DOUBLE_QUOTED
                ? arbor_yaml_quoted(parser, event->scalar.value, style == FYSS_SINGLE_QUOTED ? '\'' : '"', &quoted) : NULL;
            size_t length = 0;
            const char *text = own ? (const char *)own : fy_token_get_text(event->scalar.value, &length);
            out->value = (const uint8_t *)(text ? text : "");
            out->length = own ? quoted : text ? (int64_t)length : 0;
            out->plain = style == FYSS_PLAIN && !tag;
            if ((style == FYSS_SINGLE_QUOTED || style == FYSS_DOUBLE_QUOTED) && event_start && event_end) {
                // A quoted scalar's marks are its text's, inside the quotes.
                start = moved(&start, -1);
                end = moved(&end, 1);
            }
            block = style == FYSS_LITERAL || style == FYSS_FOLDED;
            folded = style == FYSS_FOLDED;
            // libfyaml gives an empty block scalar at the stream's end (`a: |` and a line break) as one NUL, which
            // no block scalar can hold: it is empty.
            if (block && out->length == 1 && out->value[0] == 0) out->length = 0;
            break;
        }
        case FYET_ALIAS:
            out->type = ARBOR_YAML_ALIAS;
            out->anchor = fy_token_get_text0(event->alias.anchor);
            if (event_start) start = moved(&start, -1);
            break;
        case FYET_SEQUENCE_START:
            out->type = ARBOR_YAML_SEQUENCE_START;
            anchor = event->sequence_start.anchor;
            tag = event->sequence_start.tag;
            break;
        case FYET_MAPPING_START:
            out->type = ARBOR_YAML_MAPPING_START;
            anchor = event->mapping_start.anchor;
            tag = event->mapping_start.tag;
            break;
        case FYET_SEQUENCE_END: out->type = ARBOR_YAML_SEQUENCE_END; break;
        case FYET_MAPPING_END: out->type = ARBOR_YAML_MAPPING_END; break;
        default:
            advance(parser, event_end);
            continue;
        }
        // An anchor's token leaves its `&` out; a tag's holds its `!`.
        properties props = {0};
        take(&props, anchor, -1);
        take(&props, tag, 0);
        if (props.present) advance(parser, &props.end);
        if (block) {
            out->start = block_indicator(parser, event_start ? &start : NULL);
            int64_t length = 0;
            const uint8_t *own = folded && event_start && event_end
                ? arbor_yaml_folded(parser, out->start.offset, (int64_t)start.input_pos, (int64_t)end.input_pos, &length) : NULL;
            if (own) {
                out->value = own;
                out->length = length;
            }
        } else if (event_start) {
            out->start = mark_of(&start);
        } else if (!props.present) {
            out->start = out->type == ARBOR_YAML_SCALAR ? empty_place(parser) : mark_of(&parser->cursor);
        }
        if (props.present && (!event_start || props.start.input_pos < start.input_pos)) out->start = mark_of(&props.start);
        out->end = event_end ? mark_of(&end) : props.present ? mark_of(&props.end) : out->start;
        if (event_end) advance(parser, &end);
        out->anchor = out->anchor ? out->anchor : anchor ? fy_token_get_text0(anchor) : NULL;
        out->tag = tag ? fy_token_get_text0(tag) : NULL;
        return 1;
    }
}
