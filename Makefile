# Arbor: build, run, test, install.
PREFIX ?= /usr/local
SWIFT ?= swift
SAMPLE ?= sample-data/plant-maintenance.json
BIN_DEBUG = .build/debug/arbor
BIN_RELEASE = .build/release/arbor

.PHONY: all build run test install clean deps tools coverage bench bench-smoke bench-tools fuzz fuzz-smoke leaks

all: build

# ncursesw and SQLite (with pkg-config) are the system libraries Arbor needs.
deps:
	@if ! pkg-config --exists ncursesw sqlite3 2>/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing libncurses-dev, libsqlite3-dev and pkg-config"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libncurses-dev libsqlite3-dev pkg-config >/dev/null; \
	  else \
	    echo "ncursesw or sqlite3 is missing: install them with 'sudo apt-get install libncurses-dev libsqlite3-dev pkg-config'"; \
	    echo "(Debian/Ubuntu) or 'brew install ncurses sqlite pkg-config' (macOS), then run make again"; exit 1; \
	  fi; \
	fi

# The end-to-end tests drive the real binary in tmux, and the shell snippets in bash, zsh and fish.
TEST_TOOLS = tmux zsh fish
tools:
	@missing=""; for tool in $(TEST_TOOLS); do command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing$$missing (the end-to-end tests need them)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "missing:$$missing; the end-to-end tests need them ('sudo apt-get install$$missing')"; exit 1; \
	  fi; \
	fi

# The Swift runtime and Foundation linked in: the process starts in a third of the time (see docs/DECISIONS.md).
build: deps
	$(SWIFT) build -c release --product arbor --static-swift-stdlib

run: build
	$(BIN_RELEASE) $(SAMPLE)

# The whole suite, measuring coverage on the way: it fails when a line of ArborCore was not run.
test: deps tools
	$(SWIFT) build --build-tests --enable-code-coverage
	ARBOR_BIN=$(CURDIR)/$(BIN_DEBUG) $(SWIFT) test --skip-build --enable-code-coverage
	LLVM_COV=$(LLVM_COV) scripts/coverage-gate.sh
	$(MAKE) --no-print-directory fuzz-smoke

# Line coverage of ArborCore by the whole suite, file by file.
LLVM_COV ?= $(shell d=$$(dirname $$(readlink -f $$(command -v $(SWIFT)))); [ -x $$d/llvm-cov ] && echo $$d/llvm-cov || echo llvm-cov)
coverage: test
	$(LLVM_COV) report .build/debug/ArborPackageTests.xctest -instr-profile .build/debug/codecov/default.profdata \
	  Sources/ArborCore/*.swift

# The benchmark: generated data (about 1 GB in .bench-data/, made once), Arbor and its peers side by side,
# written to docs/benchmarks.md. Several minutes; not part of make test.
BENCH_PEERS = ranger lf nnn vifm fzf valgrind
bench-tools:
	@missing=""; for tool in $(BENCH_PEERS); do command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing$$missing (the benchmark's peers)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "missing:$$missing; the benchmark skips them"; fi; \
	fi
	@python3 -c 'import pyte' 2>/dev/null || python3 -m pip install -q pyte
	@command -v vd >/dev/null || python3 -m pip install -q visidata || echo "visidata missing; the benchmark skips it"

bench: build bench-tools
	python3 bench/generate.py .bench-data
	python3 bench/run.py .bench-data

# A quick pass of the benchmark on data a hundredth of the size, Arbor only, with the debug build of make test.
bench-smoke:
	@python3 -c 'import pyte' 2>/dev/null || python3 -m pip install -q pyte
	python3 bench/generate.py .bench-data-smoke --small
	ARBOR=$(CURDIR)/$(BIN_DEBUG) python3 bench/run.py .bench-data-smoke --smoke > /dev/null

# Coverage-guided fuzzing (libFuzzer, AddressSanitizer) of each target for FUZZ_SECONDS; the corpus grows in
# Tests/Fuzz/corpus/TARGET and crashes land in Tests/Fuzz/crashes.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = json yaml csv paths command config theme keys cli
FUZZ_BUILD = $(SWIFT) build --product ArborFuzz --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DARBOR_FUZZ
fuzz: deps
	$(FUZZ_BUILD)
	FUZZ_TARGETS="$(FUZZ_TARGETS)" scripts/fuzz.sh $(FUZZ_SECONDS)

# Each target for FUZZ_SMOKE_SECONDS on the kept corpus, new inputs in a scratch folder: part of make test.
FUZZ_SMOKE_SECONDS ?= 30
fuzz-smoke: deps
	@mkdir -p .build-fuzz
	@echo "building ArborFuzz with libFuzzer and AddressSanitizer"
	@$(FUZZ_BUILD) > .build-fuzz/build.log 2>&1 || { tail -40 .build-fuzz/build.log; exit 1; }
	FUZZ_TARGETS="$(FUZZ_TARGETS)" scripts/fuzz.sh $(FUZZ_SMOKE_SECONDS) --smoke

# A short and a long scripted session under valgrind's memcheck: lost memory must not grow with use.
leaks: build
	@command -v valgrind >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get install -y -qq valgrind >/dev/null; }
	python3 bench/leaks.py --keys 100,1000

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN_RELEASE) $(DESTDIR)$(PREFIX)/bin/arbor

clean:
	rm -rf .build
