#!/usr/bin/env bash
# Writes the copyright notices the release files carry (the package's /usr/share/doc/arbor/copyright, the
# tarball's COPYRIGHT): Arbor's, then those of the libraries the release binary links in, taken from the Debian
# packages and the Swift toolchain it was built with. Usage: scripts/dist-copyright.sh VERSION MAINTAINER
set -euo pipefail
cd "$(dirname "$0")/.."
version=$1
maintainer=$2
swift_root=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")

cat <<EOF
Arbor $version, a terminal hierarchy browser and picker.

Copyright: the Arbor authors ($maintainer)
EOF
if [ -f LICENSE ]; then
  printf 'License:\n\n'
  cat LICENSE
else
  printf 'License: not stated yet (the source holds no LICENSE file).\n'
fi

cat <<EOF

The program (usr/bin/arbor, bin/arbor) links in these libraries; each one's notice follows.

- The Swift runtime and standard library: Apache License 2.0 (/usr/share/common-licenses/Apache-2.0) with
  the Runtime Library Exception.
- libstdc++ and libgcc of GCC: GPL-3 with the GCC Runtime Library Exception 3.1
  (/usr/share/common-licenses/GPL-3; https://www.gnu.org/licenses/gcc-exception-3.1.html).
- SQLite: public domain.
- libfyaml: Expat (MIT); Debian's copyright file marks one header of it, a list from Linux, GPL-2.
- xxHash's library: BSD-2-clause.
- LibYAML: Expat (MIT).
- LZ4's library: BSD-2-clause.
- The terminfo library of ncurses: MIT/X11.
EOF
section() {
  printf '\n\n==== %s ====\n\n' "$1"
  cat "$2"
}
printf '\n\n==== Swift ====\n\n'
sed -n '/^## Runtime Library Exception/,$p' "$swift_root/share/swift/LICENSE.txt"
for package in libsqlite3-0 libfyaml0 libxxhash0 libyaml-0-2 liblz4-1 libtinfo6; do
  section "$package (Debian's copyright file)" "/usr/share/doc/$package/copyright"
done
