#ifndef ARBOR_BUILD_INFO_H
#define ARBOR_BUILD_INFO_H

/// The commit the program was built from (`git rev-parse --short=12 HEAD`, `-dirty` when files differed from
/// it), written into `commit.h` by `make build`; "unknown" for a build without it (a plain `swift build`).
const char *arbor_build_commit(void);

#endif
