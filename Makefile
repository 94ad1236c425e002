# SPDX-License-Identifier: GPL-3.0-or-later
# The two commands of the README. Everything else is meson's.
#
#   make run [FILE=trace.json.gz]   install what is missing, build, open Strata
#   make test                       install what is missing, build, run every test
#   make flatpak                    build the Flatpak with flatpak-builder and install it (--user)
#   make fuzz [FUZZ_SECONDS=60]     build the libFuzzer harnesses (clang) in build-fuzz and
#                                   run each for FUZZ_SECONDS

BUILDDIR ?= build
SAMPLE   := data/samples/sample-training.pt.trace.json.gz
FILE     ?= $(SAMPLE)
FUZZ_SECONDS ?= 60

.PHONY: run test deps build flatpak fuzz

# Uninstalled, Strata finds its settings schema in the build directory.
run: build
	GSETTINGS_SCHEMA_DIR=$(BUILDDIR)/data $(BUILDDIR)/src/app/strata "$(FILE)"

test: build
	xvfb-run -a -s "-screen 0 1600x1000x24" meson test -C $(BUILDDIR) --print-errorlogs

build: deps
	@if [ ! -f $(BUILDDIR)/build.ninja ]; then meson setup $(BUILDDIR); fi
	meson compile -C $(BUILDDIR)

deps:
	@./build-aux/install-deps

fuzz: deps
	./tests/fuzz/run-fuzz build-fuzz $(FUZZ_SECONDS)

# Needs flatpak-builder and the GNOME runtime and SDK of the manifest
# (from Flathub); without them it says what is missing and fails.
flatpak:
	@command -v flatpak-builder >/dev/null 2>&1 || { \
	  echo "make flatpak: flatpak-builder is not installed (Debian: apt install flatpak-builder)." >&2; \
	  echo "Then: flatpak remote-add --user --if-not-exists flathub https://dl.flathub.org/repo/flathub.flatpakrepo" >&2; \
	  exit 1; }
	flatpak-builder --user --install --force-clean --install-deps-from=flathub \
	  build-flatpak flatpak/io.github.strata.Strata.json
