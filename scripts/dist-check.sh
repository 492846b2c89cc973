#!/usr/bin/env bash
# Proves the release files of dist/ the way a user meets them, as root: for each Debian release named (Debian 12
# and 13 by default; DIST_CHECK_SUITES), a minimal root made by debootstrap from the Debian archive
# (DEBIAN_MIRROR), with no Swift on it; the package installed there with `apt-get install ./arbor_….deb`, so its
# dependencies resolve, and used; then, in another fresh copy of the root, the tarball unpacked, installed by its
# install.sh and used the same way. On a release older than the glibc floor (Debian 11; DIST_CHECK_OLDER, empty
# to skip) both must refuse with a message naming the glibc needed. The roots are made once in
# .build-dist/roots and copied for each check.
set -euo pipefail
cd "$(dirname "$0")/.."
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suites=${DIST_CHECK_SUITES:-bookworm trixie}
older=${DIST_CHECK_OLDER-bullseye}
roots=$PWD/.build-dist/roots
[ "$(id -u)" = 0 ] || { echo "dist-check makes chroots: run it as root"; exit 1; }
command -v debootstrap >/dev/null || { echo "dist-check needs debootstrap ('apt-get install debootstrap')"; exit 1; }
(cd dist && sha256sum --quiet -c SHA256SUMS)
deb=$(ls dist/arbor_*_amd64.deb)
tarball=$(ls dist/arbor-*-x86_64-linux.tar.gz)
version=$(dpkg-deb -f "$deb" Version)

mounted=()
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
}
trap cleanup EXIT

# A copy of the release's base root, made by debootstrap the first time; with man-db and the three shells, as a
# user's system has them, and without libxml2 or libarchive, which the package must bring.
fresh_root() {
  local suite=$1 root=$2 base=$roots/$suite.base include=${3-man-db,bash-completion,zsh,fish}
  if [ ! -f "$base/.complete" ]; then
    rm -rf "$base"
    echo "debootstrap $suite (once, kept in $base)"
    debootstrap --variant=minbase ${include:+--include=$include} "$suite" "$base" "$mirror" \
      > "$roots/$suite.debootstrap.log" 2>&1 || { tail -20 "$roots/$suite.debootstrap.log"; exit 1; }
    touch "$base/.complete"
  fi
  rm -rf "$root"
  cp -a "$base" "$root"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  mount -t proc proc "$root/proc" && mounted+=("$root/proc")
  mount --bind /dev "$root/dev" && mounted+=("$root/dev")
  mount --bind /dev/pts "$root/dev/pts" && mounted+=("$root/dev/pts")
}

# Runs a shell script inside the root, with a clean environment.
inside() {
  chroot "$1" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 TERM=xterm-256color \
    bash -euo pipefail -c "$2"
}

# What a user does first with either: each line a command and what it must print.
uses='
fail() { echo "FAILED: $*" >&2; exit 1; }
has() { grep -- "$1" >/dev/null; }  # reads all its input: a writer is not cut short (pipefail)
! command -v swift >/dev/null || fail "swift is on this system"
[ -z "$(find / -xdev -name "libswiftCore*" -print -quit)" ] || fail "a Swift runtime is on this system"
! ldd "$(command -v arbor)" | has "not found" || fail "a library is missing: $(ldd "$(command -v arbor)")"
arbor --version | has "^arbor '"$version"' (commit " || fail "arbor --version: $(arbor --version)"
arbor print /check/plant-maintenance.json | has "Hamburg Plant" || fail "arbor print"
[ "$(arbor query path "\$..[?@.status == '\''Breakdown'\''].name" /check/plant-maintenance.json | wc -l)" -ge 1 ] || fail "arbor query path"
# The picker reads its keys from the terminal, even when --select-1 shows nothing: script(1) lends it one.
timeout 20 script -qec "arbor --pick --query b/c --select-1 < /check/paths.txt > /tmp/picked" /dev/null >/dev/null || true
[ "$(cat /tmp/picked)" = src/b/c.swift ] || fail "--select-1: $(cat /tmp/picked)"
arbor print /check/pom.xml | has "junit" || fail "arbor print of an XML file (libxml2)"
man -w arbor | has "man1/arbor.1" || fail "man -w arbor"
'
completions_package='
[ -f /usr/share/bash-completion/completions/arbor ] || fail "no bash completion"
bash -c ". /usr/share/bash-completion/bash_completion; __load_completion arbor; complete -p arbor" | has arbor || fail "bash does not load the completion"
zsh -fc "autoload -U compinit && compinit -u && (( \${+_comps[arbor]} ))" || fail "zsh does not find _arbor"
fish -c "complete -C \"arbor --cel\"" | has --cells || fail "fish does not complete arbor"
'
completions_tarball='
[ -f /usr/local/share/bash-completion/completions/arbor ] || fail "no bash completion"
bash -c ". /usr/share/bash-completion/bash_completion; __load_completion arbor; complete -p arbor" | has arbor || fail "bash does not load the completion"
zsh -fc "autoload -U compinit && compinit -u && (( \${+_comps[arbor]} ))" || fail "zsh does not find _arbor"
# fish reads vendor completions under /usr/local/share when XDG_DATA_DIRS names it, as desktop sessions set it.
XDG_DATA_DIRS=/usr/local/share:/usr/share fish -c "complete -C \"arbor --cel\"" | has --cells || fail "fish does not complete arbor"
'

