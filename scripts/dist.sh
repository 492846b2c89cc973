#!/usr/bin/env bash
# Makes the release files from the release build: dist/arbor-VERSION-x86_64-linux.tar.gz (the stripped binary,
# the manual page, the completions for bash, zsh and fish, the copyright notices, INSTALL and install.sh),
# dist/arbor_VERSION_amd64.deb (the same where Debian puts each) and dist/SHA256SUMS. Checked with lintian
# when it is installed. Usage: scripts/dist.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/arbor}
out=dist
work=.build-dist/stage
version=$("$binary" --version | awk '{print $2}')
machine=$(uname -m)
arch=$(dpkg --print-architecture)
# The newest glibc symbol version the binary asks for: the floor the package depends on.
glibc=$(objdump -T "$binary" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1)
maintainer=${MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || echo "Arbor <arbor@localhost>")}
released=$(sed -n 's/.*static let releaseDate = "\(.*\)".*/\1/p' Sources/arbor/ArborCommand.swift)

rm -rf "$work" && mkdir -p "$work" "$out"
rm -f "$out"/arbor[-_]"$version"[-_]*

# What every file set holds, made once: the binary stripped of its symbols and debugging sections (what the
# loader maps is unchanged; docs/DECISIONS.md), and the pages the binary writes from its own specification.
files=$work/files
mkdir -p "$files"
strip --strip-all --remove-section=.comment -o "$files/arbor" "$binary"
"$binary" manual > "$files/arbor.1"
for shell in bash zsh fish; do "$binary" completions "$shell" > "$files/completion.$shell"; done
scripts/dist-copyright.sh "$version" "$maintainer" > "$files/copyright"

# The tarball: a prefix (bin, share) to copy under /usr/local or ~/.local.
name=arbor-$version-$machine-linux
tree=$work/$name
install -D -m 755 "$files/arbor" "$tree/bin/arbor"
install -D -m 644 "$files/arbor.1" "$tree/share/man/man1/arbor.1"
install -D -m 644 "$files/completion.bash" "$tree/share/bash-completion/completions/arbor"
install -D -m 644 "$files/completion.zsh" "$tree/share/zsh/site-functions/_arbor"
install -D -m 644 "$files/completion.fish" "$tree/share/fish/vendor_completions.d/arbor.fish"
install -m 644 "$files/copyright" "$tree/COPYRIGHT"
sed -e "s/@VERSION@/$version/g" -e "s/@GLIBC@/$glibc/g" -e "s/@NAME@/$name/g" scripts/dist-INSTALL.txt > "$tree/INSTALL"
sed -e "s/@GLIBC@/$glibc/g" scripts/dist-install.sh > "$tree/install.sh"
chmod 644 "$tree/INSTALL" && chmod 755 "$tree/install.sh"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$released 00:00Z" -C "$work" -cf - "$name" \
  | gzip -9n > "$out/$name.tar.gz"

# The Debian package: each file where Debian's own packages put it.
root=$work/deb
install -D -m 755 "$files/arbor" "$root/usr/bin/arbor"
install -d "$root/usr/share/man/man1" "$root/usr/share/doc/arbor"
gzip -9n < "$files/arbor.1" > "$root/usr/share/man/man1/arbor.1.gz"
install -D -m 644 "$files/completion.bash" "$root/usr/share/bash-completion/completions/arbor"
install -D -m 644 "$files/completion.zsh" "$root/usr/share/zsh/vendor-completions/_arbor"
install -D -m 644 "$files/completion.fish" "$root/usr/share/fish/vendor_completions.d/arbor.fish"
install -m 644 "$files/copyright" "$root/usr/share/doc/arbor/copyright"
printf 'arbor (%s) unstable; urgency=medium\n\n  * Arbor %s.\n\n -- %s  %s\n' "$version" "$version" "$maintainer" \
  "$(date -u -R -d "$released")" | gzip -9n > "$root/usr/share/doc/arbor/changelog.gz"
chmod 644 "$root/usr/share/man/man1/arbor.1.gz" "$root/usr/share/doc/arbor/changelog.gz"
mkdir -p "$root/DEBIAN"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
# libxml2, libarchive and libpq are loaded when an XML file, an archive or a PostgreSQL database is opened
# (everything else the binary calls is glibc's or linked in): the first two recommended, libpq suggested.
cat > "$root/DEBIAN/control" <<EOF
Package: arbor
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: libc6 (>= $glibc)
Recommends: libxml2, libarchive13t64 | libarchive13
Suggests: libpq5
Section: utils
Priority: optional
Description: terminal hierarchy browser and picker
 Arbor shows a tree of data as columns of object cells: JSON, YAML, XML,
 TOML, property lists, INI files, CSV and TSV tables, path lists, SQLite and
 PostgreSQL databases, directory trees, archives and the output of commands.
 It browses them, picks items from them in a pipeline as fzf does, prints
 them as trees and answers queries about them (JSONPath included).
EOF
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/arbor_${version}_$arch.deb" >/dev/null

(cd "$out" && sha256sum "$name.tar.gz" "arbor_${version}_$arch.deb" > SHA256SUMS)
echo "binary: $(stat -c %s "$binary") bytes, stripped $(stat -c %s "$files/arbor"); glibc floor $glibc"
for file in "$out/$name.tar.gz" "$out/arbor_${version}_$arch.deb"; do echo "$file: $(stat -c %s "$file") bytes"; done
echo "installed size: $(dpkg-deb -f "$out/arbor_${version}_$arch.deb" Installed-Size) KiB"
if command -v lintian >/dev/null; then
  lintian --fail-on error,warning --suppress-tags-from-file scripts/dist-lintian-explained "$out/arbor_${version}_$arch.deb"
fi
