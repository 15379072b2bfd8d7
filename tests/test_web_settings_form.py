"""The page's search-setting controls are made from ``GET /api/schema``
(static/settings-form.js), so their ranges, choices and help are the one
table's (safari_ai/settings.py) at the server's caps; the static site reads
the same table from ``schema.json``. In a real headless Chromium, as
test_web_browser.py (whose server, browser and page it uses)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")

from test_web_browser import CHROMIUM, browser, page, server

from safari_ai import settings
from safari_ai.web.site import schema_json

BOUNDS = [item.name for item in settings.SETTINGS if item.bound]


def _options(page: Any, selector: str) -> list[str]:
    return list(page.eval_on_selector_all(f"{selector} option", "os => os.map(o => o.value)"))


def _attr(page: Any, selector: str, name: str) -> str:
    return str(page.get_attribute(selector, name))


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found")
def test_the_setting_controls_come_from_the_schema(page: Any) -> None:
    # the limit of each engine move: the settings that bound a search, movetime first chosen
    assert _options(page, "#limit-kind") == BOUNDS == ["depth", "nodes", "movetime"]
    assert (
        page.input_value("#limit-kind") == "movetime" and page.input_value("#limit-value") == "500"
    )
    assert _attr(page, "#limit-value", "max") == "3000"  # the server's --max-movetime
    assert _attr(page, "#limit-value", "title") == settings.setting("movetime").help
    page.select_option("#limit-kind", "depth")  # the value follows the kind
    assert _attr(page, "#limit-value", "max") == str(settings.bounds("depth")[1])
    assert _attr(page, "#limit-value", "title") == settings.setting("depth").help
    # lines and seed
    low, high = settings.bounds("multipv")
    assert (_attr(page, "#multipv", "min"), _attr(page, "#multipv", "max")) == (str(low), str(high))
    assert page.input_value("#multipv") == "2" and page.input_value("#seed") == "1"
    assert _attr(page, "#seed", "min") == "0"
    # the game analysis: the levels (the default chosen), then the bounds
    levels = [f"level:{name}" for name in settings.setting("level").choices]
    assert _options(page, "#review-kind") == levels + BOUNDS
    assert page.input_value("#review-kind") == f"level:{settings.setting('level').default}"
    page.select_option("#review-kind", "movetime")
    assert _attr(page, "#review-value", "max") == "3000"
    # labelled as before, for a person and for the tests that click by label
    assert page.locator("#engine-settings label", has_text="Limit").count() == 1
    assert page.locator("#engine label", has_text="lines").count() == 1


def test_the_static_site_reads_the_same_table() -> None:
    schema = json.loads(schema_json())
    assert list(schema["properties"]) == [item.name for item in settings.SETTINGS]
    assert schema["properties"]["threads"]["maximum"] == 1  # one thread in the browser
    assert [name for name, p in schema["properties"].items() if p.get("x-bound")] == BOUNDS
    assert schema["properties"]["movetime"]["x-unit"] == "ms"
