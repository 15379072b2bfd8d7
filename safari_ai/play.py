"""A game against the engine in the terminal (``safari-ai play``).

The session reads lines from ``read_line`` (returns ``""`` at end of input) and
writes with ``write``, so the command line and the tests drive the same code.
Commands at the human's prompt: a move in the rule book's notation, ``help``
(the legal moves), ``undo`` (back to the human's previous decision), ``board``,
``quit``. With ``dice="manual"`` the program asks for every chance outcome
(``help`` lists them with their probabilities) instead of rolling it.

With ``algo="mcts"`` the engine keeps its tree between its moves
(:class:`~safari_ai.search.MctsSession`): every ply played, the human's and
the dice included, advances it; ``undo`` drops it.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Optional

from safari_ai.errors import SafariError
from safari_ai.position import Position
from safari_ai.record import GameRecord
from safari_ai.search import MctsSession, Report, analyse
from safari_ai.textboard import draw

HELP = ("type a move (e.g. {example}), 'help' for the legal moves, 'undo' to take back your "
        "last move, 'board' to redraw, 'quit' to stop")


class PlaySession:
    def __init__(self, start: Position, *, human: set[int], read_line: Callable[[], str],
                 write: Callable[[str], None], colour: bool = False, dice: str = "auto",
                 seed: Optional[int] = None, limits: Optional[dict[str, Any]] = None,
                 algo: str = "auto", show_thinking: bool = True,
                 prompt: Optional[Callable[[str], None]] = None,
                 search: Callable[..., Report] = analyse) -> None:
        self.search = search
        self.positions = [start]
        self.prompt = prompt or write
        self.human = human
        self.read_line = read_line
        self.write = write
        self.colour = colour
        self.dice = dice
        self.rng = random.Random(seed)
        self.seed = seed
        self.limits = limits or {"movetime": 1000}
        # MCTS keeps its tree (not with a stand-in search, nor a depth alone)
        self.session: Optional[MctsSession] = None
        if algo == "mcts" and search is analyse and ("nodes" in self.limits
                                                     or "movetime" in self.limits):
            self.session = MctsSession()
        self.algo = algo
        self.show_thinking = show_thinking
        players = []
        for seat in range(getattr(start, "num_players", 2)):
            if seat in human:
                players.append({"seat": seat, "name": "human"})
            else:
                players.append({"seat": seat, "name": "safari-ai",
                                "settings": {"algo": algo, **self.limits}})
        self.record = GameRecord(start=start.to_json(), players=players,
                                 settings={"play": {"dice": dice, "seed": seed}})

    @property
    def pos(self) -> Position:
        return self.positions[-1]

    def show(self) -> None:
        last = self.record.moves[-1]["move"] if self.record.moves else None
        self.write(draw(self.pos.to_json(), self.colour, last))
        if last:
            self.write(f"last move: {last}")
        who = self.pos.to_move
        if isinstance(who, int):
            self.write(f"player {who} to move" + (" (you)" if who in self.human else " (engine)"))

    def push(self, by: Any, move: str, **extra: Any) -> None:
        self.positions.append(self.pos.apply(move))
        self.record.add(by, move, **extra)
        if self.session is not None:
            try:
                self.session.advance(move)
            except SafariError:  # out of step: the next search starts afresh
                self.session.clear()

    def ask(self, prompt: str) -> Optional[str]:
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
                if not self.human_turn():
                    break
            elif not self.engine_turn():
                break
        if self.pos.is_terminal():
            self.record.result = self.pos.result()
            self.record.termination = "end of game"
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
        return (" (you win)" if result[seat] > others else
                " (a draw)" if result[seat] == others else " (you lose)")

    def chance_turn(self) -> bool:
        outcomes = self.pos.chance_outcomes()
        if self.dice == "auto":
            move = self.rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
            self.write(f"chance: {move}")
            self.push("chance", move)
            self.show()
            return True
        names = [o for o, _ in outcomes]
        while True:
            text = self.ask("roll> ")
            if text is None:
                self.write("end of input: game stopped")
                return False
            if text in ("help", "?"):
                self.write("outcomes: " + ", ".join(f"{o} {p.numerator}/{p.denominator}"
                                                    for o, p in outcomes))
            elif text == "quit":
                return False
            elif text in names:
                self.push("chance", text)
                self.show()
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
                self.show()
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
                del self.positions[index + 1:]
                del self.record.moves[index:]
                if self.session is not None:
                    self.session.clear()
                self.write("took back: " + " ".join(taken))
                self.show()
                return True
        self.write("nothing to undo")
        return False

    def engine_turn(self) -> bool:
        def progress(report: Report) -> None:
            if self.show_thinking:
                best = report.lines[0]
                self.write(f"  info depth {report.depth} score {best.score_text} nodes "
                           f"{report.nodes} pv {' '.join(best.pv)}")

        try:
            if self.session is not None:
                report = self.session.search(
                    self.pos, seed=self.rng.randrange(2**32), progress=progress,
                    nodes=self.limits.get("nodes"), movetime=self.limits.get("movetime"))
            else:
                report = self.search(self.pos, seed=self.rng.randrange(2**32), algo=self.algo,
                                     progress=progress, **self.limits)
        except SafariError as error:
            self.write(f"the engine cannot move: {error}")
            return False
        move = report.best_move
        reused = f", {report.reused} reused" if self.session is not None else ""
        self.write(f"engine plays {move} (score {report.lines[0].score_text}, "
                   f"depth {report.depth}, {report.nodes} nodes{reused})")
        self.push(self.pos.to_move, move, score=report.lines[0].score_text)
        self.show()
        return True
