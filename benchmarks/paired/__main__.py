"""Pair prefdd with another solver deal by deal: the same seeded deals, one run, thread CPU.

    python -m benchmarks.paired --against CMD [--backend cython] [--deals 100] [--seed 2026] [--json]

``CMD`` is started once and kept running; it speaks the line protocol of
``docs/paired-benchmark.md`` (``benchmarks/paired/protocol.py``): a position in, the declarer's
tricks and the CPU microseconds of its search out. Each deal of the five rows of
``benchmarks/deals.py`` is solved by both, in alternating order, our table emptied (a new
generation) before our timer starts. The trick counts must agree: a disagreement means
one solver is wrong, is reported on stderr as it happens and makes the exit status 1.

Per row: median / p90 / max ms for both, the median of the per-deal ratios (ours ÷
theirs), the ratios of p90 and max, our node counts, whether the issue-15 goal holds
(median ratio at most 0.25, p90 and max below theirs), and the worst deals (nodes, ms)
with the request that reproduces each. ``--json`` prints the same as one JSON document,
with every deal's figures (``per_deal``) besides.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import queue
import shlex
import statistics
import subprocess
import sys
import threading
import time

from solver.engine import Engine
from solver.engine.api import DEFAULT_TABLE_MB
from solver.errors import PrefError

from ..deals import ROWS, deals
from ..engine_table import pct
from .protocol import ProtocolError, format_request, parse_answer

GOAL_MEDIAN_RATIO = 0.25  # issue 15: every row's median at most a quarter of the other's


class SolverFailed(Exception):
    """The external solver died, hung, or broke the protocol."""


class External:
    """A long-lived solver process: one request line in, one answer line out."""

    def __init__(self, cmd: str, timeout: float):
        self.cmd = cmd
        self.timeout = timeout
        try:
            self.proc = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, bufsize=1)
        except OSError as e:
            raise SolverFailed(f"--against {cmd!r}: cannot start it: {e}") from None
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def ask(self, request: str):
        try:
            self.proc.stdin.write(request + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # it died; the read below says how
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise SolverFailed(f"--against {self.cmd!r}: no answer within {self.timeout:g} s to: {request}") from None
        if line is None:
            code = self.proc.wait()
            raise SolverFailed(f"--against {self.cmd!r}: exited (status {code}) without answering: {request}")
        try:
            return parse_answer(line)
        except ProtocolError as e:
            raise SolverFailed(f"--against {self.cmd!r}: {e}; the request was: {request}") from None

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def ours(engine: Engine, pos):
    engine.new_generation()
    t = time.thread_time()
    tricks = engine.solve(pos)
    return tricks, (time.thread_time() - t) * 1000, engine.nodes


def summary(xs) -> dict:
    return {"median": statistics.median(xs), "p90": pct(xs, 0.9), "max": max(xs)}


def run_row(engine: Engine, peer: External, row: str, n: int, seed: int, worst: int) -> dict:
    deals_ = []
    disagreements = []
    for i, pos in enumerate(deals(row, n, seed)):
        req = format_request(pos)
        if i % 2:  # alternate who goes first: whatever one leaves in the caches, both get it
            theirs = peer.ask(req)
            t, ms, nodes = ours(engine, pos)
        else:
            t, ms, nodes = ours(engine, pos)
            theirs = peer.ask(req)
        d = {"index": i, "request": req, "tricks": t, "their_tricks": theirs.tricks, "nodes": nodes,
             "ms": ms, "their_ms": theirs.us / 1000, "their_nodes": theirs.nodes}
        if theirs.tricks != t:
            disagreements.append(d)
            print(f"DISAGREEMENT ({row}, deal {i}): prefdd {t} tricks, --against {theirs.tricks}: {req}",
                  file=sys.stderr, flush=True)
        deals_.append(d)
    mine = [d["ms"] for d in deals_]
    other = [d["their_ms"] for d in deals_]
    # a ratio needs a positive denominator: a solver answering in 0 µs counts as 0.1 µs
    ratios = [d["ms"] / max(d["their_ms"], 1e-4) for d in deals_]
    o, t = summary(mine), summary(other)
    out = {
        "row": row,
        "deals": len(deals_),
        "ours_ms": o,
        "theirs_ms": t,
        "median_of_ratios": statistics.median(ratios),
        "ratio_of_medians": o["median"] / max(t["median"], 1e-4),
        "ratio_p90": o["p90"] / max(t["p90"], 1e-4),
        "ratio_max": o["max"] / max(t["max"], 1e-4),
        "nodes": summary([d["nodes"] for d in deals_]),
        "their_nodes": (summary([d["their_nodes"] for d in deals_])
                        if all(d["their_nodes"] is not None for d in deals_) else None),
        "worst": sorted(deals_, key=lambda d: -d["ms"])[:worst],
        "per_deal": deals_,
        "disagreements": disagreements,
    }
    out["goal_met"] = (out["median_of_ratios"] <= GOAL_MEDIAN_RATIO and o["p90"] < t["p90"] and o["max"] < t["max"])
    return out


def print_report(rep: dict) -> None:
    print(f"# {rep['date']} {rep['machine']}; load average {rep['load_before']:.2f} -> {rep['load_after']:.2f}")
    print(f"# prefdd backend {rep['backend']} (table {rep['table_mb']} MB) against: {rep['against']}")
    print(f"# {rep['deals']} seeded deals a row (seed {rep['seed']}), thread CPU ms of each solve call alone, "
          "paired deal by deal; ratio = prefdd ÷ the other\n")
    print("| category | prefdd median | p90 | max | other median | p90 | max | median of ratios "
          "| p90 ratio | max ratio | nodes median | p90 | max | other's nodes median | goal |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rep["rows"]:
        o, t, nd = r["ours_ms"], r["theirs_ms"], r["nodes"]
        tn = f"{int(r['their_nodes']['median'])}" if r["their_nodes"] else "—"
        print(f"| {r['row']} | {o['median']:.2f} | {o['p90']:.2f} | {o['max']:.1f} | {t['median']:.2f} "
              f"| {t['p90']:.2f} | {t['max']:.1f} | {r['median_of_ratios']:.2f} | {r['ratio_p90']:.2f} "
              f"| {r['ratio_max']:.2f} | {int(nd['median'])} | {int(nd['p90'])} | {int(nd['max'])} | {tn} "
              f"| {'met' if r['goal_met'] else 'not met'} |")
    for r in rep["rows"]:
        print(f"\n## {r['row']}: the {len(r['worst'])} slowest deals for prefdd\n")
        print("| deal | nodes | prefdd ms | other ms | ratio | request |")
        print("|---|---|---|---|---|---|")
        for d in r["worst"]:
            print(f"| {d['index']} | {d['nodes']} | {d['ms']:.2f} | {d['their_ms']:.2f} "
                  f"| {d['ms'] / max(d['their_ms'], 1e-4):.2f} | `{d['request']}` |")
    bad = sum(len(r["disagreements"]) for r in rep["rows"])
    print(f"\ntrick counts: {'all agree' if not bad else f'{bad} DISAGREEMENTS (one solver is wrong)'}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog=f"python -m {__spec__.name if __spec__ else __name__}".removesuffix(".__main__"),
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--against", required=True, help="command of a solver speaking docs/paired-benchmark.md")
    ap.add_argument("--backend", default="cython", help="cython (default), numba or auto")
    ap.add_argument("--deals", type=int, default=100, help="deals a row (default 100)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rows", default="", help="only the rows whose name contains this text")
    ap.add_argument("--worst", type=int, default=10, help="slowest deals listed a row (default 10)")
    ap.add_argument("--warmup", type=int, default=5, help="untimed deals first, for both (default 5)")
    ap.add_argument("--table-mb", type=float, default=DEFAULT_TABLE_MB)
    ap.add_argument("--timeout", type=float, default=120, help="seconds to wait for one answer (default 120)")
    ap.add_argument("--json", action="store_true", help="print one JSON document instead of tables")
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    rows = [r for r in ROWS if args.rows in r]
    if not rows:
        ap.error(f"--rows {args.rows!r} matches none of: {', '.join(ROWS)}")
    try:
        engine = Engine(table_mb=args.table_mb, backend=args.backend)
    except PrefError as e:
        print(f"paired: --backend {args.backend}: {e}", file=sys.stderr)
        return 2
    load_before = os.getloadavg()[0]
    try:
        peer = External(args.against, args.timeout)
    except SolverFailed as e:
        print(f"paired: {e}", file=sys.stderr)
        return 2
    try:
        for pos in deals("trump, declarer leads", args.warmup, args.seed + 1):  # compile, touch tables
            ours(engine, pos)
            peer.ask(format_request(pos))
        results = [run_row(engine, peer, row, args.deals, args.seed, args.worst) for row in rows]
    except SolverFailed as e:
        print(f"paired: {e}", file=sys.stderr)
        return 2
    finally:
        peer.close()
    rep = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_before": load_before, "load_after": os.getloadavg()[0],
        "backend": engine.backend.name, "table_mb": args.table_mb, "against": args.against,
        "deals": args.deals, "seed": args.seed, "rows": results,
        "agree": not any(r["disagreements"] for r in results),
    }
    if args.json:
        json.dump(rep, sys.stdout, indent=1)
        print()
    else:
        print_report(rep)
    return 0 if rep["agree"] else 1


if __name__ == "__main__":
    sys.exit(main())
