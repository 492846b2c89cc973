#!/usr/bin/env bash
# Runs every fuzz target of ArborFuzz (built with libFuzzer and AddressSanitizer in .build-fuzz) for a while,
# FUZZ_JOBS targets at a time (default: the processors there are), the next started as soon as one ends.
#   scripts/fuzz.sh SECONDS            grows Tests/Fuzz/corpus; findings go to Tests/Fuzz/crashes
#   scripts/fuzz.sh SECONDS --smoke    new inputs go to a scratch corpus; the repository is left as it is
# Fails when a target crashes, breaks an invariant or leaks.
set -u
seconds=$1
mode=${2:-}
targets=${FUZZ_TARGETS:-"json yaml csv paths command config theme keys cli"}
jobs=${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
binary=.build-fuzz/debug/ArborFuzz
# Leaks inside TOMLKit (a fixed amount per parse, see the file) are suppressed; every other leak fails the run.
LSAN_OPTIONS="suppressions=$(pwd)/Tests/Fuzz/lsan-suppressions.txt:print_suppressions=0"
export LSAN_OPTIONS
if [ "$mode" = --smoke ]; then crashes=.build-fuzz/crashes; else crashes=Tests/Fuzz/crashes; fi
mkdir -p "$crashes"

# One target for the time given; its exit status goes to .build-fuzz/TARGET.status.
fuzz() {
    target=$1
    mkdir -p "Tests/Fuzz/corpus/$target"
    if [ "$mode" = --smoke ]; then
        scratch=".build-fuzz/corpus/$target"
        rm -rf "$scratch"; mkdir -p "$scratch"
        corpora="$scratch Tests/Fuzz/corpus/$target"
    else
        corpora="Tests/Fuzz/corpus/$target"
    fi
    # shellcheck disable=SC2086
    ARBOR_FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
        -artifact_prefix="$crashes/$target-" -print_final_stats=1 $corpora >".build-fuzz/$target.log" 2>&1
    echo $? > ".build-fuzz/$target.status"
}

running=0
for target in $targets; do
    fuzz "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait

status=0
for target in $targets; do
    log=".build-fuzz/$target.log"
    result=$(cat ".build-fuzz/$target.status" 2>/dev/null || echo 1)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz $target: ${runs:-0} inputs in $seconds s, exit $result"
    if [ "$result" -ne 0 ]; then
        grep -E "^(==|SUMMARY|.*Fatal error|.*ERROR)" "$log" | head -20
        status=1
    fi
done
exit $status
