"""The reference search: plain minimax over open hands, written to be obviously right.

No pruning, no table, no move ordering. It is the oracle the fast engine is tested
against, so it must stay simple; use it only on small positions (a few tricks).
The declarer maximises his tricks (misère: minimises them); the defenders do the opposite.
"""
from __future__ import annotations

from .constraints import NO_CONSTRAINTS, Constraints
from .hands import cards_of
from .position import Position


def solve(pos: Position, constraints: Constraints = NO_CONSTRAINTS) -> int:
    """The declarer's tricks from here to the end (tricks already taken not counted)."""
    p = pos.copy()
    return _value(p, constraints, constraints.initial())


def card_values(pos: Position, constraints: Constraints = NO_CONSTRAINTS) -> dict:
    """Each allowed card of the seat to move → the declarer's tricks if it is played."""
    p = pos.copy()
    state = constraints.initial()
    allowed, planned = constraints.moves(p, state)
    out = {}
    for card in cards_of(allowed):
        before = p.copy()
        won = p.play(card)
        out[card] = _value(p, constraints, constraints.after(before, state, card, planned)) + (won == p.declarer)
        p.undo()
    return out


def _value(p: Position, constraints: Constraints, state) -> int:
    if p.is_over():
        return 0
    allowed, planned = constraints.moves(p, state)
    declarer_moves = p.to_move == p.declarer
    maximise = declarer_moves != p.is_misere
    best = None
    for card in cards_of(allowed):
        before = p.copy()
        won = p.play(card)
        v = _value(p, constraints, constraints.after(before, state, card, planned)) + (won == p.declarer)
        p.undo()
        if best is None or (v > best if maximise else v < best):
            best = v
    return best
