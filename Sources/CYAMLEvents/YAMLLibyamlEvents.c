#include "YAMLParser.h"

#include <stdio.h>
#include <string.h>

static arbor_yaml_mark mark_of(yaml_mark_t mark) {
    // libyaml counts its index in characters, not bytes.
    return (arbor_yaml_mark){.line = (int64_t)mark.line, .column = (int64_t)mark.column, .offset = -1};
}

static const char *text_of(yaml_char_t *text) { return (const char *)text; }

/// Whether the line starting at `at` holds a `-` and nothing else but spaces and a comment: an empty entry.
static int32_t is_empty_entry(const uint8_t *bytes, int64_t count, int64_t at) {
    while (at < count && bytes[at] == ' ') at++;
    if (at >= count || bytes[at] != '-') return 0;
    int64_t after = at + 1;
    while (after < count && (bytes[after] == ' ' || bytes[after] == '\t')) after++;
    return after >= count || arbor_yaml_is_break(bytes[after]) || (bytes[after] == '#' && after > at + 1);
}

/// Whether the line `line` (from 1), or the nearest line above it with more than spaces and a comment, is an
/// empty entry: where libfyaml 0.7.12 stops on one.
static int32_t follows_empty_entry(const uint8_t *bytes, int64_t count, int64_t line) {
    int64_t start = 0;
    for (int64_t current = 1; current < line && start < count; current++) {
        while (start < count && bytes[start] != '\n') start++;
        if (start < count) start++;
    }
    for (int32_t first = 1;; first = 0) {
        if (is_empty_entry(bytes, count, start)) return 1;
        int64_t text = start;
        while (text < count && (bytes[text] == ' ' || bytes[text] == '\t')) text++;
        int32_t blank = text >= count || arbor_yaml_is_break(bytes[text]) || bytes[text] == '#';
        if ((!blank && !first) || start == 0) return 0;
        int64_t previous = start - 1;
        while (previous > 0 && bytes[previous - 1] != '\n') previous--;
        start = previous;
    }
}

int32_t arbor_yaml_retries(const arbor_yaml_parser *parser) {
    return !parser->uses_libyaml && parser->failure.problem && parser->failure.line > 0
        && strcmp(parser->failure.problem, "did not find expected node content") == 0
        && follows_empty_entry(parser->bytes, parser->count, parser->failure.line);
}


static int32_t failed(arbor_yaml_parser *parser) {
    const yaml_parser_t *libyaml = &parser->libyaml;
    const char *problem = libyaml->problem ? libyaml->problem : "invalid YAML";
    if (libyaml->error == YAML_SCANNER_ERROR || libyaml->error == YAML_PARSER_ERROR) {
        return arbor_yaml_fail(parser, (int64_t)libyaml->problem_mark.line + 1, (int64_t)libyaml->problem_mark.column + 1, problem);
    }
    char text[160];
    snprintf(text, sizeof text, "%s at byte %zu", problem, libyaml->problem_offset);
    return arbor_yaml_fail(parser, 0, 0, text);
}

int32_t arbor_yaml_libyaml_next(arbor_yaml_parser *parser, arbor_yaml_event *out) {
    for (;;) {
        if (parser->has_libyaml_event) yaml_event_delete(&parser->libyaml_event);
        parser->has_libyaml_event = 0;
        if (!yaml_parser_parse(&parser->libyaml, &parser->libyaml_event)) return failed(parser);
        parser->has_libyaml_event = 1;
        const yaml_event_t *event = &parser->libyaml_event;
        memset(out, 0, sizeof *out);
        out->start = mark_of(event->start_mark);
        out->end = mark_of(event->end_mark);
        switch (event->type) {
        case YAML_STREAM_END_EVENT: out->type = ARBOR_YAML_STREAM_END; return 1;
        case YAML_DOCUMENT_START_EVENT: out->type = ARBOR_YAML_DOCUMENT_START; return 1;
        case YAML_SCALAR_EVENT:
            out->type = ARBOR_YAML_SCALAR;
            out->value = event->data.scalar.value;
            out->length = (int64_t)event->data.scalar.length;
            out->anchor = text_of(event->data.scalar.anchor);
            out->tag = text_of(event->data.scalar.tag);
            out->plain = !out->tag && event->data.scalar.plain_implicit && event->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
            return 1;
        case YAML_ALIAS_EVENT:
            out->type = ARBOR_YAML_ALIAS;
            out->anchor = text_of(event->data.alias.anchor);
            return 1;
        case YAML_SEQUENCE_START_EVENT:
            out->type = ARBOR_YAML_SEQUENCE_START;
            out->anchor = text_of(event->data.sequence_start.anchor);
            out->tag = text_of(event->data.sequence_start.tag);
            return 1;
        case YAML_MAPPING_START_EVENT:
            out->type = ARBOR_YAML_MAPPING_START;
            out->anchor = text_of(event->data.mapping_start.anchor);
            out->tag = text_of(event->data.mapping_start.tag);
            return 1;
        case YAML_SEQUENCE_END_EVENT: out->type = ARBOR_YAML_SEQUENCE_END; return 1;
        case YAML_MAPPING_END_EVENT: out->type = ARBOR_YAML_MAPPING_END; return 1;
        case YAML_NO_EVENT: return arbor_yaml_fail(parser, 0, 0, "the stream ended without its end");
        default: continue;
        }
    }
}
