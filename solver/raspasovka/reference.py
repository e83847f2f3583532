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

No pruning, no move ordering, no card equivalence; the only aid is a memo of exact
positions. Use it on small positions (a few tricks).
"""
from __future__ import annotations

from ..cards import Card
from ..hands import cards_of
from .rules import NOBODY, RaspasovkaPosition


def _sides(player: int, by) -> frozenset:
    if player not in (0, 1, 2):
        raise ValueError(f"player: expected seat 0, 1 or 2, got {player!r}")
    if by is None:
        return frozenset(s for s in range(3) if s != player)
    return frozenset(by)


class _Game:
    def __init__(self, victim: int, forcers: frozenset):
        self.victim = victim
        self.forcers = forcers  # the seats that want the victim's tricks high
        self.memo: dict[tuple, int] = {}

    def value(self, p: RaspasovkaPosition) -> int:
        if p.is_over():
            return 0
        key = (tuple(p.hands), p.leader, tuple(p.trick), p.done)
        if key in self.memo:
            return self.memo[key]
        maximise = p.to_move in self.forcers
        vals = [self.child(p, c) for c in p.legal_moves()]
        best = max(vals) if maximise else min(vals)
        self.memo[key] = best
        return best

    def child(self, p: RaspasovkaPosition, card: Card) -> int:
        won = p.play(card)
        v = self.value(p)
        if won is not None and won != NOBODY and won == self.victim:
            v += 1
        p.undo()
        return v


def solve(pos: RaspasovkaPosition, player: int, by=None) -> int:
    """Tricks ``player`` takes from here (taken ones not counted) with him playing to take
    fewest and the seats ``by`` (default: the other two) playing to make him take most."""
    return _Game(player, _sides(player, by)).value(pos.copy())


def card_values(pos: RaspasovkaPosition, player: int, by=None) -> dict:
    """Each legal card of the seat to move → ``player``'s tricks from here if it is played."""
    g = _Game(player, _sides(player, by))
    p = pos.copy()
    return {c: g.child(p, c) for c in cards_of(p.legal_mask())}
