"""The same figures in every front end (issue 27, point 6).

One record goes to ``safari-ai analyse RECORD`` (text and ``--json``), the
batch analysis (``analyse DIR --out``), the HTTP API (``POST /api/analyse``,
whose JSON the page's review table renders) and the page itself: each shows
the same marks, errors, luck, summary (accuracy, rating) and reasons for the
same record and settings (the default level).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_annotate import random_record

from safari_ai.annotate import format_limits, format_ply, format_reason
from safari_ai.cli import main


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    data: dict[str, Any] = random_record("arena", {}, seed=1).to_json()
    return data


@pytest.fixture(scope="module")
def cli_json(record: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("cli") / "game.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(main, ["analyse", str(path), "--quiet", "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def figures(data: dict[str, Any]) -> dict[str, Any]:
    """Everything but the time the analysis took."""
    return {k: v for k, v in data.items() if k != "seconds"}


def test_the_record_has_marks_with_reasons_and_luck(cli_json: dict[str, Any]) -> None:
    assert cli_json["level"] == "default"
    marked = [p for p in cli_json["plies"] if p["by"] != "chance" and p["class"]]
    assert len(marked) >= 3 and all(p["reason"]["text"] for p in marked)
    assert any(p["by"] == "chance" and p["luck"] for p in cli_json["plies"])
    assert all("rating" in row and "accuracy" in row for row in cli_json["summary"].values())


def test_text_shows_the_json_figures(
    record: dict[str, Any], cli_json: dict[str, Any], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(main, ["analyse", str(path), "--quiet"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert format_limits_text(cli_json) in lines[0]
    body = lines[2:]
    expected = []
    for item in cli_json["plies"]:
        expected.append(format_ply(item, cli_json["units"], len(cli_json["summary"])))
        expected += format_reason(item)
    assert body[: len(expected)] == expected
    summary = body[len(expected) + 1 :]
    for player, row in cli_json["summary"].items():
        line = next(s for s in summary if s.split()[0] == player)
        assert row["rating"] in line and f"{row['accuracy']:.1f}" in line


def format_limits_text(data: dict[str, Any]) -> str:
    from safari_ai.annotate import Annotation

    return format_limits(
        Annotation(
            data["game"],
            data["limits"],
            data["units"],
            level=data["level"],
            chance_limits=data["chance_limits"],
        )
    )


def test_batch_writes_the_same_analysis(
    record: dict[str, Any], cli_json: dict[str, Any], tmp_path: Path
) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "game.json").write_text(json.dumps(record))
    result = CliRunner().invoke(
        main, ["analyse", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--quiet"]
    )
    assert result.exit_code == 0, result.output
    out = json.loads((tmp_path / "out" / "game.json").read_text())
    assert out["settings"]["level"] == "default"
    assert figures(out["analysis"]) == figures(cli_json)


def test_the_api_and_so_the_page_get_the_same_analysis(
    record: dict[str, Any], cli_json: dict[str, Any], api_client: Any
) -> None:
    answer = api_client.post("/api/analyse", json={"record": record})
    assert answer.status_code == 200, answer.text
    assert figures(answer.json()) == figures(cli_json)
    # the page asks for the level its menu shows (level default, the menu's default)
    page = api_client.post("/api/analyse", json={"record": record, "level": "default"})
    assert figures(page.json()) == figures(cli_json)
    bad = api_client.post("/api/analyse", json={"record": record, "level": "slow"})
    assert bad.status_code == 400 and bad.json()["field"] == "level"
    both = api_client.post(
        "/api/analyse", json={"record": record, "level": "quick", "limits": {"depth": 2}}
    )
    assert both.status_code == 400 and both.json()["field"] == "level"


def test_the_page_shows_the_same_marks_reasons_and_ratings(
    record: dict[str, Any], cli_json: dict[str, Any], tmp_path: Path
) -> None:
    """The page, in Chromium: the record loaded, analysed at the menu's default
    (level default); each row's error, mark and reason and each player's
    rating and accuracy are the CLI's."""
    browser_tests = pytest.importorskip("test_web_browser")
    if browser_tests.CHROMIUM is None:
        pytest.skip("no Chromium found")
    from serve_process import serving

    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    (tmp_path / "serve").mkdir()
    with serving(tmp_path / "serve") as url:
        # CI's sanitizer pass preloads libasan into Python; the browser and
        # Playwright's driver are not built for it (as test_web_browser's fixture)
        preload = os.environ.pop("LD_PRELOAD", None)
        try:
            manager = browser_tests.sync_api.sync_playwright()
            playwright = manager.start()
        finally:
            if preload is not None:
                os.environ["LD_PRELOAD"] = preload
        try:
            chromium = playwright.chromium.launch(
                executable_path=browser_tests.CHROMIUM,
                args=["--no-sandbox", "--disable-gpu"],
                env={k: v for k, v in os.environ.items() if k != "LD_PRELOAD"},
            )
            page = chromium.new_page()
            page.set_default_timeout(60000)
            page.goto(url + "?roll_ms=0")
            page.wait_for_selector("#board svg")
            page.set_input_files("#load", str(path))
            page.wait_for_function(f"window.safari.state.plies.length === {len(record['moves'])}")
            assert page.eval_on_selector("#review-kind", "e => e.value") == "level:default"
            page.click("#review-run")
            page.wait_for_function(
                "document.getElementById('review-text').textContent.startsWith('analysed')"
            )
            assert "level default" in page.inner_text("#review-text")
            rows = page.evaluate(
                "[...document.querySelectorAll('#review-table tbody tr')]"
                ".map(r => [...r.cells].map(c => c.textContent))"
            )
            summary = page.evaluate(
                "[...document.querySelectorAll('#review-summary tbody tr')]"
                ".map(r => [...r.cells].map(c => c.textContent))"
            )
            chromium.close()
        finally:
            playwright.stop()
    assert len(rows) == len(cli_json["plies"])
    for row, item in zip(rows, cli_json["plies"]):
        if item["by"] == "chance" or item["forced"]:
            continue
        assert (item["class"] or "") in row[4]
        reason = item.get("reason")
        expected = (
            ""
            if reason is None
            else reason["text"]
            + (f"; dice: {reason['dice']['text']}" if reason.get("dice") else "")
        )
        assert row[5] == expected
    for line, (player, figures_row) in zip(summary, cli_json["summary"].items()):
        assert line[0] == f"p{player}" and line[6] == (figures_row["rating"] or "-")
        assert line[7] == f"{figures_row['accuracy']:.1f}%"
