"""Progress of a long run: a live bar on a terminal, a quiet line now and then in a log.

On a terminal the bar is redrawn in place (done/total, percent, rate, ETA) at most a few
times a second; when the stream is a file or pipe a plain line is printed every
``log_every`` seconds instead, so logs stay short and readable. The rate counts only
records answered in this run (records skipped on resume would make it look too fast).
"""
from __future__ import annotations

import sys
import time


def _clock(seconds: float) -> str:
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Progress:
    """Counts answers and errors; draws itself on ``stream`` (stderr by default)."""

    def __init__(self, total: int | None = None, *, stream=None, enabled: bool = True,
                 log_every: float = 10.0, tty: bool | None = None, label: str = "prefdd batch"):
        self.stream = stream if stream is not None else sys.stderr
        self.total = total
        self.enabled = enabled
        self.tty = self.stream.isatty() if tty is None else tty
        self.log_every = log_every
        self.label = label
        self.done = 0  # answered in this run (errors included)
        self.errors = 0
        self.skipped = 0  # already in the output from an earlier run
        self.start = time.monotonic()
        self._last_draw = self.start if not self.tty else 0.0  # logs: first line after log_every
        self._drawn = False

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.start

    @property
    def rate(self) -> float:
        t = self.elapsed
        return self.done / t if t > 0 else 0.0

    def skip(self, n: int = 1) -> None:
        self.skipped += n

    def advance(self, n: int = 1, errors: int = 0) -> None:
        self.done += n
        self.errors += errors
        self.tick()

    def tick(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        every = 0.2 if self.tty else self.log_every
        if not force and now - self._last_draw < every:
            return
        self._last_draw = now
        text = self.status()
        if self.tty:
            self.stream.write("\r\x1b[K" + text)
        else:
            self.stream.write(f"{self.label}: {text}\n")
        self.stream.flush()
        self._drawn = True

    def status(self) -> str:
        rate = self.rate
        parts = []
        if self.total is not None:
            finished = self.done + self.skipped
            pct = 100.0 * finished / self.total if self.total else 100.0
            if self.tty:
                width = 24
                full = int(width * min(pct, 100.0) / 100)
                parts.append("[" + "#" * full + "." * (width - full) + "]")
            parts.append(f"{finished}/{self.total} ({pct:.1f}%)")
            remaining = max(self.total - finished, 0)
            eta = _clock(remaining / rate) if rate > 0 else "?"
            tail = f"ETA {eta}"
        else:
            parts.append(f"{self.done + self.skipped} done")
            tail = f"elapsed {_clock(self.elapsed)}"
        parts.append(f"{rate:.1f} rec/s")
        if self.errors:
            parts.append(f"{self.errors} errors")
        parts.append(tail)
        return "  ".join(parts)

    def note(self, text: str) -> None:
        """A message of its own (an error report) without garbling the bar."""
        if self.tty and self._drawn:
            self.stream.write("\r\x1b[K")
        self.stream.write(text + "\n")
        self.stream.flush()
        if self.tty:
            self._last_draw = 0.0  # redraw the bar under the message

    def finish(self) -> None:
        """End the bar's line so the summary starts on its own."""
        if self.enabled and self.tty and self._drawn:
            self.stream.write("\r\x1b[K" + self.status() + "\n")
            self.stream.flush()

    def summary(self, interrupted: bool = False) -> str:
        t = self.elapsed
        words = [f"{self.done} record{'s' if self.done != 1 else ''} answered"]
        words.append(f"{self.errors} error{'s' if self.errors != 1 else ''}")
        if self.skipped:
            words.append(f"{self.skipped} already done")
        text = ", ".join(words) + f" in {t:.1f} s ({self.rate:.1f} rec/s)"
        if interrupted:
            text = "interrupted: " + text + "; rerun the same command to finish"
        return text
