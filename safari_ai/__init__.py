"""safari_ai: a game-AI search engine for four board games, with a C core.

>>> import safari_ai
>>> pos = safari_ai.Position.new("turtles")
>>> pos.apply("d1xd3").to_move
1
"""

from safari_ai._version import __version__
from safari_ai.errors import (
    IllegalMoveError,
    LimitError,
    PositionError,
    SafariError,
    UnknownGameError,
)
from safari_ai.facts import Game, game, game_names, games
from safari_ai.limits import Limits
from safari_ai.position import MoveDescription, Position, describe_moves
from safari_ai.search import Line, MctsSession, Report, SearchError, StopFlag, analyse
from safari_ai.settings import Settings
from safari_ai.tune import features
from safari_ai.weights import EvalWeights, WeightsError, feature_names

__all__ = [
    "__version__",
    "Position",
    "MoveDescription",
    "describe_moves",
    "PositionError",
    "IllegalMoveError",
    "SafariError",
    "UnknownGameError",
    "Game",
    "games",
    "game",
    "game_names",
    "analyse",
    "MctsSession",
    "Report",
    "Line",
    "SearchError",
    "Limits",
    "Settings",
    "LimitError",
    "StopFlag",
    "EvalWeights",
    "WeightsError",
    "feature_names",
    "features",
]
