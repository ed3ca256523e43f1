# Weft. The README's two commands: `make demo` (gateway + TextureGram + the URL to open) and
# `make test` (every test). `make bench` prints every figure and writes docs/benchmarks.md.
# Nothing needs installing by hand: `deps` apt-installs missing Debian packages, `venv`
# creates the Python virtualenv the browser tests use.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

VENV := .venv
PYTHON := $(VENV)/bin/python
SWIFT_BUILD_FLAGS ?=
BENCH_SIZE ?= full

.PHONY: all deps venv build demo demo-build gateway docs lint test test-gateway fuzz test-swift test-schema test-web test-browser test-e2e test-scripts test-texture-compatibility readme-screenshot bench bench-smoke bench-web bench-web-smoke clean

all: build

deps:
	@scripts/install-deps

$(PYTHON): requirements-test.txt | deps
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q -r requirements-test.txt
	@touch $(PYTHON)

venv: $(PYTHON)

build: deps gateway
	swift build $(SWIFT_BUILD_FLAGS)

# The gateway on 127.0.0.1:9223 (WEFT_DEMO_PORT=N for another) with TextureGram attached; prints
# the URL to open; Ctrl-C stops both. Optimised builds: the demo is where Weft's speed is judged
# (a debug TextureGram lays out, captures and serves requests many times slower).
demo: deps gateway demo-build
	@scripts/demo

demo-build:
	swift build -c release --product TextureGram $(SWIFT_BUILD_FLAGS)
	swift build -c release --product weft $(SWIFT_BUILD_FLAGS)

# The C gateway (gateway/build/weft-gateway, optimised). Its own Makefile has the details.
gateway: deps
	$(MAKE) -C gateway

# API documentation of the libraries a host links (DocC catalogs under Sources/<Module>/), built
# with the toolchain's docc into .build/docs-site, which `weft-gateway --docs` serves under /docs/;
# fails on a docc warning and on a public symbol without documentation (scripts/build-docs).
docs: deps
	swift build $(SWIFT_BUILD_FLAGS)
	scripts/build-docs

# Formatting and static checks: swift-format (.swift-format), clang-format (gateway/.clang-format),
# and every page module parsed and linked without running it.
lint: deps
	swift format lint --strict --recursive --parallel Package.swift Sources Tests Examples
	clang-format --dry-run -Werror $$(git ls-files 'gateway/*.c' 'gateway/*.h')
	scripts/check-page-modules

# The gateway's unit and integration tests, against an ASan+UBSan build of it.
test-gateway: deps
	$(MAKE) --no-print-directory -C gateway test

# Bounded libFuzzer runs (FUZZ_SECONDS each, default 60) of the gateway's message handler, of its JSON
# checks fed in fragments, of its access checks (headers of any length) and of the envelope's duplicate
# keys; needs clang.
# Not part of `make test`.
fuzz: deps
	$(MAKE) -C gateway fuzz

test: deps lint gateway test-gateway test-swift test-texture-compatibility docs test-schema test-web test-browser test-e2e test-scripts bench-smoke bench-web-smoke

# The venv comes first: the schema suite checks the encoder with Python's jsonschema.
test-swift: deps gateway venv
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build

# Tests/TextureCompatibilityPackage: Texture-style code in a package of its own that depends on
# Weft by path (the AsyncDisplayKit product), built and tested as an iOS team's package would be.
TEXTURE_COMPATIBILITY := --package-path Tests/TextureCompatibilityPackage --scratch-path .build/texture-compatibility
test-texture-compatibility: deps
	swift build --build-tests $(TEXTURE_COMPATIBILITY) $(SWIFT_BUILD_FLAGS)
	swift test --skip-build $(TEXTURE_COMPATIBILITY)

# The web inspector's pure modules (protocol client, tree model, ASCII art, range bars, overlays,
# semantic diff, tree rows) under node's own test runner, on the fixtures shared with Swift.
test-web:
	node --test web-inspector/test/

# The page in headless Chromium against the real gateway and the real host programs (the example
# and TextureGram; tests/harness starts them on a free port, with unique instance names).
test-browser: venv gateway
	swift build --product weft-example $(SWIFT_BUILD_FLAGS)
	swift build --product TextureGram $(SWIFT_BUILD_FLAGS)
	$(PYTHON) -m pytest -q tests/browser

