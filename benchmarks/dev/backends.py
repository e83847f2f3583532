"""Numba against Cython, side by side in one run: per-deal times, start-up, threads vs processes.

    python benchmarks/dev/backends.py [--deals 200] [--batch 200] [--workers 2] [--table-mb 8]

1. The five rows of ``engine_table.py`` (the same seeded deals): each deal is solved by
   both backends in turn (paired, so a load spike on a shared machine hits both), the
   table emptied before each solve. Median / p90 / max ms per backend, the median of the
   per-deal ratio, and a check that both searched exactly the same number of nodes.
2. Process start to first answer: a fresh ``python -c`` solving one full deal, and a fresh
   ``prefdd solve`` (``python -m prefdd solve``) of one deal, per backend
   (``PREFDD_ENGINE``), the median of three runs, wall and CPU; Numba with its cache warm.
3. A batch of deals (an equal share of each row) on N workers: threads on the Cython
   backend (one engine, so one table, per thread; the search releases the GIL) against
   processes on the Numba backend (spawned, as a fresh pool would be), with the
   single-worker runs as the baseline. *End to end* includes starting the pool, *steady*
   is the mean of three more passes over the same batch on the warm pool. *CPU ms/deal* is the CPU the
   workers' threads spent per deal (flat from 1 to N workers: no contention), *busy
   cores* that CPU over the steady wall time: how many cores the workers actually got,
   which on a shared machine bounds the speed-up.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

HERE = pathlib.Path(__file__).resolve().parent  # benchmarks/dev
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # the dev tools and benchmarks/ (deals.py, ...)
from deals import ROWS, deals  # noqa: E402

from solver.engine import Engine, cy_backend  # noqa: E402

BACKENDS = ("numba", "cython")


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


# ---------------------------------------------------------------- 1. per-deal rows

def rows_table(n, table_mb):
    engines = {b: Engine(table_mb=table_mb, backend=b) for b in BACKENDS}
    warm = deals("trump, declarer leads", 1)[0]
    for e in engines.values():
        e.solve(warm)  # Numba: load the cached code; both: touch the table
    print("## Per deal, thread CPU ms, table emptied before each solve "
          f"({n} seeded deals a row, table {table_mb} MB, paired runs)\n")
    print("| category | Numba median | p90 | max | Cython median | p90 | max | Numba/Cython (median of ratios) "
          "| nodes median | same nodes |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in ROWS:
        ts = {b: [] for b in BACKENDS}
        nodes = {b: [] for b in BACKENDS}
        for pos in deals(row, n):
            for b, e in engines.items():
                e.new_generation()
                t = time.thread_time()
                e.solve(pos)
                ts[b].append((time.thread_time() - t) * 1000)  # CPU time: robust on a shared machine
                nodes[b].append(e.nodes)
        ratio = statistics.median(a / c for a, c in zip(ts["numba"], ts["cython"]))
        cells = []
        for b in BACKENDS:
            cells += [f"{statistics.median(ts[b]):.2f}", f"{pct(ts[b], 0.9):.2f}", f"{max(ts[b]):.1f}"]
        same = "yes" if nodes["numba"] == nodes["cython"] else "NO"
        print(f"| {row} | " + " | ".join(cells) + f" | {ratio:.2f} | {int(statistics.median(nodes['cython']))} | {same} |")
    print()


# ---------------------------------------------------------------- 2. start-up

FIRST_ANSWER = (
    "import time; t=time.perf_counter(); import json, sys; "
    "from solver import position_from_json; from solver.engine import Engine; "
    "r=json.loads(open('tests/data/reference_deals.jsonl').readline()); "
    "e=Engine(); v=e.solve(position_from_json(r)); "
    "print(e.backend.name, v, round(time.perf_counter()-t, 3), 'numba' in sys.modules)"
)


def _fresh(argv, env):
    """Run a fresh process; its wall time and CPU time (user + system)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=env)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def startup_table():
    print("## Process start to first answer (one full deal, fresh process, median of 3)\n")
    print("| backend | what | wall from exec (s) | CPU (s) | in-process import + solve (s) | Numba imported |")
    print("|---|---|---|---|---|---|")
    one = ROOT / "build" / "one_deal.jsonl"
    one.parent.mkdir(exist_ok=True)
    one.write_text(open(ROOT / "examples" / "deals.jsonl").readline())
    for b in BACKENDS:
        env = dict(os.environ, PREFDD_ENGINE=b)
        walls, cpus, inner, imported = [], [], [], "?"
        for _ in range(3):
            out, wall, cpu = _fresh([sys.executable, "-c", FIRST_ANSWER], env)
            parts = out.stdout.split()
            if out.returncode or len(parts) != 4 or parts[0] != b:
                print(f"| {b} | python -c | failed: {out.stderr.strip().splitlines()[-1:] or parts} | | | |")
                break
            walls.append(wall)
            cpus.append(cpu)
            inner.append(float(parts[2]))
            imported = parts[3]
        else:
            print(f"| {b} | `python -c` import + solve | {statistics.median(walls):.2f} | {statistics.median(cpus):.2f} "
                  f"| {statistics.median(inner):.2f} | {imported} |")
        walls, cpus = [], []
        for _ in range(3):
            out, wall, cpu = _fresh([sys.executable, "-m", "prefdd", "solve", str(one)], env)
            if out.returncode:
                print(f"| {b} | prefdd solve | failed: {out.stderr.strip().splitlines()[-1:]} | | | |")
                break
            walls.append(wall)
            cpus.append(cpu)
        else:
            print(f"| {b} | `prefdd solve` one deal | {statistics.median(walls):.2f} | {statistics.median(cpus):.2f} | | |")
    print(f"\nload average (1 min): {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores\n")


