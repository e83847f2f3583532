"""A play analysis as the table an arbiter reads: card, hand, value, cost, best cards.

Seats are named as players name them (first, second, third hand), with their role; cards
in the players' notation (``A♠ 10♥``; Russian ``Тп 10ч``). A costly card is marked ``?``;
"any" in the best column means every card allowed was as good.
"""
from __future__ import annotations

from typing import TypedDict

from .cards import SUIT_SYMBOLS
from .contract import Contract, Strain
from .russian import agree

HANDS = {"en": ("first hand", "second hand", "third hand"), "ru": ("первая рука", "вторая рука", "третья рука")}
ROLES = {
    "en": {"declarer": "declarer", "defence": "whister", "catchers": "catcher", "player": "player",
           "opponents": "opponent"},
    "ru": {"declarer": "играющий", "defence": "вистующий", "catchers": "ловящий", "player": "игрок",
           "opponents": "соперник"},
}


class Words(TypedDict):
    """One language's words for the table (column heads, the headline's template, fixed phrases)."""
    columns: tuple[str, ...]
    head: str
    end_done: str
    end_open: str
    who: dict[str, str]
    none: str
    raspasovka: str
    any: str
    talon: str


WORDS: dict[str, Words] = {
    "en": {"columns": ("#", "trick", "hand", "card", "tricks", "cost", "best"),
           "head": "{contract}, {role}: {hand}. Double dummy, {who} takes {start} at the start, {final} {end}.",
           "end_done": "at the end", "end_open": "after the last card shown",
           "who": {"game": "the declarer", "misere": "the declarer", "raspasovka": "the player"},
           "none": "no costly card", "raspasovka": "raspasovka", "any": "any", "talon": "talon"},
    "ru": {"columns": ("№", "взятка", "рука", "карта", "итог", "цена", "лучшие"),
           "head": "{contract}, {role}: {hand}. В открытую {who} берёт {start} в начале, {final} {end}.",
           "end_done": "в конце", "end_open": "после последней показанной карты",
           "who": {"game": "играющий", "misere": "играющий", "raspasovka": "игрок"},
           "none": "ошибок нет", "raspasovka": "распасы", "any": "любая", "talon": "прикуп"},
}


def tricks(n: int, lang: str, object_case: bool = False) -> str:
    """``5 tricks``; Russian ``1 взятка`` (as the object of a verb: ``берёт 1 взятку``)."""
    if lang == "ru":
        return f"{n} {agree(n, 'взятку' if object_case else 'взятка', 'взятки', 'взяток')}"
    return f"{n} trick" + ("" if n == 1 else "s")


def card_text(card, lang: str) -> str:
    return card.russian() if lang == "ru" else card.pretty()


def contract_text(analysis, lang: str) -> str:
    if analysis.kind == "raspasovka":
        return WORDS[lang]["raspasovka"]
    c = Contract.parse(analysis.contract)
    if lang == "ru":
        if c.strain is Strain.MISERE:
            return "мизер"
        s = "БК" if c.strain is Strain.NO_TRUMP else SUIT_SYMBOLS[c.strain]
        return f"{c.level or ''}{s}"
    return c.pretty()


def seat_text(analysis, seat: int, lang: str) -> str:
    return f"{HANDS[lang][seat]} ({ROLES[lang][analysis.side_of(seat)]})"


def _seat_summary(analysis, seat: int, costly: int, lost: int, lang: str) -> str:
    name = seat_text(analysis, seat, lang)
    if not costly:
        return f"{name}: {WORDS[lang]['none']}"
    if lang == "ru":
        mistakes = f"{costly} {agree(costly, 'ошибка', 'ошибки', 'ошибок')}"
        verb = agree(lost, "потеряна", "потеряны", "потеряно")
        return f"{name}: {mistakes}, {verb} {tricks(lost, lang)}"
    return f"{name}: {costly} costly card{'' if costly == 1 else 's'}, {tricks(lost, lang)} lost"


def render(analysis, lang: str = "en") -> str:
    if lang not in WORDS:
        raise ValueError(f"lang: expected one of {', '.join(WORDS)}, got {lang!r}")
    w = WORDS[lang]
    head = w["head"].format(contract=contract_text(analysis, lang), role=ROLES[lang][analysis.sides[0]],
                            hand=HANDS[lang][analysis.seat], who=w["who"][analysis.kind],
                            start=tricks(analysis.start, lang, object_case=True), final=analysis.final,
                            end=w["end_done"] if analysis.finished else w["end_open"])
    rows = [w["columns"]]
    for s in analysis.steps:
        mark = " ?" if s.cost else ""
        if len(s.best) == len(s.values) > 1:
            best = w["any"]  # every card allowed is as good
        else:
            best = " ".join(card_text(c, lang) for c in s.best)
        trick = str(s.trick) if s.talon is None else f"{s.trick}, {w['talon']} {card_text(s.talon, lang)}"
        rows.append((str(s.index + 1), trick, seat_text(analysis, s.seat, lang), card_text(s.card, lang) + mark,
                     str(s.after), str(s.cost) if s.cost else "", best))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [head] + ["  ".join(x.ljust(n) for x, n in zip(r, widths)).rstrip() for r in rows]
    summary = analysis.summary()
    for seat in range(3):
        lines.append(_seat_summary(analysis, seat, summary["costly"][seat], summary["lost"][seat], lang))
    return "\n".join(lines)
