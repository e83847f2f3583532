"""A ruling that searches long says so: progress on stderr once it has run a second.

A ruling asks the double-dummy engine many questions (every layout of a claim, every
discard of rule 9, every remedy). :class:`ProgressEngine` is the engine that counts them:
on a terminal, after ``delay`` seconds a ``tqdm`` line shows the searches done and the nodes
searched, and it is gone from the output of a quick ruling; in a log (not a terminal) a
plain line every ten seconds, never a carriage return. ``node_budget`` bounds each search
(:class:`~solver.errors.SearchLimitError`, reported as a one-line error).
"""
from __future__ import annotations

import sys
import time

from solver.engine import Engine

DELAY = 1.0  # seconds before the progress line appears


class ProgressEngine(Engine):
    """An :class:`~solver.engine.Engine` that reports each search to a progress line."""

    def __init__(self, *, node_budget: int | None = None, stream=None, delay: float = DELAY, **kw):
        super().__init__(node_budget=node_budget, reuse_table=True, **kw)
        from tqdm import tqdm  # only a ruling needs it

        self.total_nodes = 0
        self.searches = 0
        self.stream = stream if stream is not None else sys.stderr
        tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.monotonic()
        self.last: float | None = None  # the last plain line (not a terminal): the first after ``delay``
        self.delay = delay
        # a terminal sees the line redrawn; a log file gets a plain line every ten seconds
        self.bar = tqdm(desc="prefdd rule: searching", unit=" searches", delay=delay, leave=False, file=self.stream,
                        dynamic_ncols=True, mininterval=0.5) if tty else None

    def _count(self, searches: int) -> None:
        self.total_nodes += int(self.nodes)
        self.searches += searches
        if self.bar is not None:
            self.bar.set_postfix_str(f"{self.total_nodes:,} nodes", refresh=False)
            self.bar.update(searches)
            return
        now = time.monotonic()
        if (self.last is None and now - self.start >= self.delay) or (self.last is not None and now - self.last >= 10.0):
            self.last = now
            print(f"prefdd rule: searching: {self.searches:,} searches, {self.total_nodes:,} nodes, "
                  f"{now - self.start:.0f} s", file=self.stream, flush=True)

    def analyse(self, *args, **kw):
        try:
            return super().analyse(*args, **kw)
        finally:
            self._count(1)

    def solve_layouts(self, pos, layouts, cards=None, progress=None, **kw):
        out: list = []
        try:
            out = super().solve_layouts(pos, layouts, cards, progress, **kw)
            return out
        finally:
            self._count(len(out))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()

    def __enter__(self) -> ProgressEngine:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
