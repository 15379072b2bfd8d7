"""The engine protocol: a UCI-like text protocol, as a pure core.

:class:`Engine` turns one input line into the list of output lines it answers
at once; it reads and writes nothing itself. Searches run on a worker thread,
so ``isready`` and ``stop`` are answered while one runs. Where the lines of a
search go depends on how the engine was made:

* ``Engine(emit=callback)`` (the ``safari-ai engine`` command): the worker
  hands each ``info`` line and the ``bestmove`` to ``callback`` as it comes.
* ``Engine()`` (tests, scripts): a ``go`` with a finite limit blocks and
  returns the whole search, ``info`` lines then ``bestmove``; ``go infinite``
  returns at once, and the search's lines come back, in order, at the head of
  the answers to the following lines (the ``bestmove`` with ``stop``'s).

The engine is idle again the moment a search's ``bestmove`` is written; a
``go`` (or ``perft``) that comes while one runs is queued and runs after it
(it then returns at once, also without ``emit``); ``stop`` ends the running
search and the queued ones, each with its ``bestmove`` (docs/protocol.md,
section 6).

>>> eng = Engine()
>>> eng.feed("position startpos turtles moves d1xd3")
[]
>>> eng.feed("go depth 1")[-1].startswith("bestmove ")
True
>>> eng.feed("fly")
["info string error: unknown command 'fly' (try 'help')"]

The protocol itself is defined in ``docs/protocol.md``. Commands are dispatched
through an exact-match table (:attr:`Engine.COMMANDS`); any problem with a line
gives one ``info string error: ...`` line naming the offending token, and the
engine keeps working.

The package has one concern a module: ``engine`` (:class:`Engine`: the
commands), ``text`` (:class:`ProtocolError`, quoting), ``options``
(:class:`EngineOption`), ``go`` (:class:`GoRequest`, :func:`time_budget`),
``output`` (the ``info`` lines), ``worker`` (the search queue and its stop
signals). The names below are its public ones.
"""

from __future__ import annotations

from safari_ai.player import INFINITE_MS
from safari_ai.protocol.engine import (
    ENGINE_AUTHOR,
    ENGINE_NAME,
    HELP,
    PROTOCOL_VERSION,
    STOP_WAIT,
    Engine,
)
from safari_ai.protocol.go import DEFAULT_MOVESTOGO, MAX_PLAYERS, GoRequest, time_budget
from safari_ai.protocol.options import MOVE_OVERHEAD_MS, EngineOption
from safari_ai.protocol.text import ProtocolError

__all__ = [
    "Engine",
    "ProtocolError",
    "EngineOption",
    "GoRequest",
    "time_budget",
    "PROTOCOL_VERSION",
    "ENGINE_NAME",
    "ENGINE_AUTHOR",
    "MOVE_OVERHEAD_MS",
    "DEFAULT_MOVESTOGO",
    "INFINITE_MS",
    "MAX_PLAYERS",
    "STOP_WAIT",
    "HELP",
]
