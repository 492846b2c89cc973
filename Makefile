# Arbor: build, run, test, install.
PREFIX ?= /usr/local
SWIFT ?= swift
CLANG ?= $(shell d=$$(dirname $$(readlink -f $$(command -v $(SWIFT)))); [ -x $$d/clang ] && echo $$d/clang || echo cc)
SAMPLE ?= sample-data/plant-maintenance.json
BIN_DEBUG = .build/debug/arbor
BIN_RELEASE = .build/release/arbor

.PHONY: all build commit-info dist dist-check run test test-release install clean deps tools coverage bench bench-smoke bench-tools startup-order fuzz fuzz-smoke leaks example docs-api public-api

all: build

# ncursesw, SQLite, libxml2, LZ4, libfyaml, libyaml and libarchive (with pkg-config) are the system libraries Arbor needs
# (libxml2, libarchive and libpq are loaded when a source needs them).
deps:
	@if ! pkg-config --exists ncursesw sqlite3 libxml-2.0 liblz4 libfyaml yaml-0.1 libarchive 2>/dev/null || ! [ -f "$$($(CLANG) -print-file-name=libxxhash.a)" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing libncurses-dev, libsqlite3-dev, libxml2-dev, liblz4-dev, libfyaml-dev, libxxhash-dev, libyaml-dev, libarchive-dev and pkg-config"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libncurses-dev libsqlite3-dev libxml2-dev liblz4-dev libfyaml-dev libxxhash-dev libyaml-dev libarchive-dev pkg-config >/dev/null; \
	  else \
	    echo "ncursesw, sqlite3, libxml2, lz4, libfyaml, libyaml or libarchive is missing: install them with 'sudo apt-get install libncurses-dev libsqlite3-dev libxml2-dev liblz4-dev libfyaml-dev libxxhash-dev libyaml-dev libarchive-dev pkg-config'"; \
	    echo "(Debian/Ubuntu) or 'brew install ncurses sqlite libxml2 lz4 libfyaml libyaml libarchive pkg-config' (macOS), then run make again"; exit 1; \
	  fi; \
	fi

# The end-to-end tests drive the real binary in tmux, and the shell snippets in bash, zsh and fish; the
# PostgreSQL tests start throwaway clusters of the distribution's server (scripts/pg-cluster.sh).
# Each a command and the Debian package holding it (COMMAND:PACKAGE when they differ); the archive tests make
# archives with zip, zstd, bsdtar (7z) and dpkg-deb.
TEST_TOOLS = tmux zsh fish groff zip zstd bsdtar:libarchive-tools dpkg-deb:dpkg
tools:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing postgresql (the PostgreSQL tests start a server of their own)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else echo "PostgreSQL is missing; the tests need its server ('sudo apt-get install postgresql')"; exit 1; fi; \
	fi
	@python3 -c 'import jsonpatch' 2>/dev/null || python3 -m pip install -q jsonpatch || { echo "python3 with jsonpatch is needed (the diff tests check patches with it)"; exit 1; }
	@missing=""; for tool in $(TEST_TOOLS); do command -v $${tool%%:*} >/dev/null || missing="$$missing $${tool##*:}"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing$$missing (the tests need them)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "missing:$$missing; the end-to-end tests need them ('sudo apt-get install$$missing')"; exit 1; \
	  fi; \
	fi

# The Swift runtime linked in: the process starts in a third of the time (see docs/DECISIONS.md).
# On Linux the program is linked at a fixed address: no 88,000 relocations to apply at every start (3 MiB less
# resident, a millisecond less to start; docs/DECISIONS.md).
# Each function in its own section, and the ones a start runs laid side by side in the order
# bench/startup-order.txt lists (`make startup-order` writes it): a start faults in less code. No run path: the
# loader looked for every library beside the program first (the Swift libraries it would find there are linked in). The static
# standard library's link exports every symbol; nothing looks them up, and the loader searched them (DECISIONS).
ifeq ($(shell uname -s),Linux)
RELEASE_LINK = -Xswiftc -Xclang-linker -Xswiftc -no-pie -Xswiftc -Xclang-linker -Xswiftc -static-libgcc -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xlinker --section-ordering-file=$(CURDIR)/bench/startup-order.txt -Xlinker --no-export-dynamic
# libxml2 is loaded when an XML source opens: the release build reads its headers through a pkg-config file
# that names no library to link; LZ4's, SQLite's, libfyaml's and libyaml's name their archives (the system's files
# would put their folder, and so the shared libraries, first; libfyaml's archive leaves xxHash to its own).
# libstdc++ (the runtime's C++), SQLite, libfyaml, xxHash, libyaml and terminfo
# are linked in: a folder searched first holds only their archives, so a start loads, relocates and binds none of
# them (ncursesw's archive is there too: nothing of it is called, so nothing of it is linked).
RELEASE_PKG = .build/pkgconfig
RELEASE_ENV = PKG_CONFIG_PATH=$(CURDIR)/$(RELEASE_PKG)
RELEASE_ARCHIVES = .build/static-libs
RELEASE_LINK += -Xlinker -L$(CURDIR)/$(RELEASE_ARCHIVES)
endif
# The commit `arbor --version` prints, written into Sources/CBuildInfo/commit.h (not kept in git) when it changes;
# a build without it (a plain `swift build`, a copy without git) says "unknown". ARBOR_COMMIT=... names it.
ARBOR_COMMIT ?= $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD -- 2>/dev/null && echo $$c || echo $$c-dirty; })
COMMIT_HEADER = Sources/CBuildInfo/commit.h
commit-info:
	@line='#define ARBOR_COMMIT "$(ARBOR_COMMIT)"'; if [ -n "$(ARBOR_COMMIT)" ] && [ "$$(cat $(COMMIT_HEADER) 2>/dev/null)" != "$$line" ]; then \
	  echo "$$line" > $(COMMIT_HEADER); touch Sources/CBuildInfo/BuildInfo.c; fi

