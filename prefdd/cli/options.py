"""Checked values for command-line options: every number has a sane range and a clear message.

Used as argparse ``type=`` functions; a bad value becomes ``prefdd CMD: --option: problem``
(one line, exit status 2) instead of a traceback or a silent nonsense setting.
"""
from __future__ import annotations

import argparse
import math
import os
import sys

from solver.errors import PrefError
from solver.messages import one_line
from solver.seat import parse_seat

MAX_TABLE_MB = 16384.0  # 16 GB: more than any table the engine can use well
MAX_NODE_BUDGET = 10 ** 15


def _number(text: str, kind):
    try:
        return kind(text)
    except (ValueError, OverflowError):
        name = "a whole number" if kind is int else "a number"
        raise argparse.ArgumentTypeError(f"expected {name}, got {text[:40]!r}") from None


def table_mb(text: str) -> float:
    v = _number(text, float)
    if not math.isfinite(v) or not 0.01 <= v <= MAX_TABLE_MB:
        raise argparse.ArgumentTypeError(f"expected a size in MB from 0.01 to {MAX_TABLE_MB:g}, got {text[:40]!r}")
    return v


def node_budget(text: str) -> int:
    v = _number(text, int)
    if not 1 <= v <= MAX_NODE_BUDGET:
        raise argparse.ArgumentTypeError(f"expected a node count from 1 to 10^15, got {text[:40]!r}")
    return v


def seat(text: str) -> int:
    """A seat as :func:`solver.seat.parse_seat` reads it (``1``, ``second``, ``вторая``)."""
    try:
        return parse_seat(text, strict=False)
    except PrefError as e:
        raise argparse.ArgumentTypeError(e.message) from None


def count(low: int, high: int = 4096):
    """A whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        v = _number(text, int)
        if not low <= v <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, got {text[:40]!r}")
        return v

    return parse


def seconds(text: str) -> float:
    v = _number(text, float)
    if not math.isfinite(v) or not 0.1 <= v <= 86400:
        raise argparse.ArgumentTypeError(f"expected seconds from 0.1 to 86400, got {text[:40]!r}")
    return v


def say(prog: str, message: str) -> None:
    """``prog: message`` on stderr as one line."""
    print(f"{prog}: {one_line(message)}", file=sys.stderr, flush=True)


LANG_ENV = "PREFDD_LANG"


def error_lang(args=None) -> str:
    """The language of a command's errors: its ``--lang`` if given, else ``$PREFDD_LANG``, else
    Russian (the tool's language, as ``prefdd rule``'s text)."""
    lang = getattr(args, "lang", None)
    return lang or os.environ.get(LANG_ENV) or "ru"


def in_words(part, lang: str) -> str:
    """A piece of an error line in ``lang``: an error of a kind (:class:`PrefError`, with its
    field), a line's problem (:class:`prefdd.jsonl.Problem`), or text already said."""
    if isinstance(part, PrefError):
        return part.text(lang)
    said = getattr(part, "said", None)
    return said(lang) if callable(said) else str(part)


def fail(prog: str, lang: str, *parts) -> int:
    """``prog: part: part…`` on stderr, each part in ``lang``; the exit status 2."""
    say(prog, ": ".join(in_words(p, lang) for p in parts if p not in (None, "")))
    return 2


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``prefdd solve: --table-mb: problem``."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {one_line(message)} (see {self.prog} --help)\n")

    def exit(self, status=0, message=None):
        if message:
            sys.stderr.write(message)
        sys.exit(status)


def add_position_switches(p, scope: str = "") -> None:
    """What a position's answer may add, the same in ``solve`` and ``batch``; ``scope`` prefixes
    each help (``batch`` says "positions: ", its incidents ignore them)."""
    p.add_argument("--all-cards", action="store_true", help=scope + "the value of every legal card of the seat to move")
    p.add_argument("--line", action="store_true", help=scope + "a principal line of play to the end")
    p.add_argument("--favour", type=seat, metavar="SEAT",
                   help=scope + "split the defence's tricks in favour of this defender (whists are per defender)")
    p.add_argument("--analyse-play", action="store_true",
                   help=scope + "every card of the record's history with its double-dummy cost, costly cards per seat "
                                "and tricks lost (see docs/play-analysis.md)")
    p.add_argument("--single-dummy", action="store_true",
                   help="with --analyse-play: each decision also judged over the layouts its player could believe "
                        "in (verdicts best, guess, bad break, mistake; the whisters' question; tens of seconds a "
                        "full deal)")
    p.add_argument("--max-layouts", type=count(1, 10 ** 9), default=None, metavar="N",
                   help="with --single-dummy: solve every layout of a decision up to N (default 200000); past "
                        "it N of them spread evenly, and the decision says what they prove (not exact)")
    p.add_argument("--table-mb", type=table_mb, default=None,
                   help=scope + "transposition table size in MB, per worker (default 0.125)")
    p.add_argument("--node-budget", type=node_budget, default=None,
                   help=scope + "stop a search after this many nodes (every engine, raspasovka too)")


def add_output_switches(p, default: str) -> None:
    """``--json`` / ``--text``, the same on every command; ``default`` is ``json`` or ``text``."""
    g = p.add_mutually_exclusive_group()
    g.add_argument("--json", dest="output_format", action="store_const", const="json",
                   help="JSON output" + (" (the default)" if default == "json" else ""))
    g.add_argument("--text", dest="output_format", action="store_const", const="text",
                   help="readable text output" + (" (the default)" if default == "text" else ""))
    p.set_defaults(output_format=default)
