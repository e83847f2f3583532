"""The last tricks: the engine plays out two tricks from their start instead of searching
them (``two_tricks`` in solver/engine/kernel.py). Checked against the plain reference
search on random endings — every strain, either side on lead, mid-trick starts above them,
and the lexicographic split (rewards 16 / 17) — on the Cython and the Numba compilation,
which must also count the same nodes."""
import random

import pytest

from solver import Card, Position
from solver import reference as ref
from solver.engine import Engine

CONTRACTS = ["6s", "7h", "8d", "6c", "6nt", "misere"]


def ending(rng: random.Random, tricks: int) -> Position:
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [[Card(c) for c in cards[i * tricks:(i + 1) * tricks]] for i in range(3)]
    declarer = rng.randrange(3)
    leader = rng.randrange(3)
    p = Position(hands, rng.choice(CONTRACTS), declarer, leader, out=[Card(c) for c in cards[3 * tricks:]])
    for _ in range(rng.randrange(3)):  # sometimes start inside the first trick
        legal = p.legal_moves()
        p.play(rng.choice(legal))
    return p


@pytest.fixture(scope="module")
def engines():
    return [Engine(backend="cython"), Engine(backend="numba")]


@pytest.mark.parametrize("tricks", [2, 3])
def test_endings_agree_with_the_reference(engines, tricks):
    rng = random.Random(f"endgame:{tricks}")
    for i in range(150 if tricks == 2 else 60):
        p = ending(rng, tricks)
        want = ref.solve(p)
        nodes = set()
        for e in engines:
            assert e.solve(p) == want, (i, e.backend_name, p)
            nodes.add(e.nodes)
        assert len(nodes) == 1, (i, nodes)  # both compilations search the same tree


def test_endings_split_agrees_with_the_reference(engines):
    rng = random.Random("endgame:split")
    done = 0
    while done < 60:
        p = ending(rng, rng.choice([2, 3]))
        if p.is_misere:
            continue
        favour = rng.choice([s for s in range(3) if s != p.declarer])
        decl, fav = ref.solve_split(p, favour)
        for e in engines:
            a = e.analyse(p, favour=favour)
            assert a.declarer_tricks == decl, (done, p)
            assert a.defender_tricks[favour] == fav, (done, p)
        done += 1
