"""How a ruling says things: numbers that agree with their nouns, seats named as players
name them, whists rounded for the sheet.

* :func:`count` — "1 вист, 2 виста, 5 вистов", "1 взятка, 2 взятки, 5 взяток", "1 trick,
  2 tricks": the one plural rule of every ruling's text (a fraction takes the genitive
  singular: «10/3 виста»).
* :class:`SeatNames` — a rule writes a seat as «место N» in the case its sentence needs
  (место, места, месту, местом, месте; «на место N» is the accusative) and as "seat N" in
  English; :meth:`SeatNames.say` replaces each with the player's name or role: «играющий»,
  «вистующий», «пасующий» (the hand, «вистующий первой руки», when both defenders share a
  role), «первая / вторая / третья рука» on raspasovka, or the incident's ``players``: a
  name as the subject («Иван пишет»), elsewhere the role in the sentence's case with the name
  beside it («на вистующего (Пётр)»: a name is not declined, so it is never put in a case).
* :func:`on_sheet` — whists as written on the sheet: rounded by ``whist_rounding``
  (``nearest``, half up — the default; ``up``; ``exact``), with the exact figure beside.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction

from ..numbers import text_number

NOUNS = {
    # key: (Russian 1, 2-4, 5+), (English singular, plural)
    "whist": (("вист", "виста", "вистов"), ("whist", "whists")),
    "trick": (("взятка", "взятки", "взяток"), ("trick", "tricks")),
    "card": (("карта", "карты", "карт"), ("card", "cards")),
    "layout": (("расклад", "расклада", "раскладов"), ("layout", "layouts")),
    "violation": (("нарушение", "нарушения", "нарушений"), ("violation", "violations")),
    "undertrick": (("взятка без", "взятки без", "взяток без"), ("undertrick", "undertricks")),
}


def plural(n, noun: str, lang: str = "ru") -> str:
    """The form of ``noun`` (a key of NOUNS) that agrees with the number ``n``."""
    ru, en = NOUNS[noun]
    n = Fraction(n)
    if lang != "ru":
        return en[0] if n == 1 else en[1]
    if n.denominator != 1:
        return ru[1]
    k = abs(n.numerator)
    if k % 10 == 1 and k % 100 != 11:
        return ru[0]
    if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
        return ru[1]
    return ru[2]


def number(x, lang: str = "ru") -> str:
    """An exact number: an integer, or p/q with its decimal reading (≈3,33 / ≈3.33)."""
    return text_number(Fraction(x), approx=True, decimal="," if lang == "ru" else ".")


def count(n, noun: str, lang: str = "ru") -> str:
    """``n`` with its noun in agreement: «5 вистов», «2 взятки», «46/3 (≈15,33) виста», "1 trick"."""
    return f"{number(n, lang)} {plural(n, noun, lang)}"


def contract_words(contract, lang: str = "ru") -> str:
    """A contract as players write it: «9♦», «6 БК», «мизер» / "9♦", "6NT", "misère"."""
    suit = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}
    if contract.is_misere:
        return "мизер" if lang == "ru" else "misère"
    if contract.is_raspasovka:
        return "распасовка" if lang == "ru" else "raspasovka"
    code = getattr(contract.strain, "code", contract.strain)  # a Strain, or its letter
    if code == "nt":
        return f"{contract.level} БК" if lang == "ru" else f"{contract.level}NT"
    return f"{contract.level}{suit[code]}"


# ------------------------------------------------------------------ whists on the sheet
ROUNDINGS = ("nearest", "up", "exact")


def rounded(x, rounding: str = "nearest") -> Fraction:
    """Whists as written on the sheet: ``nearest`` (half up, by magnitude), ``up`` (away from zero), ``exact``."""
    x = Fraction(x)
    if rounding == "exact" or x.denominator == 1:
        return x
    sign, a = (1 if x >= 0 else -1), abs(x)
    whole = math.ceil(a) if rounding == "up" else math.floor(a + Fraction(1, 2))
    return sign * Fraction(whole)


def on_sheet(x, rounding: str = "nearest", lang: str = "ru") -> str:
    """«15 вистов (точно 46/3 ≈ 15,33)»: what to write, with the exact figure beside it when it differs."""
    x = Fraction(x)
    r = rounded(x, rounding)
    if r == x:
        return count(x, "whist", lang)
    exact = f"{text_number(x)} ≈ {float(x):.2f}"
    if lang == "ru":
        return f"{count(r, 'whist', lang)} (точно {exact.replace('.', ',')})"
    return f"{count(r, 'whist', lang)} (exactly {exact})"


# ------------------------------------------------------------------ seats
_HAND = ("перв", "втор", "треть", "четвёрт")
# adjective endings by case: nom, gen, dat, acc, ins, prep (feminine: «рука»)
_HAND_END = {"перв": ("ая", "ой", "ой", "ую", "ой", "ой"), "втор": ("ая", "ой", "ой", "ую", "ой", "ой"),
             "треть": ("я", "ей", "ей", "ю", "ей", "ей"), "четвёрт": ("ая", "ой", "ой", "ую", "ой", "ой")}
_RUKA = ("рука", "руки", "руке", "руку", "рукой", "руке")
# a participle used as a noun (masculine, animate): играющий, вистующий, пасующий, сдающий
_PART_END = ("ий", "его", "ему", "его", "им", "ем")
CASES = ("nom", "gen", "dat", "acc", "ins", "prep")
_EN_HAND = ("first hand", "second hand", "third hand", "the dealer")
_EN_ORD = ("first", "second", "third", "fourth")

_RU_SEAT = re.compile(r"(?<![а-яё])(?:(на|за|через|про) )?([Мм])(есто|еста|есту|естом|есте) (\d)\b")
_RU_CASE = {"есто": "nom", "еста": "gen", "есту": "dat", "естом": "ins", "есте": "prep"}
_EN_SEAT = re.compile(r"\b([Ss])eat (\d)\b")


def hand(seat: int, case: str = "nom") -> str:
    """«первая рука», «второй руки», «третью руку» …"""
    i = CASES.index(case)
    stem = _HAND[seat]
    return f"{stem}{_HAND_END[stem][i]} {_RUKA[i]}"


class SeatNames:
    """Each seat's name in the text of one incident (see the module docstring)."""

    def __init__(self, kind: str, declarer=None, decisions=None, names=(), players: int = 3):
        self.names = tuple(names)
        self.roles = {}  # seat -> (Russian participle stem, English noun, qualified by the hand?)
        decisions = decisions or {}
        if kind != "raspasovka" and declarer is not None:
            self.roles[declarer] = ("игра", "declarer", False)
            defenders = [s for s in range(3) if s != declarer]
            words = {s: ("вист", "whister") if kind == "misere" or decisions.get(s) == "whist"
                     else ("пас", "passer") for s in defenders}
            same = words[defenders[0]] == words[defenders[1]]
            for s in defenders:
                self.roles[s] = (words[s][0], words[s][1], same)
        if players == 4:
            self.roles[3] = ("сда", "dealer", False)

    def ru(self, seat: int, case: str = "nom") -> str:
        if seat < len(self.names):
            name = self.names[seat]
            return name if case == "nom" else f"{self._ru_role(seat, case)} ({name})"
        return self._ru_role(seat, case)

    def _ru_role(self, seat: int, case: str) -> str:
        if seat not in self.roles:
            return hand(seat, case)
        stem, _, qualified = self.roles[seat]
        i = CASES.index(case)
        suffix = "ющ" if stem in ("игра", "сда") else "ующ"
        word = f"{stem}{suffix}{_PART_END[i]}"
        return f"{word} {hand(seat, 'gen')}" if qualified else word

    def en(self, seat: int) -> str:
        if seat < len(self.names):
            return self.names[seat]
        if seat not in self.roles:
            return _EN_HAND[seat]
        _, noun, qualified = self.roles[seat]
        return f"the {_EN_ORD[seat]}-hand {noun}" if qualified else f"the {noun}"

    def say(self, s: str, lang: str) -> str:
        """``s`` with every «место N» / "seat N" replaced by that seat's name."""
        if lang == "ru":
            def ru(m):
                prep, cap, ending, seat = m.group(1), m.group(2), m.group(3), int(m.group(4))
                case = "acc" if prep and ending == "есто" else _RU_CASE[ending]
                name = self.ru(seat, case)
                out = f"{prep} {name}" if prep else name
                return out[0].upper() + out[1:] if cap == "М" and not prep else out
            return _RU_SEAT.sub(ru, s)

        def en(m):
            name = self.en(int(m.group(2)))
            return name[0].upper() + name[1:] if m.group(1) == "S" else name
        return _EN_SEAT.sub(en, s)


