#!/bin/sh
# Runs the built test suite (swift-testing) in three processes side by side: the end-to-end target, whose tests
# mostly wait on tmux; the suites that run a browser's loop on a terminal in memory (TerminalLoops); and every
# other test, which mostly computes. In one process, tests that block a thread (a tmux wait, a long computation)
# held the two threads of Swift's task pool that the browsers' loads and the loop tests' waits need, so a loop
# test could wait 30 s for a frame and the suite took longer.
# The first two write their output to .build/end-to-end-tests.log and .build/loop-tests.log, printed after the
# third's.
set -u
bundle=.build/debug/ArborPackageTests.xctest
[ -x "$bundle" ] || { echo "$bundle is missing: build the tests first (swift build --build-tests)"; exit 1; }
if grep -rqs "XCTestCase" Tests --include="*.swift"; then
    echo "scripts/run-tests.sh runs swift-testing only; an XCTestCase under Tests would not run"; exit 1
fi
ends=.build/end-to-end-tests.log
loops=.build/loop-tests.log
"$bundle" --testing-library swift-testing --filter '^EndToEndTests\.' > "$ends" 2>&1 &
endToEnd=$!
"$bundle" --testing-library swift-testing --filter '^ArborTUITests\.TerminalLoops/' > "$loops" 2>&1 &
loop=$!
# The rest run a little behind: a program an end-to-end test drives gets the processor when it asks.
nice -n 10 "$bundle" --testing-library swift-testing --skip '^EndToEndTests\.' --skip '^ArborTUITests\.TerminalLoops/'
units=$?
wait "$endToEnd"
endsStatus=$?
wait "$loop"
loopStatus=$?
cat "$loops" "$ends"
echo "unit and snapshot tests: exit $units; browser loop tests: exit $loopStatus; end-to-end tests: exit $endsStatus"
[ "$units" -eq 0 ] && [ "$loopStatus" -eq 0 ] && [ "$endsStatus" -eq 0 ]
