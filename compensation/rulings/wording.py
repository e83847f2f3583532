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

from solver.messages import field_words
from solver.russian import agree

from ..numbers import text_number
from ..option_words import CHOICE_WORDS, OPTION_WORDS

NOUNS = {
    # key: (Russian 1, 2-4, 5+), (English singular, plural)
    "whist": (("вист", "виста", "вистов"), ("whist", "whists")),
    "trick": (("взятка", "взятки", "взяток"), ("trick", "tricks")),
    "trick_acc": (("взятку", "взятки", "взяток"), ("trick", "tricks")),  # the object of a verb: «навязать 1 взятку»
    "card": (("карта", "карты", "карт"), ("card", "cards")),
    "layout": (("расклад", "расклада", "раскладов"), ("layout", "layouts")),
    "violation": (("нарушение", "нарушения", "нарушений"), ("violation", "violations")),
    "undertrick": (("взятка без", "взятки без", "взяток без"), ("undertrick", "undertricks")),
    "discard_split": (("вариант сноса", "варианта сноса", "вариантов сноса"), ("split", "splits")),
}


def plural(n, noun: str, lang: str = "ru") -> str:
    """The form of ``noun`` (a key of NOUNS) that agrees with the number ``n``."""
    ru, en = NOUNS[noun]
    if lang != "ru":
        return en[0] if abs(Fraction(n)) == 1 else en[1]  # "1 whist", "-1 whist"
    return agree(n, *ru)


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
    if getattr(contract, "level", None) is None:  # a strain alone (a position record): «пики», "spades"
        words = {"s": ("spades", "пики"), "c": ("clubs", "трефы"), "d": ("diamonds", "бубны"),
                 "h": ("hearts", "червы"), "nt": ("no trumps", "без козыря")}
        return words[code][1 if lang == "ru" else 0]
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
# a participle used as a noun (masculine, animate): играющий, вистующий, пасующий, ловящий
# (on misère nobody whists: the defenders catch), сдающий
_PART_END = ("ий", "его", "ему", "его", "им", "ем")
CASES = ("nom", "gen", "dat", "acc", "ins", "prep")
_EN_HAND = ("first hand", "second hand", "third hand", "the dealer")
_EN_ORD = ("first", "second", "third", "fourth")

_RU_SEAT = re.compile(r"(?<![а-яё])(?:(на|за|через|про) )?([Мм])(есто|еста|есту|естом|есте) (\d)\b")
_RU_CASE = {"есто": "nom", "еста": "gen", "есту": "dat", "естом": "ins", "есте": "prep"}
_EN_SEAT = re.compile(r"\b([Ss])eat (\d)\b")
_RU_SO = re.compile(r"(?<![а-яёА-ЯЁ])([Сс]) (втор)")  # «с второй рукой» → «со второй рукой»


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
            self.roles[declarer] = ("играющ", "declarer", False)
            defenders = [s for s in range(3) if s != declarer]
            words = {s: ("ловящ", "catcher") if kind == "misere" else
                     ("вистующ", "whister") if decisions.get(s) == "whist" else ("пасующ", "passer")
                     for s in defenders}
            same = words[defenders[0]] == words[defenders[1]]
            for s in defenders:
                self.roles[s] = (words[s][0], words[s][1], same)
        if players == 4:
            self.roles[3] = ("сдающ", "dealer", False)

    def ru(self, seat: int, case: str = "nom") -> str:
        if seat < len(self.names):
            name = self.names[seat]
            return name if case == "nom" else f"{self._ru_role(seat, case)} ({name})"
        return self._ru_role(seat, case)

    def _ru_role(self, seat: int, case: str) -> str:
        if seat not in self.roles:
            return hand(seat, case)
        stem, _, qualified = self.roles[seat]
        word = f"{stem}{_PART_END[CASES.index(case)]}"
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
            return _RU_SO.sub(r"\1о \2", _RU_SEAT.sub(ru, s))

        def en(m):
            name = self.en(int(m.group(2)))
            return name[0].upper() + name[1:] if m.group(1) == "S" else name
        return _EN_SEAT.sub(en, s)


