# Two commands matter: `make run` (set up, serve on the embedded default) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell sha256sum pyproject.toml | cut -c1-12)

.PHONY: venv run test test-fast bench lint clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@rm -f $(VENV)/.installed-*
	@touch $@

run: venv
	bin/run-embedded

# The suite in two parts: the independent tests in TEST_PROCESSES parallel processes
# (pytest-xdist; each has its own test database, broker key prefix and var directory, see
# tests/support/parallel.py), then the `serial` ones (they time themselves or load the whole
# machine) one at a time. Both parts always run; either failing fails the target.
TEST_PROCESSES ?= 3
# Compiled modules are written (and pytest's rewritten test modules kept) even where the shell
# asks Python not to: the suite starts well over a hundred Python processes (xdist workers,
# Celery workers, servers, manage.py commands), and each would compile the product and the
# test modules again (about 4.5 s of CPU for a test process's collection alone).
TEST_ENV := env -u PYTHONDONTWRITEBYTECODE

test: venv
	$(TEST_ENV) $(PY) -m pytest -n $(TEST_PROCESSES) --dist worksteal -m "not serial" --durations=25; parallel=$$?; \
	$(TEST_ENV) $(PY) -m pytest -m serial; serial=$$?; \
	test $$parallel -eq 0 && test $$serial -eq 0

test-fast: venv
	$(PY) -m pytest -m "not slow and not browser"

bench: venv
	$(PY) -m pytest tests/benchmarks -o addopts="" -s -q

# Needs PostgreSQL (LOAD_DATABASE_URL, default a fresh tablecert_load on localhost) and, for
# the scale demonstration, CELERY_BROKER_URL (a Redis it may purge): 50 clients for 30 s
# acting about once a second, then the same with no pause (the ceiling), then one simulation
# on one and on two worker processes. Each run prints p50/p95/p99 and errors per group of
# endpoints, requests/s, and CPU per request of the server, PostgreSQL and the load generator.
.PHONY: load
load: venv
	$(PY) -m tests.load.run_load --clients 50 --seconds 30 --think 1 --target-p95-ms 50
	$(PY) -m tests.load.run_load --clients 50 --seconds 30 --think 0 --p95-ms 2000 --target-rps 250
	$(PY) -m tests.load.scale_demo

# The README's pictures (docs/img), drawn from the running application: the walkthrough in
# chromium under `make run`, then the dashboard and the first page of the certificate it issued.
.PHONY: pictures
pictures: venv
	$(PY) -m tests.browser.pictures

lint: venv
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache .ruff_cache

# Production, run for real (Docker): `make image-base` makes the Debian base image where no
# registry is reachable (debootstrap; skipped when an image of the same recipe exists);
# `make stack` builds the images and starts the compose stack (web, two workers, beat,
# PostgreSQL, Redis), waits until healthy, creates an admin and prints the URL; `make
# stack-down` stops it and keeps the volumes; `make stack-test` runs the scenarios of
# tests/stack/ against it from outside the containers (STACK_SCENARIOS=a,b for some of them).
.PHONY: image-base images stack stack-down stack-test
image-base:
	docker/base/build-base.sh

images: venv
	docker/images.sh

stack: venv
	$(PY) -m tests.stack.stack up

stack-down: venv
	$(PY) -m tests.stack.stack down

stack-test: venv
	$(PY) -m tests.stack.run $(if $(STACK_SCENARIOS),--only $(STACK_SCENARIOS))
