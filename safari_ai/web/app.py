"""The web server of ``safari-ai serve``: the page, the HTTP API and the engine WebSocket.

Every endpoint answers as the command line does, by calling the same Python
functions (``Position.new``/``legal_moves``/``chance_outcomes``/``apply``,
``safari_ai.analyse(...).to_json()``, ``annotate(...).to_json()``,
``safari_ai.render.render``). Searches run in a bounded thread pool (the C
search releases the GIL), each capped by the operator's ``max_movetime_ms``;
``/api/engine`` runs one :class:`safari_ai.protocol.Engine` per connection,
whose searches take a slot of the same pool. Only the server's own page
(and origins the operator allows) may use it (:mod:`safari_ai.web.guard`).
No endpoint reads or writes a file of the server (the page's own static files
aside; the engine's ``Weights`` takes a weights object, not a file name).
The API is documented in docs/web.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import threading
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from safari_ai import facts, settings
from safari_ai.errors import PositionError, SafariError
from safari_ai.limits import DEFAULT_MOVETIME_MS
from safari_ai.position import Position
from safari_ai.settings import Settings
from safari_ai.web.guard import AccessPolicy, GuardMiddleware

__all__ = [
    "create_app",
    "ServerConfig",
    "ApiError",
    "rules_form",
    "games_facts",
    "moves_json",
    "MAX_DEPTH",
    "MAX_MULTIPV",
]

MAX_DEPTH = settings.bounds("depth")[1]
MAX_MULTIPV = settings.bounds("multipv")[1]
MAX_APPLY_MOVES = 10000
STREAM_KEEPALIVE_S = 0.5
SLOT_POLL_S = 0.02
"""How often an engine search waiting for a slot looks whether it was stopped."""
ALGORITHMS_WEB = settings.setting("algo").choices
FIELDS = {
    "/api/new": ("game", "rules"),
    "/api/moves": ("position",),
    "/api/apply": ("position", "moves"),
    "/api/describe": ("position", "moves"),
    "/api/analyse": (
        "position",
        "record",
        "limits",
        "multipv",
        "seed",
        "algo",
        "predictions",
        "player",
        "level",
        "stream",
    ),
    "/api/render": ("position", "last_move", "previous", "seat"),
    "/api/replay": ("record",),
}
"""The members each endpoint's body may have; any other is refused, named."""


@dataclass
class ServerConfig:
    """What the operator sets (``safari-ai serve`` options)."""

    max_movetime_ms: int = 10000
    """Every search (HTTP or WebSocket) stops after this many milliseconds."""
    workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    """Searches that run at once; more wait for a free slot."""
    max_body_bytes: int = 1 << 20
    """Largest request body (and WebSocket message) accepted."""
    max_connections: int = 64
    """WebSocket engine connections open at once."""
    max_hash_mb: int = 256
    """Largest ``Hash`` a WebSocket client may set."""
    record_budget_s: float = 120.0
    """Longest a whole-record analysis may take."""
    max_threads: int = 1
    """Largest ``Threads`` a WebSocket client may set."""
    connections_per_client: int = 32
    """Connections (HTTP and, apart, WebSocket) one client address may hold open."""
    read_timeout_s: float = 10.0
    """Seconds a request's headers and body may take to arrive."""
    host: str = "127.0.0.1"
    """The address the server is bound to (a name it answers to)."""
    allow_hosts: tuple[str, ...] = ()
    """More names the server answers to (``Host``), besides loopback and IP addresses."""
    allow_origins: tuple[str, ...] = ()
    """Origins besides the server's own whose pages may use it."""
    token: str | None = None
    """When set, every ``/api/`` request must carry it (header or ``?token=``)."""

    def policy(self) -> AccessPolicy:
        """Who may use the server (:class:`~safari_ai.web.guard.AccessPolicy`)."""
        return AccessPolicy.make(self.host, self.allow_hosts, self.allow_origins, self.token)


