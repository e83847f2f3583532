"""``prefdd layouts``: what does this hand make? Every layout of the unseen cards, solved.

Input: one JSON record, an array or JSON lines — the declarer's view:
``{"id": ..., "hand": [his ten cards], "discard": [two], "contract": "7c" | "6nt" |
"misere" | a strain, "declarer": 0, "leader": 2, "history": [...]}`` (seats in play order,
as ``prefdd solve``; ``history``, the cards played from the first lead, narrows the layouts
by the voids it shows). Output (``--json``, the default): one line per record,
``{"id": ..., "layouts": 184756, "tricks": [n0, ..., n10], "made_in": ..., "made_share": ...}``
where ``tricks[k]`` counts the layouts in which the declarer's total is exactly ``k`` with
double-dummy play (uniform over the layouts: nothing is inferred from the bidding).
``--all-cards``: the same for each card he may play now (lead advice). ``--text``: a table.
A progress bar on stderr past a second. Bad input: one line naming the record and field.
"""
from __future__ import annotations

import sys
import time
from typing import Any

from prefdd.jsonl import InputError, iter_items, json_line, open_input
from solver.errors import PrefError

from . import options


def register(subparsers):
    p = subparsers.add_parser("layouts", help="what a hand makes over every layout of the unseen cards",
                              description="Solve every layout of the cards the declarer has not seen: a histogram "
                                          "of his tricks and the chance of making the contract.")
    p.add_argument("input", nargs="?", default="-", help="records (JSON or JSON lines); '-' for stdin")
    p.add_argument("--all-cards", action="store_true",
                   help="also the histogram of each card the declarer may play now (he must be to move)")
    p.add_argument("--lang", choices=["en", "ru"], default=None,
                   help="language of --text (default en) and of the error messages (default ru, or $PREFDD_LANG)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    options.add_output_switches(p, "json")
    p.set_defaults(func=run)
    return p


class _Bar:
    """tqdm's bar on a terminal once a record has taken a second; a line every 10 s in a log."""

    def __init__(self, label: str, enabled: bool, lang: str = "en"):
        self.label, self.enabled, self.lang = label, enabled, lang
        self.tty = enabled and sys.stderr.isatty()
        self.bar: Any = None  # tqdm's bar once shown
        self.start = self.last = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if self.tty:
            if self.bar is None and now - self.start >= 1.0:
                from tqdm import tqdm

                self.bar = tqdm(total=total, desc=self.label, unit=" раскл." if self.lang == "ru" else "layout",
                                file=sys.stderr, dynamic_ncols=True, mininterval=0.2)
            if self.bar is not None:
                self.bar.update(done - self.bar.n)
        elif now - self.last >= 10.0:
            self.last = now
            share = f"{100 * done / total:.1f}"
            line = (f"{done} из {total} раскладов ({share.replace('.', ',')} %)" if self.lang == "ru"
                    else f"{done}/{total} layouts ({share}%)")
            print(f"prefdd layouts: {self.label}: {line}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def run(args) -> int:
    lang = options.error_lang(args)
    args.lang = args.lang or "en"
    try:
        stream = open_input(args.input)
    except InputError as e:
        return options.fail("prefdd layouts", lang, e)
    from solver.engine import Engine
    from solver.imperfect import hand_layouts, view_from_json

    engine = Engine(reuse_table=True)
    status, seen = 0, 0
    with stream:
        for item in iter_items(stream):
            seen += 1
            if item.error:
                options.fail("prefdd layouts", lang, item.label_in(lang), item.error)
                status = 2
                continue
            label = item.label_in(args.lang)
            bar = _Bar(label, not args.no_progress, args.lang)
            try:
                view = view_from_json(item.record)
                result = hand_layouts(view, engine, all_cards=args.all_cards, progress=bar)
            except PrefError as e:
                bar.close()
                options.fail("prefdd layouts", lang, item.label_in(lang), e)
                status = 2
                continue
            bar.close()
            out = {"id": item.record.get("id")} if isinstance(item.record, dict) and "id" in item.record else {}
            out.update(result.to_json())
            if args.output_format == "text":
                print(render_text(label, view, dict(out, seconds=result.seconds), args.lang), flush=True)
            else:
                print(json_line(out), flush=True)
    if not seen:
        return options.fail("prefdd layouts", lang, PrefError.of(
            "no_record", None, name="stdin" if args.input in (None, "-") else args.input))
    return status


def _share(n: int, total: int, lang: str) -> str:
    pct = f"{100 * n / total:.1f}" if total else "0.0"
    return f"{pct.replace('.', ',')} %" if lang == "ru" else f"{pct}%"


def _mean(hist: list, lang: str) -> str:
    total = sum(hist)
    m = f"{sum(k * n for k, n in enumerate(hist)) / total:.2f}" if total else "0"
    return m.replace(".", ",") if lang == "ru" else m


def render_text(label: str, view, out: dict, lang: str) -> str:
    """A readable table: layouts per trick count, the share made, each card's line."""
    from solver.seat import Seat

    pos = view.pos
    ru = lang == "ru"
    total = out["layouts"]
    if ru:
        from compensation.rulings.wording import contract_words

        contract = contract_words(pos.contract, "ru")
    else:
        contract = str(pos.contract)
    seat = Seat(pos.declarer)
    who = seat.russian if ru else seat.english
    head = (f"{label}: {contract}, играет {who}; раскладов: {total}, решены все за {out['seconds']:.1f} с".replace(
        ".", ",", 1) if ru else f"{label}: {contract} by {who}; {total} layouts, every one solved in {out['seconds']:.1f} s")
    hist = out["tricks"]
    ks = [k for k, n in enumerate(hist) if n]
    width = max(len(str(n)) for n in hist) + 1
    lines = [head, ("  взяток   " if ru else "  tricks   ") + "".join(f"{k:>{width}}" for k in ks),
             ("  раскладов" if ru else "  layouts  ") + "".join(f"{hist[k]:>{width}}" for k in ks),
             (f"  в среднем {_mean(hist, lang)} взятки" if ru else f"  mean {_mean(hist, lang)} tricks")]
    if "made_in" in out:
        lines.append(f"  {'выигрывается в' if ru else 'made in'} {out['made_in']} {'из' if ru else 'of'} {total} "
                     f"({_share(out['made_in'], total, lang)})")
    for card, h in out.get("cards", {}).items():
        from solver.cards import Card

        c = Card.parse(card)
        name = c.russian() if ru else c.pretty()
        made = f", {'выигрыш' if ru else 'made'} {_share(h['made_in'], total, lang)}" if "made_in" in h else ""
        lines.append(f"  {name:>4}: {'в среднем' if ru else 'mean'} {_mean(h['tricks'], lang)}{made}")
    return "\n".join(lines)
