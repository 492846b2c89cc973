#!/bin/sh
# Installs Arbor from this folder under PREFIX (default /usr/local): bin/arbor, the manual page and the
# completions for bash, zsh and fish. Usage: ./install.sh [PREFIX]
set -eu
prefix=${1:-/usr/local}
floor=@GLIBC@
here=$(cd "$(dirname "$0")" && pwd)
# The loader would refuse the program with "version `GLIBC_...' not found" on an older system: said here instead.
have=$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc //p')
if [ -z "$have" ] || [ "$(printf '%s\n%s\n' "$floor" "$have" | sort -V | head -n 1)" != "$floor" ]; then
  echo "arbor needs glibc $floor or later; this system has ${have:-none}. Build it from source here instead (see README.md)." >&2
  exit 1
fi
mkdir -p "$prefix"
cp -R "$here/bin" "$here/share" "$prefix/"
echo "installed $prefix/bin/arbor ($("$prefix/bin/arbor" --version))"
