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

.PHONY: all deps venv build test test-swift test-schema bench bench-smoke clean

all: build

deps:
	@scripts/install-deps

$(PYTHON): requirements-test.txt | deps
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q -r requirements-test.txt
	@touch $(PYTHON)

venv: $(PYTHON)

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

test: deps test-swift test-schema bench-smoke

test-swift: deps
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build

# Every fixture snapshot and every snapshot the Swift tests wrote (.build/test-artifacts/snapshots,
# also where captures from tests land) must match docs/snapshot.schema.json. Run after test-swift.
SNAPSHOT_ARTIFACTS := .build/test-artifacts/snapshots
test-schema: $(PYTHON)
	$(PYTHON) scripts/validate-snapshots fixtures/snapshots $(SNAPSHOT_ARTIFACTS)

# Benchmarks run in release mode. `make test` runs them at a tiny size so they keep working.
bench: deps
	swift build -c release --product weft-bench
	.build/release/weft-bench --size $(BENCH_SIZE) | scripts/bench-report --out docs/benchmarks.md

bench-smoke: deps
	swift build -c release --product weft-bench
	.build/release/weft-bench --size tiny | scripts/bench-report

clean:
	rm -rf .build $(VENV)
