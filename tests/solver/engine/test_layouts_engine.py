"""The engine for many layouts of one position (``Engine.solve_layouts``, ``Engine.ever_better``):
the kernel's compiled loop against the plain loop over ``Engine.solve`` / ``analyse``
(the oracle), on random positions and layouts, on both compiled backends."""
from __future__ import annotations

import itertools
import random
from math import comb

import numpy as np
import pytest

from solver import Position
from solver.engine import Engine, cy_backend
from solver.engine.many import better_trusted, encode_layouts, lex_order, revolving_door, split_layouts
from solver.errors import PositionError

needs_cython = pytest.mark.skipif(not cy_backend.available(), reason="the Cython extension is not built")


def random_case(rng: random.Random, n: int, contract: str, declarer_leads: bool, played: int = 0):
    """A random position of ``n`` cards a hand (``played`` cards of the trick already on the
    table) and every split of the defenders' unseen cards that keeps their counts."""
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(3)]
    decl = rng.randrange(3)
    leader = decl if declarer_leads else rng.choice([s for s in range(3) if s != decl])
    pos = Position(list(hands), contract, decl, leader)
    for _ in range(played):
        pos.play(min(pos.legal_moves()))
    e1, e2 = (decl + 1) % 3, (decl + 2) % 3
    unseen = pos.hands[e1] | pos.hands[e2]
    k = pos.hands[e1].bit_count()
    lays = list(split_layouts(decl, pos.hands[decl], unseen, e1, k))
    return pos, lays


CONTRACTS = ["s", "h", "nt", "misere"]


def check_case(backend: str, pos, lays, seed: int):
    oracle = Engine(backend=backend)
    eng = Engine(backend=backend)
    assert eng.solve_layouts(pos, lays) == oracle.solve_layouts(pos, lays, compiled=False)
    mover = pos.to_move
    legal_everywhere = None
    for h in lays:
        p = pos.copy(stack=False)
        p.hands = list(h)
        m = set(p.legal_moves())
        legal_everywhere = m if legal_everywhere is None else legal_everywhere & m
    cards = sorted(legal_everywhere or ())
    if cards:
        got = eng.solve_layouts(pos, lays, cards)
        want = oracle.solve_layouts(pos, lays, cards, compiled=False)
        assert got == want
        # is A ever better than B: the first layout where it is, against the values
        maxside = (mover == pos.declarer) != pos.is_misere
        rng = random.Random(seed)
        for a, b in rng.sample(list(itertools.permutations(range(len(cards)), 2)), min(6, len(cards) * (len(cards) - 1))):
            first = next((i for i, row in enumerate(want) if (row[a] > row[b] if maxside else row[a] < row[b])), None)
            assert Engine(backend=backend).ever_better(pos, lays, cards[a], cards[b]) == first
        # every directed pair through the layout scan's pair tests (many.better_trusted: a pass a
        # pair, each stopping at its witness; in the kernel's chunks of 2,048 layouts and of 5)
        pairs = list(itertools.permutations(range(len(cards)), 2))[:64]
        ever = [any((row[a] > row[b] if maxside else row[a] < row[b]) for row in want) for a, b in pairs]
        for chunk in (2048, 5):
            got = better_trusted(Engine(backend=backend), pos, np.array(lays, dtype=np.int64),
                                 [(cards[a], cards[b]) for a, b in pairs], chunk=chunk)
            assert got == ever, chunk


@pytest.mark.parametrize("seed", range(12))
@needs_cython
def test_compiled_loop_equals_the_plain_loop_cython(seed):
    rng = random.Random(seed)
    n = rng.choice([3, 4, 5])
    contract = CONTRACTS[seed % 4]
    pos, lays = random_case(rng, n, contract, seed % 3 != 0, played=seed % 3 if seed % 2 else 0)
    check_case("cython", pos, lays, seed)


@pytest.mark.parametrize("seed", range(4))
def test_compiled_loop_equals_the_plain_loop_numba(seed):
    rng = random.Random(100 + seed)
    contract = CONTRACTS[seed % 4]
    pos, lays = random_case(rng, 4, contract, seed % 2 == 0, played=seed % 3)
    check_case("numba", pos, lays, seed)


