"""Records per second of ``prefdd batch`` with 1 worker and with every local core.

    python benchmarks/batch_scaling.py                   # 2000 seeded full deals, 1 and all workers
    python benchmarks/batch_scaling.py --records 5000 --all-cards --workers 1,2,4
    python benchmarks/batch_scaling.py --dask-local 2    # also on a local Dask cluster

The same seeded input is answered by each configuration. Two figures per row: *steady*
(workers already started and their engines loaded: what an overnight run sees) and
*end to end* (including starting the workers, as one ``prefdd batch`` call of this size
would). Speed-up is steady rate over the 1-worker steady rate. *Worker CPU ms/rec* is the
CPU the workers spent per record in the steady phase (unchanged from 1 to N workers means
the batch adds no contention), *busy cores* that CPU over the wall time: on a machine
shared with other jobs it shows how many cores the workers actually got.
"""
from __future__ import annotations

import argparse
import os
import random
import time

from prefdd.batch import Batch, Options, jobs_from_records, make_backend, work
from prefdd.batch.backends import local_cores
from prefdd.batch.driver import default_chunk_size

RANKS, SUITS = "789TJQKA", "scdh"


def seeded_records(n: int, seed: int = 2026) -> list[dict]:
    """Full 10-card deals: a random trump or no-trump contract, the declarer on lead."""
    rng = random.Random(seed)
    deck = [r + s for s in SUITS for r in RANKS]
    out = []
    for i in range(n):
        rng.shuffle(deck)
        declarer = rng.randrange(3)
        out.append({"id": f"b{i}", "hands": [deck[0:10], deck[10:20], deck[20:30]], "talon": deck[30:32],
                    "contract": rng.choice(["s", "c", "d", "h", "nt"]), "declarer": declarer,
                    "leader": declarer})
    return out


def _worker_cpu(backend) -> float | None:
    """CPU seconds used so far by the searching processes of a local backend: this one (it
    searches too, between commits) and its children (None if unknown)."""
    try:
        import psutil
    except ImportError:
        return None
    from prefdd.batch.backends import ProcessBackend

    if not isinstance(backend, ProcessBackend):
        return None
    procs = [kid.pid for kid in backend._kids]
    total = 0.0
    for pid in [os.getpid()] + procs:
        t = psutil.Process(pid).cpu_times()
        total += t.user + t.system
    return total


def measure(records, options, **where) -> tuple[float, float, int, float | None, float | None]:
    """(steady rate, end-to-end rate, errors, worker CPU ms per record, busy cores) on one backend."""
    t0 = time.perf_counter()
    backend = make_backend(**where)
    try:
        # start every worker and load its engine: a few one-record chunks per worker
        warm = records[: 4 * backend.workers]
        list(Batch(backend, options=options, chunk_size=1).answers(jobs_from_records(warm)))
        cpu0 = _worker_cpu(backend)
        t_start = time.perf_counter()
        size = default_chunk_size(len(records), backend.workers, not backend.local)
        errors = 0
        for rec in Batch(backend, options=options, chunk_size=size).answers(jobs_from_records(records)):
            errors += "error" in rec
        t_end = time.perf_counter()
        cpu1 = _worker_cpu(backend)
    finally:
        backend.close()
    n = len(records)
    steady = n / (t_end - t_start)
    # end to end: startup once, then the whole input (the warm-up records are counted as part of it)
    end_to_end = n / (t_end - t0)
    if cpu0 is None or cpu1 is None:
        return steady, end_to_end, errors, None, None
    cpu = cpu1 - cpu0
    return steady, end_to_end, errors, 1000 * cpu / n, cpu / (t_end - t_start)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=2000)
    ap.add_argument("--all-cards", action="store_true", help="also value every card (about 5-10x the work)")
    ap.add_argument("--workers", default=None, help="comma-separated worker counts (default: 1 and all cores)")
    ap.add_argument("--dask-local", type=int, default=None, metavar="N", help="also a local Dask cluster of N")
    args = ap.parse_args(argv)
    cores = local_cores()
    counts = [int(x) for x in args.workers.split(",")] if args.workers else sorted({1, cores})
    records = seeded_records(args.records)
    options = Options(all_cards=args.all_cards)
    work.warm_up(options)  # compile once before any worker starts
    print(f"{args.records} seeded full deals{' with every card valued' if args.all_cards else ''}; "
          f"{cores} local core(s)")
    print(f"{'backend':<26}{'steady rec/s':>13}{'speed-up':>10}{'end-to-end rec/s':>18}"
          f"{'worker CPU ms/rec':>19}{'busy cores':>12}")
    base = None
    rows = [(f"{w} worker process{'es' if w != 1 else ''}", {"workers": w}) for w in counts]
    if args.dask_local:
        rows.append((f"Dask local, {args.dask_local} workers", {"dask_local": args.dask_local}))
    for label, where in rows:
        steady, e2e, errors, cpu_ms, busy = measure(records, options, **where)
        base = base or steady
        cpu_text = f"{cpu_ms:>19.3f}{busy:>12.2f}" if cpu_ms is not None else f"{'-':>19}{'-':>12}"
        print(f"{label:<26}{steady:>13.1f}{steady / base:>9.2f}x{e2e:>18.1f}{cpu_text}"
              + (f"  ({errors} errors!)" if errors else ""), flush=True)
    try:
        import os

        print(f"load average while measuring: {os.getloadavg()[0]:.2f} (other processes compete for the cores)")
    except OSError:  # pragma: no cover
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
