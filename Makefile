# Every target bootstraps .venv from nothing, so a fresh clone needs only `make run` / `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test bench lint clean

setup: $(STAMP)

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,dask]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/sim run --game pericles --players 3 --n 1e6 --out results/pericles-3p --overwrite
	$(BIN)/sim report results/pericles-3p

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/sim bench

lint: $(STAMP)
	$(BIN)/ruff check sim strategies reports tests

clean:
	rm -rf $(VENV) results
