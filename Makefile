# The checks CI runs (.ci/run), quickly, from the repository root with the
# virtual environment of README's quick start active:
#
#   make check          lint, format check, C unit tests, the default pytest suite
#   make lint           ruff check (also tests/test_lint.py in the default suite)
#   make format-check   ruff format --check and clang-format-14 --dry-run --Werror
#   make format         apply both formatters
#   make ctest          the C unit tests (make -C csrc test)
#   make test           reinstall the package, then the default suite (pytest -n 2)
#
# CI runs more: the tests marked slow, the fuzzers and the sanitizer builds.
PYTHON ?= python3
CLANG_FORMAT ?= clang-format-14
JOBS ?= 2
# The C sources clang-format owns: csrc/wasm/pthread.h, a stand-in for the system
# header written in its compact style, is left as it is.
C_FORMATTED = $(filter-out csrc/wasm/pthread.h,$(shell git ls-files 'csrc/*.c' 'csrc/*.h'))

.PHONY: check lint format-check format ctest install test need-clang-format

check: lint format-check ctest test

lint:
	$(PYTHON) -m ruff check .

format-check: need-clang-format
	$(PYTHON) -m ruff format --check .
	$(CLANG_FORMAT) --dry-run --Werror $(C_FORMATTED)

format: need-clang-format
	$(PYTHON) -m ruff format .
	$(CLANG_FORMAT) -i $(C_FORMATTED)

need-clang-format:
	@command -v $(CLANG_FORMAT) >/dev/null || { echo "error: $(CLANG_FORMAT) not found (apt-get install clang-format-14)" >&2; exit 1; }

ctest:
	$(MAKE) -C csrc test

install:
	$(PYTHON) -m pip install -q --no-deps .

test: install
	pytest -n $(JOBS)
