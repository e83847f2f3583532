"""``prefdd solve``: positions as JSON in, the declarer's tricks (and more) as JSON lines out.

Input: a file (or ``-``/nothing for stdin) with one JSON position, an array, or JSON lines;
the record format is described in :func:`solver.position.position_from_json`. Output: one JSON line per record,
``{"id": ..., "declarer_tricks": n, "declarer_total": t}`` (``made`` too when the contract
has a level, or is misère), plus ``card_values``/``best_cards`` with
``--all-cards``, ``line`` with ``--line``, ``defender_tricks`` with ``--favour SEAT``;
with ``--table`` instead ``{"table": {strain: [tricks with seat 0, 1, 2 declaring]}}`` for
every strain and misère (``contract`` and ``declarer`` may then be left out).
A record whose ``contract`` is ``"raspasovka"`` (``"распасы"``, ``"all-pass"``) asks for one
player's tricks against the other two: see :mod:`solver.raspasovka.api` (``player``,
``talon``, ``talon_rule``; output ``player_tricks``). ``--text`` prints a readable line per
record instead. A bad record prints one line on stderr naming it and the problem; the
others are still solved, and the exit status is 2 (also for an input with no record).
"""
from __future__ import annotations

import sys

from prefdd import single_dummy
from prefdd.jsonl import InputError, iter_items, json_line, open_input
from prefdd.records import json_kind, solve_record, table_record
from solver.errors import PrefError
from solver.limits import Limits

from . import options


def register(subparsers):
    p = subparsers.add_parser("solve", help="solve positions double dummy (JSON in, JSON lines out)",
                              description="Solve Preferans positions with all hands open.")
    p.add_argument("input", nargs="?", default="-", help="position file (JSON or JSON lines); '-' for stdin")
    p.add_argument("--table", action="store_true",
                   help="the declarer's tricks for every strain (s c d h nt misere) and declarer seat")
    options.add_position_switches(p)
    p.add_argument("--budget", type=options.seconds, default=None, metavar="SECONDS",
                   help="with --single-dummy: seconds for each record's analysis; a decision the budget stops says "
                        "what its layouts prove (not exact)")
    p.add_argument("--workers", type=options.count(1, 256), default=None, metavar="N",
                   help="with --single-dummy: processes for a large decision (default: every core)")
    p.add_argument("--no-progress", action="store_true", help="with --single-dummy: no progress line on stderr")
    p.add_argument("--lang", choices=["en", "ru"], default=None,
                   help="language and card notation of --text (default en; ru: Тп), and of the error messages "
                        "(default ru, or $PREFDD_LANG)")
    p.add_argument("--engine", choices=["fast", "reference"], default="fast",
                   help="fast: the compiled engine (default); reference: plain minimax, small positions only")
    options.add_output_switches(p, "json")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    lang = options.error_lang(args)
    args.lang = args.lang or "en"  # the text's (its default notation stays the reference data's)
    if args.table and (args.all_cards or args.line or args.favour is not None or args.engine == "reference"):
        return options.fail("prefdd solve", lang, PrefError.of(
            "not_with", "--table", others="--all-cards, --line, --favour or --engine reference"))
    try:
        stream = open_input(args.input)
    except InputError as e:
        return options.fail("prefdd solve", lang, e)
    from solver.engine import Engine

    args.text = args.output_format == "text"  # --text: with --analyse-play, its table
    conflict = option_conflict(args)
    if conflict:
        return options.fail("prefdd solve", lang, conflict)

    kw = {}
    if args.table_mb:
        kw["table_mb"] = args.table_mb
    elif args.single_dummy:
        kw["table_mb"] = single_dummy.TABLE_MB
    limits = cli_limits(args)
    if limits.nodes:
        kw["node_budget"] = limits.nodes
    engine = Engine(**kw)
    status = 0
    seen = 0
    text = args.output_format == "text"
    with stream:
        for item in iter_items(stream):
            seen += 1
            if item.error:
                options.fail("prefdd solve", lang, item.label_in(lang), item.error)
                status = 2
                continue
            try:
                if not isinstance(item.record, dict):
                    raise PrefError.of("expected_object", None, got=json_kind(item.record))
                if args.analyse_play:
                    from solver.play_analysis import play_output

                    sd = None
                    bar = None
                    if args.single_dummy:
                        bar = Progress(item.label, not args.no_progress)
                        sd = single_dummy_settings(args, bar)
                    try:
                        print(play_output(item.record, engine, text=text, lang=args.lang, single_dummy=sd), flush=True)
                    finally:
                        if bar is not None:
                            bar.close()
                    continue
                if args.table:
                    out = table_record(item.record, engine)
                else:
                    out = solve_record(item.record, engine, all_cards=args.all_cards, line=args.line,
                                       favour=args.favour, reference=args.engine == "reference",
                                       node_budget=args.node_budget)
            except PrefError as e:
                options.fail("prefdd solve", lang, item.label_in(lang), e)
                status = 2
                continue
            print(render_text(item.label_in(args.lang), out, args.lang) if text else json_line(out), flush=True)
    if not seen:
        return options.fail("prefdd solve", lang, PrefError.of(
            "no_record", None, name="stdin" if args.input in (None, "-") else args.input))
    return status


