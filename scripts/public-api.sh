#!/usr/bin/env bash
# Lists the public API of the library (ArborKit, the ArborCore and ArborTUI declarations it re-exports, ArborPath), one
# declaration a line, from the modules of the last debug build. With --check, compares it with the committed
# docs/public-api.txt and fails when they differ: an accidental change of the API fails the build, a meant one
# is recorded with `make public-api`; it fails too when a module outside the library declares anything public.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=.build/debug/Modules
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for module in ArborKit ArborCore ArborTUI ArborPath; do
  swift symbolgraph-extract -module-name "$module" -I "$modules" \
    -Xcc -fmodule-map-file=Sources/CNcurses/module.modulemap -Xcc -fmodule-map-file=Sources/CLibpq/module.modulemap \
    -Xcc -fmodule-map-file=Sources/CLZ4/module.modulemap \
    -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public -skip-synthesized-members -output-dir "$out"
done
listing=$(python3 - "$out" <<'PY'
import json, glob, sys
lines = set()
for path in sorted(glob.glob(sys.argv[1] + "/*.symbols.json")):
    graph = json.load(open(path))
    module = graph["module"]["name"]
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") != "public":
            continue
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        owner = ".".join(symbol["pathComponents"][:-1])
        lines.add(f"{module} {owner + ' ' if owner else ''}{' '.join(declaration.split())}")
print("\n".join(sorted(lines)))
PY
)
if [ "${1:-}" = "--check" ]; then
  # The library is ArborKit (with ArborCore and ArborTUI) and ArborPath: the modules only the program uses are
  # package or internal, so that nothing of them becomes API by accident.
  leaks=$(python3 - <<'PY'
import pathlib, re
for folder in ["ArborSources", "ArborCommandLine", "ArborConfig", "arbor"]:
    for path in sorted(pathlib.Path("Sources", folder).rglob("*.swift")):
        for number, line in enumerate(path.read_text().split("\n"), 1):
            if not line.lstrip().startswith("//") and re.search(r"(^|\s)public[ (]", line):
                print(f"{path}:{number}: {line.strip()}")
PY
)
  if [ -n "$leaks" ]; then
    printf '%s\n' "$leaks" >&2
    echo "Public declarations outside the library's modules (above): make them package or internal." >&2
    exit 1
  fi
  if ! diff -u docs/public-api.txt <(printf '%s\n' "$listing"); then
    echo "The public API changed (above: - committed, + now). If that is meant, run 'make public-api' and commit docs/public-api.txt." >&2
    exit 1
  fi
  echo "public API unchanged: $(printf '%s\n' "$listing" | wc -l) declarations"
else
  printf '%s\n' "$listing"
fi