build: deps commit-info
ifeq ($(shell uname -s),Linux)
	@mkdir -p $(RELEASE_PKG) $(RELEASE_ARCHIVES)
	@printf 'Name: libXML\nDescription: libxml2 headers, loaded when used\nVersion: %s\nCflags: %s\nLibs:\n' \
	  "$$(pkg-config --modversion libxml-2.0)" "$$(pkg-config --cflags libxml-2.0)" > $(RELEASE_PKG)/libxml-2.0.pc
	@for pc in liblz4:lz4 sqlite3:sqlite3 yaml-0.1:yaml libfyaml:fyaml; do module=$${pc%%:*}; name=$${pc##*:}; \
	  printf 'Name: %s\nDescription: %s, linked in\nVersion: %s\nCflags: %s\nLibs: %s\n' "$$name" "$$name" "$$(pkg-config --modversion $$module)" \
	  "$$(pkg-config --cflags $$module)" "$$([ -f "$$($(CLANG) -print-file-name=lib$$name.a)" ] && echo -l:lib$$name.a$$([ $$name = fyaml ] && echo ' -l:libxxhash.a') || pkg-config --libs $$module)" \
	  > $(RELEASE_PKG)/$$module.pc; done
	@printf 'Name: ncursesw\nDescription: terminfo, linked in\nVersion: %s\nCflags:\nLibs: %s\n' "$$(pkg-config --modversion ncursesw)" \
	  "$$([ -f "$$($(CLANG) -print-file-name=libtinfo.a)" ] && echo -l:libtinfo.a || pkg-config --libs ncursesw)" \
	  > $(RELEASE_PKG)/ncursesw.pc
	@for name in stdc++ sqlite3 yaml fyaml xxhash tinfo ncursesw; do archive="$$($(CLANG) -print-file-name=lib$$name.a)"; \
	  rm -f $(RELEASE_ARCHIVES)/lib$$name.a; if [ -f "$$archive" ]; then ln -s "$$archive" $(RELEASE_ARCHIVES)/lib$$name.a; fi; done
endif
	$(RELEASE_ENV) $(SWIFT) build -c release --product arbor --static-swift-stdlib --disable-local-rpath $(RELEASE_LINK)

run: build
	$(BIN_RELEASE) $(SAMPLE)

# The whole suite, measuring coverage on the way: it fails when a line of ArborCore was not run. The end-to-end
# tests run in a process beside the others (scripts/run-tests.sh). Each process writes its own profile; the gate
# merges them, skipping one cut short by a test that kills its process.
test: deps tools commit-info example
	$(SWIFT) build --build-tests --enable-code-coverage
	scripts/public-api.sh --check
	scripts/library-snippets.py
	rm -rf .build/debug/codecov && mkdir -p .build/debug/codecov
	LLVM_PROFILE_FILE=$(CURDIR)/.build/debug/codecov/arbor-%p.profraw ARBOR_BIN=$(CURDIR)/$(BIN_DEBUG) \
	  EXAMPLE_BIN=$(CURDIR)/$(EXAMPLE_BIN) scripts/run-tests.sh
	LLVM_COV=$(LLVM_COV) scripts/coverage-gate.sh
	$(MAKE) --no-print-directory fuzz-smoke

# The tests of the release build itself, run by .ci/run after make test: the libraries and locale files its start
# maps (its link's doing), and a document past 4 GiB (the debug build indexes it 30 times slower).
test-release: build
	$(SWIFT) build --build-tests --enable-code-coverage
	ARBOR_BIN=$(CURDIR)/$(BIN_DEBUG) ARBOR_RELEASE_BIN=$(CURDIR)/$(BIN_RELEASE) $(SWIFT) test --skip-build \
	  --filter 'ReleaseStartEndToEndTests|aDocumentPastFourGiBOpensWithItsItemsInPlace'

# The library's public API, one declaration a line, written to docs/public-api.txt: make test fails when the API
# differs from it, so a change of the API is made on purpose, with this target, and shows in the diff.
public-api:
	$(SWIFT) build --build-tests --enable-code-coverage
	scripts/public-api.sh > docs/public-api.txt

# The example package of docs/examples/TaskBoard: two programs of their own presenting the browser through ArborKit
# (a task board, a live process tree), built against this checkout as any package depending on it would be; their
# end-to-end tests run them, and docs/library.md's snippets are taken from them (scripts/library-snippets.py).
EXAMPLE_BIN = .build-example/debug/task-board
# SwiftPM keeps the path dependency's list of files in the scratch folder and does not see files added or moved
# in this checkout since: a failed build is tried once more from a clean scratch folder.
example: deps
	$(SWIFT) build --package-path docs/examples/TaskBoard --scratch-path .build-example \
	  || { rm -rf .build-example && $(SWIFT) build --package-path docs/examples/TaskBoard --scratch-path .build-example; }

# The API reference of the library (ArborKit, with the ArborCore and ArborTUI types it shows) as HTML in
# .build/docs/, generated by swift-docc-plugin.
docs-api:
	mkdir -p .build/docs
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation \
	  --target ArborKit --target ArborCore --target ArborTUI --output-path .build/docs \
	  --experimental-documentation-coverage --coverage-summary-level brief

# Line coverage of ArborCore by the whole suite, file by file.
LLVM_COV ?= $(shell d=$$(dirname $$(readlink -f $$(command -v $(SWIFT)))); [ -x $$d/llvm-cov ] && echo $$d/llvm-cov || echo llvm-cov)
coverage: test
	$(LLVM_COV) report .build/debug/ArborPackageTests.xctest -instr-profile .build/debug/codecov/default.profdata \
	  $$(find Sources/ArborCore -name "*.swift" | sort)

# The benchmark: generated data (about 6 GB in .bench-data/, made once), Arbor and its peers side by side,
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
	@test -x /usr/bin/time || { [ "$$(id -u)" = 0 ] && apt-get install -y -qq time >/dev/null; } || echo "/usr/bin/time missing; bench/limits.py needs it"
	@python3 -c 'import pyte' 2>/dev/null || python3 -m pip install -q pyte
	@command -v vd >/dev/null || python3 -m pip install -q visidata || echo "visidata missing; the benchmark skips it"
	@command -v xmllint >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get install -y -qq libxml2-utils >/dev/null; } || echo "xmllint missing; bench/formats.py skips it"
	@python3 -c 'import deepdiff' 2>/dev/null || python3 -m pip install -q deepdiff || echo "deepdiff missing; bench/diff.py skips it"