def option_conflict(args):
    """Why the switches of ``prefdd solve`` cannot go with ``--analyse-play`` (or ``None``)."""
    sd_only = [name for name, on in (("--max-layouts", getattr(args, "max_layouts", None) is not None),
                                     ("--budget", getattr(args, "budget", None) is not None),
                                     ("--workers", getattr(args, "workers", None) is not None),
                                     ("--no-progress", getattr(args, "no_progress", False))) if on]
    conflict = single_dummy.switch_conflict(args.analyse_play, getattr(args, "single_dummy", False), sd_only)
    if conflict:
        return conflict
    if not args.analyse_play:
        return None
    others = [name for name, on in (("--table", args.table), ("--all-cards", args.all_cards), ("--line", args.line),
                                    ("--favour", args.favour is not None),
                                    ("--engine reference", args.engine == "reference")) if on]
    return PrefError.of("cannot_combine", None, switch="--analyse-play", others=", ".join(others)) if others else None


def single_dummy_settings(args, progress) -> dict:
    """The settings of the single-dummy analysis from the switches."""
    from solver.engine.shares import default_workers

    return single_dummy.settings(args.max_layouts, args.workers or default_workers(), progress,
                                 cli_limits(args).seconds)


def cli_limits(args) -> Limits:
    """The search's limits from the switches: ``--node-budget`` (nodes), ``--budget`` (seconds)."""
    return Limits(nodes=args.node_budget or None, seconds=getattr(args, "budget", None))


class Progress:
    """One line on stderr once a record has taken a second: rewritten in place on a terminal,
    a new line every 10 s in a log. Called as ``(card, cards, layouts done, layouts)``."""

    def __init__(self, label: str, enabled: bool = True):
        import time

        self.label, self.enabled = label, enabled
        self.tty = enabled and sys.stderr.isatty()
        self.clock = time.monotonic
        self.start = self.last = self.clock()
        self.shown = False

    def __call__(self, card: int, cards: int, done: int, layouts: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if now - self.start < 1.0:
            return
        line = (f"prefdd solve: {self.label}: single dummy, card {card + 1}/{cards}, "
                f"{done:,}/{layouts:,} layouts, {now - self.start:.0f} s")
        if self.tty:
            if now - self.last >= 0.2 or not self.shown:
                sys.stderr.write("\r" + line + "\x1b[K")
                sys.stderr.flush()
                self.last, self.shown = now, True
        elif now - self.last >= 10.0 or not self.shown:
            print(line, file=sys.stderr, flush=True)
            self.last, self.shown = now, True

    def close(self) -> None:
        if self.tty and self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


_STRAIN_RU = {"s": "пики", "c": "трефы", "d": "бубны", "h": "червы", "nt": "БК", "misere": "мизер"}


def render_text(label: str, out: dict, lang: str = "en") -> str:
    """One answer as a readable line (``lang`` ru: as players say it, cards in Russian)."""
    if lang == "ru":
        return _render_ru(label, out)
    if "table" in out:
        rows = "; ".join(f"{s}: {' '.join(map(str, v))}" for s, v in out["table"].items())
        return f"{label}: tricks with seat 0 1 2 declaring: {rows}"
    if "player_tricks" in out:
        words = [f"{label}: seat {out['player']} takes {out['player_tricks']} more (total {out['player_total']})"]
    else:
        words = [f"{label}: declarer takes {out['declarer_tricks']} more (total {out['declarer_total']}"
                 + ("" if "made" not in out else ", made" if out["made"] else ", not made") + ")"]
    if "defender_tricks" in out:
        words.append("defence " + ", ".join(f"seat {k}: {v}" for k, v in out["defender_tricks"].items()))
    if "card_values" in out:
        words.append("cards " + " ".join(f"{c}={v}" for c, v in out["card_values"].items()))
    if "line" in out:
        words.append("line " + " ".join(out["line"]))
    return "; ".join(words)


def _render_ru(label: str, out: dict) -> str:
    from solver.cards import Card
    from solver.play_text import tricks
    from solver.seat import Seat

    def card(c: str) -> str:
        return Card.parse(c).russian()

    if "table" in out:
        rows = "; ".join(f"{_STRAIN_RU.get(s, s)} {' '.join(map(str, v))}" for s, v in out["table"].items())
        return f"{label}: взятки играющего, когда играет первая, вторая, третья рука: {rows}"
    if "player_tricks" in out:
        who = Seat(out["player"]).russian
        words = [f"{label}: {who} берёт ещё {tricks(out['player_tricks'], 'ru', True)} (всего {out['player_total']})"]
    else:
        made = "" if "made" not in out else ", контракт выигран" if out["made"] else ", контракт не выигран"
        words = [f"{label}: играющий берёт ещё {tricks(out['declarer_tricks'], 'ru', True)} "
                 f"(всего {out['declarer_total']}{made})"]
    if "defender_tricks" in out:
        words.append("защита: " + ", ".join(f"{Seat(int(k)).russian} {v}" for k, v in out["defender_tricks"].items()))
    if "card_values" in out:
        words.append("карты: " + " ".join(f"{card(c)}={v}" for c, v in out["card_values"].items()))
    if "line" in out:
        words.append("линия: " + " ".join(card(c) for c in out["line"]))
    return "; ".join(words)
