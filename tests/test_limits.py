"""Search limits are checked in one place (safari_ai.limits) against bounds the C
core exports, and refused alike by the API, MctsSession and the command line
(issue 21 points 1 and 12, issue 14 point 2)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai import _core
from safari_ai.cli import main
from safari_ai.errors import LimitError, SearchError
from safari_ai.limits import LIMIT_BOUNDS, Limits, check_limit, parse_limit
from safari_ai.settings import SettingError, Settings


@pytest.fixture
def stop_soon() -> Iterator[safari_ai.StopFlag]:
    """A stop flag set after 3 s: a limit that wrongly means "no limit" ends the
    test with a report (a failure) instead of hanging it."""
    flag = safari_ai.StopFlag()
    timer = threading.Timer(3.0, flag.set)
    timer.start()
    yield flag
    timer.cancel()


def test_bounds_come_from_the_core() -> None:
    assert LIMIT_BOUNDS["depth"] == (1, _core.MAX_DEPTH) == (1, 120)
    assert LIMIT_BOUNDS["threads"] == (1, _core.MAX_THREADS)
    assert LIMIT_BOUNDS["multipv"] == (1, _core.MAX_MULTIPV)
    assert LIMIT_BOUNDS["hash_mb"] == (1, _core.MAX_HASH_MB)
    assert LIMIT_BOUNDS["movetime"] == (1, _core.MAX_MOVETIME_MS)
    assert LIMIT_BOUNDS["nodes"][1] == LIMIT_BOUNDS["seed"][1] == 2**64 - 1


@pytest.mark.parametrize(
    ("name", "field"),
    [
        ("depth", "depth"),
        ("threads", "threads"),
        ("hash_mb", "hash_mb"),
        ("movetime", "movetime_ms"),
    ],
)
def test_the_core_refuses_one_past_each_bound(name: str, field: str) -> None:
    """The bounds Python checks are the C search's own (sa_limits_check)."""
    pos = safari_ai.Position.new("turtles")
    # the fields of a Limits, unchecked (the core reads them, checking nothing in Python)
    limits = SimpleNamespace(
        depth=1, nodes=None, movetime=None, multipv=1, threads=1, seed=0, hash_mb=1, chance_width=0
    )
    setattr(limits, name, LIMIT_BOUNDS[name][1] + 1)
    with pytest.raises(_core.CoreError, match=name.split("_")[0]):
        _core.search(pos._c, limits, "auto")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["depth", "nodes", "movetime"])
def test_zero_is_refused_not_a_search_without_end(name: str, stop_soon: safari_ai.StopFlag) -> None:
    pos = safari_ai.Position.new("turtles")
    with pytest.raises(LimitError, match=f"{name} must be an integer in 1..") as info:
        safari_ai.analyse(pos, stop=stop_soon, **{name: 0})
    assert info.value.limit == name
    assert not stop_soon.is_set


@pytest.mark.parametrize("name", ["nodes", "movetime"])
def test_mcts_session_refuses_zero(name: str, stop_soon: safari_ai.StopFlag) -> None:
    session = safari_ai.MctsSession()
    with pytest.raises(LimitError, match=name):
        session.search(safari_ai.Position.new("zebras"), stop=stop_soon, **{name: 0})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("depth", 2**31),
        ("depth", -1),
        ("threads", 2**31),
        ("threads", 0),
        ("nodes", 2**64),
        ("seed", 2**64),
        ("seed", -1),
        ("movetime", 2**63),
        ("movetime", 2**62),
        ("hash_mb", -1),
        ("hash_mb", 0),
        ("multipv", 0),
        ("multipv", 17),
        ("depth", 2.0),
        ("depth", True),
        ("nodes", "100"),
        ("chance_width", 2**31),
        ("chance_width", -1),
    ],
)
def test_out_of_range_is_the_documented_error(name: str, value: object) -> None:
    pos = safari_ai.Position.new("arena")
    limits: dict[str, object] = {"depth": 1, name: value}
    with pytest.raises(LimitError) as info:
        safari_ai.analyse(pos, **limits)  # type: ignore[arg-type]
    assert info.value.limit == name
    assert name in str(info.value)
    assert isinstance(info.value, SearchError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("nodes", 2**64),
        ("seed", 2**64),
        ("movetime", 2**63),
        ("threads", 2**31),
        ("hash_mb", -1),
    ],
)
def test_mcts_session_out_of_range(name: str, value: int) -> None:
    limits: dict[str, int] = {"nodes": 10, name: value}
    with pytest.raises(LimitError, match=name):
        safari_ai.MctsSession().search(safari_ai.Position.new("turtles"), **limits)  # type: ignore[arg-type]


