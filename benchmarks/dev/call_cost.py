"""The Python around a solve: µs an ``Engine.solve`` call where the search is nothing.

    python benchmarks/dev/call_cost.py [--calls 20000] [--repeat 7] [--backend cython]

A two-trick ending (the kernel plays it out at the root: one node), solved over and over
on one engine; thread CPU, the best of ``--repeat`` runs (the machine's load only adds).
Also a full deal's ``all_cards`` and ``line`` calls, which search a child position per card.
"""
from __future__ import annotations

import argparse
import time

from solver import Card, Position
from solver.engine import Engine


def per_call(fn, calls: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.thread_time()
        for _ in range(calls):
            fn()
        best = min(best, time.thread_time() - t0)
    return best / calls * 1e6


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--backend", default="cython")
    a = ap.parse_args(argv)
    e = Engine(backend=a.backend)
    hands = [[Card.parse(c) for c in h] for h in (["As", "Qs"], ["Ks", "9s"], ["Js", "8s"])]
    for contract in ("7s", "7nt", "misere"):
        p = Position(hands, contract, 0, 0)
        e.solve(p)
        us = per_call(lambda p=p: e.solve(p), a.calls, a.repeat)
        print(f"solve, a 2-trick ending, {contract:6}: {us:6.2f} µs a call ({e.nodes} node)")
    p = Position(hands, "7s", 0, 0)
    us = per_call(lambda: e.analyse(p, all_cards=True, line=True), a.calls // 4, a.repeat)
    print(f"analyse(all_cards, line), the same   : {us:6.2f} µs a call")


if __name__ == "__main__":
    main()
