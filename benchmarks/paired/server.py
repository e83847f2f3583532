"""prefdd's own side of the paired benchmark's line protocol (docs/paired-benchmark.md).

Reads one request a line on stdin, answers one line on stdout, until end of input::

    python -m benchmarks.paired.server [--backend cython] [--table-mb 8]

so ``python -m benchmarks.paired --against "python -m benchmarks.paired.server"`` pairs prefdd
with itself, and another solver's author can check a driver against a known-good one.
The table is emptied (a new generation) before the timer starts; ``us`` is the thread CPU
time of ``Engine.solve`` alone.
"""
from __future__ import annotations

import argparse
import sys
import time

from solver.engine import Engine
from solver.engine.api import DEFAULT_TABLE_MB
from solver.errors import PrefError

from .protocol import ProtocolError, format_answer, parse_request


def serve(engine: Engine, lines, out) -> None:
    for line in lines:
        if not line.strip():
            continue
        try:
            pos = parse_request(line)
        except ProtocolError as e:
            print(f"error={str(e).replace(chr(10), ' ')}", file=out, flush=True)
            continue
        engine.new_generation()
        t = time.thread_time()
        tricks = engine.solve(pos)
        us = (time.thread_time() - t) * 1e6
        print(format_answer(tricks, us, engine.nodes), file=out, flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog=f"python -m {__spec__.name if __spec__ else __name__}".removesuffix(".__main__"),
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--backend", default=None, help="auto (default), cython or numba")
    ap.add_argument("--table-mb", type=float, default=DEFAULT_TABLE_MB)
    args = ap.parse_args(argv)
    try:
        engine = Engine(table_mb=args.table_mb, backend=args.backend)
    except PrefError as e:
        sys.exit(f"paired.server: --backend {args.backend}: {e}")
    serve(engine, sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
