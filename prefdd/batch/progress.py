"""Progress of a long run: a ``tqdm`` bar on a terminal, a quiet line now and then in a log.

On a terminal the bar is tqdm's (done/total, percent, rate, ETA, errors as a postfix);
when the stream is a file or pipe a plain line is printed every ``log_every`` seconds
instead, so logs stay short and readable. The rate counts only records answered in this
run (records skipped on resume would make it look too fast).

Every line is said in Russian (the default, as ``prefdd rule``) or English: :func:`say`
holds both texts of each, the Russian plurals from :func:`solver.russian.agree`.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from solver.russian import agree

if TYPE_CHECKING:
    from tqdm import tqdm

LANGS = ("ru", "en")


def _en(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _decimal(x: float, lang: str) -> str:
    text = f"{x:.1f}"
    return text.replace(".", ",") if lang == "ru" else text


# each line of the progress and the summary: (English, Russian), given the same keywords
WORDS: dict[str, tuple[Callable[..., str], Callable[..., str]]] = {
    "answered": (lambda n: _en(n, "record") + " answered",
                 lambda n: f"{agree(n, 'обработана', 'обработаны', 'обработано')} {n} "
                           f"{agree(n, 'запись', 'записи', 'записей')}"),
    "errors": (lambda n: _en(n, "error"), lambda n: f"{n} {agree(n, 'ошибка', 'ошибки', 'ошибок')}"),
    "already": (lambda n: f"{n} already done",
                lambda n: f"{n} {agree(n, 'была готова', 'были готовы', 'было готово')} раньше"),
    "took": (lambda t, rate: f" in {_decimal(t, 'en')} s ({_decimal(rate, 'en')} rec/s)",
             lambda t, rate: f" за {_decimal(t, 'ru')} с ({_decimal(rate, 'ru')} в секунду)"),
    "interrupted": (lambda text: f"interrupted: {text}; rerun the same command to finish",
                    lambda text: f"прервано: {text}; запустите ту же команду ещё раз, чтобы закончить"),
    "more_errors": (lambda n, output: f"; {n} more error(s) in {output} (the 'error' field)",
                    lambda n, output: f"; ещё {n} {agree(n, 'ошибка', 'ошибки', 'ошибок')} — в строках {output}"),
    "errors_before": (lambda n, output: f"; {n} error line(s) from earlier runs kept in {output}",
                      lambda n, output: f"; {n} {agree(n, 'строка', 'строки', 'строк')} с ошибками прежних "
                                        f"запусков {agree(n, 'осталась', 'остались', 'осталось')} в {output}"),
    "torn": (lambda n, output: f"dropped a torn last line ({n} bytes) from {output}",
             lambda n, output: f"отброшена оборванная последняя строка ({n} {agree(n, 'байт', 'байта', 'байт')}) "
                               f"файла {output}"),
    "again": (lambda n: f"answering again {n} record(s) whose error was about the run (node budget, internal failure)",
              lambda n: f"заново {agree(n, 'обрабатывается', 'обрабатываются', 'обрабатываются')} {n} "
                        f"{agree(n, 'запись', 'записи', 'записей')} с ошибкой самого запуска (предел узлов, "
                        "внутренний сбой)"),
    "start": (lambda src, dst, how: f"{src} -> {dst} with {how}", lambda src, dst, how: f"{src} → {dst}: {how}"),
    "rate": (lambda rate: f"{_decimal(rate, 'en')} rec/s", lambda rate: f"{_decimal(rate, 'ru')} в секунду"),
    "done": (lambda n: f"{n} done", lambda n: f"{agree(n, 'готова', 'готовы', 'готово')} {n}"),
    "eta": (lambda clock: f"ETA {clock}", lambda clock: f"осталось ~{clock}"),
    "elapsed": (lambda clock: f"elapsed {clock}", lambda clock: f"прошло {clock}"),
    "unit": (lambda: "rec", lambda: "зап"),
    "postfix": (lambda n: f"{n} errors", lambda n: f"ошибок: {n}"),
}


def say(lang: str, key: str, *args) -> str:
    """The line ``key`` of the progress or the summary in ``lang`` (``ru`` or ``en``)."""
    return WORDS[key][1 if lang == "ru" else 0](*args)


def _clock(seconds: float) -> str:
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Progress:
    """Counts answers and errors; draws itself on ``stream`` (stderr by default)."""

    def __init__(self, total: int | None = None, *, stream=None, enabled: bool = True,
                 log_every: float = 10.0, tty: bool | None = None, label: str = "prefdd batch",
                 lang: str = "ru"):
        self.stream = stream if stream is not None else sys.stderr
        self.total = total
        self.enabled = enabled
        self.tty = _isatty(self.stream) if tty is None else tty
        self.log_every = log_every
        self.label = label
        self.lang = lang
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
                             unit=say(self.lang, "unit"), dynamic_ncols=True, mininterval=0.2, smoothing=0.1)
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
                bar.set_postfix_str(say(self.lang, "postfix", self.errors), refresh=False)
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
            parts.append(f"{finished}/{self.total} ({_decimal(pct, self.lang)}%)")
            remaining = max(self.total - finished, 0)
            tail = say(self.lang, "eta", _clock(remaining / rate) if rate > 0 else "?")
        else:
            parts.append(say(self.lang, "done", self.done + self.skipped))
            tail = say(self.lang, "elapsed", _clock(self.elapsed))
        parts.append(say(self.lang, "rate", rate))
        if self.errors:
            parts.append(say(self.lang, "errors", self.errors))
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
        words = [say(self.lang, "answered", self.done), say(self.lang, "errors", self.errors)]
        if self.skipped:
            words.append(say(self.lang, "already", self.skipped))
        text = ", ".join(words) + say(self.lang, "took", self.elapsed, self.rate)
        return say(self.lang, "interrupted", text) if interrupted else text


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
