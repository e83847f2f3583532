"""Progress of a long run: a ``tqdm`` bar on a terminal, a quiet line now and then in a log.

On a terminal the bar is tqdm's (done/total, percent, rate, ETA, errors as a postfix);
when the stream is a file or pipe a plain line is printed every ``log_every`` seconds
instead, so logs stay short and readable. The rate counts only records answered in this
run (records skipped on resume would make it look too fast).
"""
from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tqdm import tqdm


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
        self.tty = _isatty(self.stream) if tty is None else tty
        self.log_every = log_every
        self.label = label
        self.done = 0  # answered in this run (errors included)
        self.errors = 0
        self.skipped = 0  # already in the output from an earlier run
        self.start = time.monotonic()
        self._last_draw = self.start
        self._bar: tqdm | None = None

    def _tqdm(self):
        if self._bar is None and self.enabled and self.tty:
            from tqdm import tqdm

            tqdm.monitor_interval = 0  # no monitor thread: local workers are forked from this process
            self._bar = tqdm(total=self.total, initial=self.skipped, file=self.stream, desc=self.label,
                             unit="rec", dynamic_ncols=True, mininterval=0.2, smoothing=0.1)
        return self._bar

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.start

    @property
    def rate(self) -> float:
        t = self.elapsed
        return self.done / t if t > 0 else 0.0

    def skip(self, n: int = 1) -> None:
        self.skipped += n
        if self._bar is not None:
            self._bar.update(n)

    def advance(self, n: int = 1, errors: int = 0) -> None:
        self.done += n
        self.errors += errors
        bar = self._tqdm()
        if bar is not None:
            if errors:
                bar.set_postfix_str(f"{self.errors} errors", refresh=False)
            bar.update(n)
        else:
            self.tick()

    def tick(self, force: bool = False) -> None:
        """A log line (not a terminal) when ``log_every`` seconds have passed."""
        if not self.enabled or self.tty:
            return
        now = time.monotonic()
        if not force and now - self._last_draw < self.log_every:
            return
        self._last_draw = now
        self.stream.write(f"{self.label}: {self.status()}\n")
        self.stream.flush()

    def status(self) -> str:
        rate = self.rate
        parts = []
        if self.total is not None:
            finished = self.done + self.skipped
            pct = 100.0 * finished / self.total if self.total else 100.0
            parts.append(f"{finished}/{self.total} ({pct:.1f}%)")
            remaining = max(self.total - finished, 0)
            tail = f"ETA {_clock(remaining / rate) if rate > 0 else '?'}"
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
        if self._bar is not None:
            self._bar.write(text, file=self.stream)
        else:
            self.stream.write(text + "\n")
            self.stream.flush()

    def finish(self) -> None:
        """Close the bar so the summary starts on its own line."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None

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


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
