#!/usr/bin/env bash
# Fails unless every line of ArborCore was run by the suite (profile from `swift test --enable-code-coverage`).
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
