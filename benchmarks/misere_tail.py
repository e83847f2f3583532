"""Where a misère search spends its nodes: the trick starts it expanded, by what they asked.

    python benchmarks/misere_tail.py [--rows 'a defender'] [--deals 40] [--seed 2026] [--only 117,81]
    python benchmarks/misere_tail.py --cuts [--deals 200]
    python benchmarks/misere_tail.py --gaps [--deals 12] [--only 117,81]
    python benchmarks/misere_tail.py --only 159 --seed 7 --rows declarer   # per deal: repeats too

The kernel is loaded as plain Python (slow: about 20 s for a 430 k-node deal) with two lines
added to its source, so that every trick start the search *expanded* — not cut by a bound
or the table — is logged with its hands, leader, the tricks the catchers still need
(``need``), the tricks left (``r``) and the answer. The report groups them by ``need``
against ``r`` (all / all but one / one / in between), the answer (0: the catchers fail)
and who leads (D: the declarer, d: a defender), with each group's share of the row's nodes
counted once (a trick start's own nodes: below it, down to the next expanded trick starts).
A bound that decided a whole group would save about that share. ``--cuts`` (the Cython
build) prints instead how often the first move tried at a node cut, per seat in the trick
and side. ``--gaps``: each failing trick start solved exactly, its nodes' share by how far
the need is above his value and by how far :func:`misere_ceiling` is above the need (a
ceiling under the need would have cut it). With ``--only``, each deal's line also says how
often one trick start (hands, leader, need) was expanded again, and the share of the nodes
those repeats cost: the table should answer a repeat, so a large share means it lost the
entry (that is how the index that ignored the last suit was found). Node counts are those
of the compiled engine, deal by deal (checked).
"""
from __future__ import annotations

import argparse
import collections
import importlib.util
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
from deals import deals  # noqa: E402

from solver import Position  # noqa: E402
from solver.engine import Engine, backends, layout  # noqa: E402

# the lines added to the kernel's source: at an expanded trick start, and where it resolves
PATCHES = (
    ("VOID_LAST = 1 << 50", "TAIL_LOG = []\nTAIL_AT = {}\nVOID_LAST = 1 << 50"),
    ("""                W[d * PLY + W_KEY] = key
                W[d * PLY + W_EXTRA] = extra
""", """                W[d * PLY + W_KEY] = key
                W[d * PLY + W_EXTRA] = extra
                TAIL_AT[d] = (int(h0), int(h1), int(h2), int(ld), int(need), int(r), nodes)
"""),
    ("""        if W[d * PLY + W_EXTRA] >= 0:
            hb = d * PLY + W_H
""", """        if W[d * PLY + W_EXTRA] >= 0:
            TAIL_LOG.append(TAIL_AT[d][:6] + (int(val), nodes - TAIL_AT[d][6], int(d)))
            hb = d * PLY + W_H
"""),
)


def logging_kernel():
    """The kernel's source with :data:`PATCHES`, loaded as the plain-Python backend."""
    src = pathlib.Path(backends.SOURCE).read_text()
    for old, new in PATCHES:
        if src.count(old) != 1:
            raise SystemExit(f"misere_tail: the kernel's source has changed; cannot place {old.strip()[:40]!r}")
        src = src.replace(old, new)
    name = "solver.engine._kernel_tail_python"  # the suffix keeps it plain (no Numba)
    spec = importlib.util.spec_from_loader(name, loader=None, origin=backends.SOURCE)
    mod = importlib.util.module_from_spec(spec)
    mod.__package__ = "solver.engine"
    sys.modules[name] = mod
    exec(compile(src, backends.SOURCE, "exec"), mod.__dict__)
    backends._loaded["python"] = backends._backend("python", mod)
    return mod


def group(need, r, val, decl_leads):
    rel = "all" if need >= r else "all but one" if need == r - 1 else "one" if need == 1 else "between"
    return rel, val, "D" if decl_leads else "d"


