# spinrender — a thin layer over SwiftPM (GNU conventions). Every target that builds depends on
# `deps`, which installs the system libraries (giflib, libpng) only when they are missing.

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
SWIFT   ?= swift
# Debian packages the build needs: giflib and libpng headers, pkg-config to find them.
DEB_PACKAGES := libgif-dev libpng-dev pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)/spinrender

.PHONY: all deps build release demo assets references test fuzz sanitize bench interop install uninstall clean

all: build

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing system packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product spinrender

demo: release
	$(RELEASE_BIN) --mode explicit -o spinner-explicit.gif
	$(RELEASE_BIN) --mode implicit -o spinner-implicit.gif
	$(RELEASE_BIN) --mode preview -o preview.gif
	@ls -l spinner-explicit.gif spinner-implicit.gif preview.gif

assets: release
	$(RELEASE_BIN) --mode explicit -o assets/spinner-explicit.gif
	$(RELEASE_BIN) --mode implicit -o assets/spinner-implicit.gif
	$(RELEASE_BIN) --mode preview -o assets/preview.gif
	$(RELEASE_BIN) --mode preview --appearance dark -o assets/preview-dark.gif
	$(RELEASE_BIN) --mode preview --rotate-at 0.5 -o assets/drift.gif

# Reference frames for the visual regression tests: every mode, both appearances, scales 1-3.
references: release
	@for mode in explicit implicit preview; do for appearance in light dark; do for scale in 1 2 3; do \
	  $(RELEASE_BIN) verify --record all --quiet --mode $$mode --appearance $$appearance --scale $$scale \
	    --reference assets/reference/$$mode-$$appearance@$${scale}x 2>/dev/null; \
	done; done; done; du -sh --apparent-size assets/reference

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# libFuzzer targets for the GIF reader, the PNG reader and the --animation parser (Fuzz/, a
# package of its own); each runs FUZZ_SECONDS after replaying the committed corpus. Not part of
# `test`. Example: make fuzz FUZZ_SECONDS=600 FUZZ_TARGETS=GIFReader
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= GIFReader PNGReader AnimationParser
fuzz: deps
	SWIFT="$(SWIFT)" FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" Fuzz/fuzz.sh

# The whole test suite under AddressSanitizer, then under ThreadSanitizer, each in its own
# scratch folder so the normal build is untouched. The CLI tests run the sanitized executable.
# Not part of `test`.
# Suppressions cover only toolchain false positives; Tests/Sanitizers/README.md says why.
SANITIZER_DIR := $(CURDIR)/Tests/Sanitizers
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 LSAN_OPTIONS=suppressions=$(SANITIZER_DIR)/lsan-suppressions.txt:print_suppressions=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=halt_on_error=1:suppressions=$(SANITIZER_DIR)/tsan-suppressions.txt \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan

install: release
	install -d $(DESTDIR)$(BINDIR)
	install -m 0755 $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/spinrender

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/spinrender

clean:
	rm -rf .build Fuzz/.build spinner-explicit.gif spinner-implicit.gif preview.gif
