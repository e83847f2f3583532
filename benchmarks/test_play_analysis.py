"""Play analysis of a whole deal: 30 cards, one search per position, the table kept.

Timed in this thread's CPU time (the searches run in it too), not wall time: the machine
is shared. Each round is a new seeded full deal with a random legal 30-card history (so there are
costly cards, and no position is trivially the previous one's principal line), analysed
with one engine per row; the median is over deals. The issue's bar: well under 100 ms.

    python -m pytest benchmarks/test_play_analysis.py --benchmark-enable
"""
import itertools
import random
import time

import pytest

from solver import Card, Deal, analyse_play
from solver.engine import Engine
from solver.raspasovka import RaspasovkaPosition

DEALS = 40
pytestmark = pytest.mark.benchmark(timer=time.thread_time)


def played_deals(contract, n=DEALS, seed=2026):
    rng = random.Random(f"{seed}:play-analysis:{contract}")
    out = []
    for _ in range(n):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [[Card(c) for c in deck[i * 10:(i + 1) * 10]] for i in range(3)]
        talon = [Card(deck[30]), Card(deck[31])]
        if contract == "raspasovka":
            start = RaspasovkaPosition(hands, talon, done=0)
        else:
            start = Deal(hands, contract, rng.randrange(3), leader=rng.randrange(3), talon=talon).start()
        p = start.copy()
        history = []
        while not p.is_over():
            c = rng.choice(p.legal_moves())
            history.append(c)
            p.play(c)
        out.append((start, history))
    return out


ROWS = {
    "trump 7h, Cython": ("7h", "cython"),
    "trump 7h, Numba": ("7h", "numba"),
    "no-trump, Cython": ("6nt", "cython"),
    "misere, Cython": ("misere", "cython"),
    "misere, Numba": ("misere", "numba"),
}


@pytest.mark.parametrize("row", list(ROWS))
def test_analyse_full_history(benchmark, row):
    contract, backend = ROWS[row]
    engine = Engine(backend=backend, reuse_table=True)
    deals = played_deals(contract)
    analyse_play(*deals[0], engine=engine)  # compile/load
    it = itertools.cycle(deals)

    def setup():
        start, history = next(it)
        return (start, history), {"engine": engine}

    a = benchmark.pedantic(analyse_play, setup=setup, rounds=DEALS, iterations=1)
    assert len(a.steps) == 30 and a.finished


def test_analyse_full_history_raspasovka(benchmark):
    deals = played_deals("raspasovka")
    analyse_play(*deals[0], player=0)
    it = itertools.cycle(enumerate(deals))

    def setup():
        i, (start, history) = next(it)
        return (start, history), {"player": i % 3}  # a solver of its own per deal (the default)

    a = benchmark.pedantic(analyse_play, setup=setup, rounds=DEALS, iterations=1)
    assert len(a.steps) == 30 and a.finished


def every_position_on_an_empty_table(start, history, engine):
    """The same searches (every card's value at every position) without the table kept:
    what keeping it saves."""
    pos = start.copy()
    for card in history:
        if len(pos.legal_moves()) > 1:
            engine.analyse(pos, all_cards=True)  # reuse_table=False: a new generation per call
        pos.play(card)


def paired(contract="7h", backend="cython", n=100):
    """Medians (ms of thread CPU time) of analyse_play and of the same searches on an empty
    table, deal by deal in one run: ``python benchmarks/test_play_analysis.py``. Each deal
    once: a deal analysed again runs faster (the kept table still holds its entries)."""
    import statistics

    deals = played_deals(contract, n)
    kept, empty = Engine(backend=backend, reuse_table=True), Engine(backend=backend)
    analyse_play(*deals[0], engine=kept)
    every_position_on_an_empty_table(*deals[0], empty)
    a, b = [], []
    for start, history in deals[1:]:
        t = time.thread_time()
        analyse_play(start, history, engine=kept)
        a.append(time.thread_time() - t)
        t = time.thread_time()
        every_position_on_an_empty_table(start, history, empty)
        b.append(time.thread_time() - t)
    return statistics.median(a) * 1e3, statistics.median(b) * 1e3


if __name__ == "__main__":
    for contract in ("7h", "6nt", "misere"):
        for backend in ("cython", "numba"):
            kept, empty = paired(contract, backend)
            print(f"{contract:7} {backend:7} analyse_play {kept:6.2f} ms   same searches, empty table {empty:6.2f} ms")