mkdir -p "$roots"
for suite in $suites; do
  started=$(date +%s)
  root=$roots/$suite.package
  fresh_root "$suite" "$root"
  mkdir -p "$root/check"
  cp sample-data/plant-maintenance.json "$root/check/"
  printf 'src/a.swift\nsrc/b/c.swift\ndocs/d.md\n' > "$root/check/paths.txt"
  printf '<project><dependencies><dependency><artifactId>junit</artifactId></dependency></dependencies></project>\n' > "$root/check/pom.xml"
  cp "$deb" "$root/check/"
  inside "$root" "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ./check/$(basename "$deb") >/dev/null"
  inside "$root" "$uses$completions_package"
  echo "$suite: the package installs with its dependencies and works ($(($(date +%s) - started)) s)"

  started=$(date +%s)
  root=$roots/$suite.tarball
  fresh_root "$suite" "$root"
  mkdir -p "$root/check"
  cp -r "$roots/$suite.package/check/." "$root/check/"
  inside "$root" "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2 >/dev/null"
  tar -xzf "$tarball" -C "$root/check"
  inside "$root" "cd /check/arbor-*-linux && ./install.sh /usr/local >/dev/null && mandb -q"
  inside "$root" "$uses$completions_tarball"
  echo "$suite: the tarball installs and works ($(($(date +%s) - started)) s)"
  cleanup
  mounted=()
  rm -rf "$roots/$suite.package" "$roots/$suite.tarball"
done

# An older system: apt names the libc6 the package depends on, install.sh the glibc the binary needs.
for suite in $older; do
  started=$(date +%s)
  root=$roots/$suite.older
  fresh_root "$suite" "$root" ""
  mkdir -p "$root/check"
  cp "$deb" "$root/check/"
  tar -xzf "$tarball" -C "$root/check"
  floor=$(dpkg-deb -f "$deb" Depends | sed -n 's/.*libc6 (>= \([0-9.]*\)).*/\1/p')
  inside "$root" "
    fail() { echo \"FAILED: \$*\" >&2; exit 1; }
    apt-get update -qq
    if apt-get install -y ./check/$(basename "$deb") > /tmp/apt.out 2>&1; then fail 'the package installed on $suite'; fi
    grep -q 'Depends: libc6 (>= $floor)' /tmp/apt.out || fail \"apt said: \$(cat /tmp/apt.out)\"
    if /check/arbor-*-linux/install.sh /usr/local 2> /tmp/install.err; then fail 'install.sh installed on $suite'; fi
    grep -q '^arbor needs glibc $floor or later; this system has ' /tmp/install.err || fail \"install.sh said: \$(cat /tmp/install.err)\"
    [ ! -e /usr/local/bin/arbor ] || fail 'install.sh copied the program'
  "
  echo "$suite: the package and install.sh refuse with the glibc $floor needed ($(($(date +%s) - started)) s)"
  cleanup
  mounted=()
  rm -rf "$root"
done