def test_the_largest_values_are_accepted() -> None:
    pos = safari_ai.Position.new("turtles")
    report = safari_ai.analyse(
        pos, depth=1, nodes=2**64 - 1, movetime=_core.MAX_MOVETIME_MS, seed=2**64 - 1, hash_mb=1
    )
    assert report.depth == 1
    report = safari_ai.MctsSession().search(
        pos, nodes=50, seed=2**64 - 1, movetime=_core.MAX_MOVETIME_MS
    )
    assert report.nodes == 50


def test_limits_value() -> None:
    assert safari_ai.Limits is Limits and safari_ai.LimitError is LimitError
    limits = Limits(depth=3, seed=7)
    assert (limits.depth, limits.nodes, limits.movetime, limits.seed) == (3, None, None, 7)
    assert limits.or_default_time() is limits
    assert Limits().or_default_time().movetime == 1000
    with pytest.raises(AttributeError):
        limits.depth = 4  # type: ignore[misc]
    with pytest.raises(LimitError, match="threads"):
        Limits(threads=65)
    assert check_limit("seed", 0) == 0


@pytest.mark.parametrize("text", ["0", "-1", "abc", "1.5", "", "9" * 50, "１２", "2e3"])
def test_parse_limit_refuses(text: str) -> None:
    with pytest.raises(LimitError, match="depth"):
        parse_limit("depth", text)


def test_parse_limit_reads() -> None:
    assert parse_limit("depth", " 12 ") == 12
    assert parse_limit("nodes", str(2**64 - 1)) == 2**64 - 1
    with pytest.raises(LimitError, match="nodes"):
        parse_limit("nodes", str(2**64))


@pytest.mark.parametrize(
    "args",
    [
        ["--movetime", "99999999999999999999999"],
        ["--nodes", "99999999999999999999999"],
        ["--depth", "2147483648"],
        ["--threads", "2147483648"],
        ["--seed", str(2**64)],
        ["--hash", "99999999999"],
        ["--multipv", "99999999999"],
        ["--depth", "0"],
    ],
)
def test_cli_analyse_refuses_out_of_range_options(args: list[str], tmp_path: Any) -> None:
    path = tmp_path / "pos.json"
    path.write_text(safari_ai.Position.new("turtles").to_json_text())
    result = CliRunner().invoke(main, ["analyse", str(path), *args])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"'{args[0]}'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["--movetime", "99999999999999999999999"],
        ["--nodes", "99999999999999999999999"],
        ["--seed", str(2**64)],
    ],
)
def test_cli_play_refuses_out_of_range_options(args: list[str]) -> None:
    result = CliRunner().invoke(
        main, ["play", "turtles", "--side", "none", "--no-record", *args], input=""
    )
    assert result.exit_code == 2, result.output
    assert f"'{args[0]}'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda pos: pos.perft(2**31), "depth"),
        (lambda pos: pos.perft(-1), "depth"),
        (lambda pos: pos.perft(True), "depth"),
        (lambda pos: pos.random_playouts(2**64), "games"),
        (lambda pos: pos.random_playouts(1, seed=2**64), "seed"),
        (lambda pos: pos.random_playouts(1, seed=-1), "seed"),
    ],
)
def test_position_helpers_refuse_values_past_the_c_types(call: Any, name: str) -> None:
    with pytest.raises(ValueError, match=name):
        call(safari_ai.Position.new("turtles"))


@pytest.mark.parametrize("player", [2**40, -(2**70), 2, 5, -1, True, "0"])
def test_evaluate_a_player_the_game_does_not_have(player: Any) -> None:
    pos = safari_ai.Position.new("turtles")
    with pytest.raises(ValueError, match=r"player must be 0\.\.1 in this 2-player turtles"):
        pos.evaluate(player)


# -- one value from each front end down to C --------------------------------


