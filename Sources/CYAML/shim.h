#ifndef ARBOR_CYAML_SHIM_H
#define ARBOR_CYAML_SHIM_H

/* libyaml's event parser: it reads what libfyaml 0.7.12 wrongly refuses (docs/DECISIONS.md). */
#include <yaml.h>

#endif
