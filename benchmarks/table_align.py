"""The transposition table on a cache line or 16 bytes off it: the same engine, the same
deals, two tables, alternated deal by deal in one process (thread CPU).

    python benchmarks/table_align.py [--deals 200] [--seed 2026] [--rounds 2] [--table-mb 1]

A bucket is 64 bytes: a table that starts 16 bytes into a page (as a large ``bytearray``
or NumPy buffer does) makes every bucket straddle two cache lines. ``Backend.table`` maps
the table on its own pages; ``offset=16`` rebuilds the old placement for this comparison.
Prints, per row, the median of the per-deal ratios aligned ÷ offset, p10 and p90, and
checks both answer the same with the same nodes.
"""
from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from deals import ROWS, deals  # noqa: E402

from solver.engine import Engine  # noqa: E402


def timed(engine: Engine, pos) -> tuple[int, float, int]:
    engine.new_generation()  # as paired.py: the table emptied by a new generation
    t = time.thread_time()
    tricks = engine.solve(pos)
    return tricks, time.thread_time() - t, engine.nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--table-mb", type=float, default=None)
    ap.add_argument("--backend", default="cython")
    args = ap.parse_args()
    kw = {} if args.table_mb is None else {"table_mb": args.table_mb}
    aligned = Engine(backend=args.backend, **kw)
    off = Engine(backend=args.backend, **kw)
    n = len(aligned.tt)
    off.tt = off.backend.table(n, offset=16)
    for row in ROWS:
        ratios = []
        ta = to = 0.0
        for r in range(args.rounds):
            for i, pos in enumerate(deals(row, args.deals, args.seed)):
                order = (aligned, off) if (i + r) % 2 == 0 else (off, aligned)
                res = {id(e): timed(e, pos) for e in order}
                a, o = res[id(aligned)], res[id(off)]
                if (a[0], a[2]) != (o[0], o[2]):
                    raise SystemExit(f"{row} deal {i}: aligned {a[0]} tricks / {a[2]} nodes, offset {o[0]} / {o[2]}")
                ratios.append(a[1] / o[1] if o[1] > 0 else 1.0)
                ta += a[1]
                to += o[1]
        q = statistics.quantiles(ratios, n=10)
        print(f"{row:24s} aligned / offset: median {statistics.median(ratios):.3f} (p10 {q[0]:.3f}, p90 {q[-1]:.3f}); "
              f"totals {ta:.2f} s / {to:.2f} s = {ta / to:.3f}")


if __name__ == "__main__":
    main()
