# towpath: `make run` serves the web client, `make test` checks, `make docs` builds the documentation
# site into site/. All create .venv on first use.
PYTHON ?= python3
VENV := .venv
# pytest-xdist workers: one per core (each worker has a PostgreSQL database of its own).
TEST_WORKERS ?= auto
BIN := $(VENV)/bin
# The sources of the compiled modules (setup.py): a change to one builds it again.
COMPILED := $(shell find src -name '*.pyx') $(shell $(PYTHON) -c 'import tomllib; \
	print(*(f"src/towpath/{m}.py" for m in tomllib.load(open("pyproject.toml", "rb"))["tool"]["towpath"]["compiled"]))')

.PHONY: messages run test check lint typecheck docs docs-serve js unit soak bench clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "towpath needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml setup.py $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server,lab]'
	@touch $@

$(VENV)/.installed-dev: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server,lab,dev,rl,docs]'
	@touch $@ $(VENV)/.installed $(VENV)/.compiled

# After a change to a compiled module's source, only what changed is compiled again, in place.
$(VENV)/.compiled: $(VENV)/.installed-dev $(COMPILED)
	$(BIN)/python setup.py --quiet build_ext --inplace
	@touch $@

# Every package's German catalogue (data/de.po) brought up to date with the words marked in it.
messages: $(VENV)/.installed-dev
	$(BIN)/python scripts/messages.py

run: $(VENV)/.installed
	$(BIN)/towpath serve --host 127.0.0.1 --port 8000

test: lint typecheck docs js unit

# The inner loop of a change: ruff, mypy, the rules' scenarios and the bots (no server, browser,
# lab or research adapters), the golden playthroughs and the documentation's links.
check: lint typecheck js $(VENV)/.compiled
	$(BIN)/pytest -n $(TEST_WORKERS) tests/core tests/agents tests/games \
		tests/conformance/test_golden.py tests/test_docs.py

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

# The documentation site (mkdocs.yml, docs/), built offline; any warning fails the build.
# NO_MKDOCS_2_WARNING silences Material's notice about MkDocs 2, which is no warning of the build.
docs: $(VENV)/.installed-dev
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

docs-serve: $(VENV)/.installed-dev
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --dev-addr 127.0.0.1:8001

# The web client's own logic (static/*.js modules), under Node.js's test runner.
js:
	@command -v node >/dev/null || { echo "make js: the web client's tests need Node.js 18 or newer"; exit 1; }
	node --test tests/web/

# The server and browser tests need PostgreSQL and Chromium: the script installs and starts them.
unit: $(VENV)/.compiled
	@url=$$(scripts/test-services.sh start) && \
	TOWPATH_TEST_POSTGRES_URL=$$url $(BIN)/pytest -n $(TEST_WORKERS); status=$$?; \
	scripts/test-services.sh stop; exit $$status

# Ten times the seeded random games of `make test`, rule invariants checked at every step.
soak: $(VENV)/.compiled
	TOWPATH_SOAK=10 $(BIN)/pytest -n $(TEST_WORKERS) tests/conformance/test_playouts.py tests/games -k random

bench: $(VENV)/.installed
	$(BIN)/towpath bench

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis site
