# The README's two commands (`make demo`, `make test`), `make bench`, `make lite` and `make app`.
# Every target installs what it needs first; a second run only re-installs what changed.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# pip runs again only when the packaging changes; the JS bundle has its own rule below. The demo
# gets the package and JupyterLab alone; everything else (tests, benchmarks, Voila, the
# environments and surveys) comes on top of it.
DEMO_INSTALLED := $(VENV)/.installed-demo
INSTALLED := $(VENV)/.installed
BUNDLE := src/solitaire_widget/static/widget.js
NODE_MODULES := node_modules/.package-lock.json
CHROMIUM := /usr/bin/chromium
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: demo test bench install lite app

install: $(INSTALLED) $(BUNDLE)

demo: $(DEMO_INSTALLED) $(BUNDLE)
	$(BIN)/jupyter lab --ip=127.0.0.1 $(ALLOW_ROOT) notebooks/play.ipynb

# notebooks/app.ipynb as a Voilà app on this computer only (Ctrl+C stops it).
app: install
	$(BIN)/voila --Voila.ip=127.0.0.1 notebooks/app.ipynb

# Two pytest runs: everything but the browser on both cores, then the browser tests one at a time
# (each starts its own servers and a real Chromium). Either run collecting no tests fails (status 5).
test: install $(CHROMIUM)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n 2 -m "not e2e and not slow" $(PYTEST_ARGS)
	$(BIN)/python -m pytest -m "e2e and not slow" $(PYTEST_ARGS)

# A benchmark is a file in benchmarks/ that runs as a script.
bench: install $(CHROMIUM)
	@set -e; for script in $$(grep -l '^if __name__ == "__main__":' benchmarks/*.py); do \
		echo "== $$script"; $(BIN)/python "$$script"; done

# The JupyterLite site in build/lite/ (scripts/build_lite.py reuses it when nothing changed).
lite: install
	$(BIN)/python scripts/build_lite.py

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The editable install runs the hatch-jupyter-builder hook, which runs npm install and the build.
$(DEMO_INSTALLED): $(BIN)/python pyproject.toml package.json package-lock.json
	$(BIN)/python -m pip install --disable-pip-version-check --quiet -e '.[demo]'
	touch $@

$(INSTALLED): $(DEMO_INSTALLED)
	$(BIN)/python -m pip install --disable-pip-version-check --quiet -e '.[test]'
	touch $@

# npm ci, unlike npm install, leaves package-lock.json alone, so pip does not run again next time.
$(NODE_MODULES): package-lock.json
	npm ci --no-audit --no-fund

# Rebuilds the bundles (the board, the exported page's widget host) after js/ or js-export/
# changes without going through pip again.
$(BUNDLE): $(NODE_MODULES) $(wildcard js/*) $(wildcard js-export/*) | $(DEMO_INSTALLED)
	npm run build

$(CHROMIUM):
	if [ "$$(id -u)" -eq 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else \
		sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi
