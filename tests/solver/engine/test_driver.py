"""The null-window driver and the Python around a solve: MTD(f)'s first guess, counted by
hand; the engine's own work vector and root arrays, reused from call to call without
changing a node; the errors the unchecked entry points must still give."""
import random

import numpy as np
import pytest

from benchmarks.deals import ROWS, deals
from solver import Card, Position, PositionError, SearchLimitError
from solver.constraints import Constraints, PenaltyCard
from solver.engine import Engine
from solver.engine.backends import load_backend

PY = load_backend("python").kernel  # the kernel's source, uncompiled: its functions callable


def hands_of(*hands):
    return [sum(Card.parse(c).mask for c in h.split()) for h in hands]


def first_guess(hands, trump, decl):
    return int(PY.first_guess(np.array(hands, np.int64), trump, decl))


def test_first_guess_counted_by_hand():
    # the declarer (seat 0) in spades: A K 9 8 of trumps, the singleton ace of hearts, K Q of
    # clubs under the defence's ace, 9 8 7 of diamonds under A K Q; 8c 7c are out.
    h = hands_of("As Ks 9s 8s Ah Kc Qc 9d 8d 7d",
                 "Qs Js Ts 7s Kh Qh Ac Ad Kd Qd",
                 "Jh Th 9h 8h 7h Jc Tc 9c Jd Td")
    # quarter tricks: -7; spades 3 x 4 trumps = 12, the ace 5 + 1, the king 2 + 1 (the queen
    # is a defender's); clubs: the king is the second live card (2), the queen the third but
    # in a two-card suit (0); diamonds 0; hearts the ace 5; the longest suit 4; the longer
    # defender's trumps -4.  -7 + 12 + 6 + 3 + 2 + 5 + 4 - 4 = 21, and (21 + 4) // 4 = 6.
    assert first_guess(h, 0, 0) == 6
    # the same hands, hearts trumps: spades the ace 5, the king 2 -> 7; hearts one trump 3, its
    # ace 5 + 1 -> 9; clubs 2; the longest suit 4; the longer defender's hearts 5 (seat 2).
    # -7 + 7 + 9 + 2 + 4 - 5 = 10 -> (10 + 4) // 4 = 3.
    assert first_guess(h, 3, 0) == 3


def test_first_guess_counts_the_top_live_card_not_the_ace():
    # the ace of hearts played: the declarer's singleton king is the suit's top card (5)
    h = hands_of("Kh 7s", "Qh 8s", "Jh 9s")
    # -7 + hearts 5 + spades (trumps): one trump 3, the suit's third live card (7s under 9s 8s)
    # 1 more as a trump (no third-card 1: a one-card suit); the longest suit 1; the longer
    # defender's trumps 1 -> -7 + 5 + 3 + 1 + 1 - 1 = 2 -> (2 + 4) // 4 = 1
    assert first_guess(h, 0, 0) == 1
    # a hand with nothing: never below zero
    assert first_guess(hands_of("7s 8s", "As Ks", "Qs Js"), 1, 0) == 0


def test_misere_first_guess_counted_by_hand():
    # three tricks left; the declarer (seat 0) holds As Ah 7d against Ks Kh 8d and Qs 9d Td.
    h = hands_of("As Ah 7d", "Ks Kh 8d", "Qs 9d Td")
    # quarter tricks: 17 x 3 // 10 = 5; spades: As above both defenders' lowest (Ks, Qs) +2, not
    # among the two lowest live (Qs Ks); hearts: Ah above Kh (the other defender void) +2, but
    # among the two lowest live (Kh Ah) -2; diamonds: 7d under 8d and 9d, and the lowest live -2.
    # 5 + 2 + 2 - 2 - 2 = 5 -> 5 // 4 = 1
    assert int(PY.first_guess_misere(np.array(h, np.int64), 0, 3)) == 1
    # the declarer's sevens, each the lowest card of its suit: 3 - 2 - 2 < 0 -> 0
    h = hands_of("7s 7h", "As Ah", "Ks Kh")
    assert int(PY.first_guess_misere(np.array(h, np.int64), 0, 2)) == 0


@pytest.mark.parametrize("backend", ["cython", "numba"])
def test_first_guess_only_moves_nodes(backend):
    """The kernel's guess (-1) and any fixed guess give the same value (trump and misère)."""
    e = Engine(backend=backend, table_mb=1)
    for pos in deals("trump, a defender leads", 4, seed=11) + deals("misere, declarer leads", 4, seed=11):
        args = e._begin(pos, Constraints(), None)
        from solver.engine.api import _FREE, _Root

        root = _Root(pos, Constraints(), _FREE, e.backend)
        vals = set()
        for g in (-1, 0, 3, 10):
            e.new_generation()
            vals.add(e._mtd(root, args, 0, root.tricks, g))
        assert vals == {e.solve(pos)}


def test_reused_work_vector_counts_the_same_nodes():
    """An engine's work vector and root arrays carry nothing from one call to the next: a
    deal solved after others (table cleared) takes the nodes of a fresh engine."""
    shared = Engine(backend="cython", table_mb=1)
    rng = random.Random(3)
    for row in ROWS:
        for pos in deals(row, 4, seed=5):
            for _ in range(rng.randrange(6)):
                pos.play(rng.choice(pos.legal_moves()))
            a = Engine(backend="cython", table_mb=1).analyse(pos, all_cards=True, line=True)
            shared.clear()
            b = shared.analyse(pos, all_cards=True, line=True)
            assert (a.nodes, a.card_values, a.line) == (b.nodes, b.card_values, b.line)


def test_errors_through_the_unchecked_entry_points():
    pos = deals("misere, a defender leads", 1, seed=1)[0]
    with pytest.raises(SearchLimitError, match="node budget of 50"):
        Engine(node_budget=50).solve(pos)
    small = Position([[Card.parse(c) for c in h] for h in (["As", "Qs"], ["Ks", "9s"], ["Js", "8s"])], "7s", 0, 0)
    with pytest.raises(SearchLimitError, match="node budget of 1 "):
        Engine(node_budget=1).analyse(small, line=True)
    with pytest.raises(PositionError, match="favour: seat 0 is not a defender"):
        Engine().analyse(small, favour=0)
    with pytest.raises(PositionError, match="penalty card"):
        Engine().solve(small, Constraints(penalty_cards=(PenaltyCard(1, "As"),)))