# ------------------------------------------------------------------ settings
CONVENTION_WORDS = {"sochi": ("Sochi", "сочинка"), "leningrad": ("Leningrad", "ленинградка"),
                    "rostov": ("Rostov", "ростовка")}
SETTING_WORDS = {  # ruling option -> value -> (English, Russian)
    "compare": {"double_dummy": ("the fault is compared double dummy", "нарушение сравнивается в открытую"),
                "actual": ("the fault is compared with the actual result",
                           "нарушение сравнивается с реальным результатом")},
    "resolve": {"side_best": ("correct play: the best card of the side to move",
                              "правильная игра — лучший ход стороны"),
                "against_offender": ("correct play: the card best for the victim",
                                     "правильная игра — лучший для пострадавшего ход")},
    "guess": {"every_sequence": ("every guess wrong: the worst over every sequence of guesses",
                                 "каждое угадывание неверно: худший итог по всем последовательностям выборов"),
              "greedy": ("every guess wrong: the worst guess at each move in turn",
                         "каждое угадывание неверно: худший выбор на каждом ходу по очереди")},
    "candidates": {"best_somewhere": ("a guess: every card best in at least one layout he could believe in",
                                      "разумный ход — лучший хотя бы в одном возможном раскладе"),
                   "undominated": ("a guess: every card no other card matches in every layout and beats in one",
                                   "разумный ход — тот, которому нет хода не хуже во всех раскладах и лучше "
                                   "хотя бы в одном")},
    "uncorrected": {"compensate": ("a lead out of turn left standing: damage compensated",
                                   "неисправленный ход вне очереди: ущерб компенсируется"),
                    "unpunished": ("a lead out of turn left standing: nothing written",
                                   "неисправленный ход вне очереди: ничего не пишется")},
    "whist_rounding": {"nearest": ("whists rounded to the nearest whole (half up)",
                                   "висты округляются до целых (половина — вверх)"),
                       "up": ("whists rounded up", "висты округляются вверх"),
                       "exact": ("whists exact, as fractions", "висты точно, дробями")},
}


def setting(name: str, value, lang: str = "ru") -> str:
    """One ruling option in words («правильная игра — лучший ход стороны»)."""
    words = SETTING_WORDS.get(name, {}).get(value)
    if words is None:
        return f"{name}={value}"
    return words[1] if lang == "ru" else words[0]


def setting_words(settings: dict, lang: str = "ru") -> list:
    """The settings line of a ruling, in words: convention, options changed, ruling options."""
    conv = settings.get("convention", "sochi")
    out = [CONVENTION_WORDS.get(conv, (conv, conv))[1 if lang == "ru" else 0]]
    over = settings.get("overrides") or {}
    if over:
        out.append(("изменено (--set): " if lang == "ru" else "changed (--set): ")
                   + ", ".join(f"{k}={v}" for k, v in over.items()))
    out += [setting(k, v, lang) for k, v in (settings.get("ruling_options") or {}).items()]
    return out


def seconds_words(x, lang: str = "ru") -> str:
    """A duration as an arbiter reads it: «1,5 с», "1.5 s" (under a tenth: «0,1 с»)."""
    t = f"{max(float(x), 0.1):.1f}"
    return f"{t.replace('.', ',')} с" if lang == "ru" else f"{t} s"
