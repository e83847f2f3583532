"""Instructions a node in the kernel's search, for callgrind (the cost of a node, issue 15).

    valgrind --tool=callgrind --toggle-collect='*search_with*' --callgrind-out-file=OUT \
        python benchmarks/dev/cg_kernel.py SNAPSHOT [--deals 10] [--rows TEXT]
    callgrind_annotate OUT | head          # the instructions inside search_with and below

Solves the first ``--deals`` deals of each row of ``deals.py`` with a build made by
``ab_kernel.py snapshot SNAPSHOT`` and prints each row's node total; instructions ÷ nodes is
the cost of a node. Only the search is collected (``--toggle-collect``), not Python.
"""
from __future__ import annotations

import argparse
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent  # benchmarks/dev
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # the dev tools and benchmarks/ (deals.py, ...)


def main() -> None:
    from ab_kernel import engine_on, load
    from deals import ROWS, deals

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("snapshot")
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--rows", default="")
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    e = engine_on(load(a.snapshot), load(a.snapshot, "searcher"))
    total = 0
    for row in ROWS:
        if a.rows and a.rows not in row:
            continue
        n = 0
        for p in deals(row, a.deals, a.seed):
            e.solve(p)
            n += e.nodes
        total += n
        print(f"{row:28} nodes {n}")
    print(f"{'all':28} nodes {total}")


if __name__ == "__main__":
    main()
