"""A ruling that searches long says so: progress on stderr once it has run a second.

A ruling asks the double-dummy engine many questions (every layout of a claim, every
discard of rule 9, every remedy). :class:`ProgressEngine` is the engine that counts them:
after ``delay`` seconds a ``tqdm`` line on stderr shows the searches done and the nodes
searched, and it is gone from the output of a quick ruling. ``node_budget`` bounds each
search (:class:`~solver.errors.SearchLimitError`, reported as a one-line error).
"""
from __future__ import annotations

import sys

from solver.engine import Engine

DELAY = 1.0  # seconds before the progress line appears


class ProgressEngine(Engine):
    """An :class:`~solver.engine.Engine` that reports each search to a progress line."""

    def __init__(self, *, node_budget: int | None = None, stream=None, delay: float = DELAY, **kw):
        super().__init__(node_budget=node_budget, reuse_table=True, **kw)
        from tqdm import tqdm  # only a ruling needs it

        self.total_nodes = 0
        stream = stream if stream is not None else sys.stderr
        tty = hasattr(stream, "isatty") and stream.isatty()
        # a terminal sees the line redrawn; a log file gets a line every few seconds, not a flood
        self.bar = tqdm(desc="prefdd rule: searching", unit=" searches", delay=delay, leave=False, file=stream,
                        dynamic_ncols=tty, mininterval=0.5 if tty else 5.0)

    def analyse(self, *args, **kw):
        try:
            return super().analyse(*args, **kw)
        finally:
            self.total_nodes += int(self.nodes)
            self.bar.set_postfix_str(f"{self.total_nodes:,} nodes", refresh=False)
            self.bar.update(1)

    def close(self) -> None:
        self.bar.close()

    def __enter__(self) -> ProgressEngine:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