@needs_cython
def test_options_keep_the_values():
    rng = random.Random(7)
    for contract in CONTRACTS:
        pos, lays = random_case(rng, 5, contract, True)
        want = Engine().solve_layouts(pos, lays, compiled=False)
        for kw in ({"prev_guess": False}, {"history": False}, {"order": "given"}, {"chunk": 7}):
            assert Engine().solve_layouts(pos, lays, **kw) == want, kw


@needs_cython
def test_workers_results_in_input_order():
    rng = random.Random(3)
    pos, lays = random_case(rng, 5, "nt", True)
    rng.shuffle(lays)
    seen = []
    eng = Engine()
    got = eng.solve_layouts(pos, lays, workers=2, progress=seen.append)
    assert got == Engine().solve_layouts(pos, lays)
    assert seen and seen[-1] == len(lays)
    cards = sorted(set.intersection(*(set(legal_in(pos, h)) for h in lays)))
    want = Engine().solve_layouts(pos, lays, cards)
    assert eng.solve_layouts(pos, lays, cards, workers=3) == want
    for a, b in itertools.permutations(range(len(cards)), 2):
        first = next((i for i, row in enumerate(want) if row[a] > row[b]), None)  # the declarer leads: the max side
        assert eng.ever_better(pos, lays, cards[a], cards[b], workers=2) == first


def legal_in(pos, hands):
    p = pos.copy(stack=False)
    p.hands = list(hands)
    return p.legal_moves()


def test_encoding_and_checks():
    rng = random.Random(1)
    pos, lays = random_case(rng, 3, "s", True)
    flat = encode_layouts(lays)
    assert list(flat) == [h for lay in lays for h in lay]
    np = pytest.importorskip("numpy")
    arr = np.array(lays, dtype=np.int64)
    assert list(encode_layouts(arr)) == list(flat)
    assert Engine().solve_layouts(pos, arr) == Engine().solve_layouts(pos, lays)
    bad = list(lays[0])
    bad[1] |= bad[2] & -bad[2]
    with pytest.raises(PositionError, match=r"layouts\[1\]"):
        Engine().solve_layouts(pos, [lays[0], tuple(bad)])


def test_revolving_door_visits_every_subset_by_one_swap():
    for n, k in [(6, 3), (7, 3), (8, 4), (5, 1), (5, 5), (9, 2), (20, 10)]:
        subs = list(revolving_door((1 << n) - 1, k))
        assert len(subs) == comb(n, k) == len(set(subs))
        assert all(x.bit_count() == k for x in subs)
        assert all((a ^ b).bit_count() == 2 for a, b in zip(subs, subs[1:]))


def test_hypergeometric_count_of_a_suit():
    # 20 unseen cards, 4 of them trumps: the 4-0 splits (either way) are 2 C(16, 6) of C(20, 10)
    unseen = (1 << 20) - 1
    trumps = 0b1111
    split = [0] * 5
    for a in revolving_door(unseen, 10):
        split[(a & trumps).bit_count()] += 1
    assert sum(split) == 184756
    assert split[0] + split[4] == 16016 and split[1] + split[3] == 91520 and split[2] == 77220


def test_lex_order_is_the_lexicographic_order_of_the_cards():
    cards = [0, 3, 5, 9, 12, 20, 31]
    lays = [(1 << 1, sum(1 << i for i in c), 0) for c in itertools.combinations(cards, 3)]
    shuffled = lays[:]
    random.Random(4).shuffle(shuffled)
    assert [shuffled[i] for i in lex_order(encode_layouts(shuffled))] == lays
    np = pytest.importorskip("numpy")
    assert lex_order(np.array(shuffled, dtype=np.int64).reshape(-1)) == lex_order(encode_layouts(shuffled))



@needs_cython
def test_the_layouts_table_grows_with_the_layouts_it_serves():
    rng = random.Random(9)
    pos, lays = random_case(rng, 4, "s", True)
    eng = Engine()
    want = eng.solve_layouts(pos, lays)
    small = len(eng._ltt)
    eng.reserve_layouts(184756)
    assert eng.solve_layouts(pos, lays) == want  # the values whatever the table
    assert len(eng._ltt) > small and len(eng._ltt) * 8 <= 128 << 20