bench: build bench-tools
	python3 bench/generate.py .bench-data
	python3 bench/run.py .bench-data
	python3 bench/live.py $(BIN_RELEASE) --out docs/benchmarks.md
	python3 bench/postgres.py $(BIN_RELEASE) .bench-data --out docs/benchmarks.md
	python3 bench/paging.py $(BIN_RELEASE) .bench-data --out docs/benchmarks.md
	python3 bench/limits.py $(BIN_RELEASE) .bench-data --out docs/benchmarks.md
	python3 bench/preview.py $(BIN_RELEASE) .bench-data --out docs/benchmarks.md
	python3 bench/query.py $(BIN_RELEASE) .bench-data --out docs/benchmarks.md
	python3 bench/formats.py $(BIN_RELEASE) .bench-data --out docs/benchmarks.md
	python3 bench/diff.py $(BIN_RELEASE) .bench-data --out docs/benchmarks.md
	python3 bench/settings.py $(BIN_RELEASE) .bench-data --out docs/benchmarks.md

# The functions a start runs, seen by callgrind, for the release link's layout (needs valgrind).
# The program is linked once more with a map of where each function went, which the list is made from.
startup-order: build
	$(RELEASE_ENV) $(SWIFT) build -c release --product arbor --static-swift-stdlib --disable-local-rpath $(RELEASE_LINK) \
	  -Xlinker -Map=$(CURDIR)/.build/arbor-release.map
	python3 bench/startup_order.py $(BIN_RELEASE) .build/arbor-release.map bench/startup-order.txt

