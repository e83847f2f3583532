"""The ruling's opening sentence and its whists as the sheet writes them.

:func:`conclusion` says in one sentence who writes what beyond the deal as played and why,
or that nobody writes anything and why; :func:`as_sheet` turns every fraction of whists the
wording writes («-82/3 (≈-27,33) виста») into what goes on the sheet, rounded as
``whist_rounding`` says with the exact figure beside («-27 вистов (точно -82/3 ≈ -27,33)»).
:meth:`~compensation.rulings.ruling.Ruling.sections` uses both, so ``prefdd rule`` and the
desk open with the same sentence and show the same figures.
"""
from __future__ import annotations

import re
from fractions import Fraction

from .wording import ROUNDINGS, on_sheet

NOTHING_WRITTEN = ("No damage", "No penalty", "A warning only", "Nothing is written")  # a note saying why nothing is
# a fraction of whists as :func:`~compensation.rulings.wording.count` words it
FRACTION_WHISTS = {"ru": re.compile(r"(-?\d+/\d+) \(≈-?\d+,\d+\) вист(?:а|ов)?"),
                   "en": re.compile(r"(-?\d+/\d+) \(≈-?\d+\.\d+\) whists?")}


def as_sheet(text: str, lang: str, rounding: str) -> str:
    """Every fraction of whists in ``text`` as the sheet writes it: rounded as ``rounding``
    (the ``whist_rounding`` setting) says, the exact figure beside; unchanged when exact."""
    if rounding not in ROUNDINGS or rounding == "exact":
        return text
    return FRACTION_WHISTS[lang].sub(lambda m: on_sheet(Fraction(m.group(1)), rounding, lang), text)


def cap(s: str) -> str:
    """The first letter in capitals."""
    return s[:1].upper() + s[1:]


def conclusion(ruling, lang: str) -> str:
    """One sentence first: who writes what and why beyond the deal as played, or that nobody
    writes anything, and why (the note saying so, the summary, or the declarer's best remedy)."""
    ru = lang == "ru"
    names = ruling.names
    result = [w for w in ruling.writes if w.why.en.startswith("the deal's result")]
    extra = [w for w in ruling.writes if w not in result]
    if extra:
        groups: list = []  # (why, [who writes what]): one why said once for the writes that share it
        for w in extra:
            text = names.say(w.describe(lang, ruling.whist_rounding), lang)
            what, _, because = text.partition(" — ")
            if groups and groups[-1][0] == because:
                groups[-1][1].append(what)
            else:
                groups.append((because, [what]))
        said = "; ".join(", ".join(whats) + (f" — {because}" if because else "") for because, whats in groups)
        if result:
            said += "; сдача записывается как сыграна" if ru else "; the deal is written as played"
        return cap(said) + "."
    why = next((n for n in ruling.notes if n.en.startswith(NOTHING_WRITTEN)), None)
    reason = ruling.say(why, lang) if why is not None else (ruling.say(ruling.summary, lang) if ruling.summary else "")
    best = next((o for o in ruling.options if o.best), None)
    if not reason and best is not None:
        label = ruling.say(best.label, lang)
        reason = (f"правило лишь даёт играющему выбрать меру (лучшая для него — «{label}»)" if ru
                  else f"the rule only lets the declarer choose a remedy (his best: «{label}»)")
    if ru:
        head = "Сверх записи сдачи никто ничего не пишет" if result else "Никто ничего не пишет сверх обычной записи сдачи"
    else:
        head = "Nobody writes anything beyond the deal as played" if result else "Nobody writes anything beyond the deal's usual score"
    reason = reason.rstrip(".")
    return head + (f" — {reason[:1].lower() + reason[1:]}." if reason else ".")
