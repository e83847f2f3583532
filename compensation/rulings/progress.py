"""A ruling that searches long says so: progress on stderr once it has run a second.

A ruling asks the double-dummy engine many questions (every layout of a claim, every
discard of rule 9, every remedy). :class:`ProgressEngine` is the engine that counts them:
on a terminal, after ``delay`` seconds a ``tqdm`` line shows the searches done and the nodes
searched, and it is gone from the output of a quick ruling; in a log (not a terminal) a
plain line every ten seconds, never a carriage return. ``node_budget`` bounds each search
(:class:`~solver.errors.SearchLimitError`, reported as a one-line error).

The same counts reach a caller that is not a terminal — the desk's job API — through
``callback``: called (at most every ``every`` seconds, and once more at each decision's end)
with a dict: ``seconds`` since the ruling began, ``searches`` and ``nodes`` so far, and for
the information-set searches ``decisions`` (layout scans finished), ``layouts_settled`` (the
layouts they and the scan under way have settled), ``layouts`` (the layouts of those scans
and of the one under way), ``decision_layouts``/``decision_settled`` (the scan under way:
its layouts, and how many are settled; 0 between scans) and ``decisions_left`` (scans still
to come, where a ruling sets it on the engine; ``None``: not known — a search over every
sequence does not know ahead how many decisions it meets; a one-lead rule, 1.1.2 or 1.2.x, sets 1).
:meth:`snapshot` gives the same dict at any time.
"""
from __future__ import annotations

import os
import sys
import time

from solver.engine import Engine
from solver.russian import agree

DELAY = 1.0  # seconds before the progress line appears


class ProgressEngine(Engine):
    """An :class:`~solver.engine.Engine` that reports each search to a progress line."""

    def __init__(self, *, node_budget: int | None = None, stream=None, delay: float = DELAY, callback=None,
                 every: float = 0.5, quiet: bool = False, lang: str = "en", **kw):
        super().__init__(node_budget=node_budget, reuse_table=True, **kw)
        from tqdm import tqdm  # only a ruling needs it

        self.total_nodes = 0
        self.searches = 0
        self.decisions = 0
        self.layouts_settled = 0      # of finished scans
        self.layouts_seen = 0         # of finished scans
        self.current = (0, 0)         # (settled, layouts) of the scan under way
        self.decisions_left: int | None = None
        self.callback = callback
        self.every = every
        self.last_callback: float | None = None
        self.stream = stream if stream is not None else sys.stderr
        tty = not quiet and hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.monotonic()
        self.last: float | None = None  # the last plain line (not a terminal): the first after ``delay``
        self.delay = delay
        # a terminal sees the line redrawn; a log file gets a plain line every ten seconds
        self.quiet = quiet
        self.lang = lang  # the line's language: "ru" or "en"
        self.pid = os.getpid()  # a forked scan's copy of the engine stays silent: the parent reports
        ru = lang == "ru"
        self.bar = tqdm(desc="prefdd rule: перебор" if ru else "prefdd rule: searching",
                        unit=" поиск." if ru else " searches", delay=delay, leave=False, file=self.stream,
                        dynamic_ncols=True, mininterval=0.5) if tty else None

    def snapshot(self) -> dict:
        """The counts so far (see the module docstring)."""
        settled, layouts = self.current
        return {"seconds": round(time.monotonic() - self.start, 3), "searches": self.searches,
                "nodes": self.total_nodes, "decisions": self.decisions,
                "layouts_settled": self.layouts_settled + settled, "layouts": self.layouts_seen + layouts,
                "decision_layouts": layouts, "decision_settled": settled, "decisions_left": self.decisions_left}

    def _layouts_text(self) -> str:
        settled, layouts = self.current
        if not self.decisions and not layouts:
            return ""
        if self.lang == "ru":
            d = self.decisions
            out = f", {agree(d, 'просмотрено', 'просмотрены', 'просмотрено')} {_n(d, 'ru')} " \
                  f"{agree(d, 'решение', 'решения', 'решений')}"
            if layouts:
                out += f", в текущем {_n(settled, 'ru')} из {_n(layouts, 'ru')} {agree(layouts, 'расклада', 'раскладов', 'раскладов')}"
            if self.decisions_left is not None:
                out += f", впереди ещё {self.decisions_left}"
            return out
        out = f", {self.decisions:,} decisions scanned"
        if layouts:
            out += f", this one {settled:,} of {layouts:,} layouts"
        if self.decisions_left is not None:
            out += f", {self.decisions_left} to come"
        return out

    def _nodes_text(self) -> str:
        n = self.total_nodes
        if self.lang == "ru":
            return f"{_n(n, 'ru')} {agree(n, 'позиция', 'позиции', 'позиций')}"
        return f"{n:,} nodes"

    def _tell(self, force: bool = False) -> None:
        if self.callback is None or os.getpid() != self.pid:
            return
        now = time.monotonic()
        if force or self.last_callback is None or now - self.last_callback >= self.every:
            self.last_callback = now
            self.callback(self.snapshot())

    def scan_progress(self, covered: int, total: int, done: bool) -> None:
        """A decision's layout scan (:func:`solver.imperfect.candidates.scan_progress`)."""
        if done:
            self.decisions += 1
            self.layouts_settled += covered
            self.layouts_seen += total
            self.current = (0, 0)
            if self.decisions_left:
                self.decisions_left -= 1
        else:
            self.current = (covered, total)
        self._show()
        self._tell(force=done)

    def _count(self, searches: int) -> None:
        self.total_nodes += int(self.nodes)
        self.searches += searches
        self._show(searches)
        self._tell()

    def _show(self, searches: int = 0) -> None:
        if self.quiet or os.getpid() != self.pid:
            return
        if self.bar is not None:
            self.bar.set_postfix_str(f"{self._nodes_text()}{self._layouts_text()}", refresh=False)
            self.bar.update(searches)
            return
        now = time.monotonic()
        if (self.last is None and now - self.start >= self.delay) or (self.last is not None and now - self.last >= 10.0):
            self.last = now
            k, t = self.searches, f"{now - self.start:.0f}"
            if self.lang == "ru":
                head = f"prefdd rule: перебор: {_n(k, 'ru')} {agree(k, 'поиск', 'поиска', 'поисков')}"
                tail = f", {t} с"
            else:
                head, tail = f"prefdd rule: searching: {k:,} searches", f", {t} s"
            print(f"{head}, {self._nodes_text()}{self._layouts_text()}{tail}", file=self.stream, flush=True)

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


def _n(n: int, lang: str) -> str:
    """A count with its thousands grouped: «184 756» (a no-break space) / "184,756"."""
    return f"{n:,}".replace(",", "\u00a0") if lang == "ru" else f"{n:,}"
