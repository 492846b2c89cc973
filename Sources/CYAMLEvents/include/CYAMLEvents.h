#ifndef ARBOR_YAML_EVENTS_H
#define ARBOR_YAML_EVENTS_H

#include <stdint.h>

/// What a YAML event is; the stream's start and a document's end are not reported.
typedef enum {
    ARBOR_YAML_STREAM_END = 0,
    ARBOR_YAML_DOCUMENT_START,
    ARBOR_YAML_SCALAR,
    ARBOR_YAML_ALIAS,
    ARBOR_YAML_SEQUENCE_START,
    ARBOR_YAML_SEQUENCE_END,
    ARBOR_YAML_MAPPING_START,
    ARBOR_YAML_MAPPING_END,
} arbor_yaml_event_type;

/// A place in the text: a line and a column in characters, both from 0, and its byte (-1 when not known).
typedef struct {
    int64_t line;
    int64_t column;
    int64_t offset;
} arbor_yaml_mark;

/// One event. Its strings stay valid until the next call to arbor_yaml_next.
typedef struct {
    arbor_yaml_event_type type;
    /// Where it starts (at its anchor or tag when it has one, a quoted scalar at its quote, a block scalar at its
    /// `|` or `>`) and ends.
    arbor_yaml_mark start;
    arbor_yaml_mark end;
    /// A scalar's text, as it reads once its quotes, escapes and folding are taken away.
    const uint8_t *value;
    int64_t length;
    /// The anchor it is marked with, or the anchor an alias names (NUL-terminated), or NULL.
    const char *anchor;
    /// Its tag, whole (`tag:yaml.org,2002:str`, `!local`), or NULL.
    const char *tag;
    /// 1 for a plain scalar without a tag, whose type its text decides.
    int32_t plain;
} arbor_yaml_event;

/// Where and why a stream was refused: a line and column from 1, or 0 when there is no place.
typedef struct {
    int64_t line;
    int64_t column;
    const char *problem;
} arbor_yaml_failure;

typedef struct arbor_yaml_parser arbor_yaml_parser;

/// A parser of the YAML stream `bytes` (UTF-8, `count` bytes, kept by the caller until it is destroyed): libfyaml's,
/// or libyaml's when `libyaml` is 1; NULL when out of memory.
arbor_yaml_parser *arbor_yaml_create(const uint8_t *bytes, int64_t count, int32_t libyaml);

/// The next event into `event`: 1, or 0 when the stream is refused (see arbor_yaml_failed).
int32_t arbor_yaml_next(arbor_yaml_parser *parser, arbor_yaml_event *event);

/// Why the stream was refused.
arbor_yaml_failure arbor_yaml_failed(const arbor_yaml_parser *parser);

/// Whether libfyaml refused the stream where libyaml reads it right: libfyaml 0.7.12 refuses an empty entry (`-`
/// alone) of a sequence written at its key's column. The stream is then read again with libyaml.
int32_t arbor_yaml_retries(const arbor_yaml_parser *parser);

void arbor_yaml_destroy(arbor_yaml_parser *parser);

/// 1 when the `count` bytes are well-formed UTF-8 (no overlong form, surrogate or code point past U+10FFFF), else 0.
int32_t arbor_yaml_is_utf8(const uint8_t *bytes, int64_t count);

#endif
