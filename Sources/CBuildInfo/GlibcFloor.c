// The oldest glibc the release binary runs on is the newest symbol version it binds (docs/DECISIONS.md, "Release
// files"). libstdc++'s std::random_device, linked in, calls arc4random, which glibc has since 2.36 (Debian 12): the
// program's own, from getrandom (2.25), is bound instead, and the binary runs on glibc 2.35 (Ubuntu 22.04).
#include <errno.h>
#include <stdint.h>
#if defined(__GLIBC__)
#include <sys/random.h>

uint32_t arc4random(void) {
    uint32_t value = 0;
    size_t filled = 0;
    while (filled < sizeof value) {
        ssize_t read = getrandom((unsigned char *)&value + filled, sizeof value - filled, 0);
        if (read > 0) filled += (size_t)read;
        else if (errno != EINTR) break;
    }
    return value;
}
#endif
