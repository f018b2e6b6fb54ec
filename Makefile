# The two commands of the README. Both create .venv on first use (with Python 3.11 or newer),
# install gamekit with its lab and development extras, then do their job.
# The Python: the first of these on PATH that is 3.11 or newer, or make PYTHON=/path/to/python.
PYTHON_CANDIDATES := python3.11 python3.13 python3.12 python3
IS_NEW_ENOUGH := -c 'import sys; sys.exit(sys.version_info < (3, 11))'
ifndef PYTHON
PYTHON := $(firstword $(foreach p,$(PYTHON_CANDIDATES),$(shell command -v $(p) >/dev/null 2>&1 && $(p) $(IS_NEW_ENOUGH) >/dev/null 2>&1 && echo $(p))))
endif
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab test lint pytest nbval bench soak book lessons clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || { test -n "$(PYTHON)" && $(PYTHON) $(IS_NEW_ENOUGH); } || { \
		echo "gamekit needs Python 3.11 or newer, and $(if $(PYTHON),$(PYTHON) is not,none of $(PYTHON_CANDIDATES) on PATH is)"; \
		echo "(install one, or: make PYTHON=/path/to/python3.12 ...)"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
# torch (the train extra's, gamekit.rl.train) pinned first to the CPU build this machine's wheels hold
# (/opt/wheels): an unpinned `torch` or a range would pull a multi-GB CUDA build from the index.
	$(BIN)/python -m pip install --quiet 'torch==2.13.0'
	$(BIN)/python -m pip install --quiet -e '.[lab,dev]'
	$(BIN)/python -c 'from gamekit.plots.render import ensure_chrome; ensure_chrome(report=True)'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root,) notebooks/00_start_here.ipynb

test: lint pytest nbval

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

pytest: $(STAMP)
	$(BIN)/pytest

# Notebooks run top to bottom; outputs marked NBVAL_CHECK_OUTPUT must match.
nbval: $(STAMP)
	@if ls notebooks/*.ipynb >/dev/null 2>&1; then \
		$(BIN)/pytest --nbval-lax notebooks/; \
	else \
		echo "nbval: no notebooks yet"; \
	fi

bench: $(STAMP)
	$(BIN)/python -m gamekit.bench

# The hardening checks of make test at length (fuzz, view leaks, stalls); prints its figures.
soak: $(STAMP)
	$(BIN)/python -m tests.soak

# Execute every lesson top to bottom in place, as they are committed, in English and in Japanese
# (notebooks/ja/, made first from the English and data/lessons/ja: gamekit.lesson_translation): with each figure's static
# picture (GAMEKIT_STATIC_FIGURES=1; kaleido and Chromium), so GitHub and exports show it.
lessons: $(STAMP)
	$(BIN)/python -m gamekit.lesson_translation translate
	cd notebooks && for nb in *.ipynb ja/*.ipynb; do \
		start=$$(date +%s); \
		for attempt in 1 2; do \
			GAMEKIT_STATIC_FIGURES=1 timeout 600 ../$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
				--ExecutePreprocessor.timeout=300 "$$nb" && break; \
			status=$$?; test $$status -eq 124 -a $$attempt -eq 1 || exit 1; \
			echo "$$nb: no answer in 600 s (a figure's picture waits for a busy Chromium): once more"; \
		done; \
		echo "$$nb: $$(( $$(date +%s) - start )) s"; \
	done

# A static site of the executed lessons in _build/book, from their committed outputs (nothing runs
# again); plotly.js is bundled once, so it works offline. Open _build/book/index.html.
book: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[book]'
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --quiet -f book/mkdocs.yml
	@echo "The lessons' site is in _build/book: open _build/book/index.html"

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist _build
