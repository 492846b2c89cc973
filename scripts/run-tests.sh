#!/bin/sh
# Runs the built test suite (swift-testing) in two processes side by side: the end-to-end target, whose tests
# mostly wait on tmux, and every other target, whose tests mostly compute. In one process the end-to-end tests'
# waits held the two threads of Swift's task pool that the unit tests (and the browsers they run) need, so the
# suite took longer and a browser test could wait 30 s for a frame.
# The end-to-end output is written to .build/end-to-end-tests.log and printed after the other process's.
set -u
bundle=.build/debug/ArborPackageTests.xctest
[ -x "$bundle" ] || { echo "$bundle is missing: build the tests first (swift build --build-tests)"; exit 1; }
if grep -rqs "XCTestCase" Tests --include="*.swift"; then
    echo "scripts/run-tests.sh runs swift-testing only; an XCTestCase under Tests would not run"; exit 1
fi
log=.build/end-to-end-tests.log
"$bundle" --testing-library swift-testing --filter '^EndToEndTests\.' > "$log" 2>&1 &
endToEnd=$!
# The others run a little behind: a program an end-to-end test drives gets the processor when it asks.
nice -n 10 "$bundle" --testing-library swift-testing --skip '^EndToEndTests\.'
units=$?
wait "$endToEnd"
ends=$?
cat "$log"
echo "unit and snapshot tests: exit $units; end-to-end tests: exit $ends"
[ "$units" -eq 0 ] && [ "$ends" -eq 0 ]