# TextureGram end to end (tests/e2e): the real gateway, TextureGram and the web inspector in
# headless Chromium, the CLI through the gateway, deterministic --frames runs, no-gateway messages,
# and scripts/demo with the release builds `make demo` runs.
# Then Chrome DevTools on it (tests/devtools: CDP clients and the browser's own frontend), in a
# run of its own (each folder imports its own conftest).
test-e2e: venv gateway demo-build
	swift build $(SWIFT_BUILD_FLAGS)
	$(PYTHON) -m pytest -q tests/e2e
	$(PYTHON) -m pytest -q tests/devtools

# The repository's own scripts (scripts/bench-report, scripts/paced-pinned); that nothing in
# the repository refers to a file outside it (scripts/check-self-contained); that one protocol
# vocabulary names every code and method; that no library product holds test helpers.
test-scripts: venv
	$(PYTHON) -m pytest -q tests/scripts

# Refreshes docs/images/inspector.png, the README's picture (the end-to-end test takes it).
readme-screenshot: venv gateway
	swift build $(SWIFT_BUILD_FLAGS)
	WEFT_README_SCREENSHOT=1 $(PYTHON) -m pytest -q tests/e2e/test_texturegram.py -k screenshot

# Every fixture snapshot and every snapshot the Swift tests wrote (.build/test-artifacts/snapshots,
# also where captures from tests land) must match docs/snapshot.schema.json, and every recording
# there (*.jsonl) docs/recording.schema.json, line by line. Run after test-swift.
SNAPSHOT_ARTIFACTS := .build/test-artifacts/snapshots
test-schema: $(PYTHON)
	$(PYTHON) scripts/validate-snapshots fixtures/snapshots $(SNAPSHOT_ARTIFACTS) Tests/WeftTestingTests/__Snapshots__ \
		Tests/TextureCompatibilityPackage/Tests/TextureCompatibilityTests/__Snapshots__

# Benchmarks run in release mode. `make test` runs them at a tiny size so they keep working.
# The `cli` suite runs the release `weft` binary, so it is built too. TextureGram's figure: frames
# per second of the headless feed while it is scrolled (a minute of program time at full size,
# two seconds at tiny size).
texturegram_bench_frames = $(if $(filter tiny,$(1)),120,3600)
bench: deps venv gateway
	swift build -c release --product weft-bench
	swift build -c release --product weft
	swift build -c release --product TextureGram
	{ .build/release/weft-bench --size $(BENCH_SIZE); $(PYTHON) web-inspector/bench/bench.py --size $(BENCH_SIZE); \
	  $(MAKE) -s --no-print-directory -C gateway bench BENCH_SIZE=$(BENCH_SIZE); \
	  .build/release/TextureGram --bench $(call texturegram_bench_frames,$(BENCH_SIZE)); } \
		| scripts/bench-report --out docs/benchmarks.md

# The web inspector's figures alone (headless Chromium against the real gateway).
bench-web: venv gateway
	$(PYTHON) web-inspector/bench/bench.py --size $(BENCH_SIZE) | scripts/bench-report

bench-web-smoke: venv gateway
	$(PYTHON) web-inspector/bench/bench.py --size tiny | scripts/bench-report

bench-smoke: deps gateway
	swift build -c release --product weft-bench
	swift build -c release --product weft
	swift build -c release --product TextureGram
	{ .build/release/weft-bench --size tiny; $(MAKE) -s --no-print-directory -C gateway bench BENCH_SIZE=tiny; \
	  .build/release/TextureGram --bench $(call texturegram_bench_frames,tiny); } \
		| scripts/bench-report
	# The profiling mode scripts/capture-cost runs under valgrind, and the paced comparison
	# docs/client.md reads in any phase of the machine.
	.build/release/weft-bench --feed streaming --frames 60 --evict-kib 64
	.build/release/weft-bench --paced 500 --size tiny | scripts/bench-report
	# The same with the loop's thread and the others on processors of their own (two or more).
	if [ "$$(nproc)" -ge 2 ]; then scripts/paced-pinned --size tiny | scripts/bench-report; fi

clean:
	rm -rf .build $(VENV)
