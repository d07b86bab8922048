# relops: `make demo` and `make test` work on a fresh Debian 12 machine with the Swift toolchain.
SHELL := /bin/bash
SWIFT ?= swift
# Package.swift declares test targets by looking at Tests/: never reuse a cached manifest.
SWIFTFLAGS ?= --manifest-cache none

# Debian packages: the C libraries relops links, and the real peers tests and benchmarks use.
BUILD_DEPS := pkg-config libgit2-dev libcurl4-openssl-dev libssl-dev libcmark-gfm-dev \
              libcmark-gfm-extensions-dev libyaml-dev libidn2-dev zlib1g-dev libpsl-dev
TEST_DEPS  := git openssl zip curl nginx-light openjdk-17-jre-headless apksigner unzip
BENCH_DEPS := hyperfine ripgrep git python3

.PHONY: lint all deps test-deps bench-deps build release test demo bench fuzz format clean _nginx _jre

all: build

# Installs only what is missing; runs `apt-get update` once, and only when something is.
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_missing,$(BUILD_DEPS))

test-deps: deps
	@# nginx-light, nginx-core or nginx all provide /usr/sbin/nginx; keytool may come from any JRE.
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then $(MAKE) --no-print-directory _nginx; fi
	@if ! command -v keytool >/dev/null; then $(MAKE) --no-print-directory _jre; fi
	$(call install_missing,git openssl zip unzip curl apksigner)

_nginx:
	$(call install_missing,nginx-light)
_jre:
	$(call install_missing,openjdk-17-jre-headless)

bench-deps: deps
	$(call install_missing,$(BENCH_DEPS))

build: deps
	$(SWIFT) build $(SWIFTFLAGS)

# The Swift runtime and Foundation linked in: half the start-up time and 6 MiB less memory per run.
release: deps
	$(SWIFT) build $(SWIFTFLAGS) -c release --static-swift-stdlib --product relops

# Builds once (product and tests), then runs every test; Swift Testing runs them in parallel.
test: test-deps lint
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	$(SWIFT) test $(SWIFTFLAGS) --skip-build

demo: build
	@"$$($(SWIFT) build $(SWIFTFLAGS) --show-bin-path)/relops" demo

bench: bench-deps release
	@for b in Benchmarks/scan.sh Benchmarks/cutover.sh Benchmarks/anchors.sh; do echo "== $$b"; bash "$$b" || exit 1; done

format:
	$(SWIFT) format --in-place --recursive Sources Tests Fuzz Package.swift

# The committed .swift-format, strictly: `make test` fails on a finding (fix with `make format`).
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Fuzz Package.swift

clean:
	rm -rf .build

# libFuzzer targets in Fuzz/<Name>/ (each with a seed corpus in Fuzz/<Name>/corpus), bounded in time.
FUZZ_SECONDS ?= 60
fuzz: deps
	@for dir in Fuzz/*/; do \
	  name=$$(basename $$dir); echo "== fuzz $$name ($(FUZZ_SECONDS)s)"; \
	  RELOPS_FUZZ=1 $(SWIFT) build -c debug --sanitize fuzzer --product $$name --scratch-path .build-fuzz || exit 1; \
	  mkdir -p .build-fuzz/corpus/$$name; \
	  .build-fuzz/debug/$$name -max_total_time=$(FUZZ_SECONDS) -timeout=5 .build-fuzz/corpus/$$name $$dir/corpus || exit 1; \
	done
