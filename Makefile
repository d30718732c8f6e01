# cuagym: the two commands of the README.
#   make demo   install what the main job and its GUI oracles need, then run the whole loop:
#               synthesize, verify, solve a few tuples at the screen, write the viewer and report
#   make test   install the demo's part plus every other extra and the test services, then run
#               the whole test suite
# Both are idempotent: stamps under .make/ record what was installed, so a second run installs
# nothing unless pyproject.toml or this Makefile changed. Either may run first: make test's
# install builds on make demo's (the demo's extras first, then the rest).

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .make

# Debian packages: what the main job needs, what GUI rollouts need, and the test services.
APT_RUNTIME := python3 python3-venv python3-dev ca-certificates curl bubblewrap util-linux
# GUI environments (the demo's oracle rollouts and the tests): a virtual display, input, a
# window manager, the real desktop apps, the browser and the fonts their pages use.
APT_GUI := xvfb xdotool x11-utils x11-xserver-utils matchbox-window-manager \
	libreoffice-calc libreoffice-writer libreoffice-impress libreoffice-gtk3 chromium \
	pcmanfm xterm geany xournalpp vlc gimp fonts-dejavu-core fonts-noto-color-emoji
APT_TEST := redis-server

# What `make demo` installs of cuagym's extras: the main job (scale, office), the stats report's
# plots (report) and the screen of GUI rollouts (gui). Every command's module imports with only
# these (tests/cli/test_extras.py checks it); the rest come with `make test`.
DEMO_EXTRAS := scale,office,report,gui
ALL_EXTRAS := scale,office,gui,browser,llm,dedup,dev,report,data,ray,gym,train

DEMO_PORT ?= 8765
# Most tests wait on subprocesses, browsers and sandboxes: three workers keep both cores busy.
PYTEST_WORKERS ?= 3
PYTEST_ARGS ?=

.PHONY: demo hub test install install-test lint typecheck bench clean

# The whole loop on its embedded defaults: procedural synthesis across every domain with task
# families, each tuple checked by code (C1-C7) in sandboxed environments, verified again; then
# a desktop and a web tuple of each kind solved by their GUI oracles through the real screen
# (LibreOffice, the file manager, Chromium), the episode viewer and the corpus report.
DEMO_N ?= 32
DEMO_OUT ?= ./output
DEMO_RUNS ?= ./runs/oracle
# One tuple each of two desktop and two web domains, all among the first eight domains in id
# order (synth --n deals tasks round robin over them), so present in any run with DEMO_N >= 8.
DEMO_ROLLOUT_DOMAINS ?= calc files crm code-host
demo: install
	@mkdir -p $(STAMPS) && date +%s > $(STAMPS)/demo-started
	$(VENV)/bin/cuagym synth --backend procedural --n $(DEMO_N) --seed 0 --workers 2 --out $(DEMO_OUT)
	$(VENV)/bin/cuagym verify $(DEMO_OUT)/final/*
	@picked=""; for d in $(DEMO_ROLLOUT_DOMAINS); do \
	  first=$$(ls -d $(DEMO_OUT)/final/$$d--* 2>/dev/null | head -n 1); \
	  if [ -z "$$first" ]; then echo "error: no verified $$d tuple in $(DEMO_OUT)/final" >&2; exit 1; fi; \
	  picked="$$picked $$first"; done; \
	$(VENV)/bin/cuagym rollout $$picked --policy oracle --workers 2 --out $(DEMO_RUNS)
	$(VENV)/bin/cuagym view $(DEMO_RUNS)
	$(VENV)/bin/cuagym stats $(DEMO_OUT) --episodes $(DEMO_RUNS) --html $(DEMO_OUT)/report.html > /dev/null
	@echo
	@echo "Done in $$(( $$(date +%s) - $$(cat $(STAMPS)/demo-started) )) s (after the install). Open these in a browser:"
	@echo "  $(DEMO_RUNS)/view/index.html  the oracles' episodes: each screen with the actions drawn on it"
	@echo "  $(DEMO_OUT)/report.html  the corpus report: the paper's tables and plots"
	@echo "The verified tuples are in $(DEMO_OUT)/final/ (task_config.json, initial_setup.py,"
	@echo "golden_patch.py, reward.py each). Serve the web apps: make hub. What else this machine"
	@echo "can run: .venv/bin/cuagym doctor"

hub: install
	@$(VENV)/bin/cuagym hub serve --host 127.0.0.1 --port $(DEMO_PORT)

test: install-test
	$(VENV)/bin/pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

install: $(STAMPS)/venv $(STAMPS)/apt-gui $(STAMPS)/image

install-test: $(STAMPS)/venv-test $(STAMPS)/apt-gui $(STAMPS)/apt-test $(STAMPS)/image \
	$(STAMPS)/osworld

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

$(STAMPS)/apt-gui: Makefile
	@mkdir -p $(STAMPS)
	$(call apt_ensure,$(APT_GUI))
	@touch $@

$(STAMPS)/apt-test: Makefile
	@mkdir -p $(STAMPS)
	$(call apt_ensure,$(APT_TEST))
	@touch $@

# -- the virtual environment -------------------------------------------------------------------
$(STAMPS)/venv: pyproject.toml Makefile $(STAMPS)/apt-runtime
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[$(DEMO_EXTRAS)]'
	@touch $@

# torch before the train extra: a plain resolve of verl would pull a multi-GB CUDA build.
TORCH_VERSION ?= 2.13.0
$(STAMPS)/venv-test: $(STAMPS)/venv pyproject.toml
	$(PY) -m pip install -q 'torch==$(TORCH_VERSION)'
	$(PY) -m pip install -q -e '.[$(ALL_EXTRAS)]'
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
