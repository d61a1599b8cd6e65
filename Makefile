# The two commands of the README. Each sets up what it needs on a fresh machine: a virtual
# environment in .venv with the project and its dependencies (from PyPI).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: build test clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## build: every output of the catalogue into build/, with the embedded sample configuration
build: $(STAMP)
	$(PY) build_docs.py

## test: lint, types, the build, then the whole test suite (unit, doctests, generated pages)
test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) build_docs.py
	$(PY) -m pytest

clean:
	rm -rf build .jokoak-cache