class _Spy:
    """Counts ``Limits.__post_init__`` (each check of a value) and records the
    limits every ``_core.search`` receives."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, search: str = "search") -> None:
        self.checks = 0
        self.received: list[Any] = []
        real_check, real_search = Limits.__post_init__, getattr(_core, search)

        def counting_check(limits: Limits) -> None:
            self.checks += 1
            real_check(limits)

        def spy_search(pos: Any, limits: Any, *args: Any, **kwargs: Any) -> Any:
            self.received.append(limits)
            return real_search(pos, limits, *args, **kwargs)

        monkeypatch.setattr(Limits, "__post_init__", counting_check)
        monkeypatch.setattr(_core, search, spy_search)


def test_cli_analyse_checks_its_limits_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    path = tmp_path / "pos.json"
    path.write_text(safari_ai.Position.new("turtles").to_json_text())
    spy = _Spy(monkeypatch)
    result = CliRunner().invoke(
        main, ["analyse", str(path), "--depth", "2", "--seed", "5", "--quiet"]
    )
    assert result.exit_code == 0, result.output
    checks = spy.checks  # before the Limits made below for the comparison
    assert checks == 1 and spy.received == [Limits(depth=2, seed=5)]


def test_analyse_passes_the_callers_value_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    limits = Limits(depth=2, seed=3)
    spy = _Spy(monkeypatch)
    safari_ai.analyse(safari_ai.Position.new("turtles"), limits)
    assert spy.received[0] is limits and spy.checks == 0
    safari_ai.analyse(safari_ai.Position.new("turtles"), depth=2, seed=3)  # keywords: one value
    assert spy.checks == 1 and spy.received[1] == limits


def test_both_forms_at_once_is_refused() -> None:
    pos = safari_ai.Position.new("turtles")
    with pytest.raises(TypeError, match="not both.*depth="):
        safari_ai.analyse(pos, limits=Limits(depth=2), depth=3)
    with pytest.raises(TypeError, match="give the limits once"):
        safari_ai.analyse(pos, Limits(depth=2), limits=Limits(depth=3))


def test_the_contracts_positional_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The common contract: ``analyse(pos, depth=None, nodes=None,
    movetime=None, seed=None)``, so its limits may come by position."""
    spy = _Spy(monkeypatch)
    pos = safari_ai.Position.new("turtles")
    safari_ai.analyse(pos, 2, None, None, 3)
    safari_ai.analyse(pos, None, 500, 2000, 4)
    assert spy.received[0] == Limits(depth=2, seed=3)
    assert spy.received[1] == Limits(nodes=500, movetime=2000, seed=4)


def test_protocol_go_checks_its_limits_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from safari_ai.protocol import Engine

    spy = _Spy(monkeypatch)
    engine = Engine(new_tree=None)
    try:
        engine.feed("setoption name Algorithm value alphabeta")
        engine.feed("position startpos turtles")
        spy.checks = 0
        lines = engine.feed("go depth 2")
        assert any(line.startswith("bestmove") for line in lines), lines
    finally:
        engine.close()
    assert len(spy.received) == 1 and spy.received[0].depth == 2 and spy.checks == 1


def test_match_spec_limits_are_checked_when_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    from safari_ai.match import MatchJob, parse_spec, play_game

    spy = _Spy(monkeypatch)
    spec, other = parse_spec("algo=alphabeta,depth=1"), parse_spec("algo=random")
    assert spy.checks == 2  # one value per player
    play_game(MatchJob("turtles", {}, spec, other, 0, 0, 1, 0))
    assert spy.received and spy.checks == 2  # every move: the spec's value, its own seed
    assert all(got.depth == 1 and got.hash_mb == spec.limits.hash_mb for got in spy.received)


def test_engine_player_passes_the_value_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    from safari_ai.player import EnginePlayer

    limits = Limits(depth=2, seed=1)
    spy = _Spy(monkeypatch)
    EnginePlayer("alphabeta").choose(safari_ai.Position.new("turtles"), limits)
    assert spy.received == [limits] and spy.received[0] is limits and spy.checks == 0


def test_mcts_session_passes_the_value_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    limits = Limits(nodes=50, seed=1)
    seen: list[Any] = []
    session = safari_ai.MctsSession()
    real = session._core.search

    class Core:  # the session's C object is not patchable: wrap it
        def __getattr__(self, name: str) -> Any:
            return getattr(real.__self__, name)

        def search(self, pos: Any, given: Any, *args: Any) -> Any:
            seen.append(given)
            return real(pos, given, *args)

    session._core = Core()  # type: ignore[assignment]
    spy = _Spy(monkeypatch)
    session.search(safari_ai.Position.new("turtles"), limits)
    assert seen[0] is limits and spy.checks == 0
    session.search(safari_ai.Position.new("turtles"), nodes=50, seed=1)
    assert spy.checks == 1 and seen[1] == limits


def test_play_checks_its_limits_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from safari_ai.play import PlaySession

    spy = _Spy(monkeypatch)
    session = PlaySession(
        safari_ai.Position.new("turtles"),
        human=set(),
        read_line=lambda: "",
        write=lambda text: None,
        limits={"depth": 1},
        seed=2,
    )
    assert spy.checks == 1
    session.run()
    assert len(spy.received) > 2 and spy.checks == 1  # every move: its own seed
    assert {(got.depth, got.hash_mb) for got in spy.received} == {(1, 16)}