# ---------------------------------------------------------------- 3. batches

_worker = threading.local()
_deal_cache: dict = {}


def _init(backend, table_mb):
    _worker.engine = Engine(table_mb=table_mb, backend=backend)
    _worker.backend = backend
    _worker.table_mb = table_mb


def _solve(job):
    """One deal of the batch, by (row, index): the worker regenerates the seeded deal."""
    row, i, n = job
    key = (row, n)
    if key not in _deal_cache:
        _deal_cache[key] = deals(row, n)
    e = getattr(_worker, "engine", None)
    if e is None:  # a thread of the pool: its own engine and table
        _init(_backend_for_threads, _table_mb_for_threads)
        e = _worker.engine
    e.new_generation()
    c = time.thread_time()
    v = e.solve(_deal_cache[key][i])
    return v, time.thread_time() - c  # the CPU this thread spent on the deal


_backend_for_threads = "cython"
_table_mb_for_threads = 8.0


def batch_jobs(total):
    per_row = max(1, total // len(ROWS))
    return [(row, i, per_row) for row in ROWS for i in range(per_row)]


REPEAT = 3  # steady passes over the batch, averaged (a shared machine's load swings)


def _check(first, second):
    values = [v for v, _ in first]
    assert values * REPEAT == [v for v, _ in second]
    return values


def run_threads(jobs, workers):
    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        first = list(pool.map(_solve, jobs))
        t1 = time.perf_counter()
        second = list(pool.map(_solve, jobs * REPEAT))
        t2 = time.perf_counter()
    return _check(first, second), t1 - t0, (t2 - t1) / REPEAT, sum(c for _, c in second) / REPEAT


def run_processes(jobs, workers, backend, table_mb):
    ctx = multiprocessing.get_context("spawn")
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_init,
                             initargs=(backend, table_mb)) as pool:
        first = list(pool.map(_solve, jobs, chunksize=4))
        t1 = time.perf_counter()
        second = list(pool.map(_solve, jobs * REPEAT, chunksize=4))
        t2 = time.perf_counter()
    return _check(first, second), t1 - t0, (t2 - t1) / REPEAT, sum(c for _, c in second) / REPEAT


def batch_table(total, workers, table_mb):
    global _table_mb_for_threads
    _table_mb_for_threads = table_mb
    jobs = batch_jobs(total)
    n = len(jobs)
    print(f"load average (1 min) before the batch: {os.getloadavg()[0]:.2f}\n")
    print(f"## A batch of {n} full deals ({n // len(ROWS)} of each row), {workers} workers "
          f"on {os.cpu_count()} cores\n")
    print("| configuration | end to end (s) | steady (s) | deals/s steady | speed-up (steady, vs 1 worker same backend) "
          "| CPU ms/deal | busy cores |")
    print("|---|---|---|---|---|---|---|")
    results = {}
    base = {}
    for label, backend, kind, w in (("Cython, 1 thread", "cython", "threads", 1),
                                    (f"Cython, {workers} threads", "cython", "threads", workers),
                                    ("Numba, 1 process", "numba", "processes", 1),
                                    (f"Numba, {workers} processes", "numba", "processes", workers),
                                    (f"Cython, {workers} processes", "cython", "processes", workers)):
        if kind == "threads":
            _worker.__dict__.clear()
            vals, e2e, steady, cpu = run_threads(jobs, w)
        else:
            vals, e2e, steady, cpu = run_processes(jobs, w, backend, table_mb)
        results[label] = vals
        if w == 1:
            base[backend] = steady
        speed = base[backend] / steady if backend in base else float("nan")
        print(f"| {label} | {e2e:.2f} | {steady:.2f} | {n / steady:.0f} | {speed:.2f} | {cpu / n * 1000:.2f} "
              f"| {cpu / steady:.2f} |")
    answers = list(results.values())
    print(f"\nload average (1 min) after the batch: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"all configurations gave the same {n} answers: {'yes' if all(a == answers[0] for a in answers) else 'NO'}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200, help="deals a row in the per-deal table")
    ap.add_argument("--batch", type=int, default=200, help="deals in the batch comparison")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--table-mb", type=float, default=8)
    ap.add_argument("--skip", default="", help="comma list of parts to skip: rows,startup,batch")
    args = ap.parse_args()
    if not cy_backend.available():
        sys.exit(f"benchmarks/dev/backends.py: {cy_backend.reason}; build it with `pip install -e .`")
    skip = set(filter(None, args.skip.split(",")))
    print(f"# {time.strftime('%Y-%m-%d')} {platform.machine()} {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; the machine may be shared: compare ratios within this run\n")
    if "rows" not in skip:
        rows_table(args.deals, args.table_mb)
    if "startup" not in skip:
        startup_table()
    if "batch" not in skip:
        batch_table(args.batch, args.workers, args.table_mb)


if __name__ == "__main__":
    main()
