"""The engine of a git revision against this checkout's, deal by deal in one process.

    python benchmarks/dev/numba_paired.py --old REV [--deals 100] [--backend numba] [--rows 0 3]
    python benchmarks/dev/numba_paired.py --old REV --only new --deals 10   # one side (callgrind)

Issue 14: the Numba compilation of the one kernel (``kernel.py``) against the hand-written
Numba module it replaced (``core.py``, last at ``56a825c^``), and any change to the kernel
against the revision before it, on either compilation. ``solver/engine/`` of ``REV`` is
exported from git into ``/tmp/numba_paired/<commit>/`` and loaded under another name
(``solver._old_engine``) beside this checkout's ``solver.engine``; the rest of ``solver``
(positions, cards) is this checkout's. For ``--backend cython`` a revision with a
``kernel.py`` gets its own extension built there (as ``setup.py`` builds it, ``-O3``); Numba
caches its compiled code there too, so only the first run of a revision compiles.

Each deal of the five rows of ``benchmarks/deals.py`` (the seeded deals of
``backends.py``) is solved by both engines in alternating order, the table emptied
before each solve; thread CPU ms of the whole ``Engine.solve`` and of the kernel call alone
(the backend's ``mtd``). The ratios are new ÷ old per deal; the median of them is
reported per row, with the kernel's time a node (for rows whose trees differ between the
revisions: the misère ordering changed after ``core.py``). Node counts must agree deal by
deal unless ``--nodes-may-differ``.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import pathlib
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent  # benchmarks/dev
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # the dev tools and benchmarks/ (deals.py, ...)
from deals import ROWS, deals  # noqa: E402
from old_code import load_package  # noqa: E402

from solver.engine import Engine  # noqa: E402

WORK = pathlib.Path("/tmp/numba_paired")
BUILD_EXT = (
    "import sys; from setuptools import Extension, setup; from Cython.Build import cythonize; "
    "setup(ext_modules=cythonize([Extension('solver.engine.kernel', ['solver/engine/kernel.py'], "
    "extra_compile_args=['-O3'])], compiler_directives={'language_level': '3'}, build_dir='build', quiet=True), "
    "script_args=['build_ext', '--inplace'])"
)


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def git(*args) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def export(rev: str, backend: str) -> pathlib.Path:
    """``solver/engine`` of ``rev`` in its own directory (kept: Numba's cache lives there)."""
    sha = git("rev-parse", "--verify", f"{rev}^{{commit}}")
    top = WORK / sha
    pkg = top / "solver" / "engine"
    if not (pkg / "__init__.py").exists():
        top.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", sha, "solver/engine"], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(top)], input=archive, check=True)
    if backend == "cython" and (pkg / "kernel.py").exists() and not list(pkg.glob("kernel.*.so")):
        print(f"building the Cython kernel of {sha[:10]} in {top}", file=sys.stderr)
        subprocess.run([sys.executable, "-c", BUILD_EXT], cwd=top, check=True, capture_output=True)
    return pkg


def load_old(rev: str, backend: str):
    """``solver/engine`` at ``rev`` as the package ``solver._old_engine``."""
    return load_package(export(rev, backend), "_old_engine")


class Timed:
    """An engine whose kernel calls (the backend's ``mtd``) are timed in thread CPU."""

    def __init__(self, engine):
        self.engine = engine
        self.kernel_s = 0.0
        inner = engine.backend.mtd

        def mtd(*args):
            t = time.thread_time()
            try:
                return inner(*args)
            finally:
                self.kernel_s += time.thread_time() - t

        engine.backend = dataclasses.replace(engine.backend, mtd=mtd)

    def solve(self, pos):
        """(solve ms, kernel ms, nodes) of one solve from an empty table."""
        self.engine.new_generation()
        self.kernel_s = 0.0
        t = time.thread_time()
        self.engine.solve(pos)
        total = time.thread_time() - t
        return total * 1000, self.kernel_s * 1000, self.engine.nodes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", default="56a825c^", help="a git revision (default: the last with core.py)")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--backend", default="numba", choices=("numba", "cython"))
    ap.add_argument("--rows", type=int, nargs="+", default=list(range(len(ROWS))), help="row numbers 0..4")
    ap.add_argument("--only", choices=("old", "new"), help="solve with one engine only (instruction counts)")
    ap.add_argument("--nodes-may-differ", action="store_true", help="report, do not fail on, other trees")
    ap.add_argument("--warm", type=int, default=3, help="deals solved first, not counted")
    args = ap.parse_args()
    rows = [list(ROWS)[i] for i in args.rows]
    engines = {}
    if args.only != "new":
        old = load_old(args.old, args.backend)
        engines["old"] = Timed(old.Engine(backend=args.backend))
    if args.only != "old":
        engines["new"] = Timed(Engine(backend=args.backend))
    for e in engines.values():
        assert e.engine.backend.name == args.backend, e.engine.backend.name
    for pos in deals(rows[0], args.warm):
        for e in engines.values():
            e.solve(pos)
    if args.only:
        for row in rows:
            for pos in deals(row, args.deals):
                engines[args.only].solve(pos)
        return 0
    bad = 0
    print(f"## {args.backend}: old ({args.old}) against new, thread CPU ms per deal ({args.deals} deals a row, "
          f"paired, alternating, table emptied before each solve; load {os.getloadavg()[0]:.1f})\n")
    print("| category | old solve median | new solve median | new/old solve | old kernel median "
          "| new kernel median | new/old kernel | p10–p90 of kernel ratios | new/old kernel a node | old nodes median "
          "| new nodes median | same nodes |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        t = {w: [] for w in engines}
        k = {w: [] for w in engines}
        nodes = {w: [] for w in engines}
        for i, pos in enumerate(deals(row, args.deals)):
            for w in (("old", "new") if i % 2 == 0 else ("new", "old")):
                ms, kms, n = engines[w].solve(pos)
                t[w].append(ms)
                k[w].append(kms)
                nodes[w].append(n)
        same = nodes["old"] == nodes["new"]
        if not same:
            bad += not args.nodes_may_differ
            diff = sum(a != b for a, b in zip(nodes["old"], nodes["new"]))
            print(f"NODES DIFFER {row}: {diff} deals", file=sys.stderr)
        rs = [n / o for n, o in zip(t["new"], t["old"]) if o > 0]
        rk = [n / o for n, o in zip(k["new"], k["old"]) if o > 0]
        rn = [(kn / nn) / (ko / no) for kn, nn, ko, no in zip(k["new"], nodes["new"], k["old"], nodes["old"]) if ko > 0]
        print(f"| {row} | {statistics.median(t['old']):.3f} | {statistics.median(t['new']):.3f} "
              f"| {statistics.median(rs):.3f} | {statistics.median(k['old']):.3f} | {statistics.median(k['new']):.3f} "
              f"| {statistics.median(rk):.3f} | {pct(rk, .1):.2f}–{pct(rk, .9):.2f} "
              f"| {statistics.median(rn):.3f} | {statistics.median(nodes['old']):.0f} "
              f"| {statistics.median(nodes['new']):.0f} | {'yes' if same else 'NO'} |", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
