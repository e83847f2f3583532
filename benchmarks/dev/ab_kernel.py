"""Two builds of the Cython kernel side by side in one process: is a change faster per deal?

    python benchmarks/dev/ab_kernel.py snapshot NAME [--from REV] [--define BUCKET=8]   # compile kernel.py (or git REV's) as kernel_NAME ($AB_CFLAGS added)
    python benchmarks/dev/ab_kernel.py compare OLD NEW [--deals 60] [--rounds 2] [--rows TEXT]
    python benchmarks/dev/ab_kernel.py compare OLD:8 NEW:1 ...   # NAME:MB: that build with a table of MB

A snapshot is the kernel source (the work tree's, or a commit's) cythonized under its own
module name into ``$AB_DIR`` (default ``/tmp/prefdd-ab``), so any number of builds load
into one process. ``compare`` solves every deal of the rows of ``deals.py`` with both, in
alternating order, ``--rounds`` times, each through an :class:`~solver.engine.Engine` (the same
Python around both), timed in thread CPU; it prints per row the median of the per-deal time
ratios NEW ÷ OLD and each build's node total (they must agree unless the change reorders
moves). On a loaded machine this is the figure to trust: the load hits both builds alike.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent  # benchmarks/dev
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # the dev tools and benchmarks/ (deals.py, ...)
AB_DIR = pathlib.Path(os.environ.get("AB_DIR", "/tmp/prefdd-ab"))


def snapshot(name: str, rev: str | None, defines: list[str] = ()) -> pathlib.Path:
    out = AB_DIR / name
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    mod = f"kernel_{name}"
    defined = set()
    entry = f"searcher_{name}"  # the entry points, cimporting this build's kernel (a revision since they moved)
    built = []
    for src, dst in (("solver/engine/kernel.py", f"{mod}.py"), ("solver/engine/kernel.pxd", f"{mod}.pxd"),
                     ("solver/engine/layout.pxi", "layout.pxi"), ("solver/engine/searcher.py", f"{entry}.py"),
                     ("solver/engine/searcher.pxd", f"{entry}.pxd")):
        if rev:
            got = subprocess.run(["git", "show", f"{rev}:{src}"], cwd=ROOT, capture_output=True, text=True)
            if got.returncode and not src.startswith("solver/engine/kernel."):  # a revision from before the file
                continue
            got.check_returncode()
            text = got.stdout
        elif (ROOT / src).exists() or src.startswith("solver/engine/kernel."):
            text = (ROOT / src).read_text()
        else:
            continue
        text = text.replace("from solver.engine.kernel cimport", f"from {mod} cimport")
        if dst.endswith(".py"):
            built.append(dst[:-3])
        if not src.endswith(".py"):  # a compile-time constant of the enum set otherwise (another bucket size ...)
            for d in defines:
                k, v = d.split("=")
                text, hits = re.subn(rf"^    {k} = .*$", f"    {k} = {int(v)}", text, flags=re.M)
                if hits:
                    defined.add(d)
        (out / dst).write_text(text)
    if set(defines) - defined:
        raise SystemExit(f"--define {sorted(set(defines) - defined)}: no such constant in the enum")
    if "tables.h" in (out / f"{mod}.pxd").read_text():  # the lookup tables filled at build time (tables.py)
        src = "solver/engine/tables.py"
        text = (subprocess.run(["git", "show", f"{rev}:{src}"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
                if rev else (ROOT / src).read_text())
        (out / "tables_gen.py").write_text(text)
        subprocess.run([sys.executable, "-c", "import tables_gen, pathlib; pathlib.Path('tables.h').write_text(tables_gen.header_text())"], cwd=out, check=True)
    # the kernel imports its layout relatively only when uncompiled; the compiled build needs nothing else
    flags = ["-O3", "-g"] + os.environ.get("AB_CFLAGS", "").split()  # -g: callgrind's lines, same code
    setup = out / "setup_ab.py"
    exts = ", ".join(f"Extension({m!r}, [{m + '.py'!r}], extra_compile_args={flags!r}, extra_link_args={flags!r})"
                     for m in built)
    setup.write_text(
        "from setuptools import Extension, setup\nfrom Cython.Build import cythonize\n"
        f"setup(ext_modules=cythonize([{exts}], compiler_directives={{'language_level': '3'}}, quiet=True))\n")
    subprocess.run([sys.executable, "setup_ab.py", "build_ext", "--inplace", "-q"], cwd=out, check=True)
    return out


def load(name: str, prefix: str = "kernel"):
    """The snapshot's extension ``<prefix>_NAME`` (registered by its name: the entry points import their kernel)."""
    out = AB_DIR / name
    mod = f"{prefix}_{name}"
    if mod in sys.modules:
        return sys.modules[mod]
    so = next((p for p in out.iterdir() if p.name.startswith(mod + ".") and p.suffix in (".so", ".pyd")), None)
    if so is None:
        return None
    spec = importlib.util.spec_from_file_location(mod, so)
    m = importlib.util.module_from_spec(spec)
    sys.modules[mod] = m
    spec.loader.exec_module(m)
    return m


