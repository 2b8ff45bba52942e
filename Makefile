# spinrender — a thin layer over SwiftPM (GNU conventions). Every target that builds depends on
# `deps`, which installs the system libraries (giflib, libpng) only when they are missing.

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
SWIFT   ?= swift
# Debian packages the build needs: giflib and libpng headers, pkg-config to find them.
DEB_PACKAGES := libgif-dev libpng-dev pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN_DIR     = $(shell $(SWIFT) build -c release --show-bin-path)
RELEASE_BIN = $(BIN_DIR)/spinrender
PYTHON     ?= python3

.PHONY: all deps build release demo assets references test bench interop script-deps install uninstall clean

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

# The benchmark and interoperability scripts are Python 3; they install their own peers
# (ImageMagick, gifsicle, ffmpeg, Pillow, chromium for interop) when missing. Output: bench-out/.
script-deps:
	@command -v $(PYTHON) >/dev/null 2>&1 || { \
	  echo "Installing python3"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3; }

# Whole-process figures against the peers, then the in-process ones (spinrender-bench).
# Prints PASS/MISS per target of issues 4 and 7; a MISS never fails the target.
bench: release script-deps
	$(SWIFT) build -c release --product spinrender-bench
	$(PYTHON) scripts/bench.py --bin-dir "$(BIN_DIR)"

# Do the GIFs open and decode identically in ImageMagick, ffmpeg, Pillow, gifsicle (and
# chromium when it installs)? Exits non-zero on a real mismatch.
interop: release script-deps
	$(PYTHON) scripts/interop.py --bin-dir "$(BIN_DIR)"

install: release
	install -d $(DESTDIR)$(BINDIR)
	install -m 0755 $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/spinrender

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/spinrender

clean:
	rm -rf .build bench-out spinner-explicit.gif spinner-implicit.gif preview.gif
