#ifndef ARBOR_YAML_PARSER_H
#define ARBOR_YAML_PARSER_H

#include "CYAMLEvents.h"

#include <libfyaml.h>
#include <yaml.h>

struct arbor_yaml_parser {
    const uint8_t *bytes;
    int64_t count;
    /// Whether libyaml reads the stream (see arbor_yaml_retries), else libfyaml.
    int32_t uses_libyaml;
    struct fy_diag *diag;
    struct fy_parser *parser;
    struct fy_event *event;
    yaml_parser_t libyaml;
    yaml_event_t libyaml_event;
    int32_t has_libyaml_event;
    /// Where the last token read ends: a block scalar's indicator, and the place of an empty scalar, are looked
    /// for from here.
    struct fy_mark cursor;
    int32_t checked;
    /// A quoted or folded scalar's text, read here rather than by libfyaml (whose text of a single-quoted one
    /// leaks, and of some double-quoted and folded ones is short).
    uint8_t *text;
    int64_t text_capacity;
    arbor_yaml_failure failure;
    char problem[160];
};

/// Whether `byte` breaks a line (a LF, or a CR alone or before one).
static inline int32_t arbor_yaml_is_break(uint8_t byte) { return byte == '\n' || byte == '\r'; }

/// The text of a scalar quoted by `mark` (`'` or `"`) from its bytes (the parser's text), its `length`: `''` a
/// quote, or escapes; its lines folded (the blanks around a line break go, a break alone is a space, each further
/// one a line break; an escaped break is nothing); NULL when not read here.
const uint8_t *arbor_yaml_quoted(arbor_yaml_parser *parser, struct fy_token *token, uint8_t mark, int64_t *length);

/// The text of a folded block scalar from its bytes (the parser's text): its `>` at `indicator`, its lines from
/// `content` to `stop`; NULL when not read here (its indentation told by a digit, or not read as its lines end).
const uint8_t *arbor_yaml_folded(arbor_yaml_parser *parser, int64_t indicator, int64_t content, int64_t stop, int64_t *length);

/// Records why the stream is refused; returns 0.
int32_t arbor_yaml_fail(arbor_yaml_parser *parser, int64_t line, int64_t column, const char *problem);

/// libyaml's next event into `out`: 1, or 0 when it refuses the stream.
int32_t arbor_yaml_libyaml_next(arbor_yaml_parser *parser, arbor_yaml_event *out);

#endif
