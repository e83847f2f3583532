"""pytest-benchmark: the engine on the seeded deals of each row (one table, emptied per deal).

    python -m pytest benchmarks/test_engine_bench.py --benchmark-enable

Each benchmark round solves the row's first 20 deals; divide by 20 for a per-deal figure.
The per-deal distribution (median, p90, max over 200 deals) is printed by engine_table.py.
"""
import pytest
from deals import ROWS, deals

from solver.engine import Engine

N = 20


@pytest.mark.parametrize("row", list(ROWS))
def test_row(benchmark, row):
    e = Engine()
    ds = deals(row, N)
    e.solve(ds[0])  # warm-up

    def run():
        out = []
        for pos in ds:
            e.new_generation()
            out.append(e.solve(pos))
        return out

    values = benchmark(run)
    assert len(values) == N and all(0 <= v <= 10 for v in values)


def test_all_cards_first_move(benchmark):
    e = Engine()
    ds = deals("trump, declarer leads", N)

    def run():
        for pos in ds:
            e.new_generation()
            e.analyse(pos, all_cards=True)

    benchmark(run)
