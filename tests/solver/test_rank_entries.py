"""Rank entries (``layout.RANK_ENTRIES``, ``Engine(rank_entries=True)``): table entries that
hold for every position with the same suit lengths in every hand and the same owners of each
suit's top cards down to the lowest one whose rank mattered. Compiled out of the installed
kernel (a run-time flag cost the exact-key search 5 %), so the kernel source is loaded here a
second time with them compiled in. Checked by hand on the matching rule (a position the
entry must match, ones it must not), then for exactness against the plain reference search
(random endings, every strain, mid-trick starts, a table kept from one position to the next
so entries meet positions they were not stored from) and against the exact-key engine on
whole deals, plain and Numba-compiled (which must count the same nodes)."""
import importlib.util
import random
import sys

import numpy as np
import pytest

from solver import Card, Position, PrefError, position_from_json
from solver import reference as ref
from solver.engine import Engine, backends
from solver.engine import layout as L
from solver.engine.api import new_table


def ranked_backend(flavour: str):
    """The kernel source loaded with rank entries compiled in: plain (``python``) or ``numba``."""
    modname = f"solver.engine._kernel_ranks_{flavour}"  # the name's end decides the compilation
    k = sys.modules.get(modname)
    if k is None:
        spec = importlib.util.spec_from_file_location(modname, backends.SOURCE)
        k = importlib.util.module_from_spec(spec)
        sys.modules[modname] = k
        L.RANK_ENTRIES = 1
        try:
            spec.loader.exec_module(k)
        finally:
            L.RANK_ENTRIES = 0
    return backends._backend(flavour, k)


def ranked_engine(flavour: str, reuse: bool = False) -> Engine:
    e = Engine(backend="python", reuse_table=reuse)
    e.backend = ranked_backend(flavour)
    e.tt = new_table(e.backend, 8)
    e.rank_entries = True
    return e


PY = ranked_backend("python")
K = PY.kernel
SQ, REP, SPREAD, NTH = PY.tables
CONTRACTS = ["6s", "7h", "8d", "6c", "6nt", "misere"]


def hand(*cards):
    """A hand word from (suit, rank) pairs, rank 0 the seven ... 7 the ace."""
    w = 0
    for s, r in cards:
        w |= 1 << (8 * s + r)
    return w


def key_and_lengths(h):
    return K.position_key(h[0], h[1], h[2], 0, SQ, SPREAD), K.suit_lengths(h[0], h[1], h[2])


# Spades only matter here: seat 0 holds the ace and king, seat 1 the queen; below them
# (the relevant part is the top three cards) seats 1 and 2 hold small spades.
P = (hand((0, 7), (0, 6), (1, 0)), hand((0, 5), (0, 2), (1, 1)), hand((0, 3), (0, 1), (1, 2)))
# the same owners of the top three spades and the same lengths; the small ones swapped
P_SAME = (hand((0, 7), (0, 6), (1, 0)), hand((0, 5), (0, 1), (1, 1)), hand((0, 3), (0, 2), (1, 2)))
# the same lengths, but the queen (third from the top) with seat 2
P_TOP_MOVED = (hand((0, 7), (0, 6), (1, 0)), hand((0, 3), (0, 2), (1, 1)), hand((0, 5), (0, 1), (1, 2)))
# the same top cards, but a small spade traded for a heart: other lengths
P_LENGTHS = (hand((0, 7), (0, 6), (1, 0)), hand((0, 5), (0, 2), (1, 1)), hand((0, 3), (1, 3), (1, 2)))


def test_relevant_cards_count_from_the_top_down_to_the_lowest():
    alive = P[0] | P[1] | P[2]
    ks = K.rank_ks(hand((0, 5)), alive)  # the queen of spades mattered
    assert ks == 3  # spades: ace, king, queen; hearts: none
    assert K.rank_tops(alive, ks, NTH) == hand((0, 7), (0, 6), (0, 5))
    assert K.rank_ks(0, alive) == 0 and K.rank_tops(alive, 0, NTH) == 0
    assert K.rank_ks(0xFFFFFFFF, alive) == 6 | (3 << 4)  # every live card: 6 spades, 3 hearts


