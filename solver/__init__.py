"""Double-dummy solver for Russian Preferans: cards, positions, legal play, exact search.

Quick use::

    from solver import Position, solve
    pos = Position([["As", "Ks"], ["Qs", "Js"], ["Ts", "9s"]], "s", declarer=0, leader=0)
    solve(pos)            # -> 2, the declarer's tricks from here

:func:`solve` and :func:`analyse` may be called from several threads at once: each thread
gets its own engine (and transposition table) on first use, :func:`thread_engine`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import ALL_CARDS, Card, Rank, Suit, parse_cards
from .constraints import Constraints, LeadRestriction, PenaltyCard, Plan, constraints_from_json
from .contract import Contract, Strain
from .deal import Deal
from .errors import CardError, IllegalMoveError, PositionError, PrefError, SearchLimitError
from .hands import Hand
from .per_thread import thread_engine
from .position import Move, Position, legal_mask, parse_position, position_from_json, trick_winner
from .seat import SEATS, Seat, parse_seat

if TYPE_CHECKING:
    from .dd_table import DDTable
    from .engine import Analysis, Engine
    from .play_analysis import PlayAnalysis, PlayStep, analyse_play


# the one version of solver, compensation and prefdd; the packaging reads it from here
# (pyproject.toml's dynamic version), so no start-up pays for importlib.metadata
__version__ = "0.1.0"


def solve(pos: Position, constraints: Constraints | None = None) -> int:
    """The declarer's tricks from this position to the end, by the fast engine."""
    return thread_engine().solve(pos, constraints or Constraints())


def analyse(pos: Position, constraints: Constraints | None = None, **kw: Any) -> Analysis:
    """Value, and optionally every card's value (``all_cards``), a line (``line``), a split (``favour``)."""
    return thread_engine().analyse(pos, constraints or Constraints(), **kw)


def solve_table(pos: Position) -> DDTable:
    """The double-dummy table (every strain × declarer) from ``pos``, by this thread's engine."""
    from .dd_table import DDTable

    return DDTable.compute(pos, thread_engine())


def __getattr__(name: str) -> Any:
    # the table type is cheap, but importing it here eagerly would be a cycle-prone habit;
    # the engine classes import numpy (and Numba for the Numba backend), play analysis is
    # a job of its own: load on demand
    if name == "DDTable":
        from .dd_table import DDTable

        return DDTable
    if name in ("Engine", "Analysis"):
        from . import engine

        return getattr(engine, name)
    if name in ("analyse_play", "PlayAnalysis", "PlayStep"):  # not on the path of a plain solve
        from . import play_analysis

        return getattr(play_analysis, name)
    raise AttributeError(f"module 'solver' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The loaded names and those :func:`__getattr__` loads on demand."""
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "ALL_CARDS", "Card", "Rank", "Suit", "parse_cards", "Hand", "Contract", "Strain", "Seat", "SEATS",
    "parse_seat", "Position", "Move", "parse_position", "Deal", "legal_mask", "trick_winner", "Constraints",
    "PenaltyCard", "LeadRestriction", "Plan", "position_from_json", "constraints_from_json", "solve", "analyse",
    "solve_table", "DDTable", "Engine", "Analysis", "thread_engine", "PrefError", "CardError", "PositionError",
    "IllegalMoveError", "SearchLimitError", "analyse_play", "PlayAnalysis", "PlayStep", "__version__",
]
