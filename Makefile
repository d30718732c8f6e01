# cuagym: the two commands of the README.
#   make demo   install what the main job needs, then run it on its embedded defaults
#   make test   install the same plus the test services, then run the whole test suite
# Both are idempotent: stamps under .make/ record what was installed, so a second run installs
# nothing unless pyproject.toml or this Makefile changed.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .make

# Debian packages: what the main job needs, and what the tests start for real.
APT_RUNTIME := python3 python3-venv python3-dev ca-certificates curl bubblewrap util-linux
APT_TEST := redis-server chromium fonts-dejavu-core fonts-noto-color-emoji
# GUI environments: a virtual display, input, a window manager and the real desktop apps.
APT_GUI := xvfb xdotool x11-utils x11-xserver-utils matchbox-window-manager \
	libreoffice-calc libreoffice-writer libreoffice-impress libreoffice-gtk3 chromium \
	pcmanfm xterm

DEMO_PORT ?= 8765
# Most tests wait on subprocesses, browsers and sandboxes: three workers keep both cores busy.
PYTEST_WORKERS ?= 3
PYTEST_ARGS ?=

.PHONY: demo hub test install install-test lint typecheck bench clean

# The main job on its embedded defaults: procedural synthesis across every domain with task
# families, each tuple checked by code (C1-C7) in sandboxed environments, then verified again.
DEMO_N ?= 32
demo: install
	$(VENV)/bin/cuagym synth --backend procedural --n $(DEMO_N) --seed 0 --workers 2 --out ./output
	$(VENV)/bin/cuagym verify ./output/final/*
	@echo "verified bundles: ./output/final/   (serve the web apps: make hub)"

hub: install
	@$(VENV)/bin/cuagym hub serve --host 127.0.0.1 --port $(DEMO_PORT)

test: install-test
	$(VENV)/bin/pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

install: $(STAMPS)/venv $(STAMPS)/image

install-test: $(STAMPS)/venv-test $(STAMPS)/apt-test $(STAMPS)/image $(STAMPS)/osworld

lint:
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/ruff format --check src tests benchmarks

typecheck:
	$(VENV)/bin/mypy

bench: install
	$(PY) benchmarks/hub_bench.py

# -- system packages ----------------------------------------------------------------------------
# Installs only what dpkg does not already have; needs root (or sudo) on a machine lacking them.
define apt_ensure
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

# Debian's python3 is needed even next to another Python: the env image is built on
# /usr/bin/python3, which the sandbox's non-root uid can reach.
$(STAMPS)/apt-runtime: Makefile
	@mkdir -p $(STAMPS)
	$(call apt_ensure,$(APT_RUNTIME))
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "cuagym needs Python >= 3.11"'
	@touch $@

$(STAMPS)/apt-test: Makefile
	@mkdir -p $(STAMPS)
	$(call apt_ensure,$(APT_TEST) $(APT_GUI))
	@touch $@

# -- the virtual environment -------------------------------------------------------------------
$(STAMPS)/venv: pyproject.toml Makefile $(STAMPS)/apt-runtime
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[scale,office,report]'
	@touch $@

# torch before the train extra: a plain resolve of verl would pull a multi-GB CUDA build.
TORCH_VERSION ?= 2.13.0
$(STAMPS)/venv-test: $(STAMPS)/venv pyproject.toml
	$(PY) -m pip install -q 'torch==$(TORCH_VERSION)'
	$(PY) -m pip install -q -e '.[scale,office,gui,browser,llm,dedup,dev,report,data,ray,gym,train]'
	@touch $@

# OSWorld's desktop-env wheel (not installed: its dependencies are heavy): the tests compile
# the setup steps, getters and metric a config.json uses from its source and run them.
OSWORLD_WHEEL := desktop-env==1.0.2
$(STAMPS)/osworld: Makefile $(STAMPS)/venv
	$(PY) -m pip download -q --no-deps $(OSWORLD_WHEEL) -d .cache/osworld
	@touch $@

# The env image: the venv task scripts run with inside the sandbox (built on /usr/bin/python3,
# which the jail's uid can reach; idempotent, checked by a stamp of its requirement list).
$(STAMPS)/image: $(STAMPS)/venv src/cuagym/sandbox/_image.py
	$(PY) -m cuagym.sandbox.image build -q
	@touch $@

clean:
	rm -rf $(STAMPS) $(VENV) artifacts .pytest_cache .mypy_cache .ruff_cache .cache/osworld