def test_an_entry_matches_the_positions_sharing_its_top_cards_and_lengths():
    tt = np.zeros(L.R_WORDS * L.R_BUCKET, dtype=np.int64)
    key, lengths = key_and_lengths(P)
    ks = K.rank_ks(hand((0, 5)), P[0] | P[1] | P[2])
    K.tt_rank_store(tt, 0, lengths, key, 5, ks, 1, 0, 2, 1, 0, 3)  # "reaches 2" holds
    for h in (P, P_SAME):
        k, n = key_and_lengths(h)
        assert K.rank_match(tt, 0, n, k, 5, 1, 0)
        assert K.tt_rank_probe(tt, 0, n, k, 5, 1, 0, 2) == 0  # settles need 2 ...
        assert K.tt_rank_probe(tt, 0, n, k, 5, 1, 0, 3) == -1  # ... not need 3
    for h in (P_TOP_MOVED, P_LENGTHS):
        k, n = key_and_lengths(h)
        assert not K.rank_match(tt, 0, n, k, 5, 1, 0), h
        assert K.tt_rank_probe(tt, 0, n, k, 5, 1, 0, 2) == -1
    k, n = key_and_lengths(P_SAME)
    assert not K.rank_match(tt, 0, n, k, 6, 1, 0)  # another extra key (leader, context)
    assert not K.rank_match(tt, 0, n, k, 5, 2, 0)  # another generation ...
    assert K.rank_match(tt, 0, n, k, 5, 2, 1)  # ... unless the table is kept
    # every rank mattered: only the position itself
    K.tt_rank_store(tt, 0, lengths, key, 7, K.rank_ks(0xFFFFFFFF, P[0] | P[1] | P[2]), 1, 0, 1, 1, 0, 3)
    assert K.rank_match(tt, L.R_WORDS, lengths, key, 7, 1, 0)
    k, n = key_and_lengths(P_SAME)
    assert not K.rank_match(tt, L.R_WORDS, n, k, 7, 1, 0)


def test_the_winner_of_a_trick_counts_only_if_it_beat_its_own_suit():
    assert K.rank_won(8 * 0 + 3, 8 * 0 + 5, 8 * 1 + 0, 8 * 0 + 5) == 1 << 5  # the queen over the ten
    assert K.rank_won(8 * 0 + 3, 8 * 1 + 5, 8 * 2 + 0, 8 * 0 + 3) == 0  # nobody followed
    assert K.rank_won(8 * 0 + 3, 8 * 1 + 5, 8 * 2 + 0, 8 * 1 + 5) == 0  # a ruff, the only trump
    assert K.rank_won(8 * 0 + 3, 8 * 1 + 0, 8 * 1 + 5, 8 * 1 + 5) == 1 << 13  # an overruff
    # the last two tricks: seat 0 leads from A and 7 of spades; seat 1 holds the 9 and the
    # jack of hearts, seat 2 two diamonds (no trump). The ace beats the 9 on one line
    W = np.zeros(L.WORK_SIZE, dtype=np.int64)
    W[0], W[1], W[2] = hand((0, 7), (0, 0)), hand((0, 2), (1, 4)), hand((2, 1), (2, 3))
    assert K.rank_two_tricks(W, 0, 0, -1) == hand((0, 7), (0, 2))  # ... and the 9 the 7 on another


