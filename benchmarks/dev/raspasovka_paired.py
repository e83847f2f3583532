"""The raspasovka search of a git revision against this checkout's, deal by deal in one run.

    python benchmarks/dev/raspasovka_paired.py --old REV [--deals 50] [--backend cython numba]

Issue 14 folded raspasovka into the one search kernel; this measures that the kernel's
raspasovka mode is no slower than the search it replaced. ``REV`` is a revision whose
``solver/raspasovka/`` still has its own search (``search.py``, Numba-only): that package
is loaded from git under another name (``solver._old_raspasovka``) beside this checkout's,
so both run in one process on the same seeded deals of ``benchmarks/test_raspasovka.py``
(all three talon rules), in alternating order, each with an empty table (a new generation)
before its timer starts. The old search is Numba whatever the backend; the backend named is
the new kernel's and the one the old solver handed positions past the talon to. Thread CPU ms per deal; the ratio is new ÷ old, per deal, and its
median is reported per row and backend; the answers must agree (exit status 1 otherwise).
"""
from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent  # benchmarks/dev
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # the dev tools and benchmarks/ (deals.py, ...)
from old_code import load_package  # noqa: E402
from test_raspasovka import ROWS, seeded_deals  # noqa: E402

from solver.raspasovka import RaspasovkaPosition, RaspasovkaSolver  # noqa: E402


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def load_old(rev: str):
    """``solver/raspasovka`` at ``rev`` as the package ``solver._old_raspasovka``."""
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="old_raspasovka_"))
    names = subprocess.run(["git", "ls-tree", "--name-only", f"{rev}:solver/raspasovka"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    if "search.py" not in names:
        raise SystemExit(f"{rev}: solver/raspasovka has no search.py (not a revision with the old search)")
    for n in names:
        if n.endswith(".py"):
            src = subprocess.run(["git", "show", f"{rev}:solver/raspasovka/{n}"], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout
            (tmp / n).write_text(src)
    pkg = load_package(tmp, "_old_raspasovka")
    _old_tables(pkg)
    return pkg


def _old_tables(pkg) -> None:
    """The old search was written for int64 NumPy lookup tables; today's kernel keeps SQ and
    REP as bytes (and as plain buffers under Cython): hand the old code int64 copies."""
    import dataclasses

    import numpy as np

    from solver.engine.backends import load_backend

    numba = load_backend("numba")
    tables = tuple(np.asarray(t, dtype=np.int64) for t in numba.tables)
    sys.modules[f"{pkg.__name__}.api"].load_backend = lambda name=None: dataclasses.replace(numba, tables=tables)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, help="a git revision with solver/raspasovka/search.py")
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--backend", nargs="+", default=["cython", "numba"])
    args = ap.parse_args()
    old = load_old(args.old)
    deals = seeded_deals(args.deals)
    bad = 0
    print(f"## Raspasovka, old ({args.old}) against new, thread CPU ms per deal ({args.deals} deals a row, "
          "paired, table emptied before each solve)\n")
    print("| row | backend | old median | p90 | max | new median | p90 | max | new/old (median of ratios) "
          "| old nodes median | new nodes median |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for backend in args.backend:
        new_solver = RaspasovkaSolver(backend=backend)
        os.environ["PREFDD_ENGINE"] = backend  # the old solver's hand-off to the misère engine
        old_solver = old.RaspasovkaSolver()
        for row, rules in ROWS.items():
            old_rules = old.RaspasovkaRules(rules.talon, rules.void_talon_trick, rules.after_talon_lead)
            # warm up: Numba loads (or compiles) its code, both touch their tables
            h, t, p = deals[0]
            new_solver.solve(RaspasovkaPosition(h, t, done=0, rules=rules), p)
            old_solver.solve(old.RaspasovkaPosition(h, t, done=0, rules=old_rules), p)
            times = {"old": [], "new": []}
            nodes = {"old": [], "new": []}
            for i, (hands, talon, player) in enumerate(deals):
                order = ("old", "new") if i % 2 == 0 else ("new", "old")
                values = {}
                for which in order:
                    if which == "old":
                        s, pos = old_solver, old.RaspasovkaPosition(hands, talon, done=0, rules=old_rules)
                    else:
                        s, pos = new_solver, RaspasovkaPosition(hands, talon, done=0, rules=rules)
                    c = time.thread_time()
                    values[which] = s.solve(pos, player)
                    times[which].append((time.thread_time() - c) * 1000)
                    nodes[which].append(s.nodes)
                if values["old"] != values["new"]:
                    bad += 1
                    print(f"DISAGREE {row} deal {i}: old {values['old']} new {values['new']}", file=sys.stderr)
            ratio = statistics.median(n / o for n, o in zip(times["new"], times["old"]) if o > 0)
            o, n = times["old"], times["new"]
            print(f"| {row} | {backend} | {statistics.median(o):.2f} | {pct(o, .9):.2f} | {max(o):.1f} "
                  f"| {statistics.median(n):.2f} | {pct(n, .9):.2f} | {max(n):.1f} | {ratio:.2f} "
                  f"| {statistics.median(nodes['old']):.0f} | {statistics.median(nodes['new']):.0f} |", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