class ApiError(Exception):
    """A bad request: answered ``{"error": message, "field": field}`` with ``status``."""

    def __init__(self, message: str, field: str | None, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.status = status


# -- what the endpoints compute (shared with nothing but the CLI's own functions) --

_FORM_TYPES = {"boolean": "bool", "integer": "int", "string": "string"}


def rules_form(game: str) -> list[dict[str, Any]]:
    """The new-game form of ``game``: one entry per rules option, from the
    game's rules schema (:attr:`safari_ai.Game.rules_schema`): its key, type
    (``bool``, ``int``, ``enum`` or ``string``), default and description,
    with ``minimum``/``maximum`` for an ``int`` and ``choices`` for an ``enum``.
    """
    form = []
    for key, spec in facts.game(game).rules_schema["properties"].items():
        entry = {
            "key": key,
            "type": _FORM_TYPES[spec["type"]],
            "default": spec["default"],
            "description": spec["description"],
        }
        if "enum" in spec:
            entry["type"], entry["choices"] = "enum", list(spec["enum"])
        if "minimum" in spec:
            entry["minimum"], entry["maximum"] = spec["minimum"], spec["maximum"]
        form.append(entry)
    return form


@functools.lru_cache(maxsize=1)
def _facts() -> str:
    out = []
    for game in facts.games():
        start = Position.new(game.name)
        out.append(
            {
                "name": game.name,
                "players": start.num_players,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "has_chance": game.has_chance,
                "zero_sum": game.zero_sum,
                "hidden_tiles": game.hidden_tiles,
                "units": game.units,
                "rules": game.rules_defaults,
                "options": rules_form(game.name),
            }
        )
    return json.dumps(out)


def games_facts() -> list[dict[str, Any]]:
    """``GET /api/games``: each game's name, players (at the default rules, and
    the range), facts, default rules and form (computed once)."""
    facts: list[dict[str, Any]] = json.loads(_facts())
    return facts


def moves_json(pos: Position) -> dict[str, Any]:
    """``safari-ai moves --json`` as an object: ``{"moves": [...]}`` or ``{"outcomes": [...]}``."""
    if pos.is_chance():
        return {
            "outcomes": [
                [move, f"{p.numerator}/{p.denominator}"] for move, p in pos.chance_outcomes()
            ]
        }
    return {"moves": pos.legal_moves()}


# -- request parsing ---------------------------------------------------------


class _Body(dict[str, Any]):
    """A request's JSON object, with each member's text as the client wrote
    it (``texts``): a position or record goes to the C reader as is."""

    texts: dict[str, str]


async def _body(request: Request, config: ServerConfig) -> _Body:
    """The request's JSON object, refused when too big or not an object; the
    C reader checks the whole text first (a duplicate key is refused as by
    the command line)."""
    from safari_ai.jsontext import object_members

    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > config.max_body_bytes:
        raise ApiError(f"request body larger than {config.max_body_bytes} bytes", "body", 413)
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > config.max_body_bytes:
                raise ApiError(
                    f"request body larger than {config.max_body_bytes} bytes", "body", 413
                )
            chunks.append(chunk)
    except ClientDisconnect:
        raise _ClientGone("left before its request body was complete") from None
    try:
        text = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as error:
        raise ApiError(f"request body is not JSON: {error}", "body") from None
    if not text.strip():
        raise ApiError("request body is empty: send a JSON object", "body")
    if not text.lstrip().startswith("{"):
        try:
            json.loads(text)
        except ValueError as error:
            raise ApiError(f"request body is not JSON: {error}", "body") from None
        raise ApiError("request body must be a JSON object", "body")
    try:
        members = object_members(text)
    except SafariError as error:
        raise ApiError(f"request body is not JSON: {error}", "body") from None
    allowed = FIELDS.get(request.url.path, ())
    for key in members:
        if key not in allowed:
            raise ApiError(f"unknown field {key!r} (this endpoint reads {', '.join(allowed)})", key)
    data = _Body({key: value for key, (value, _) in members.items()})
    data.texts = {key: raw for key, (_, raw) in members.items()}
    return data


def _source_text(data: dict[str, Any], key: str) -> Any:
    """The member ``key`` as the client wrote it (for the C reader), or its value."""
    texts = getattr(data, "texts", {})
    return texts.get(key, data[key])


def _position(data: dict[str, Any], key: str = "position") -> Position:
    if key not in data:
        raise ApiError(f"missing field '{key}'", key)
    value = data[key]
    if not isinstance(value, dict):
        raise ApiError(f"{key}: must be a position object", key)
    try:
        return Position.from_json(_source_text(data, key))
    except PositionError as error:
        where = f"{key}.{error.field}" if error.field else key
        raise ApiError(f"{key}: {error}", where) from None
    except SafariError as error:
        raise ApiError(f"{key}: {error}", key) from None


def _setting(
    data: dict[str, Any], name: str, where: str | None = None, caps: dict[str, int] | None = None
) -> Any:
    """Setting ``name`` in ``data`` checked by the one table
    (:func:`safari_ai.settings.check`), its default when absent."""
    if name not in data:
        return settings.setting(name).default
    try:
        return settings.check(name, data[name], where, caps)
    except settings.SettingError as error:
        raise ApiError(str(error), error.field) from None


def _string(data: dict[str, Any], key: str) -> str:
    """The string member ``key``; missing or of another type is refused, named."""
    if key not in data:
        raise ApiError(f"missing field '{key}'", key)
    value = data[key]
    if not isinstance(value, str):
        raise ApiError(f"field '{key}': expected a string, got {settings.type_name(value)}", key)
    return value


def _int(data: dict[str, Any], key: str, low: int, high: int, where: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(
            f"{where} must be an integer in {low}..{high}, got {settings.type_name(value)}", where
        )
    if not low <= value <= high:
        raise ApiError(f"{where} must be an integer in {low}..{high}, got {value}", where)
    return value


def _caps(config: ServerConfig) -> dict[str, int]:
    """The settings this server caps, at the cap it enforces (what /api/schema
    and the engine's handshake advertise)."""
    return {
        "movetime": config.max_movetime_ms,
        "threads": config.max_threads,
        "hash_mb": config.max_hash_mb,
    }


_BOUNDS = tuple(item.name for item in settings.SETTINGS if item.bound)
"""The members of ``limits``: the settings that bound a search (depth, nodes, movetime)."""


def _limits(data: dict[str, Any], config: ServerConfig) -> dict[str, int]:
    """``limits``: any of depth, nodes, movetime; every search also stops at the server's cap."""
    raw = data.get("limits", {})
    if not isinstance(raw, dict):
        raise ApiError('limits must be an object such as {"movetime": 500}', "limits")
    unknown = sorted(set(raw) - set(_BOUNDS))
    if unknown:
        raise ApiError(
            f"limits: unknown limit {unknown[0]!r} ({', '.join(_BOUNDS)})", f"limits.{unknown[0]}"
        )
    limits = {}
    for key in _BOUNDS:
        if key in raw:
            limits[key] = _setting(raw, key, f"limits.{key}", _caps(config))
    if not limits:
        limits["movetime"] = min(DEFAULT_MOVETIME_MS, config.max_movetime_ms)
    return limits


def _capped(limits: dict[str, int], config: ServerConfig) -> dict[str, int]:
    """The limits with the operator's time cap added (the first limit reached ends a search)."""
    return {
        **limits,
        "movetime": min(limits.get("movetime", config.max_movetime_ms), config.max_movetime_ms),
    }


# -- the application ---------------------------------------------------------

M_TRIM_THRESHOLD = -1
KEEP_FREED_BYTES = 256 << 20


def _keep_freed_memory() -> None:
    """Lets glibc keep freed memory instead of returning it to the system.

    Every search allocates its transposition table (16 MiB by default) and
    frees it. On a worker thread glibc's per-thread arena gives the pages back
    at once, so the next search faults them all in again: measured 0.25 s
    instead of 3 ms for an 8-sample ostrich search at depth 1. A trim
    threshold above the tables' size keeps them (as MALLOC_TRIM_THRESHOLD_
    would). Elsewhere than glibc this does nothing.
    """
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        if hasattr(libc, "mallopt"):
            libc.mallopt(M_TRIM_THRESHOLD, KEEP_FREED_BYTES)
    except (OSError, AttributeError):
        pass


class _ClientGone(Exception):
    """The client closed its connection before its answer: logged as one line."""


class _Server:
    """The state of one application: configuration, the search pool and its slots."""

    def __init__(self, config: ServerConfig) -> None:
        _keep_freed_memory()
        self.config = config
        self.pool = ThreadPoolExecutor(
            max_workers=config.workers, thread_name_prefix="safari-web-search"
        )
        self._slots: asyncio.Semaphore | None = None
        self.connections = 0
        self.by_client: Counter[str] = Counter()  # WebSocket connections per address

    @property
    def slots(self) -> asyncio.Semaphore:
        # made on first use, inside the server's event loop
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.config.workers)
        return self._slots

    async def search(self, job: Callable[[], Any]) -> Any:
        """Runs ``job`` in the pool once a search slot is free."""
        async with self.slots:
            return await asyncio.get_running_loop().run_in_executor(self.pool, job)

    def gate(self, loop: asyncio.AbstractEventLoop) -> Callable[..., Any]:
        """The engine worker's gate (:data:`safari_ai.protocol.worker.Gate`):
        each search of a WebSocket engine, a queued ``go`` included, waits
        for a slot of the pool on its worker thread (given up when the
        search is stopped meanwhile), holds it while it runs, and is stopped
        at the operator's time cap."""
        cap_s = self.config.max_movetime_ms / 1000

        @contextlib.contextmanager
        def gate(stopped: threading.Event, stop: Callable[[], None]) -> Iterator[None]:
            waiting = asyncio.run_coroutine_threadsafe(self.slots.acquire(), loop)
            held = False
            while not held:
                try:
                    waiting.result(timeout=SLOT_POLL_S)
                    held = True
                except TimeoutError:
                    if stopped.is_set() and waiting.cancel():
                        break  # stopped before it had a slot: runs stopped, at once
            watchdog = threading.Timer(cap_s, stop)
            watchdog.daemon = True
            watchdog.start()
            try:
                yield
            finally:
                watchdog.cancel()
                if held:
                    with contextlib.suppress(RuntimeError):  # the loop is closed
                        loop.call_soon_threadsafe(self.slots.release)

        return gate


LOG = logging.getLogger("safari_ai.web")


def _error_response(error: ApiError) -> JSONResponse:
    return JSONResponse({"error": error.message, "field": error.field}, status_code=error.status)


def _internal_error(error: BaseException) -> ApiError:
    """An unexpected exception as an answer the page can read (HTTP 500); the
    traceback goes to the server's log."""
    LOG.error("internal error", exc_info=(type(error), error, error.__traceback__))
    return ApiError(f"internal error: {type(error).__name__}: {error}".splitlines()[0], None, 500)


async def _internal_error_handler(request: Request, error: Exception) -> JSONResponse:
    return _error_response(_internal_error(error))


def _endpoint(handler: Callable[[Request, _Server], Any], server: _Server) -> Callable[..., Any]:
    async def run(request: Request) -> Response:
        try:
            result = await handler(request, server)
        except ApiError as error:
            return _error_response(error)
        except _ClientGone as gone:
            client = request.client.host if request.client else "?"
            LOG.warning("client %s %s %s", client, gone, request.url.path)
            return Response(status_code=400)  # nobody reads it
        except Exception as error:  # noqa: BLE001 - answered as JSON, the server goes on
            return _error_response(_internal_error(error))
        if isinstance(result, Response):
            return result
        return JSONResponse(result)

    return run


def _bool(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise ApiError(f"{key} must be true or false, got {settings.type_name(value)}", key)
    return value


async def _client_gone(request: Request) -> None:
    """Returns when the client of ``request`` (its body read) closes its connection."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def _answer(
    request: Request, server: _Server, work: Callable[[Any, Any], Any], stream: bool
) -> Any:
    """``work(emit, stop)`` (an analysis) answered as a stream (:func:`_streamed`)
    or, once it has run in the pool, as one JSON value (an ApiError is raised).
    A client that leaves before its answer has its search stopped (or not
    started) at once, which frees its slot."""
    from safari_ai.search import StopFlag

    if stream:
        return _streamed(server, work)
    stop = StopFlag()

    def job() -> Any:
        return ApiError("the client went away", None) if stop.is_set else work(None, stop)

    task = asyncio.ensure_future(server.search(job))
    gone = asyncio.ensure_future(_client_gone(request))
    try:
        await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
        if not task.done():
            stop.set()
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
            raise _ClientGone("left before its answer: its search stopped")
    finally:
        gone.cancel()
    result = task.result()
    if isinstance(result, ApiError):
        raise result
    return result


class _Stopped(Exception):
    """The client of a streamed answer went away: its search stops."""


def _streamed(
    server: _Server, work: Callable[[Callable[[Any], None], Any], Any]
) -> StreamingResponse:
    """A search answered as NDJSON: ``{"progress": ...}`` lines while it runs,
    then ``{"result": ...}`` (or ``{"error", "field"}``).

    ``work(emit, stop)`` runs in the pool; it calls ``emit(progress)`` from the
    search thread and returns the result (or an :class:`ApiError`). When the
    client goes away, ``stop`` (a :class:`safari_ai.StopFlag`) is set.
    """
    from safari_ai.search import StopFlag

    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
    stop = StopFlag()

    def emit(progress: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: the client is gone
            loop.call_soon_threadsafe(queue.put_nowait, ("progress", progress))

    def job() -> Any:
        try:
            return work(emit, stop)
        except _Stopped:
            return ApiError("stopped", None)
        except Exception as error:  # noqa: BLE001 - the last line says what went wrong
            return _internal_error(error)

    def finished(task: asyncio.Future[Any]) -> None:
        if task.cancelled():
            result: Any = ApiError("the server stopped", None, 503)
        elif task.exception() is not None:
            result = _internal_error(task.exception())  # type: ignore[arg-type]
        else:
            result = task.result()
        queue.put_nowait(("done", result))

    task = asyncio.ensure_future(server.search(job))
    task.add_done_callback(finished)

    def line(value: Any) -> str:
        return json.dumps(value, separators=(",", ":")) + "\n"

    async def lines() -> AsyncIterator[str]:
        getter: asyncio.Future[tuple[str, Any]] | None = None
        try:
            while True:
                # one get() kept across the waits, so that no line is lost to a timeout
                getter = getter or asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({getter}, timeout=STREAM_KEEPALIVE_S)
                if not done:
                    # a blank line: a client that went away is noticed (its search
                    # stopped) even while the search has nothing to report
                    yield "\n"
                    continue
                kind, value = getter.result()
                getter = None
                if kind == "progress":
                    yield line({"progress": value})
                elif isinstance(value, ApiError):
                    yield line({"error": value.message, "field": value.field})
                    return
                else:
                    yield line({"result": value})
                    return
        finally:
            stop.set()  # the answer is complete, or the client went away
            if getter is not None:
                getter.cancel()

    return StreamingResponse(
        lines(), media_type="application/x-ndjson", headers={"cache-control": "no-store"}
    )


async def _games(request: Request, server: _Server) -> Any:
    return {"games": games_facts()}


async def _schema(request: Request, server: _Server) -> Any:
    """``GET /api/schema``: the search settings as JSON Schema, with the ranges
    this server enforces (movetime, threads, hash narrowed to its caps), and
    the members each endpoint reads."""
    schema = settings.json_schema(_caps(server.config))
    schema["x-endpoints"] = {path: list(names) for path, names in FIELDS.items()}
    return schema


async def _not_found(request: Request, error: Exception) -> JSONResponse:
    status = getattr(error, "status_code", 404)
    if status == 405:
        message, where = f"{request.method} is not allowed on {request.url.path}", "method"
    else:
        message, where = f"no such route: {request.url.path}", "route"
    return JSONResponse({"error": message, "field": where}, status_code=status)


async def _new(request: Request, server: _Server) -> Any:
    data = await _body(request, server.config)
    game = _string(data, "game")
    names = facts.game_names()
    if game not in names:
        raise ApiError(f"unknown game {game!r} (one of {', '.join(names)})", "game")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise ApiError("rules must be an object of rules options", "rules")
    try:
        return Position.new(game, rules).to_json()
    except PositionError as error:
        field_name = error.field if error.field and error.field.startswith("rules") else "rules"
        raise ApiError(str(error), field_name) from None
    except SafariError as error:
        raise ApiError(str(error), "rules") from None


async def _moves(request: Request, server: _Server) -> Any:
    pos = _position(await _body(request, server.config))
    out = moves_json(pos)
    if pos.is_terminal():
        out["result"] = pos.result()
    return out


def _move_list(data: dict[str, Any]) -> list[str]:
    """``moves``: a list of at most MAX_APPLY_MOVES move strings."""
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ApiError("moves must be a list of move strings", "moves")
    if len(moves) > MAX_APPLY_MOVES:
        raise ApiError(f"moves: at most {MAX_APPLY_MOVES} moves", "moves")
    return moves


async def _describe(request: Request, server: _Server) -> Any:
    """What moves do, in the game's words (docs/web.md, POST /api/describe):
    every legal move or outcome, or each move of ``moves`` where it comes."""
    data = await _body(request, server.config)
    pos = _position(data)
    if "moves" not in data:
        return {"moves": [d.to_json() for d in pos.describe_all()]}
    described = []
    for index, move in enumerate(_move_list(data)):
        try:
            described.append(pos.describe(move).to_json())
            pos = pos.apply(move)
        except SafariError as error:
            raise ApiError(f"move {index + 1} ({move}): {error}", f"moves[{index}]") from None
    return {"moves": described}


async def _apply(request: Request, server: _Server) -> Any:
    data = await _body(request, server.config)
    pos = _position(data)
    moves = _move_list(data)
    for index, move in enumerate(moves):
        try:
            pos = pos.apply(move)
        except SafariError as error:
            raise ApiError(f"move {index + 1} ({move}): {error}", f"moves[{index}]") from None
    return pos.to_json()


def _analysis_options(data: dict[str, Any], config: ServerConfig) -> dict[str, Any]:
    """``limits`` and every search setting ``/api/analyse`` reads (its members
    in :data:`FIELDS` that a :class:`~safari_ai.settings.Settings` holds), checked."""
    return {
        "limits": _limits(data, config),
        **{
            name: _setting(data, name)
            for name in FIELDS["/api/analyse"]
            if name in settings.SEARCH_NAMES
        },
    }


async def _analyse(request: Request, server: _Server) -> Any:
    from safari_ai.record import is_record

    data = await _body(request, server.config)
    if "record" in data or is_record(data.get("position")):
        return await _analyse_record(request, data, server)
    pos = _position(data)
    options = _analysis_options(data, server.config)
    # the one Settings of this search, made (and checked) here and passed down as it is
    searched = Settings.of(**_capped(options.pop("limits"), server.config), **options)
    stream = _bool(data, "stream")
    if searched.predictions == "sampled" and searched.player is None:
        raise ApiError("predictions 'sampled' needs 'player'", "player")
    if pos.is_terminal():
        raise ApiError("position: the game is over, there is nothing to search", "position")
    if searched.predictions != "open" and pos.is_chance():
        raise ApiError(
            "predictions 'sampled' needs a decision position, not a chance one", "position"
        )

    def work(emit: Callable[[Any], None] | None, stop: Any) -> Any:
        from safari_ai.search import analyse

        progress = None if emit is None else (lambda report: emit(report.to_json()))
        try:
            return analyse(pos, searched, stop=stop, progress=progress).to_json()
        except SafariError as error:
            message = str(error)
            where = (
                "position"
                if pos.is_terminal() or pos.is_chance()
                else "algo"
                if "algo" in message
                else "limits"
            )
            return ApiError(message, where)

    return await _answer(request, server, work, stream)


def _record(data: dict[str, Any], key: str) -> Any:
    """The game record in member ``key``, its start position read by C from
    the client's text (:meth:`~safari_ai.record.GameRecord.from_text`)."""
    from safari_ai.record import GameRecord

    if not isinstance(data[key], dict):
        return GameRecord.from_json(data[key])  # "not a game record", as before
    value = _source_text(data, key)
    return GameRecord.from_text(value) if isinstance(value, str) else GameRecord.from_json(value)


def _record_positions(record: Any) -> int:
    """The searches a record's analysis makes at most: every position but a final one."""
    return len(record.moves) + 1


async def _analyse_record(request: Request, data: dict[str, Any], server: _Server) -> Any:
    """A whole record, as ``safari-ai analyse RECORD.json --json``."""
    from safari_ai.annotate import annotate

    key = "record" if "record" in data else "position"
    try:
        record = _record(data, key)
        record.replay()
    except SafariError as error:
        raise ApiError(f"{key}: {error}", key) from None
    options = _analysis_options(data, server.config)
    # without limits, a level (annotate.LEVELS): depths, the same verdicts on any load
    limits = options["limits"] if "limits" in data else {}
    level = None if "limits" in data and "level" not in data else _setting(data, "level")
    if limits and level is not None:
        raise ApiError("level: give a level or limits, not both", "level")
    stream = _bool(data, "stream")
    budget = server.config.record_budget_s
    cap = server.config.max_movetime_ms
    searches = _record_positions(record)
    if "movetime" in limits and limits["movetime"] * searches > budget * 1000:
        # known before a search: the searches alone would pass the budget
        raise ApiError(
            f"limits.movetime: {searches} positions at {limits['movetime']} ms "
            f"take more than the server's {budget:g} s for a record; use at most "
            f"{max(1, int(budget * 1000 // searches))} ms",
            "limits.movetime",
        )

    def work(emit: Callable[[Any], None] | None, stop: Any) -> Any:
        from safari_ai.annotate import AnalysisEnded

        counts = {"done": 0, "total": 0}

        def progress(done: int, total: int) -> None:
            counts.update(done=done, total=total)
            if emit is not None:
                emit(dict(counts))

        def on_ply(item: dict[str, Any]) -> None:
            # each ply's values as soon as they are known: the page's graph fills in live
            if emit is not None:
                emit({**counts, "ply": item})

        try:
            # every search capped by the operator's time, the whole by the budget
            return annotate(
                record,
                limits or None,
                algo=options["algo"],
                seed=options["seed"],
                progress=progress,
                level=level,
                stop=stop,
                movetime_cap=cap,
                budget_s=budget,
                on_ply=on_ply,
            ).to_json()
        except AnalysisEnded as ended:
            if ended.reason == "stopped":
                raise _Stopped() from None
            return ApiError(
                f"record analysis took more than the server's {budget:g} s; use smaller limits",
                "limits",
            )
        except SafariError as error:
            return ApiError(str(error), key)

    return await _answer(request, server, work, stream)


async def _replay(request: Request, server: _Server) -> Any:
    data = await _body(request, server.config)
    if "record" not in data:
        raise ApiError("missing field 'record'", "record")
    try:
        record = _record(data, "record")
        positions = record.replay()
    except SafariError as error:
        raise ApiError(f"record: {error}", "record") from None
    return {"record": record.to_json(), "positions": [p.to_json() for p in positions]}


async def _render(request: Request, server: _Server) -> Any:
    from safari_ai.render import render

    data = await _body(request, server.config)
    pos = _position(data)
    last_move = data.get("last_move")
    if last_move is not None and not isinstance(last_move, str):
        raise ApiError(
            f"field 'last_move': expected a string, got {settings.type_name(last_move)}",
            "last_move",
        )
    if last_move is not None:
        from safari_ai.render.last_move import check_last_move

        previous = _position(data, "previous") if "previous" in data else None
        try:
            check_last_move(pos, last_move, previous)
        except PositionError as error:
            raise ApiError(str(error), "last_move") from None
    seat = _int(data, "seat", 0, 4, "seat")
    return Response(render(pos.to_json(), last_move, seat), media_type="image/svg+xml")


# -- the engine WebSocket ----------------------------------------------------


class _EngineSocket:
    """One ``/api/engine`` connection: an Engine and its output queue. Its
    searches take their slot through the engine's gate (:meth:`_Server.gate`)."""

    def __init__(self, websocket: WebSocket, server: _Server) -> None:
        from safari_ai.protocol import Engine

        config = server.config
        self.ws = websocket
        self.server = server
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.engine = Engine(
            emit=self._emit_threadsafe,
            files=False,
            caps={"Threads": config.max_threads, "Hash": config.max_hash_mb},
            gate=server.gate(self.loop),
        )
        self.open = True

    def _emit_threadsafe(self, line: str) -> None:
        try:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, line)
        except RuntimeError:
            pass  # the loop is closed: the connection is gone

    async def sender(self) -> None:
        while True:
            line = await self.queue.get()
            if line is None:
                return
            if self.open:
                try:
                    await self.ws.send_text(line)
                except Exception:  # noqa: BLE001 - the client went away; keep draining
                    self.open = False

    async def handle(self, line: str) -> None:
        tokens = line.split()
        if not tokens:
            return
        if tokens[0] == "perft":
            await self.queue.put(
                "info string error: perft: not served over the web (use safari-ai engine)"
            )
            return
        for answer in await asyncio.to_thread(self.engine.feed, line):
            await self.queue.put(answer)

    async def close(self) -> None:
        await asyncio.to_thread(self.engine.close)
        await asyncio.sleep(0)
        await self.queue.put(None)


async def _engine_socket(websocket: WebSocket) -> None:
    server: _Server = websocket.app.state.server
    config = server.config
    client = websocket.client.host if websocket.client else ""
    if (
        server.connections >= config.max_connections
        or server.by_client[client] >= config.connections_per_client
    ):
        # accepted, then closed with 1013 "try again later": a browser's
        # script sees the code and the reason (a refused handshake shows none)
        await websocket.accept()
        await websocket.close(code=1013, reason="too many engine connections")
        return
    await websocket.accept()
    server.connections += 1
    server.by_client[client] += 1
    conn = _EngineSocket(websocket, server)
    sender = asyncio.create_task(conn.sender())
    try:
        while True:
            text = await websocket.receive_text()
            if len(text) > config.max_body_bytes:
                await conn.queue.put(
                    f"info string error: message longer than {config.max_body_bytes} bytes"
                )
                continue
            for line in text.splitlines():
                await conn.handle(line)
                if conn.engine.finished:
                    break
            if conn.engine.finished:
                break
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        server.connections -= 1
        server.by_client[client] -= 1
        if server.by_client[client] <= 0:
            del server.by_client[client]
        await conn.close()
        try:
            await asyncio.wait_for(sender, timeout=1.0)
        except Exception:  # noqa: BLE001 - a timeout or a closed socket: either way it is gone
            sender.cancel()
        if conn.engine.finished:
            try:
                await websocket.close()
            except RuntimeError:
                pass


# -- static files ------------------------------------------------------------


def _static_dir() -> str:
    return str(resources.files("safari_ai.web") / "static")


async def _index(request: Request) -> Response:
    return FileResponse(os.path.join(_static_dir(), "index.html"), media_type="text/html")


def create_app(config: ServerConfig | None = None) -> Starlette:
    """The ASGI application of ``safari-ai serve``."""
    server = _Server(config or ServerConfig())
    api = [
        ("/api/new", _new),
        ("/api/moves", _moves),
        ("/api/apply", _apply),
        ("/api/describe", _describe),
        ("/api/analyse", _analyse),
        ("/api/render", _render),
        ("/api/replay", _replay),
    ]
    routes: list[BaseRoute] = [
        Route("/", _index),
        Route("/api/games", _endpoint(_games, server), methods=["GET"]),
        Route("/api/schema", _endpoint(_schema, server), methods=["GET"]),
    ]
    routes += [Route(path, _endpoint(handler, server), methods=["POST"]) for path, handler in api]
    routes += [
        WebSocketRoute("/api/engine", _engine_socket),
        Mount("/static", StaticFiles(directory=_static_dir()), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        server.pool.shutdown(wait=False, cancel_futures=True)

    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(GuardMiddleware, policy=server.config.policy())],
        exception_handlers={Exception: _internal_error_handler, 404: _not_found, 405: _not_found},
    )
    app.state.server = server
    return app
