"""How often the first move tried is the one that cuts, per seat in the trick and side.

    python benchmarks/lead_cuts.py [--rows trump] [--deals 200] [--seed 2026]

Reads the kernel's cutoff counters (``stats[S_CUT ...]``: position in the trick × first or
later move × min or max side) over every seeded deal of a row, each solved on an empty
table. A cut on a later move means the moves tried before it were searched for nothing:
the lead ordering's miss rate.
"""
from __future__ import annotations

import argparse
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
from deals import ROWS, deals  # noqa: E402

from solver.engine import Engine, layout  # noqa: E402

SEATS = ("lead", "second", "third")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", default="trump", help="keep the rows whose name contains this text")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--backend", default="cython")
    a = ap.parse_args(argv)
    eng = Engine(backend=a.backend)
    print("| row | side | seat | cuts | first move cuts |")
    print("|---|---|---|---|---|")
    for row in ROWS:
        if a.rows not in row:
            continue
        tot = [0] * 12
        for pos in deals(row, a.deals, a.seed):
            st = eng._stats
            for i in range(12):
                st[layout.S_CUT + i] = 0
            eng.solve(pos)
            for i in range(12):
                tot[i] += int(st[layout.S_CUT + i])
        for side, off in (("max", 6), ("min", 0)):
            for nt, seat in enumerate(SEATS):
                first, later = tot[off + nt * 2], tot[off + nt * 2 + 1]
                n = first + later
                print(f"| {row} | {side} | {seat} | {n} | {first / n if n else 0:.3f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
