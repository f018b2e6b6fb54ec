# The two commands of the README. Both create .venv on first use (Python 3.11),
# install gamekit with its notebook and development extras, then do their job.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab test lint pytest nbval bench soak book lessons clean

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "gamekit needs $(PYTHON) on PATH (or: make PYTHON=/path/to/python3.11 ...)"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks,dev]'
	$(BIN)/python -c 'from gamekit.plots.render import ensure_chrome; print("kaleido uses", ensure_chrome())'
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

# Execute every lesson top to bottom in place, as they are committed: with each figure's static
# picture (GAMEKIT_STATIC_FIGURES=1; kaleido and Chromium), so GitHub and exports show it.
lessons: $(STAMP)
	cd notebooks && for nb in *.ipynb; do \
		start=$$(date +%s); \
		GAMEKIT_STATIC_FIGURES=1 ../$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
			--ExecutePreprocessor.timeout=300 "$$nb" || exit 1; \
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
