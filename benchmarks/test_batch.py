"""Batch throughput (pytest-benchmark): the machinery's cost per record in this process,
and records per second on all local worker processes, on the same seeded full deals.

    python -m pytest benchmarks/test_batch.py --benchmark-enable
    python benchmarks/batch_scaling.py          # the 1-worker vs all-workers table
"""
import pytest
from batch_scaling import seeded_records

from prefdd.batch import Batch, jobs_from_records, make_backend, solve_many, work
from prefdd.batch.backends import local_cores
from solver import Constraints, position_from_json
from solver.engine import Engine

RECORDS = seeded_records(300)


@pytest.fixture(scope="module", autouse=True)
def warm():
    work.warm_up()


def test_engine_alone(benchmark):
    """The floor: the same deals solved by one engine in a plain loop."""
    engine, cons = Engine(), Constraints()

    def run():
        return [engine.solve(position_from_json(r), cons) for r in RECORDS]

    values = benchmark.pedantic(run, rounds=3, iterations=1)
    assert len(values) == len(RECORDS)


def test_batch_in_this_process(benchmark):
    """solve_many(workers=0): the engine plus the batch's reading, routing and records."""
    out = benchmark.pedantic(lambda: list(solve_many(RECORDS, workers=0)), rounds=3, iterations=1)
    assert len(out) == len(RECORDS) and not any("error" in r for r in out)


@pytest.mark.parametrize("workers", sorted({1, local_cores()}))
def test_batch_local_workers(benchmark, workers):
    """Started workers (engines loaded), the whole input per round: records/s = 300 / mean."""
    backend = make_backend(workers=workers)
    try:
        list(Batch(backend, chunk_size=1).answers(jobs_from_records(RECORDS[: 4 * workers])))

        def run():
            return list(Batch(backend, chunk_size=16).answers(jobs_from_records(RECORDS)))

        out = benchmark.pedantic(run, rounds=3, iterations=1)
    finally:
        backend.close()
    assert len(out) == len(RECORDS) and not any("error" in r for r in out)
