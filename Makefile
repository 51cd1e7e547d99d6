# Two commands matter: `make run` and `make test` (see README.md). Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test browser benchmark screenshots clean installer installer-check forms

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ é necessário")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall when pyproject.toml changes; the stamp remembers which extras are in.
$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.app-installed

run: $(VENV)/.app-installed
	$(BIN)/mototaxi-desk --demo

# Debian's chromium + chromium-driver for tests/browser/ (the offline verifier), installed once.
browser:
	bash tools/install-browser.sh

# ruff and the layer contracts first (seconds; pyproject.toml [tool.importlinter]), then the
# suite on every core (pytest-xdist; work stealing evens out the few long tests)
test: $(VENV)/.test-installed browser
	$(BIN)/ruff check
	$(BIN)/lint-imports
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n auto --dist worksteal

benchmark: $(VENV)/.app-installed
	$(BIN)/python benchmarks/search.py
	$(BIN)/python benchmarks/alerts.py
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/gui_startup.py

# Qt Designer files in ui/ -> mototaxi_desk/gui/forms/ui_*.py (committed; a test checks them)
forms: $(VENV)/.app-installed
	$(BIN)/python tools/compile_ui.py

clean:
	rm -rf $(VENV) .pytest_cache build dist *.egg-info

screenshots: $(VENV)/.test-installed browser
	QT_QPA_PLATFORM=offscreen $(BIN)/python tools/screenshots.py docs/screenshots
	MOTOTAXI_SCREENSHOTS=docs/screenshots $(BIN)/python -m pytest -q -p no:cacheprovider \
		tests/browser/test_offline_verifier.py -k screenshot

# The Windows installer, built and checked on Linux (installer/README.md). Needs the Debian
# packages nsis (build), p7zip-full and wine64 (check); downloads are cached in build/cache.
$(VENV)/.installer-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[installer]'
	touch $@ $(VENV)/.app-installed

installer: $(VENV)/.installer-installed
	$(BIN)/python installer/build.py

installer-check: $(VENV)/.installer-installed
	$(BIN)/python installer/check.py
