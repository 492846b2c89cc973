#ifndef ARBOR_YAML_TEXT_H
#define ARBOR_YAML_TEXT_H

#include "CYAMLEvents.h"

#include <libfyaml.h>
#include <stdio.h>

/// A character YAML does not allow, and where it is (line and column from 1).
typedef struct {
    int64_t line;
    int64_t column;
    char text[96];
} arbor_yaml_text_problem;

/// 1 with `problem` filled when `bytes` (UTF-8) hold a character outside YAML's printable set, else 0.
int32_t arbor_yaml_text_check(const uint8_t *bytes, int64_t count, arbor_yaml_text_problem *problem);

/// The line and column of the byte at `at`, counted on from `known`, a mark at or before it.
arbor_yaml_mark arbor_yaml_text_mark(const uint8_t *bytes, int64_t at, struct fy_mark known);

#endif
