# The two commands of the README. Each sets up what it needs on a fresh machine: a virtual
# environment in .venv with the project and its dependencies (from PyPI).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: build test clean browser spelling harfbuzz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## build: every output of the catalogue into build/, with the embedded sample configuration
build: $(STAMP) harfbuzz
	$(PY) build_docs.py

# The PDFs subset their fonts with HarfBuzz-Subset only (fontTools would write other bytes): Debian's package, the same
# one Chromium pulls in (needs root for apt-get).
harfbuzz:
	@ldconfig -p | grep -q libharfbuzz-subset.so.0 || \
	  { apt-get update -qq && apt-get install -y -qq libharfbuzz-subset0 >/dev/null; }

# The browser tests drive headless Chromium, from Debian's packages (needs root for apt-get).
browser:
	@command -v chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }

# The spelling gate runs hunspell with Debian's Spanish and Basque dictionaries (needs root for apt-get).
spelling:
	@test -f /usr/share/hunspell/es_ES.dic -a -f /usr/share/hunspell/eu.dic && command -v hunspell >/dev/null || \
	  { apt-get update -qq && apt-get install -y -qq hunspell hunspell-es hunspell-eu >/dev/null; }

## test: lint, types, the build, then the whole test suite (unit, doctests, generated pages, spelling, browser)
test: $(STAMP) harfbuzz browser spelling
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) build_docs.py
	$(PY) -m pytest

clean:
	rm -rf build .jokoak-cache
