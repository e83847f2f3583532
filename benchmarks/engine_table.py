"""Print the engine's per-deal table: 200 seeded random full deals per row.

Each deal is solved with the table emptied first (a new generation: no state carried
from one deal to the next that a single-deal user would not have), in one process after
warm-up. Also: the all-cards analysis of the first move, the first-call compile time
(with an empty cache) and a second process's start-up to its first answer.

    python benchmarks/engine_table.py [--deals 200] [--table-mb 8]
"""
import argparse
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from deals import ROWS, deals  # noqa: E402

from solver.engine import Engine  # noqa: E402

CPP = {  # the C++ solver's figures on this machine kind (shared/domain/solver-techniques.md)
    "trump, declarer leads": (4.0, 7.4, 20),
    "trump, a defender leads": (3.9, 7.8, 24),
    "no-trump, declarer leads": (4.6, 9.3, 36),
    "misere, declarer leads": (6.9, 15.2, 77),
    "misere, a defender leads": (6.8, 15.1, 67),
}


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--table-mb", type=float, default=8)
    ap.add_argument("--rows", default="")
    ap.add_argument("--backend", default="numba", help="numba (default), cython or auto")
    args = ap.parse_args()
    e = Engine(table_mb=args.table_mb, backend=args.backend)
    # warm-up (compiles on a cold cache)
    t0 = time.perf_counter()
    e.solve(deals("trump, declarer leads", 1)[0])
    warm = time.perf_counter() - t0
    print(f"# {time.strftime('%Y-%m-%d')} {platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"# backend {e.backend.name}; first call in this process (compile or cache load): {warm:.2f} s; "
          f"table {args.table_mb} MB; load average {os.getloadavg()[0]:.2f}")
    print("| category | median ms | p90 ms | max ms | nodes median | C++ median | ratio |")
    print("|---|---|---|---|---|---|---|")
    for row in ROWS:
        if args.rows and args.rows not in row:
            continue
        ts, ns = [], []
        for pos in deals(row, args.deals):
            e.new_generation()
            t = time.perf_counter()
            e.solve(pos)
            ts.append((time.perf_counter() - t) * 1000)
            ns.append(e.nodes)
        med = statistics.median(ts)
        c = CPP[row]
        print(f"| {row} | {med:.2f} | {pct(ts, 0.9):.2f} | {max(ts):.1f} | {int(statistics.median(ns))} | {c[0]} | {med / c[0]:.2f} |")
    # all-cards analysis of the first move vs a single solve
    sol, allc = [], []
    for pos in deals("trump, declarer leads", min(args.deals, 100)):
        e.new_generation()
        t = time.perf_counter()
        e.solve(pos)
        sol.append(time.perf_counter() - t)
        e.new_generation()
        t = time.perf_counter()
        e.analyse(pos, all_cards=True)
        allc.append(time.perf_counter() - t)
    print(f"# all-cards analysis of the first move (trump): median {statistics.median(allc)*1000:.2f} ms = "
          f"{statistics.median(allc)/statistics.median(sol):.2f}x a single solve")
    # a second process with the cache warm: start to first answer
    code = ("import time; t=time.perf_counter(); from solver import Position; from solver.engine import Engine; "
            "import json; r=json.loads(open('tests/data/reference_deals.jsonl').readline()); "
            f"from solver import position_from_json; Engine(backend='{e.backend.name}').solve(position_from_json(r)); "
            "print(time.perf_counter()-t)")
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=pathlib.Path(__file__).parent.parent)
    wall = time.perf_counter() - t
    print(f"# second process, cache warm: {wall:.2f} s wall from exec to first answer (in-process {out.stdout.strip()} s)")
    if e.backend.name == "numba":
        import tempfile

        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, NUMBA_CACHE_DIR=cache)
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                           cwd=pathlib.Path(__file__).parent.parent)
            print(f"# first call with an empty Numba cache (compile): {time.perf_counter() - t:.1f} s wall")


if __name__ == "__main__":
    main()
