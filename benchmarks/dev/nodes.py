"""Node counts of the seeded deals, per row: deterministic, so free of the machine's load.

    python benchmarks/dev/nodes.py [--rows misere] [--deals 200] [--backend cython] [--save F] [--against F]

Every deal of a row solved once on an empty table; the report gives total / median / p90 /
max nodes a row. ``--save`` writes every deal's value and nodes as JSON; ``--against`` reads
such a file and adds the total ratio, the median of the per-deal ratios and the largest
per-deal ratio, and stops (status 1) if any value differs — a bound or an ordering that
changes a value is wrong.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent  # benchmarks/dev
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # the dev tools and benchmarks/ (deals.py, ...)
from deals import ROWS, deals  # noqa: E402
from engine_table import pct  # noqa: E402

from solver.engine import Engine  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", default="", help="keep the rows whose name contains this text")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--backend", default="cython")
    ap.add_argument("--save", help="write per-deal values and nodes (JSON)")
    ap.add_argument("--against", help="a file written by --save: compare with it")
    a = ap.parse_args(argv)
    eng = Engine(backend=a.backend)
    base = json.loads(pathlib.Path(a.against).read_text()) if a.against else {}
    out, bad = {}, 0
    print("| row | nodes total | median | p90 | max | CPU s |" + (" total ratio | median ratio | max ratio |" if base else ""))
    print("|---|---|---|---|---|---|" + ("---|---|---|" if base else ""))
    for row in ROWS:
        if a.rows not in row:
            continue
        vals, nodes = [], []
        t0 = time.thread_time()
        for pos in deals(row, a.deals, a.seed):
            vals.append(eng.solve(pos))
            nodes.append(eng.nodes)
        cpu = time.thread_time() - t0
        out[row] = {"values": vals, "nodes": nodes}
        line = (f"| {row} | {sum(nodes)} | {statistics.median(nodes):.0f} | {pct(nodes, 0.9):.0f} | {max(nodes)} "
                f"| {cpu:.2f} |")
        if row in base:
            b = base[row]
            k = min(len(b["nodes"]), len(nodes))
            for i in range(k):
                if b["values"][i] != vals[i]:
                    bad += 1
                    print(f"VALUE DIFFERS: {row} deal {i}: {b['values'][i]} -> {vals[i]}", file=sys.stderr)
            rs = [nodes[i] / b["nodes"][i] for i in range(k)]
            line += f" {sum(nodes[:k]) / sum(b['nodes'][:k]):.3f} | {statistics.median(rs):.3f} | {max(rs):.2f} |"
        print(line, flush=True)
    if a.save:
        pathlib.Path(a.save).write_text(json.dumps(out))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
