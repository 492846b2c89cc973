# Arbor: build, run, test, install.
PREFIX ?= /usr/local
SWIFT ?= swift
SAMPLE ?= sample-data/plant-maintenance.json
BIN_DEBUG = .build/debug/arbor
BIN_RELEASE = .build/release/arbor

.PHONY: all build run test install clean deps tmux

all: build

# ncursesw (with pkg-config) is the one system library Arbor needs.
deps:
	@if ! pkg-config --exists ncursesw 2>/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing libncurses-dev and pkg-config (ncursesw is missing)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libncurses-dev pkg-config >/dev/null; \
	  else \
	    echo "ncursesw is missing: install it with 'sudo apt-get install libncurses-dev pkg-config' (Debian/Ubuntu)"; \
	    echo "or 'brew install ncurses pkg-config' (macOS), then run make again"; exit 1; \
	  fi; \
	fi

# The end-to-end tests drive the real binary in tmux.
tmux:
	@if ! command -v tmux >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing tmux (the end-to-end tests need it)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null; \
	  else \
	    echo "tmux is missing: the end-to-end tests need it ('sudo apt-get install tmux')"; exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build -c release --product arbor

run: build
	$(BIN_RELEASE) $(SAMPLE)

test: deps tmux
	$(SWIFT) build --product arbor
	ARBOR_BIN=$(CURDIR)/$(BIN_DEBUG) $(SWIFT) test

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN_RELEASE) $(DESTDIR)$(PREFIX)/bin/arbor

clean:
	rm -rf .build
