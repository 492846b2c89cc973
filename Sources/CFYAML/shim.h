#ifndef ARBOR_CFYAML_SHIM_H
#define ARBOR_CFYAML_SHIM_H

/* libfyaml's event parser, a YAML 1.2 parser: YAML sources are composed from its events (docs/DECISIONS.md). */
#include <libfyaml.h>

#endif
