#!/usr/bin/env bash
# Fails unless every line of ArborCore was run by the suite (profile from `swift test --enable-code-coverage`), and
# every region (each branch of each condition) of the relative queries: HierarchyRelations, its walk of descendants
# and the store's RelativeQueries.
set -euo pipefail
llvm_cov=${LLVM_COV:-llvm-cov}
required=${ARBOR_CORE_COVERAGE:-100}
llvm_profdata=$(dirname "$(command -v "$llvm_cov")")/llvm-profdata
[ -x "$llvm_profdata" ] || llvm_profdata=llvm-profdata
profiles=(.build/debug/codecov/*.profraw)
# A process killed by its test may leave its profile cut short: merged without it (the others cover its lines).
"$llvm_profdata" merge --sparse --failure-mode=all -o .build/debug/codecov/default.profdata "${profiles[@]}" 2>&1 \
  | grep -v "^warning: .*profraw" || true
report=$("$llvm_cov" report .build/debug/ArborPackageTests.xctest \
  -instr-profile .build/debug/codecov/default.profdata $(find Sources/ArborCore -name "*.swift" | sort))
total=$(printf '%s\n' "$report" | awk '/^TOTAL/ { print $(NF-3) }' | tr -d '%')
missed=$(printf '%s\n' "$report" | awk '/^TOTAL/ { print $(NF-4) }')
echo "ArborCore line coverage: ${total}% (${missed} lines missed; required ${required}%)"
if awk -v t="$total" -v r="$required" 'BEGIN { exit !(t + 0 < r + 0) }'; then
  printf '%s\n' "$report" | awk 'NR <= 2 || (NF > 5 && $(NF-4) + 0 > 0 && $1 != "TOTAL")'
  echo "ArborCore coverage is below ${required}%: cover the lines above (llvm-cov show lists them)" >&2
  exit 1
fi
relations=(Sources/ArborCore/Query/HierarchyRelations.swift Sources/ArborCore/Query/HierarchyDescendants.swift
  Sources/ArborCore/Store/RelativeQueries.swift)
regions=$("$llvm_cov" report .build/debug/ArborPackageTests.xctest \
  -instr-profile .build/debug/codecov/default.profdata "${relations[@]}")
read -r count missedRegions < <(printf '%s\n' "$regions" | awk '/^TOTAL/ { print $2, $3 }')
echo "Relative queries region coverage: $((count - missedRegions)) of ${count} regions run (required: all)"
if [ "$missedRegions" -ne 0 ]; then
  printf '%s\n' "$regions"
  echo "A region of the relative queries was not run: llvm-cov show --show-regions lists it" >&2
  exit 1
fi
