"""Lazy move ordering in second and third hand: ``follow_first`` must name exactly the card
``order_moves`` would sort first, so the search tries the same cards in the same order (and
counts the same nodes) while usually scoring none of them.

The plain Python run of the kernel (the source both compilers build) on seeded random trick
positions: every strain, both seats, hands of 1 to 10 cards with cards already out of play
(so runs of equivalent cards form across gaps), the declarer in every seat.
"""
import random

import pytest
from bound_calls import K

from solver.engine import layout as L

SQ, REP, SPREAD, NTH = K.build_tables()


def trick_position(rng):
    """A random trick in progress: (W, cfg, legal, alive, mover, nt, leader, trump)."""
    k = rng.randrange(1, 11)  # cards a hand at the trick's start
    cards = rng.sample(range(32), 3 * k)  # the rest are out of play
    hands = [sum(1 << c for c in cards[i * k:(i + 1) * k]) for i in range(3)]
    trump = rng.choice([-1, 0, 1, 2, 3])
    decl = rng.randrange(3)
    leader = rng.randrange(3)
    nt = rng.choice([1, 2])
    W = K.zeros(L.WORK_SIZE)
    played = []
    for i in range(nt):
        seat = (leader + i) % 3
        legal = K.legal_of(hands[seat], i, played[0] if played else 0, trump)
        c = rng.choice([b for b in range(32) if (legal >> b) & 1])
        hands[seat] &= ~(1 << c)
        played.append(c)
    for i in range(3):
        W[L.W_H + i] = hands[i]
    for i, c in enumerate(played):
        W[L.W_TC + i] = c
    W[L.W_L] = leader
    W[L.W_NT] = nt
    cfg = K.zeros(L.CFG_SIZE)
    cfg[L.C_TRUMP] = trump
    cfg[L.C_DECL] = decl
    mover = (leader + nt) % 3
    alive = hands[0] | hands[1] | hands[2]
    for c in played:
        alive |= 1 << c
    return W, cfg, K.legal_of(hands[mover], nt, played[0], trump), alive, mover, nt, leader, trump


@pytest.mark.parametrize("seed", range(4))
def test_follow_first_is_order_moves_first(seed):
    rng = random.Random(f"follow-first:{seed}")
    ordered = 0
    for _ in range(1500):
        W, cfg, legal, alive, mover, nt, leader, trump = trick_position(rng)
        reps = int(K.all_reps(legal, alive, REP))
        n = int(K.generate_moves(W, 0, legal, alive, 0, REP))
        moves = [int(W[L.W_MV + i]) for i in range(n)]
        assert reps == sum(1 << c for c in moves)  # the same moves, as a mask
        if n < 2:
            continue
        first = int(K.follow_first(W, 0, reps, mover, nt, leader, cfg))
        K.order_moves(W, 0, n, mover, nt, leader, -1, cfg)
        assert first == int(W[L.W_MV]), (
            f"hands {[hex(int(W[L.W_H + i])) for i in range(3)]} trick {[int(W[L.W_TC + i]) for i in range(nt)]} "
            f"leader {leader} declarer {int(cfg[L.C_DECL])} trump {trump}: order {[int(W[L.W_MV + i]) for i in range(n)]}")
        ordered += 1
    assert ordered > 500  # most positions had a choice to make


def test_cheapest_hand_worked():
    # card = 8 * suit + rank (rank 0 the lowest)
    assert K.cheapest((1 << 3) | (1 << 9), -1) == 9  # suit 1's rank 1 below suit 0's rank 3
    assert K.cheapest((1 << 2) | (1 << 18), -1) == 2  # equal ranks: the lower suit, as a stable sort
    assert K.cheapest((1 << 2) | (1 << 25), 3) == 2  # suit 3 trumps: its rank 1 above a side rank 2
    assert K.cheapest((1 << 30) | (1 << 25), 3) == 25  # only trumps: the lowest
