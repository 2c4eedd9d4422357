# Every target bootstraps .venv from nothing, so a fresh clone needs only `make run` / `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test test-all golden bench lint clean

# Installs, then compiles every game's engine into the kernel cache (quick when it holds
# them already), so that the first run of any game starts at once.
setup: $(STAMP)
	$(BIN)/sim warm

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,dask]'
	touch $(STAMP)

# Compiles only the game it plays (each game has its own kernel cache).
run: $(STAMP)
	$(BIN)/sim run --game pericles --players 3 --n 1e6 --out results/pericles-3p --overwrite
	$(BIN)/sim report results/pericles-3p

# The test files spread over the cores, one file per worker so that a file's shared
# fixtures are built once. `test` leaves out the tests marked `compiles` (a cold compile
# each, minutes of CPU); `test-all`, as CI does, runs them after it.
PYTEST := $(BIN)/python -m pytest -n auto --dist loadfile

test: setup
	$(PYTEST) -m "not compiles"

test-all: test
	$(PYTEST) -m compiles

# Rewrites the stored traces of tests/test_golden.py after an intended change of play.
golden: setup
	$(BIN)/python -m tests.test_golden

bench: setup
	$(BIN)/sim bench

# ruff on all the Python, mypy on the Python around the engines (pyproject.toml says
# which modules it leaves out and why).
lint: $(STAMP)
	$(BIN)/ruff check sim strategies reports tests
	$(BIN)/mypy

clean:
	rm -rf $(VENV) results
