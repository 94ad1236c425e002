# The two commands of the README. Everything else is meson's.
#
#   make run [FILE=trace.json.gz]   install what is missing, build, open Strata
#   make test                       install what is missing, build, run every test

BUILDDIR ?= build
SAMPLE   := data/samples/sample-training.pt.trace.json.gz
FILE     ?= $(SAMPLE)

.PHONY: run test deps build

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
