"""Build of safari_ai's compiled parts.

* ``safari``: a static library of our C (``csrc/``), built by build_clib with our
  strict warnings, so that ``-Werror`` never applies to Cython's generated code.
* ``safari_ai._core``: the Cython skin over the public C API, linked against it.
* ``safari_ai._libsafari``: the same C as a plain shared library (no Python in
  it), for programs that embed the core through its header, e.g. with cffi.

* ``safari_ai/web/static/safari.wasm``: the same C as WebAssembly for the static
  site (``safari-ai export-site``), built by ``make -C csrc wasm`` when that
  toolchain (clang, lld, wasi-libc) is installed; without it the package is
  built without the module and says so (docs/web.md, "The engine in the browser").

Environment switches:
  SAFARI_DEBUG=1     -O0 -g, asserts on (no NDEBUG)
  SAFARI_SANITIZE=1  AddressSanitizer + UndefinedBehaviorSanitizer; run Python
                     with LD_PRELOAD=$(gcc -print-file-name=libasan.so)
"""

import os
import re
import shutil
import subprocess
from glob import glob

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_py import build_py

# The version is written once, in the C header; the package's metadata reads it.
with open("csrc/include/safari/version.h", encoding="utf-8") as header:
    VERSION = re.search(r'#define SA_VERSION "([^"]+)"', header.read()).group(1)

C_SOURCES = sorted(glob("csrc/common/*.c") + glob("csrc/games/*.c") + glob("csrc/search/*.c"))
C_HEADERS = sorted(glob("csrc/**/*.h", recursive=True))
INCLUDE_DIRS = ["csrc/include", "csrc"]
WARNINGS = [
    "-std=c11",
    "-Wall",
    "-Wextra",
    "-Wshadow",
    "-Wmissing-prototypes",
    "-Werror",
    "-D_POSIX_C_SOURCE=200809L",
]


def optimisation_flags() -> tuple[list[str], list[str]]:
    """Compile and link flags chosen by the environment switches."""
    # -Bsymbolic-functions: a call from one of our C files to another binds
    # inside the shared object, a direct call instead of a jump through the
    # PLT (nothing interposes our symbols); the per-game searches call the
    # rules directly (docs/design.md, "Search: one algorithm, a copy per game").
    compile_flags = ["-O3", "-DNDEBUG", "-pthread"]
    link_flags = ["-pthread", "-Wl,-Bsymbolic-functions"]
    if os.environ.get("SAFARI_DEBUG") == "1":
        compile_flags = ["-O0", "-g", "-pthread"]
    if os.environ.get("SAFARI_SANITIZE") == "1":
        sanitize = [
            "-fsanitize=address,undefined",
            "-fno-omit-frame-pointer",
            "-fno-sanitize-recover=undefined",
        ]
        compile_flags = ["-O1", "-g", "-pthread", *sanitize]
        link_flags = ["-pthread", *sanitize]
    return compile_flags, link_flags


COMPILE_FLAGS, LINK_FLAGS = optimisation_flags()
# Each flavour builds in a folder of its own: distutils skips objects that look
# up to date, so a sanitized build must never pick up optimised objects (or the
# reverse).
FLAVOUR = (
    "sanitize"
    if os.environ.get("SAFARI_SANITIZE") == "1"
    else "debug"
    if os.environ.get("SAFARI_DEBUG") == "1"
    else "release"
)

# distutils decides what to rebuild by comparing a target with its sources
# only: without these dependencies a change to a header recompiled nothing and
# a change to the C relinked nothing, and `pip install .` in a used checkout
# could ship stale code (an object compiled against an old header, or
# safari_ai._core linked against an old libsafari.a).
core = Extension(
    "safari_ai._core",
    ["safari_ai/_core.pyx"],
    depends=C_SOURCES + C_HEADERS,
    include_dirs=INCLUDE_DIRS,
    extra_compile_args=COMPILE_FLAGS,
    extra_link_args=LINK_FLAGS,
)
plain_library = Extension(
    "safari_ai._libsafari",
    C_SOURCES,
    depends=C_HEADERS,
    include_dirs=INCLUDE_DIRS,
    extra_compile_args=WARNINGS + COMPILE_FLAGS,
    extra_link_args=LINK_FLAGS,
)


class build_py_with_wasm(build_py):
    """build_py, plus the WebAssembly module when the toolchain builds it."""

    def run(self) -> None:
        super().run()
        wasm_cc = os.environ.get("WASM_CC", "clang-14")
        if (
            os.environ.get("SAFARI_NO_WASM") == "1"
            or not shutil.which("make")
            or not shutil.which(wasm_cc)
        ):
            print(
                "safari_ai: WebAssembly module not built (needs make, clang, lld, "
                "wasi-libc; `make -C csrc wasm`)"
            )
            return
        built = subprocess.run(
            ["make", "-C", "csrc", "wasm", f"WASM_CC={wasm_cc}"], capture_output=True, text=True
        )
        if built.returncode != 0:
            print(
                "safari_ai: WebAssembly module not built: `make -C csrc wasm` failed:\n"
                + built.stderr[-2000:]
            )
            return
        target = os.path.join(self.build_lib, "safari_ai", "web", "static", "safari.wasm")
        self.copy_file(os.path.join("csrc", "build-wasm", "safari.wasm"), target)


setup(
    version=VERSION,
    cmdclass={"build_py": build_py_with_wasm},
    options={"build": {"build_base": f"build/{FLAVOUR}"}},
    libraries=[
        (
            "safari",
            {
                "sources": C_SOURCES,
                "include_dirs": INCLUDE_DIRS,
                "obj_deps": {"": C_HEADERS},
                "cflags": WARNINGS + COMPILE_FLAGS,
            },
        )
    ],
    ext_modules=[
        *cythonize(
            [core],
            compiler_directives={
                "language_level": 3,
                "embedsignature": True,
                "boundscheck": False,
                "wraparound": False,
            },
        ),
        plain_library,
    ],
)