def tail(rows, n, seed, only, gaps=False):
    mod = logging_kernel()
    eng = Engine(backend="python")
    fast = Engine(backend="cython")
    for row in rows:
        ds = deals(row, 200 if only else n, seed)
        idx = only or range(n)
        count, own, total = collections.Counter(), collections.Counter(), 0
        gap, slack = collections.Counter(), collections.Counter()
        for i in idx:
            pos = ds[i]
            mod.TAIL_LOG.clear()
            eng.solve(pos)
            fast.solve(pos)
            if eng.nodes != fast.nodes:
                raise SystemExit(f"{row} deal {i}: {eng.nodes} nodes logged, {fast.nodes} compiled")
            total += eng.nodes
            pending = []  # (ply, nodes below) of trick starts not yet claimed by an ancestor
            seen, repeats, again = collections.Counter(), 0, 0
            for *_hands, ld, need, r, val, below, ply in mod.TAIL_LOG:
                kids = 0
                while pending and pending[-1][0] > ply:
                    kids += pending.pop()[1]
                pending.append((ply, below))
                start = (*_hands, ld, need)
                seen[start] += 1
                if seen[start] > 1:
                    repeats += 1
                    again += below - kids
                g = group(need, r, val, ld == pos.declarer)
                count[g] += 1
                own[g] += below - kids
                if gaps and val == 0:
                    dd = int(pos.declarer)
                    hs = _hands
                    v = fast.solve(Position(list(hs), "misere", dd, ld))
                    gap[min(need - v, 4)] += below - kids
                    cap = int(mod.misere_ceiling(hs[dd], hs[(dd + 1) % 3], hs[(dd + 2) % 3], ld == dd))
                    slack[min(cap - need, 4)] += below - kids
            if only:
                print(f"{row} deal {i}: {eng.nodes} nodes, {len(mod.TAIL_LOG)} trick starts expanded "
                      f"({len(seen)} distinct; {repeats} repeats, at most {max(seen.values(), default=0)} of one, "
                      f"{again / max(1, eng.nodes):.3f} of the nodes)")
        print(f"\n{row}: {len(idx)} deals, {total} nodes\n")
        print("| need of r | catchers reach it | leads | trick starts | share of the nodes |")
        print("|---|---|---|---|---|")
        for g in sorted(own, key=lambda g: -own[g]):
            print(f"| {g[0]} | {'yes' if g[1] else 'no'} | {g[2]} | {count[g]} | {own[g] / total:.3f} |")
        if gaps:
            print("\nfailing trick starts, share of the nodes by need - value (4: 4 or more):",
                  {k: round(gap[k] / total, 3) for k in sorted(gap)})
            print("... by misere_ceiling - need (4: 4 or more, or no ceiling):",
                  {k: round(slack[k] / total, 3) for k in sorted(slack)})


def cuts(rows, n, seed):
    eng = Engine(backend="cython")
    st = eng._stats
    for row in rows:
        tot = [0] * 12
        for pos in deals(row, n, seed):
            before = [int(st[layout.S_CUT + j]) for j in range(12)]
            eng.solve(pos)
            for j in range(12):
                tot[j] += int(st[layout.S_CUT + j]) - before[j]
        print(f"\n{row}: first move cut / all cuts")
        for nt in range(3):
            for side, off in (("declarer", 0), ("catchers", 6)):
                f, later = tot[nt * 2 + off], tot[nt * 2 + 1 + off]
                print(f"  card {nt + 1} of the trick, {side} to play: {f / max(1, f + later):.3f} of {f + later}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", default="", help="keep the misère rows whose name contains this text")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", default="", help="deal indices (comma-separated) instead of the first --deals")
    ap.add_argument("--cuts", action="store_true", help="first-move cut rates (Cython) instead")
    ap.add_argument("--gaps", action="store_true", help="failing trick starts by need - value and ceiling - need")
    a = ap.parse_args(argv)
    from deals import ROWS

    rows = [r for r in ROWS if r.startswith("misere") and a.rows in r]
    if a.cuts:
        cuts(rows, a.deals, a.seed)
    else:
        tail(rows, a.deals, a.seed, [int(x) for x in a.only.split(",") if x], a.gaps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