def engine_on(kernel, entry=None):
    """An engine on a snapshot's kernel (and its entry points: in the kernel before they moved)."""
    from solver.engine import Engine
    from solver.engine.backends import Backend

    e = Engine()
    front = entry or kernel
    if not hasattr(front, "zeros"):  # a snapshot from before the kernel made its own arrays
        front.zeros, front.array = e.backend.front.zeros, e.backend.front.array
    if not hasattr(front, "view_of"):  # a snapshot from before the kernel made the tables' views
        front.view_of = e.backend.front.view_of
    e.backend = Backend("cython", front.search, front.mtd, tuple(front.build_tables()), kernel, entry)
    return e


def engine_for(spec: str):
    """The engine of a snapshot, ``NAME`` or ``NAME:MB`` (its table that size; else the default)."""
    from solver.engine.api import new_table

    name, _, mb = spec.partition(":")
    e = engine_on(load(name), load(name, "searcher"))
    if mb:
        e.tt = new_table(e.backend, float(mb))
    return e


def compare(old: str, new: str, n: int, rounds: int, rows: str, seed: int) -> None:
    from deals import ROWS, deals

    ea, eb = engine_for(old), engine_for(new)
    print(f"{'row':28} {'new/old median':>14} {'p10':>6} {'p90':>6} {'old ms':>7} {'new ms':>7} {'nodes old':>10} {'nodes new':>10}")
    for row in ROWS:
        if rows and rows not in row:
            continue
        ps = deals(row, n, seed)
        for p in ps[:3]:  # warm-up
            ea.solve(p)
            eb.solve(p)
        ratios, ta, tb = [], [], []
        na = nb = 0
        for rnd in range(rounds):
            for i, p in enumerate(ps):
                order = (ea, eb) if (i + rnd) % 2 == 0 else (eb, ea)
                t = {}
                v = {}
                for e in order:
                    t0 = time.thread_time()
                    v[id(e)] = e.solve(p)
                    t[id(e)] = time.thread_time() - t0
                    if rnd == 0:
                        if e is ea:
                            na += e.nodes
                        else:
                            nb += e.nodes
                if v[id(ea)] != v[id(eb)]:
                    raise SystemExit(f"{row} deal {i}: the builds disagree ({v[id(ea)]} vs {v[id(eb)]})")
                ratios.append(t[id(eb)] / max(t[id(ea)], 1e-9))
                ta.append(t[id(ea)])
                tb.append(t[id(eb)])
        q = statistics.quantiles(ratios, n=10)
        print(f"{row:28} {statistics.median(ratios):14.3f} {q[0]:6.3f} {q[-1]:6.3f} "
              f"{statistics.median(ta) * 1e3:7.3f} {statistics.median(tb) * 1e3:7.3f} {na:10d} {nb:10d}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("snapshot")
    s.add_argument("name")
    s.add_argument("--from", dest="rev", default=None, help="a git revision instead of the work tree")
    s.add_argument("--define", action="append", default=[], help="NAME=VALUE: a constant of kernel.pxd's enum")
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    c.add_argument("--deals", type=int, default=60)
    c.add_argument("--rounds", type=int, default=2)
    c.add_argument("--rows", default="")
    c.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    if a.cmd == "snapshot":
        print(snapshot(a.name, a.rev, a.define))
    else:
        compare(a.old, a.new, a.deals, a.rounds, a.rows, a.seed)


if __name__ == "__main__":
    main()
