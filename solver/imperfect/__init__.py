"""Imperfect information: what a player could believe, and the decisions made against him.

* :mod:`.views` — the information set of the seat to move (:class:`InformationSet`, a typed
  protocol): the declarer's view (:class:`InfoSet`) and any seat's (:class:`SeatView`):
  his hand, the cards played, the voids shown; the unseen cards make the layouts.
* :mod:`.layouts` — every layout, listed lazily and counted exactly (a sample only by name).
* :mod:`.candidates` — the cards he could reasonably choose over every layout, by the
  question asked: ``best_somewhere`` for a guess (1.6.2, claims), ``undominated`` for what
  knowledge could change (the information rules); decided exactly with early exits.
* :mod:`.worst_guess` — rule 1.6.2's worst guess over every sequence of candidate choices
  (or greedy), the claim check, the literal reading; a budget gives bounds, never a sample.
* :mod:`.hand_layouts` — what a hand makes over every layout (``prefdd layouts``).

It imports only the rest of :mod:`solver`; the rulings built on it live in ``compensation``.
"""
from __future__ import annotations

from .candidates import (
    CANDIDATES,
    DEFAULT_CANDIDATES,
    GUESS_CANDIDATES,
    KNOWLEDGE_CANDIDATES,
    Decision,
    candidate_moves,
)
from .hand_layouts import HandLayouts, hand_layouts, view_from_json
from .layouts import Layouts
from .views import (
    DISCARD,
    InformationSet,
    InfoSet,
    SeatView,
    infoset_from_json,
    note_play,
    voids_from_history,
    voids_in_trick,
)
from .worst_guess import (
    DEFAULT_GUESS,
    GUESSES,
    ClaimCheck,
    LiteralWorst,
    WorstGuess,
    check_claim,
    double_dummy,
    literal_worst,
    resolve_against,
    worst_guess_play,
)

__all__ = ["InformationSet", "InfoSet", "SeatView", "DISCARD", "Layouts", "infoset_from_json", "note_play", "voids_from_history", "voids_in_trick",
           "Decision", "candidate_moves", "CANDIDATES", "DEFAULT_CANDIDATES",
           "GUESS_CANDIDATES", "KNOWLEDGE_CANDIDATES",
           "WorstGuess", "ClaimCheck", "LiteralWorst", "worst_guess_play", "resolve_against", "literal_worst",
           "check_claim", "double_dummy", "GUESSES", "DEFAULT_GUESS",
           "HandLayouts", "hand_layouts", "view_from_json"]
