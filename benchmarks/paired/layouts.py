"""Every layout of one declarer hand, prefdd beside another solver: histograms and CPU.

    python -m benchmarks.paired.layouts [--against CMD] [--layouts 184756] [--strains s,nt,misere]
                                        [--loop 5000] [--workers 2] [--order lex|door] [--seed 2026]
                                        [--table-mb 128] [--rounds 1] [--json]

One seeded full deal (``--seed``): the declarer (seat 0) holds 10 cards and leads, 2 cards
are out of play (the talon discarded), and the 20 cards of the other two hands are split
10/10 every way: C(20, 10) = 184,756 layouts (``--layouts`` keeps the first N in the
order ``--order``: ``lex``, lexicographic — the order ``solve_layouts`` searches them in
whatever it is given, and the other solver gets them in the same order — or ``door``,
revolving door, one card pair swapped from one layout to the next). Per strain (spades as
the trump suit, no-trump, misère):

* prefdd's compiled loop (:meth:`Engine.solve_layouts`, one process): thread CPU, nodes;
* with ``--loop N``, the plain Python loop over :meth:`Engine.solve` on the first N layouts
  (thread CPU a layout, scaled to all: the loop it replaces);
* with ``--workers W`` (> 1), the same layouts in W processes: wall time, and its ratio to
  the one process's CPU;
* with ``--against CMD``, the other solver over the same layouts, one request a line
  (docs/paired-benchmark.md's protocol), the sum of its ``us`` (its search's thread CPU),
  paired with ours chunk by chunk (``--chunk`` layouts a turn, each side keeping its table,
  the order alternating), so that a load spike hits both, and the sum of its ``nodes`` where
  it reports them on every line;
  a driver that keeps its table from line to line while contract and declarer stay the
  same (slovesnov's "solve all deals" mode) is what this pairs with. The histograms (how
  many layouts give the declarer k tricks) must agree: exit status 1 if not.

``--rounds`` repeats each measurement (median and spread are reported). The requests are
written by a thread while the answers are read, so the pipe's round trips do not wait.
``--json`` prints every figure as one JSON document.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import statistics
import subprocess
import sys
import threading
import time

from solver import Card, Position
from solver.engine import Engine
from solver.engine.many import split_layouts

from .protocol import hand_text

STRAINS = {"s": "s", "nt": "nt", "misere": "misere"}


def the_deal(seed: int):
    rng = random.Random(f"layouts:{seed}")
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[i * 10:(i + 1) * 10]) for i in range(3)]
    return hands, cards[30:]


def layouts_of(hands, n: int, order: str) -> list:
    out = []
    for lay in split_layouts(0, hands[0], hands[1] | hands[2], 1, 10, order):
        out.append(lay)
        if len(out) >= n:
            break
    return out


def histogram(values) -> list:
    h = [0] * 11
    for v in values:
        h[v] += 1
    return h


def ours(pos, lays, table_mb: float, backend: str | None) -> tuple:
    eng = Engine(layouts_table_mb=table_mb, backend=backend)
    t = time.thread_time()
    vals = eng.solve_layouts(pos, lays)
    return time.thread_time() - t, vals, eng.nodes


def ours_workers(pos, lays, table_mb: float, backend: str | None, workers: int) -> tuple:
    eng = Engine(layouts_table_mb=table_mb, backend=backend)
    w = time.perf_counter()
    vals = eng.solve_layouts(pos, lays, workers=workers)
    return time.perf_counter() - w, vals


def ours_loop(pos, lays, backend: str | None) -> float:
    eng = Engine(backend=backend)
    t = time.thread_time()
    eng.solve_layouts(pos, lays, compiled=False)
    return time.thread_time() - t


class Theirs:
    """The other solver, started once a strain: chunks of layouts in, their tricks and the
    sum of their ``us`` out (the requests written by a thread while the answers are read)."""

    def __init__(self, cmd: str, pos, strain: str):
        self.cmd = cmd
        self.proc = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     bufsize=1 << 16)
        self.tail = f" strain={strain} declarer={int(pos.declarer)} leader={int(pos.leader)}\n"

    def solve(self, lays) -> tuple:
        def write():
            try:
                for h in lays:
                    self.proc.stdin.write("hands=" + "/".join(hand_text(x) for x in h) + self.tail)
                self.proc.stdin.flush()
            except BrokenPipeError:
                pass

        w = threading.Thread(target=write, daemon=True)
        w.start()
        vals, us, nodes = [], 0.0, 0
        for i in range(len(lays)):
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(f"paired.layouts: --against {self.cmd!r} stopped after {i} answers")
            f = dict(t.split("=", 1) for t in line.split())
            if "error" in f:
                raise SystemExit(f"paired.layouts: --against {self.cmd!r}: {line.strip()}")
            vals.append(int(f["tricks"]))
            us += float(f["us"])
            nodes = nodes + int(f["nodes"]) if nodes is not None and "nodes" in f else None
        w.join()
        return us / 1e6, vals, nodes

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def paired(cmd: str, pos, lays, strain: str, table_mb: float, backend: str | None, chunk: int) -> tuple:
    """Both solvers over the layouts, chunk by chunk in turn (ours first on even chunks), each
    keeping its table throughout: a load spike hits both alike."""
    eng = Engine(layouts_table_mb=table_mb, backend=backend)
    eng.reserve_layouts(len(lays))  # the table of the whole set from the first chunk on
    other = Theirs(cmd, pos, strain)
    ours_cpu = theirs_cpu = 0.0
    nodes = 0
    their_nodes: int | None = 0
    ov: list = []
    tv: list = []
    try:
        for k, a in enumerate(range(0, len(lays), chunk)):
            part = lays[a:a + chunk]
            for side in ((0, 1) if k % 2 == 0 else (1, 0)):
                if side == 0:
                    t = time.thread_time()
                    ov.extend(eng.solve_layouts(pos, part))
                    ours_cpu += time.thread_time() - t
                    nodes += eng.nodes
                else:
                    c, v, n = other.solve(part)
                    theirs_cpu += c
                    tv.extend(v)
                    their_nodes = their_nodes + n if their_nodes is not None and n is not None else None
    finally:
        other.close()
    return ours_cpu, theirs_cpu, ov, tv, nodes, their_nodes


def spread(xs) -> str:
    return f"{statistics.median(xs):.2f} ({min(xs):.2f}–{max(xs):.2f})" if len(xs) > 1 else f"{xs[0]:.2f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog=f"python -m {__spec__.name if __spec__ else __name__}".removesuffix(".__main__"),
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--against", default=None)
    ap.add_argument("--layouts", type=int, default=184756)
    ap.add_argument("--strains", default="s,nt,misere")
    ap.add_argument("--loop", type=int, default=0, help="layouts timed on the plain Python loop (scaled)")
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--order", default="lex", choices=("door", "lex"))
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--table-mb", type=float, default=128, help="the layouts' table (Engine(layouts_table_mb=...))")
    ap.add_argument("--backend", default=None)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=4096, help="layouts a turn when paired (each side in turn)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    hands, out_cards = the_deal(args.seed)
    lays = layouts_of(hands, args.layouts, args.order)
    report: dict = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "machine": platform.machine(),
                    "load": os.getloadavg(), "layouts": len(lays), "order": args.order, "seed": args.seed,
                    "table_mb": args.table_mb, "declarer": hand_text(hands[0]), "strains": {}}
    status = 0
    for strain in args.strains.split(","):
        pos = Position(hands, STRAINS[strain], 0, 0, out=[Card(c) for c in out_cards])
        row: dict = {"ours_cpu": [], "nodes": None}
        vals = None
        for _ in range(args.rounds if not args.against else 0):  # paired: ours is timed there
            cpu, v, nodes = ours(pos, lays, args.table_mb, args.backend)
            row["ours_cpu"].append(cpu)
            row["nodes"] = nodes
            vals = v
        if args.against:
            row["theirs_cpu"] = []
            for _ in range(args.rounds):
                oc, cpu, ov, tv, nodes, their_nodes = paired(args.against, pos, lays, strain, args.table_mb, args.backend, args.chunk)
                row["theirs_cpu"].append(cpu)
                row["ours_cpu"].append(oc)
                row["nodes"] = nodes
                row["their_nodes"] = their_nodes
                if vals is not None and ov != vals:
                    print(f"{strain}: our rounds disagree", file=sys.stderr)
                    status = 1
                vals = ov
                if histogram(tv) != histogram(ov):
                    print(f"{strain}: histograms disagree: ours {histogram(ov)} theirs {histogram(tv)}", file=sys.stderr)
                    status = 1
                row["layouts_differing"] = sum(1 for a, b in zip(ov, tv) if a != b)
        row["histogram"] = histogram(vals)
        if args.loop:
            sub = lays[:args.loop]
            row["loop_cpu_scaled"] = [ours_loop(pos, sub, args.backend) * len(lays) / len(sub) for _ in range(args.rounds)]
        if args.workers > 1:
            row["workers"] = args.workers
            row["wall"] = []
            for _ in range(args.rounds):
                wall, v = ours_workers(pos, lays, args.table_mb, args.backend, args.workers)
                if v != vals:
                    print(f"{strain}: workers={args.workers} disagree with one process", file=sys.stderr)
                    status = 1
                row["wall"].append(wall)
        report["strains"][strain] = row
        if not args.json:
            print(line_of(strain, row), flush=True)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"# {report['date']}, {len(lays)} layouts ({args.order}), declarer {report['declarer']}, "
              f"load {' '.join(f'{x:.2f}' for x in report['load'])}")
    return status


def line_of(strain: str, row: dict) -> str:
    parts = [f"{strain:7}", f"ours {spread(row['ours_cpu'])} s", f"nodes {row['nodes']:,}"]
    if "loop_cpu_scaled" in row:
        lc = row["loop_cpu_scaled"]
        parts.append(f"loop {spread(lc)} s ({statistics.median(row['ours_cpu']) / statistics.median(lc):.2f}x)")
    if "wall" in row:
        w = statistics.median(row["wall"])
        parts.append(f"wall x{row['workers']} {spread(row['wall'])} s ({w / statistics.median(row['ours_cpu']):.2f}x our CPU)")
    if "theirs_cpu" in row:
        ratios = [o / t for o, t in zip(row["ours_cpu"], row["theirs_cpu"])]
        theirs = f"theirs {spread(row['theirs_cpu'])} s"
        if row.get("their_nodes") is not None:
            theirs += f" (nodes {row['their_nodes']:,})"
        parts.append(f"{theirs}, ours/theirs {spread(ratios)}; layouts differing {row['layouts_differing']}")
    parts.append(f"hist {row['histogram']}")
    return "  ".join(parts)


if __name__ == "__main__":
    sys.exit(main())
