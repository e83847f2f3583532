"""MTD(f) drivers compared by nodes: what is kept between the passes, and the step size.

    python benchmarks/mtd_variants.py [--deals 100] [--seed 2026]

Every deal of the five rows, each driver on an empty table (a new generation), the same
first guess as the engine's. The kernel's ``mtd_with`` keeps the history of the leads and
the table from one pass to the next; the other drivers run one null-window pass per call
(``run_mtd`` over [t-1, t], which starts each pass with a cleared history):

* ``unit, history cleared`` — the kernel's unit steps, the history cleared before each pass;
* ``bisection, history cleared`` — after the first pass, the middle of what is left;
* ``unit, table cleared too`` — a new generation before each pass (the table's bounds lost).

Totals ÷ the kernel's. Every driver's value is checked against the kernel's.
"""
from __future__ import annotations

import argparse
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
from deals import ROWS, deals  # noqa: E402

from solver.constraints import NO_CONSTRAINTS  # noqa: E402
from solver.engine import Engine, layout  # noqa: E402
from solver.engine.api import _FREE, _Root  # noqa: E402


def one_pass(e: Engine, root, args, t: int) -> bool:
    """Does the max side reach ``t``? One pass (run_mtd over [t-1, t] does exactly one)."""
    return e._mtd(root, args, t - 1, t, t) == t


def driver(e: Engine, root, args, lo: int, hi: int, g: int, step: str, wipe_table: bool) -> int:
    if g < 0:  # the kernel's trump guess: ask the kernel for it through a zero-width run
        g = (lo + hi + 1) // 2
    g = min(max(g, lo), hi)
    first = True
    while lo < hi:
        if first or step == "unit":
            t = g if g > lo else lo + 1
        else:
            t = (lo + hi + 1) // 2
        first = False
        if wipe_table:
            e.new_generation()
        if one_pass(e, root, args, t):
            lo, g = t, t + 1
        else:
            hi, g = t - 1, t - 1
    return lo


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args(argv)
    e = Engine(backend="cython")
    variants = (("unit, history cleared", "unit", False), ("bisection, history cleared", "bisect", False),
                ("unit, table cleared too", "unit", True))
    print("| row | kernel nodes | " + " | ".join(v[0] for v in variants) + " |")
    print("|---|---|" + "---|" * len(variants))
    for row in ROWS:
        tot = [0] * (1 + len(variants))
        for pos in deals(row, a.deals, a.seed):
            args = e._begin(pos, NO_CONSTRAINTS, None)
            root = _Root(pos, NO_CONSTRAINTS, _FREE, e.backend)
            n = root.tricks
            g = e._guess(root, pos, None)
            v = e._mtd(root, args, 0, n, g)
            tot[0] += int(e._stats[layout.S_NODES])
            if g < 0:  # the same first guess for every driver: the kernel's, found by a run from it
                g = first_pass_target(e, root, args, n)
            for i, (_, step, wipe) in enumerate(variants):
                e.new_generation()
                e._stats[layout.S_NODES] = 0
                w = driver(e, root, args, 0, n, g, step, wipe)
                assert w == v, (row, w, v)
                tot[i + 1] += int(e._stats[layout.S_NODES])
        print(f"| {row} | {tot[0]} | " + " | ".join(f"{t / tot[0]:.3f}" for t in tot[1:]) + " |", flush=True)


def first_pass_target(e: Engine, root, args, n: int) -> int:
    """The kernel's first guess on this root (kernel.first_guess on the root's hands)."""
    import numpy as np

    from solver.engine.backends import load_backend

    k = load_backend("python").kernel
    return int(min(n, k.first_guess(np.array(root.hands, np.int64), int(args[0][layout.C_TRUMP]),
                                    int(args[0][layout.C_DECL]))))


if __name__ == "__main__":
    main()
