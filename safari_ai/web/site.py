"""The static site: the page and the engine as WebAssembly, for any file server.

``safari-ai export-site DIR`` (:func:`export_site`) writes the page's files,
``safari.wasm`` (the C core built by ``make -C csrc wasm``) and
``games.json`` (the answer of ``GET /api/games``) and ``schema.json`` (the
search settings of ``GET /api/schema``) into ``DIR``; the JavaScript
engine ``safari-engine.js`` answers there as the HTTP API does, with no
server behind it (docs/web.md, "The engine in the browser").

The module is a build product, never committed: :func:`find_wasm` takes it
from the installed package (``pip install .`` builds it when the toolchain is
there: setup.py), else from a source checkout's ``csrc/build-wasm/``.
"""

from __future__ import annotations

import json
import os
import shutil
from importlib import resources
from pathlib import Path

__all__ = ["find_wasm", "export_site", "WASM_NAME", "SiteError"]

WASM_NAME = "safari.wasm"
ENGINE_FILES = ("safari-engine.js", "safari-core.js", "safari-worker.js")


class SiteError(Exception):
    """The site cannot be written (no module found, or DIR is not writable)."""


def _static() -> Path:
    return Path(str(resources.files("safari_ai.web") / "static"))


def find_wasm() -> Path | None:
    """The WebAssembly module: ``$SAFARI_WASM``, the installed package's copy,
    or a source checkout's ``csrc/build-wasm/safari.wasm``; None when none exists."""
    candidates = [
        os.environ.get("SAFARI_WASM"),
        _static() / WASM_NAME,
        Path(__file__).resolve().parents[2] / "csrc" / "build-wasm" / WASM_NAME,
        Path.cwd() / "csrc" / "build-wasm" / WASM_NAME,
    ]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def games_json() -> str:
    """``GET /api/games``'s answer, as the static engine's ``games()`` gives it."""
    from safari_ai.web.app import games_facts

    return json.dumps({"games": games_facts()})


def schema_json() -> str:
    """``GET /api/schema``'s settings for the static site: the page builds its
    setting controls from it (static/settings-form.js); one thread, as the
    engine in the browser searches with one."""
    from safari_ai import settings

    return json.dumps(settings.json_schema({"threads": 1}))


def static_index() -> str:
    """The page's index.html for the static site: its files beside it (not
    under /static/), and the engine in the page (engine-wasm.js, by app.js)."""
    page = (_static() / "index.html").read_text(encoding="utf-8")
    page = page.replace('"/static/', '"')
    return page.replace(
        '<meta charset="utf-8">',
        '<meta charset="utf-8">\n<meta name="safari-engine" content="wasm">',
        1,
    )


def export_site(directory: Path, wasm: Path | None = None) -> list[Path]:
    """Writes the static site into ``directory`` (made if missing); returns the
    files written.

    :raises SiteError: no module (build it with ``make -C csrc wasm``), or a
        file cannot be written.
    """
    module = wasm or find_wasm()
    if module is None:
        raise SiteError(
            "no WebAssembly module: build it with `make -C csrc wasm` "
            "(clang, lld and wasi-libc; docs/building.md), or give --wasm PATH"
        )
    try:
        directory.mkdir(parents=True, exist_ok=True)
        written = []
        for source in sorted(_static().iterdir()):
            if source.is_file() and source.name not in (WASM_NAME, "index.html"):
                written.append(Path(shutil.copyfile(source, directory / source.name)))
        (directory / "index.html").write_text(static_index(), encoding="utf-8")
        written.append(directory / "index.html")
        written.append(Path(shutil.copyfile(module, directory / WASM_NAME)))
        (directory / "games.json").write_text(games_json(), encoding="utf-8")
        written.append(directory / "games.json")
        (directory / "schema.json").write_text(schema_json(), encoding="utf-8")
        written.append(directory / "schema.json")
    except OSError as error:
        raise SiteError(f"cannot write the site to {directory}: {error}") from None
    return written
