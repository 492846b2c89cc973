#ifndef ARBOR_CYAML_SHIM_H
#define ARBOR_CYAML_SHIM_H

/* libyaml's event parser: YAML sources are composed from its events (docs/DECISIONS.md). */
#include <yaml.h>

#endif