def test_annotate_checks_its_limits_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record's analysis checks the limits asked once; its searches are the
    core's (csrc/search/annotate.c), which derives each search's limits."""
    from safari_ai.annotate import annotate
    from safari_ai.match import MatchJob, parse_spec, play_game
    from safari_ai.record import GameRecord

    record = GameRecord.from_json(
        play_game(
            MatchJob(
                "turtles", {}, parse_spec("algo=random"), parse_spec("algo=random"), 0, 0, 3, 0
            )
        ).record
    )
    spy = _Spy(monkeypatch)
    result = annotate(record, {"depth": 1}, seed=4)
    assert spy.checks == 1 and spy.received == []  # no search made in Python
    assert {p["depth"] for p in result.plies} == {1}


def test_batch_checks_each_inputs_limits_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from safari_ai.batch import BatchTask, analyse_input

    text = safari_ai.Position.new("turtles").to_json_text()
    spy = _Spy(monkeypatch)
    out = analyse_input(
        BatchTask("start.json", text, {"limits": {"depth": 2}, "seed": 7, "multipv": 2})
    )
    assert "error" not in out, out
    checks = spy.checks
    assert checks == 1 and spy.received == [Limits(depth=2, seed=7, multipv=2)]


@pytest.mark.parametrize("samples", [1, 3])
def test_sampled_predictions_pass_one_value_to_the_core(
    monkeypatch: pytest.MonkeyPatch, samples: int
) -> None:
    """The sampled search is the core's (csrc/search/predictions.c): it gets
    the caller's Limits as they are, checked once, and derives each copy's
    limits itself."""
    pos = safari_ai.Position.new("ostrich", {"players": 3})
    while pos.is_chance():
        pos = pos.apply(pos.chance_outcomes()[0][0])
    limits = Limits(depth=1, seed=2)
    spy = _Spy(monkeypatch, "search_sampled")
    report = safari_ai.analyse(pos, limits, predictions="sampled", player=0, samples=samples)
    assert spy.received == [limits] and spy.checks == 0
    assert report.extra["samples"] == samples


def test_with_seed_checks_the_seed_and_keeps_the_rest() -> None:
    limits = Limits(depth=3, hash_mb=8)
    assert limits.with_seed(9) == Limits(depth=3, hash_mb=8, seed=9)
    with pytest.raises(LimitError, match="seed"):
        limits.with_seed(-1)


def test_unknown_keyword_limit_is_refused() -> None:
    from safari_ai.player import EnginePlayer

    with pytest.raises(TypeError, match="not both"):
        EnginePlayer("alphabeta").choose(
            safari_ai.Position.new("turtles"), Limits(depth=1), nodes=5
        )
    with pytest.raises(TypeError, match="unknown limit 'dept'"):
        Limits.of(None, dept=3)


# -- one Settings value: what analyse() takes -----------------------------------


def test_analyse_takes_one_settings_value_and_passes_its_limits_as_they_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    chosen = Settings(Limits(depth=2, seed=3), algo="alphabeta", pruning="none")
    spy = _Spy(monkeypatch)
    report = safari_ai.analyse(safari_ai.Position.new("turtles"), chosen)
    assert spy.received == [chosen.limits] and spy.received[0] is chosen.limits
    assert spy.checks == 0 and report.algo == "alphabeta" and report.depth == 2
    # the contract's keyword form makes the same value once
    same = safari_ai.analyse(
        safari_ai.Position.new("turtles"), depth=2, seed=3, algo="alphabeta", pruning="none"
    )
    assert spy.checks == 1 and spy.received[1] == chosen.limits
    assert same.to_json()["pv"] == report.to_json()["pv"]


def test_settings_are_checked_by_the_table_naming_the_setting() -> None:
    for name, value in (
        ("algo", "alpha"),
        ("leaf", "tree"),
        ("pruning", 3),
        ("multiplayer", "all"),
        ("predictions", "open "),
        ("player", 5),
    ):
        with pytest.raises(SettingError) as caught:
            Settings(**{name: value})
        assert caught.value.field == name and name in str(caught.value)
    with pytest.raises(SettingError, match="samples"):
        Settings(samples=0)
    with pytest.raises(TypeError, match="unknown setting 'algorithm'"):
        Settings.of(depth=2, algorithm="mcts")
    assert Settings.of(depth=3, leaf="rollout", player=None) == Settings(
        Limits(depth=3), leaf="rollout"
    )


def test_a_settings_value_and_keywords_at_once_are_refused() -> None:
    pos = safari_ai.Position.new("turtles")
    for extra in ({"depth": 2}, {"algo": "mcts"}, {"limits": Limits(depth=2)}):
        with pytest.raises(TypeError, match="give the settings once"):
            safari_ai.analyse(pos, Settings(Limits(depth=1)), **extra)
    with pytest.raises(TypeError, match="depth twice"):
        safari_ai.analyse(pos, 2, depth=3)
