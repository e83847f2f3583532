"""Plain minimax for raspasovka, written to be obviously right: the oracle of the fast search.

Raspasovka has three players, each for himself. "Best play by all" is not defined for
three independent players (what one opponent should do depends on what he expects of the
other), so the only exact double-dummy question is two-sided: one player **X against the
coalition of the other two**. X plays to take as few tricks as possible; the other two
play together to make him take as many as possible. Because the coalition's goal is
exactly the opposite of X's, this is a finite two-player zero-sum game of perfect
information, and by backward induction (Zermelo; von Neumann's minimax theorem for pure
strategies) **the fewest tricks X can guarantee equals the most tricks the other two can
force on X** — one number, computed here.

The same recursion answers the variant of the penalty code's rule 1.6.1: the tricks a set
of players (``by``) can force on ``victim`` while everyone else plays against them.

With ``constraints`` (penalty cards, a lead ruling) the allowed cards are those
:meth:`~solver.constraints.Constraints.moves` gives, the constraint state part of the
position. No pruning, no move ordering, no card equivalence; the only aid is a memo of
exact positions. Use it on small positions (a few tricks).
"""
from __future__ import annotations

from ..cards import Card
from ..constraints import NO_CONSTRAINTS, Constraints
from ..hands import cards_of
from .rules import NOBODY, RaspasovkaPosition, check_constraints


def _sides(player: int, by) -> frozenset:
    if player not in (0, 1, 2):
        raise ValueError(f"player: expected seat 0, 1 or 2, got {player!r}")
    if by is None:
        return frozenset(s for s in range(3) if s != player)
    return frozenset(by)


class _Game:
    def __init__(self, victim: int, forcers: frozenset, cons: Constraints):
        self.victim = victim
        self.forcers = forcers  # the seats that want the victim's tricks high
        self.cons = cons
        self.memo: dict[tuple, int] = {}

    def value(self, p: RaspasovkaPosition, state) -> int:
        if p.is_over():
            return 0
        key = (tuple(p.hands), p.leader, tuple(p.trick), p.done, state)
        if key in self.memo:
            return self.memo[key]
        maximise = p.to_move in self.forcers
        vals = [self.child(p, state, c) for c in self.allowed(p, state)]
        best = max(vals) if maximise else min(vals)
        self.memo[key] = best
        return best

    def allowed(self, p: RaspasovkaPosition, state) -> list:
        return cards_of(self.cons.moves(p, state)[0])

    def child(self, p: RaspasovkaPosition, state, card: Card) -> int:
        planned = self.cons.moves(p, state)[1]
        nstate = self.cons.after(p, state, card, planned)
        won = p.play(card)
        v = self.value(p, nstate)
        if won is not None and won != NOBODY and won == self.victim:
            v += 1
        p.undo()
        return v


def _game(pos: RaspasovkaPosition, player: int, by, constraints) -> _Game:
    cons = constraints or NO_CONSTRAINTS
    check_constraints(pos, cons)
    return _Game(player, _sides(player, by), cons)


def solve(pos: RaspasovkaPosition, player: int, by=None, constraints: Constraints = NO_CONSTRAINTS) -> int:
    """Tricks ``player`` takes from here (taken ones not counted) with him playing to take
    fewest and the seats ``by`` (default: the other two) playing to make him take most."""
    g = _game(pos, player, by, constraints)
    return g.value(pos.copy(), g.cons.initial())


def card_values(pos: RaspasovkaPosition, player: int, by=None, constraints: Constraints = NO_CONSTRAINTS) -> dict:
    """Each allowed card of the seat to move → ``player``'s tricks from here if it is played."""
    g = _game(pos, player, by, constraints)
    p = pos.copy()
    state = g.cons.initial()
    return {c: g.child(p, state, c) for c in g.allowed(p, state)}