def test_equivalent_cards_below_the_lowest_relevant_one_count_when_every_move_failed():
    alive = hand((0, 7), (0, 6), (0, 5), (0, 4), (0, 2), (0, 1))
    mover = hand((0, 6), (0, 5), (0, 2))  # K Q touch; the 9 is not in their run (the ten between)
    assert K.rank_runs(hand((0, 6)), mover, alive) == hand((0, 6), (0, 5))
    assert K.rank_runs(hand((0, 7)), mover, alive) == hand((0, 7))  # the ace is not his
    # played cards are out of the live set: the king and the 9 touch once the queen and ten are gone
    assert K.rank_runs(hand((0, 6)), hand((0, 6), (0, 2)), hand((0, 7), (0, 6), (0, 2), (0, 1))) == hand((0, 6), (0, 2))


def ending(rng: random.Random, tricks: int) -> Position:
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [[Card(c) for c in cards[i * tricks:(i + 1) * tricks]] for i in range(3)]
    p = Position(hands, rng.choice(CONTRACTS), rng.randrange(3), rng.randrange(3),
                 out=[Card(c) for c in cards[3 * tricks:]])
    for _ in range(rng.randrange(3)):  # sometimes start inside the first trick
        p.play(rng.choice(p.legal_moves()))
    return p


@pytest.mark.parametrize("tricks", [3, 4, 5])
def test_endings_agree_with_the_reference(tricks):
    rng = random.Random(f"ranks:{tricks}")
    engines = [ranked_engine("python"), ranked_engine("python", reuse=True)]
    for i in range({3: 200, 4: 100, 5: 40}[tricks]):
        p = ending(rng, tricks)
        want = ref.solve(p)
        for e in engines:
            assert e.solve(p) == want, (i, e.reuse_table, p)


def test_longer_endings_agree_with_exact_keys():
    rng = random.Random("ranks:six")
    exact = Engine(backend="cython")
    engines = [ranked_engine("python"), ranked_engine("python", reuse=True)]
    for i in range(30):
        p = ending(rng, 6 + i % 3)
        want = exact.solve(p)
        for e in engines:
            assert e.solve(p) == want, (i, e.reuse_table, p)


@pytest.mark.slow
def test_whole_deals_agree_with_exact_keys_and_both_compilations_count_the_same():
    rng = random.Random("ranks:deals")
    exact = Engine(backend="cython")
    nb, nb_kept, plain = ranked_engine("numba"), ranked_engine("numba", reuse=True), ranked_engine("python")
    for i in range(40):
        p = ending(rng, 10 if i % 2 else 7)
        want = exact.solve(p)
        assert nb.solve(p) == want and nb_kept.solve(p) == want, (i, p)
        if i < 6:
            assert plain.solve(p) == want and plain.nodes == nb.nodes, i


def test_compiled_out_by_default():
    assert L.RANK_ENTRIES == 0
    with pytest.raises(PrefError, match="compiled out"):
        Engine(backend="cython", rank_entries=True)
    p = ending(random.Random("ranks:off"), 8)
    a, b = Engine(backend="cython"), Engine(backend="cython", rank_entries=False)
    assert not a.rank_entries
    assert a.solve(p) == b.solve(p) and a.nodes == b.nodes


# the benchmarks' misère deal 44 (benchmarks/deals.py, seed 2026, the declarer leads): a
# build that leaves out the runs of equivalent cards (rank_runs) gets it wrong
NEEDS_RUNS = {"hands": [["7s", "Qs", "Ks", "8c", "7d", "9d", "Kd", "7h", "Jh", "Ah"],
                        ["8s", "Ts", "Tc", "Jc", "Qc", "Kc", "Jd", "9h", "Qh", "Kh"],
                        ["9s", "Js", "As", "7c", "9c", "Ac", "Qd", "Ad", "8h", "Th"]],
              "contract": "misere", "declarer": 0, "leader": 0, "discard": ["8d", "Td"]}


@pytest.mark.slow
def test_a_deal_that_needs_the_runs_of_equivalent_cards():
    p = position_from_json(NEEDS_RUNS)
    assert ranked_engine("numba").solve(p) == Engine(backend="cython").solve(p)