# A quick pass of the benchmark on data a hundredth of the size, Arbor only, with the debug build of make test.
bench-smoke:
	@python3 -c 'import pyte' 2>/dev/null || python3 -m pip install -q pyte
	python3 bench/generate.py .bench-data-smoke --small
	ARBOR=$(CURDIR)/$(BIN_DEBUG) python3 bench/run.py .bench-data-smoke --smoke > /dev/null

# Coverage-guided fuzzing (libFuzzer, AddressSanitizer) of each target for FUZZ_SECONDS; the corpus grows in
# Tests/Fuzz/corpus/TARGET and crashes land in Tests/Fuzz/crashes.
FUZZ_SECONDS ?= 60
# The targets whose kept corpus takes longest to replay come first, so that the others fill the second processor.
FUZZ_TARGETS = keys json yaml csv paths command config theme cli jsonpath jsonl xml toml plist ini diff terminal find crossing archive
FUZZ_BUILD = $(SWIFT) build --product ArborFuzz --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DARBOR_FUZZ \
  -Xcc -fsanitize=fuzzer-no-link,address
fuzz: deps
	$(FUZZ_BUILD)
	FUZZ_TARGETS="$(FUZZ_TARGETS)" scripts/fuzz.sh $(FUZZ_SECONDS)

# Each target for FUZZ_SMOKE_SECONDS on the kept corpus, new inputs in a scratch folder: part of make test.
FUZZ_SMOKE_SECONDS ?= 5
fuzz-smoke: deps
	@mkdir -p .build-fuzz
	@echo "building ArborFuzz with libFuzzer and AddressSanitizer"
	@$(FUZZ_BUILD) > .build-fuzz/build.log 2>&1 || { tail -40 .build-fuzz/build.log; exit 1; }
	FUZZ_TARGETS="$(FUZZ_TARGETS)" scripts/fuzz.sh $(FUZZ_SMOKE_SECONDS) --smoke

# A short and a long scripted session under valgrind's memcheck: lost memory must not grow with use.
leaks: build
	@command -v valgrind >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get install -y -qq valgrind >/dev/null; }
	python3 bench/leaks.py --keys 100,1000

# The binary, the manual page and the completions, each where man and the shells look under PREFIX; the page
# and the completions are written by the binary from the specification its --help comes from.
SHARE = $(DESTDIR)$(PREFIX)/share
install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/man/man1 $(SHARE)/bash-completion/completions \
	  $(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	install -m 755 $(BIN_RELEASE) $(DESTDIR)$(PREFIX)/bin/arbor
	$(BIN_RELEASE) manual > $(SHARE)/man/man1/arbor.1
	$(BIN_RELEASE) completions bash > $(SHARE)/bash-completion/completions/arbor
	$(BIN_RELEASE) completions zsh > $(SHARE)/zsh/site-functions/_arbor
	$(BIN_RELEASE) completions fish > $(SHARE)/fish/vendor_completions.d/arbor.fish

# The release files in dist/: arbor-VERSION-x86_64-linux.tar.gz, arbor_VERSION_amd64.deb and SHA256SUMS
# (scripts/dist.sh; lintian checks the package when it is installed).
dist: build
	scripts/dist.sh $(BIN_RELEASE)

# The release files installed and used as a user meets them, in fresh minimal Debian 12 and 13 roots made by
# debootstrap (as root; made once in .build-dist/roots; scripts/dist-check.sh).
dist-check: dist
	@command -v debootstrap >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get install -y -qq debootstrap >/dev/null; } \
	  || { echo "dist-check needs debootstrap ('sudo apt-get install debootstrap')"; exit 1; }
	scripts/dist-check.sh

clean:
	rm -rf .build .build-dist dist