# ------------------------------------------------------------------ how a rule is computed
PATTERN_WORDS = {  # a rule's pattern -> (English, Russian): how the calculator answers it
    "FIXED": ("a fixed penalty", "фиксированный штраф"),
    "CF": ("correct play against the fault", "правильная игра против нарушения"),
    "REMEDY": ("the victim's choice of remedy", "выбор исправления пострадавшим"),
    "WORST": ("the worst option for the offender", "худший для нарушителя вариант"),
    "PLAN": ("the stated plans played out", "разыгрываются заявленные планы"),
    "INFO": ("what the knowledge could change", "что могло изменить знание"),
}
KIND_WORDS = {"game": ("game", "игра"), "misere": ("misère", "мизер"), "raspasovka": ("raspasovka", "распасовка")}


def pattern_words(pattern: str, lang: str = "ru") -> str:
    """«правильная игра против нарушения + фиксированный штраф» for ``CF+FIXED``."""
    i = 1 if lang == "ru" else 0
    return " + ".join(PATTERN_WORDS.get(p, (p, p))[i] for p in pattern.split("+"))


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
                                 "играющий всякий раз угадывает неверно: худший итог по всем цепочкам выборов"),
              "greedy": ("every guess wrong: the worst guess at each move in turn",
                         "играющий всякий раз угадывает неверно: худший выбор на каждом ходу по очереди")},
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
    """The settings line of a ruling, in words: convention, options changed (by ``--set`` or
    the incident's ``scoring.set``, each named as the desk names it), ruling options."""
    conv = settings.get("convention", "sochi")
    i = 1 if lang == "ru" else 0
    out = [CONVENTION_WORDS.get(conv, (conv, conv))[i]]
    over = settings.get("overrides") or {}
    if over:
        changed = [f"{OPTION_WORDS.get(k, (k, k))[i].lower()}: {_option_value(v, lang)}" for k, v in over.items()]
        out.append(("изменено: " if lang == "ru" else "changed: ") + ", ".join(changed))
    out += [setting(k, v, lang) for k, v in (settings.get("ruling_options") or {}).items()]
    return out


def _option_value(v, lang: str) -> str:
    """A scoring option's value in words: yes/no, a choice by its name, numbers exact."""
    i = 1 if lang == "ru" else 0
    if isinstance(v, bool):
        return ("да", "нет")[not v] if lang == "ru" else ("yes", "no")[not v]
    if isinstance(v, str) and v in CHOICE_WORDS:
        return CHOICE_WORDS[v][i]
    if isinstance(v, (list, tuple)):
        return ", ".join(_option_value(x, lang) for x in v)
    if v is None:
        return "—"
    if isinstance(v, str):
        try:
            return text_number(Fraction(v))
        except ValueError:
            return v
    return text_number(Fraction(v))


def seconds_words(x, lang: str = "ru") -> str:
    """A duration as an arbiter reads it: «1,5 с», "1.5 s" (under a tenth: «0,1 с»)."""
    t = f"{max(float(x), 0.1):.1f}"
    return f"{t.replace('.', ',')} с" if lang == "ru" else f"{t} s"


# ------------------------------------------------------------------ fields in words
# (the words of each field: solver.messages.field_words, the one lookup every package adds to)
_PATH_IN_TEXT = re.compile(r"\((?:violation|result|scoring|options|deal|decisions)(?:\.[A-Za-z_]+|\[\d+\])*\)")


def fields_in_words(text: str, lang: str = "ru") -> str:
    """A text that names a field by its path, «(result.tricks)», with the field named in words
    instead, «(поле «итог сдачи»)» (the page shows no identifiers)."""
    def words(m):
        w = field_words(m.group(0)[1:-1], lang)
        return (f"(поле «{w}»)" if lang == "ru" else f"(the field '{w}')") if w else m.group(0)
    return _PATH_IN_TEXT.sub(words, str(text))
