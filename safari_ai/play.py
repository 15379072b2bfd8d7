"""A game against the engine in the terminal (``safari-ai play``).

The session reads lines from ``read_line`` (returns ``""`` at end of input) and
writes with ``write``, so the command line and the tests drive the same code.
Commands at the human's prompt: a move in the rule book's notation, ``help``
(the legal moves), ``undo`` (back to the human's previous decision), ``board``,
``quit``. With ``dice="manual"`` the program asks for every chance outcome
(``help`` lists them with their probabilities) instead of rolling it.

The engine is a :class:`~safari_ai.player.EnginePlayer`. With ``algo="mcts"``
it keeps its tree between its moves (:class:`~safari_ai.search.MctsSession`):
every ply played, the human's and the dice included, is observed; ``undo``
drops it.

The board is drawn before each of the human's prompts, not after every ply:
the plies in between (the engines' moves, the dice) come as **one line per
player's turn** (``player 2 (engine): rolls AABCE/D, plays ..., (score ...)``).
The engine's search progress (``info depth ...``) is shown in two-player
games only (and not with ``show_thinking=False``).

**Secret prediction tiles (the ostrich race).** With one or more human seats
(not every seat), the human sees only their own tile; the others are shown
face down, their deals too, and revealed when the game ends. The engine
players never look at other players' tiles either: each searches with
``predictions="sampled"`` (:mod:`safari_ai.predictions`: the other tiles
redrawn from those it does not hold, averaged over samples); with an
algorithm other than expectimax, one redrawn copy of the position.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from safari_ai.errors import SafariError
from safari_ai.limits import DEFAULT_MOVETIME_MS, Limits
from safari_ai.player import EnginePlayer, SearchFn, TreeFactory
from safari_ai.position import Position
from safari_ai.predictions import redraw_predictions
from safari_ai.record import GameRecord
from safari_ai.search import MctsSession, Report, analyse
from safari_ai.settings import Settings
from safari_ai.textboard import draw

SECRET_TILES_FIELD = "predictions"
"""The position field that holds secret tiles (ostrich's prediction tiles):
a position with it has information a player must not see of the others."""

HELP = (
    "type a move (e.g. {example}), 'help' for the legal moves, 'undo' to take back your "
    "last move, 'board' to redraw, 'quit' to stop"
)


class PlaySession:
    def __init__(
        self,
        start: Position,
        *,
        human: set[int],
        read_line: Callable[[], str],
        write: Callable[[str], None],
        colour: bool = False,
        dice: str = "auto",
        seed: int | None = None,
        limits: dict[str, Any] | None = None,
        algo: str = "auto",
        show_thinking: bool = True,
        prompt: Callable[[str], None] | None = None,
        search: SearchFn = analyse,
        new_tree: TreeFactory | None = MctsSession,
    ) -> None:
        self.positions = [start]
        self.prompt = prompt or write
        self.human = human
        self.read_line = read_line
        self.write = write
        self.colour = colour
        self.dice = dice
        self.rng = random.Random(seed)
        self.seed = seed
        self.limits = limits or {"movetime": DEFAULT_MOVETIME_MS}
        # the engine's one Settings, checked here; each move gets its own seed
        self._settings = Settings(Limits(**self.limits), algo=algo)
        self.secret_tiles = SECRET_TILES_FIELD in start.to_json()
        # MCTS keeps its tree with a node or time limit (not a depth alone),
        # and not over secret tiles (a tree over the true tiles would peek)
        keep_tree = not self.secret_tiles and ("nodes" in self.limits or "movetime" in self.limits)
        self.player = EnginePlayer(algo, keep_tree=keep_tree, search=search, new_tree=new_tree)
        self.algo = algo
        seats = start.num_players
        self.show_thinking = show_thinking and seats == 2
        # the seats whose tiles the human must not see (none when every seat,
        # or none, is human: one player at the table, or a spectator)
        self.face_down: set[int] = (
            set(range(seats)) - human if self.secret_tiles and 0 < len(human) < seats else set()
        )
        self._turn_owner: Any = None  # the player whose turn the pending line tells
        self._turn_parts: list[str] = []
        self._turn_tail = ""
        self._drawn_at = -1  # len(positions) when the board was last drawn
        players = []
        for seat in range(seats):
            if seat in human:
                players.append({"seat": seat, "name": "human"})
            else:
                players.append(
                    {"seat": seat, "name": "safari-ai", "settings": {"algo": algo, **self.limits}}
                )
        self.record = GameRecord(
            start=start.to_json(), players=players, settings={"play": {"dice": dice, "seed": seed}}
        )

    @property
    def session(self) -> MctsSession | None:
        """The engine's kept MCTS tree (None when it searches afresh each move)."""
        return self.player.session

    @property
    def pos(self) -> Position:
        return self.positions[-1]

    def show(self, reveal: bool = False) -> None:
        """Draws the board (other players' tiles face down unless ``reveal``)."""
        hidden = set() if reveal else self.face_down
        last = self.record.moves[-1]["move"] if self.record.moves else None
        if last is not None and len(self.positions) >= 2 and not reveal:
            last = self._public(last, self.positions[-2], self.pos) or "(a tile dealt face down)"
        self.write(draw(self.pos.to_json(), self.colour, last, hidden=hidden))
        if last:
            self.write(f"last move: {last}")
        who = self.pos.to_move
        if isinstance(who, int):
            self.write(f"player {who} to move" + (" (you)" if who in self.human else " (engine)"))
        self._drawn_at = len(self.positions)

    # -- one line per turn -------------------------------------------------
    def _owner(self, pos: Position) -> Any:
        """Whose turn ``pos`` is in: the game's ``current`` player when it has
        one (the ostrich race, also at its rolls), else the player to move,
        and at a roll the player who moved last (whose attack it decides)."""
        if self.secret_tiles:
            return pos.to_json().get("current")
        if isinstance(pos.to_move, int):
            return pos.to_move
        deciders = [m["by"] for m in self.record.moves if isinstance(m.get("by"), int)]
        return deciders[-1] if deciders else None

    def _dealt(self, before: Position, after: Position) -> int | None:
        """The seat that ``before`` -> ``after`` dealt a prediction tile to, if any."""
        if not self.secret_tiles:
            return None
        old, new = before.to_json().get("predictions"), after.to_json().get("predictions")
        if not isinstance(old, list) or not isinstance(new, list):
            return None
        for seat, (a, b) in enumerate(zip(old, new)):
            if a != b:
                return seat
        return None

    def _public(self, move: str, before: Position, after: Position) -> str | None:
        """``move`` as the human may see it: None for a tile dealt face down."""
        seat = self._dealt(before, after)
        return None if seat is not None and seat in self.face_down else move

    def _who(self, owner: Any) -> str:
        if owner == "deal":
            return "deal"
        if not isinstance(owner, int):
            return "chance"
        return f"player {owner} ({'you' if owner in self.human else 'engine'})"

    def note(self, owner: Any, part: str, tail: str = "") -> None:
        """Adds ``part`` to the line of ``owner``'s turn (a new line when the
        turn changes hands; owner None joins the pending line)."""
        if (
            owner is not None
            and self._turn_parts
            and self._turn_owner is not None
            and owner != self._turn_owner
        ):
            self.flush()
        if owner is not None:
            self._turn_owner = owner
        self._turn_parts.append(part)
        if tail:
            self._turn_tail = tail
        if self._turn_owner != "deal" and (
            self.pos.is_terminal() or self._owner(self.pos) != self._turn_owner
        ):
            self.flush()  # the turn has passed on: its line is complete

    def flush(self) -> None:
        """Writes the pending turn line, if any."""
        if self._turn_parts:
            self.write(
                f"{self._who(self._turn_owner)}: {', '.join(self._turn_parts)}{self._turn_tail}"
            )
        self._turn_owner, self._turn_parts, self._turn_tail = None, [], ""

    def _note_chance(self, move: str, before: Position) -> None:
        seat = self._dealt(before, self.pos)
        if seat is None:
            self.note(self._owner(before), f"rolls {move}")
        elif seat in self.face_down:
            self.note("deal", f"player {seat} a tile face down")
        else:
            self.note("deal", f"player {seat}{' (you)' if seat in self.human else ''} {move}")

    def push(self, by: Any, move: str, **extra: Any) -> None:
        self.positions.append(self.pos.apply(move))
        self.record.add(by, move, **extra)
        self.player.observe([move])

    def ask(self, prompt: str) -> str | None:
        self.prompt(prompt)
        line = self.read_line()
        if line == "":
            return None
        return line.strip()

    def run(self) -> GameRecord:
        self.show()
        while not self.pos.is_terminal():
            if self.pos.is_chance():
                if not self.chance_turn():
                    break
            elif self.pos.to_move in self.human:
                self.flush()
                if self._drawn_at != len(self.positions):
                    self.show()
                if not self.human_turn():
                    break
            elif not self.engine_turn():
                break
        self.flush()
        if self.pos.is_terminal():
            self.record.result = self.pos.result()
            self.record.termination = "end of game"
            self.show(reveal=True)
            if self.face_down:
                tiles = self.pos.to_json().get("predictions") or []
                self.write(
                    "predictions: "
                    + ", ".join(
                        f"player {seat}{' (you)' if seat in self.human else ''} {tile}"
                        for seat, tile in enumerate(tiles)
                    )
                )
            self.write(f"game over: result {self.record.result}" + self.verdict())
        else:
            self.record.termination = "abandoned"
        return self.record

    def verdict(self) -> str:
        result = self.record.result or []
        if len(self.human) != 1 or not result:
            return ""
        seat = next(iter(self.human))
        others = max(r for i, r in enumerate(result) if i != seat)
        return (
            " (you win)"
            if result[seat] > others
            else " (a draw)"
            if result[seat] == others
            else " (you lose)"
        )

    def chance_turn(self) -> bool:
        outcomes = self.pos.chance_outcomes()
        before = self.pos
        if self.dice == "auto":
            move = self.rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
            self.push("chance", move)
            self._note_chance(move, before)
            return True
        names = [o for o, _ in outcomes]
        self.flush()
        while True:
            text = self.ask("roll> ")
            if text is None:
                self.write("end of input: game stopped")
                return False
            if text in ("help", "?"):
                self.write(
                    "outcomes: "
                    + ", ".join(f"{o} {p.numerator}/{p.denominator}" for o, p in outcomes)
                )
            elif text == "quit":
                return False
            elif text in names:
                self.push("chance", text)
                self._note_chance(text, before)
                return True
            else:
                self.write(f"'{text}' is not a possible outcome here; 'help' lists them")

    def human_turn(self) -> bool:
        legal = self.pos.legal_moves()
        while True:
            text = self.ask("move> ")
            if text is None:
                self.write("end of input: game stopped")
                return False
            if not text:
                continue
            if text in ("help", "?"):
                self.write("legal moves: " + " ".join(legal))
                self.write(HELP.format(example=legal[0]))
            elif text == "quit":
                return False
            elif text == "board":
                self.show()
            elif text == "undo":
                if self.undo():
                    return True
            elif text in legal:
                self.push(self.pos.to_move, text)
                return True
            else:
                try:
                    self.pos.apply(text)
                    reason = f"illegal move '{text}'"
                except SafariError as error:
                    reason = str(error)
                self.write(f"{reason}; 'help' lists the legal moves")

    def undo(self) -> bool:
        """Back to the last position where a human was to move, before its move."""
        for index in range(len(self.positions) - 2, -1, -1):
            if self.positions[index].to_move in self.human:
                taken = [m["move"] for m in self.record.moves[index:]]
                del self.positions[index + 1 :]
                del self.record.moves[index:]
                self.player.new_game()
                self.write("took back: " + " ".join(taken))
                self.show()
                return True
        self.write("nothing to undo")
        return False

    def engine_turn(self) -> bool:
        def progress(report: Report) -> None:
            if self.show_thinking:
                self.flush()
                best = report.lines[0]
                self.write(
                    f"  info depth {report.depth} score {best.score_text} nodes "
                    f"{report.nodes} pv {' '.join(best.pv)}"
                )

        mover = self.pos.to_move
        owner = self._owner(self.pos)
        try:
            report = self._search(mover, progress)
        except SafariError as error:
            self.flush()
            self.write(f"the engine cannot move: {error}")
            return False
        move = report.lines[0].move  # a decision position's report has a line
        reused = f", {report.reused} reused" if self.session is not None else ""
        self.push(mover, move, score=report.lines[0].score_text)
        self.note(
            owner,
            f"plays {move}",
            f" (score {report.lines[0].score_text}, "
            f"depth {report.depth}, {report.nodes} nodes{reused})",
        )
        return True

    def _search(self, mover: Any, progress: Callable[[Report], None]) -> Report:
        """The engine's search for ``mover``, which sees only its own
        prediction tile in the ostrich race."""
        seed = self.rng.randrange(2**32)
        settings = self._settings.with_seed(seed)
        tiles = self.pos.to_json().get("predictions") if self.secret_tiles else None
        if isinstance(tiles, list) and isinstance(mover, int) and tiles[mover] is not None:
            if self.algo in ("auto", "expectimax"):
                return self.player.choose(
                    self.pos,
                    replace(settings, predictions="sampled", player=mover),
                    progress=progress,
                )
            guess = redraw_predictions(self.pos, mover, seed)
            return self.player.choose(guess, settings, progress=progress)
        return self.player.choose(self.pos, settings, progress=progress)
