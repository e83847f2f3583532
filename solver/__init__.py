"""Double-dummy solver for Russian Preferans: cards, positions, legal play, exact search.

Quick use::

    from solver import Position, solve
    pos = Position([["As", "Ks"], ["Qs", "Js"], ["Ts", "9s"]], "s", declarer=0, leader=0)
    solve(pos)            # -> 2, the declarer's tricks from here
"""
from .cards import ALL_CARDS, Card, Rank, Suit, parse_cards
from .constraints import Constraints, LeadRestriction, PenaltyCard, Plan
from .contract import Contract, Strain
from .deal import Deal
from .errors import CardError, IllegalMoveError, PositionError, PrefError, SearchLimitError
from .hands import Hand
from .play_analysis import PlayAnalysis, PlayStep, analyse_play
from .position import Move, Position, legal_mask, trick_winner
from .records import constraints_from_json, position_from_json

__version__ = "0.1.0"


def solve(pos: Position, constraints: Constraints | None = None) -> int:
    """The declarer's tricks from this position to the end, by the fast engine."""
    from .engine import default_engine

    return default_engine().solve(pos, constraints or Constraints())


def analyse(pos: Position, constraints: Constraints | None = None, **kw):
    """Value, and optionally every card's value (``all_cards``), a line (``line``), a split (``favour``)."""
    from .engine import default_engine

    return default_engine().analyse(pos, constraints or Constraints(), **kw)


__all__ = [
    "ALL_CARDS", "Card", "Rank", "Suit", "parse_cards", "Hand", "Contract", "Strain", "Position", "Move", "Deal",
    "legal_mask", "trick_winner", "Constraints", "PenaltyCard", "LeadRestriction", "Plan",
    "position_from_json", "constraints_from_json", "solve", "analyse", "PrefError", "CardError",
    "PositionError", "IllegalMoveError", "SearchLimitError", "analyse_play", "PlayAnalysis", "PlayStep",
]
