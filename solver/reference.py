"""The reference search: plain minimax over open hands, written to be obviously right.

No pruning, no move ordering, no equivalence of cards; the only aid is a memo of exact
positions (hands, trick, leader, constraint state), which cannot change a value. It is
the oracle the fast engine is tested against; use it on small positions (a few tricks).
A node budget (default :data:`DEFAULT_NODE_BUDGET`) stops it with SearchLimitError
instead of letting a full deal run for minutes and gigabytes.

The score of a finished trick is ``reward[winner]``: 1 for the declarer and 0 otherwise
in ordinary play. The declarer maximises his tricks (misère: minimises them); the
defenders do the opposite. With ``favour=X`` the defence maximises ``16·(its tricks) +
(X's tricks)`` and the declarer minimises it — the lexicographic split of the engine.
"""
from __future__ import annotations

from .constraints import NO_CONSTRAINTS, Constraints
from .errors import SearchLimitError
from .hands import cards_of
from .position import Position

DEFAULT_NODE_BUDGET = 300_000  # about ten seconds of plain Python: positions of four or five tricks


class _Game:
    def __init__(self, pos: Position, constraints: Constraints, favour: int | None, node_budget: int | None = None):
        self.cons = constraints
        self.memo: dict[tuple, int] = {}
        self.nodes = 0
        self.budget = node_budget or DEFAULT_NODE_BUDGET
        d = pos.declarer
        if favour is None:
            self.reward = [int(s == d) for s in range(3)]
            self.max_is_declarer = not pos.is_misere
        else:
            other = 3 - d - favour
            self.reward = [0, 0, 0]
            self.reward[favour], self.reward[other] = 17, 16
            self.max_is_declarer = False

    def value(self, p: Position, state) -> int:
        if p.is_over():
            return 0
        key = (tuple(p.hands), p.leader, tuple(p.trick), state)
        if key in self.memo:
            return self.memo[key]
        self.nodes += 1
        if self.nodes > self.budget:
            raise SearchLimitError(
                f"the reference search gave up after {self.budget} nodes: it is plain minimax, for "
                f"positions of a few tricks (use the fast engine, or a larger --node-budget)")
        allowed, planned = self.cons.moves(p, state)
        maximise = (p.to_move == p.declarer) == self.max_is_declarer
        best = None
        for card in cards_of(allowed):
            v = self.child(p, state, card, planned)
            if best is None or (v > best if maximise else v < best):
                best = v
        assert best is not None, "a hand to move always has a card it may play (Constraints.moves)"
        self.memo[key] = best
        return best

    def child(self, p: Position, state, card, planned) -> int:
        before = p.copy()
        won = p.play(card)
        v = self.value(p, self.cons.after(before, state, card, planned))
        if won is not None:
            v += self.reward[won]
        p.undo()
        return v


def solve(pos: Position, constraints: Constraints = NO_CONSTRAINTS, node_budget: int | None = None) -> int:
    """The declarer's tricks from here to the end (tricks already taken not counted)."""
    g = _Game(pos, constraints, None, node_budget)
    return g.value(pos.copy(), constraints.initial())


def card_values(pos: Position, constraints: Constraints = NO_CONSTRAINTS, node_budget: int | None = None) -> dict:
    """Each allowed card of the seat to move → the declarer's tricks if it is played."""
    g = _Game(pos, constraints, None, node_budget)
    p = pos.copy()
    state = constraints.initial()
    allowed, planned = constraints.moves(p, state)
    return {card: g.child(p, state, card, planned) for card in cards_of(allowed)}


def solve_split(pos: Position, favour: int, constraints: Constraints = NO_CONSTRAINTS,
                node_budget: int | None = None) -> tuple[int, int]:
    """(declarer's tricks, defender ``favour``'s tricks) under the lexicographic objective."""
    g = _Game(pos, constraints, favour, node_budget)
    v = g.value(pos.copy(), constraints.initial())
    remaining = (sum(bin(h).count("1") for h in pos.hands) + len(pos.trick)) // 3
    return remaining - v // 16, v % 16
