# Two commands matter: `make run` and `make test` (see README.md). Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-all-twins browser benchmark screenshots clean installer installer-check forms

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ é necessário")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall when pyproject.toml changes; the stamp remembers which extras are in.
# the long installs show pip's progress (PySide6 alone is a few hundred MB)
$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[test]'
	touch $@ $(VENV)/.app-installed

# tools/check_qt_libs.py names the Debian/Ubuntu packages Qt's X11 plugin lacks, if any
run: $(VENV)/.app-installed
	@$(BIN)/python tools/check_qt_libs.py
	$(BIN)/mototaxi-desk --demo

# Debian's chromium + chromium-driver for tests/browser/ (the offline verifier), installed once.
browser:
	bash tools/install-browser.sh

# ruff and the layer contracts first (seconds; pyproject.toml [tool.importlinter]), then the
# suite on every core (pytest-xdist; work stealing evens out the few long tests). The tests'
# files (thousands of throwaway databases, each commit flushed to disk) go to memory where
# /dev/shm has 4 GiB free; elsewhere to the usual temporary folder.
TEST_TMPDIR := $(shell [ -d /dev/shm ] && [ -w /dev/shm ] && \
	[ "$$(df -Pk /dev/shm 2>/dev/null | awk 'NR==2 {print $$4}')" -gt 4194304 ] 2>/dev/null && \
	echo /dev/shm)
test: $(VENV)/.test-installed browser
	$(BIN)/ruff check
	$(BIN)/lint-imports
	$(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR)) QT_QPA_PLATFORM=offscreen \
		$(BIN)/python -m pytest -q -n auto --dist worksteal

# the same with every PostgreSQL twin (tests/twins.py: `make test` leaves out those of the
# window's tests and of all laws but one); MOTOTAXI_TEST_PG names the server. Not run by CI.
test-all-twins:
	MOTOTAXI_TEST_PG_TWINS=all $(MAKE) test

# every budget of issue 23 in one run, written to benchmarks/RESULTS.md; the 100,000-holder
# register and its copy with 1,000,000 notices (BENCH_NOTICES=0 leaves those lines out) are
# built once in ~/.cache/mototaxi-bench (MOTOTAXI_BENCH_CACHE). Not run by CI.
# The upgrade from each earlier release (issue 35: 100,000 holders in under 2 minutes) is
# measured on its own: $(BIN)/python benchmarks/upgrade.py --write [--db-url URL].
BENCH_HOLDERS ?= 100000
BENCH_NOTICES ?= 1000000
# BENCH_PG=postgresql://... measures the same lines on that server too (RESULTS-postgresql.md;
# its registers kept there as databases mtx_bench_*).
BENCH_PG ?=
benchmark: $(VENV)/.app-installed
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py --holders $(BENCH_HOLDERS) \
		--notices $(BENCH_NOTICES)
	$(if $(BENCH_PG),QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py \
		--holders $(BENCH_HOLDERS) --notices $(BENCH_NOTICES) --db-url $(BENCH_PG))

# Qt Designer files in ui/ -> mototaxi_desk/gui/forms/ui_*.py (committed; a test checks them)
forms: $(VENV)/.app-installed
	$(BIN)/python tools/compile_ui.py

clean:
	rm -rf $(VENV) .pytest_cache build dist *.egg-info

screenshots: $(VENV)/.test-installed browser
	QT_QPA_PLATFORM=offscreen $(BIN)/python tools/screenshots.py docs/screenshots 1
	QT_QPA_PLATFORM=offscreen $(BIN)/python tools/screenshots.py docs/screenshots/125 1.25
	for tool in first_day next_steps mail; do \
		QT_QPA_PLATFORM=offscreen $(BIN)/python tools/screenshots_$$tool.py docs/screenshots 1 && \
		QT_QPA_PLATFORM=offscreen $(BIN)/python tools/screenshots_$$tool.py docs/screenshots/125 1.25 \
		|| exit 1; done
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
