"""The rules as the page offers them: number, titles, text, and the form each one needs.

The form comes from the rule's own declaration in :mod:`compensation.rulings` (``offender``,
``needs``, ``play``, ``contracts``); a few rules also read optional violation fields their
declaration does not list (the correction of a lead out of turn, the remedy chosen, a
plan list), named in ``OPTIONAL`` from ``docs/rulings.md``. Anything rarer goes in the
form's "other fields" box as JSON.
"""
from __future__ import annotations

from compensation.incident import OUT_OF_TURN_RULES
from compensation.option_words import CHOICE_WORDS, OPTION_WORDS, TALON_WORDS
from compensation.rulings import LOAD_ERRORS, VARIANTS

# what each violation field is, for the form: (input kind, English label, Russian label)
FIELDS = {
    "offender": ("seat", "Offender", "Нарушитель"),
    "offenders": ("seats", "Offenders (seats)", "Нарушители"),
    "move": ("move", "Moment (card in the history)", "Момент (карта розыгрыша)"),
    "card": ("card", "Card", "Карта"),
    "cards": ("cards", "Cards", "Карты"),
    "correction": ("choice:none,demand,forbid,lead", "Declarer's correction", "Поправка играющего"),
    "chosen": ("chosen", "Remedy chosen", "Выбранная мера"),
    "agreed": ("bool", "The defenders decided jointly", "Вистующие решили вместе"),
    "named": ("contract", "Contract first named", "Сначала названный контракт"),
    "trumps": ("strains", "The two disputed strains", "Две спорные масти"),
    "plans": ("plans", "Plans (who proposed what, card by card)", "Планы (кто что предлагал, по картам)"),
    "played": ("plan", "The plan played", "Разыгранный план"),
    "count": ("int", "Number of violations", "Число нарушений"),
    "offence_number": ("int", "Which offence in this deal", "Какое по счёту нарушение"),
    "tricks": ("int", "Tricks with talk", "Взяток с разговорами"),
    "reading": ("choice:wrong_guess,worst_legal_move", "Reading of the rule", "Как читать правило"),
    "claimed": ("int", "Tricks claimed", "Заявлено взяток"),
    "concede": ("int", "Tricks conceded", "Отдано взяток"),
    "cards_left": ("int", "Cards left in the offender's hand", "Карт на руке у нарушителя"),
    "occurrence": ("int", "Which occurrence", "Какой раз"),
}

OPTIONAL = {
    "1.3.1": ("move", "correction", "card"),
    "1.3.2.1": ("correction", "card", "chosen"),
    "1.3.2.2": ("correction", "agreed"),
    "1.4.2.3": ("correction", "agreed"),
    "7.1": ("agreed",), "7.2": ("agreed",), "8.1": ("agreed",), "8.2": ("agreed",), "10": ("agreed",),
    "1.2.1": ("chosen",), "1.2.2": ("move", "chosen"), "1.5": ("chosen",),
    "2.2": ("move", "card"), "2.3": ("move", "chosen"),
    "3": ("plans", "played", "move"),
    "9": ("move",), "1.1.4": ("move",), "6.1": ("move",),
    "001": ("move", "count", "offenders"),
    "4.4": ("offence_number",), "11": ("tricks",),
    "1.6.2": ("move", "reading"),
    "claim": ("move", "claimed", "concede"),
    "1.6.1": ("cards_left",), "4.3": ("count", "occurrence"),
}


# what happened, in the words an arbiter would search with (the titles hold more)
KEYWORDS = {
    "1.1": ("открыл карты", "открыл", "показал карты", "exposed", "opened cards"),
    "1.2": ("открыл карты", "открыл", "пасующий открыл", "exposed", "opened cards"),
    "1.3": ("ход вне очереди", "не в очередь", "чужой ход", "lead out of turn", "wrong lead"),
    "1.4": ("чужая взятка", "взял взятку", "ход вне очереди", "gathered trick", "lead out of turn"),
    "1.5": ("две карты", "три карты", "ход двумя", "two cards"),
    "1.6": ("открыл карты", "угадайка", "заявка", "claim", "exposed"),
    "2": ("открытая карта", "засветил", "уронил карту", "показал карту", "exposed card", "dropped card"),
    "3": ("план розыгрыша", "разногласия", "plan"),
    "4": ("просмотр взятки", "посмотрел взятку", "looked at a trick"),
    "5": ("снос", "посмотрел снос", "просмотр сноса", "discard", "looked at the discard"),
    "6": ("снос", "посмотрел снос", "просмотр сноса", "discard", "looked at the discard"),
    "7": ("перебил", "перебитие", "overtake"),
    "8": ("прорезка", "прорезал", "finesse through"),
    "9": ("смешал", "смешивание", "снос", "mixed", "discard"),
    "10": ("ошибочный ход", "ошибся", "сыграл не ту", "wrong card", "erroneous"),
    "11": ("разговоры", "подсказка", "talk", "hint"),
    "claim": ("заявка", "претензия", "без розыгрыша", "открыл карты", "claim"),
    "002": ("контракт", "заказ", "торговля", "назвал", "мизер", "contract", "bidding"),
    "001": ("нарушение", "примечание", "violation"),
}


def keywords(number: str) -> list:
    """The search words of a rule: those of its group (1.3 for 1.3.2.2, 002 for 002.6) and its own."""
    parts = number.split(".")
    out: list = []
    for k in (".".join(parts[:i]) for i in range(1, len(parts) + 1)):
        out += KEYWORDS.get(k, ())
    return list(dict.fromkeys(out))


# every option of a convention as the page's settings offer it (one table: compensation.option_words)


def _value(x):
    """A convention value as the page's control holds it: numbers as text, lists joined."""
    from fractions import Fraction

    from compensation.numbers import text_number

    if x is None:
        return None
    if isinstance(x, bool) or isinstance(x, str):
        return x
    if isinstance(x, (tuple, list)):
        return ", ".join(text_number(Fraction(v)) for v in x)
    return text_number(Fraction(x))


def convention_options() -> dict:
    """Every convention option with its kind, words and each preset's value (the page's
    settings: a control for each; what differs from the preset goes in ``scoring.set``)."""
    from compensation.conventions import _CHOICES, OPTION_NAMES, PRESETS

    options: list[dict] = []
    for name in OPTION_NAMES:
        default = getattr(PRESETS["sochi"], name)
        if name in _CHOICES:
            words = {c: (TALON_WORDS if name == "raspasovka_talon" and c in TALON_WORDS else CHOICE_WORDS).get(c, (c, c))
                     for c in _CHOICES[name]}
            kind, choices = "choice", [{"value": c, "label": {"en": w[0], "ru": w[1]}} for c, w in words.items()]
        elif name == "players":
            kind, choices = "choice", [{"value": v, "label": {"en": v, "ru": v}} for v in ("3", "4")]
        elif isinstance(default, bool):
            kind, choices = "bool", None
        elif isinstance(default, tuple):
            kind, choices = "numbers", None
        else:
            kind, choices = "number", None
        en, ru = OPTION_WORDS.get(name, (name, name))
        opt: dict = {"name": name, "kind": kind, "label": {"en": en, "ru": ru}}
        if choices:
            opt["choices"] = choices
        options.append(opt)
    presets = {p: {str(o["name"]): _value(getattr(c, str(o["name"]))) for o in options} for p, c in PRESETS.items()}
    for p in presets.values():
        p["players"] = str(p["players"])
    return {"options": options, "presets": presets}


def _key(number: str):
    seed = number.split(".")[0] if number.startswith("00") else "000"
    rest = number.split(".")[1:] if number.startswith("00") else number.split(".")
    return (seed, [int(x) if x.isdigit() else 0 for x in rest])


# the remedies a rule's ``chosen`` may name (compensation/rulings/remedy.py's option keys)
_SUITS = ("s", "c", "d", "h")
CHOSEN = {
    "1.2.1": ("free",) + tuple(f"demand {x}" for x in _SUITS),
    "1.2.2": ("free",) + tuple(f"demand {x}" for x in _SUITS),
    "1.3.2.1": ("none", "lead", "demand", "forbid"),
    "2.3": ("none", "demand", "forbid"),
    "1.5": ("none",) + tuple(f"forbid {x}" for x in _SUITS),
}


def form_of(spec) -> list:
    """The fields of ``spec``'s form, required first."""
    names = ([] if spec.offender == "none" else ["offender"]) + list(spec.needs)
    out = [dict(_field(n), name=n, required=True) for n in names]
    for n in OPTIONAL.get(spec.number, ()):
        if n not in names:
            out.append(dict(_field(n), name=n, required=False))
    if spec.number in OUT_OF_TURN_RULES:
        for f in out:
            if f["name"] == "correction":
                f["default"] = "none"
    for f in out:
        if f["name"] == "chosen" and spec.number in CHOSEN:
            f["choices"] = list(CHOSEN[spec.number])
    return out


def _field(name: str) -> dict:
    kind, en, ru = FIELDS.get(name, ("text", name, name))
    return {"kind": kind, "label": {"en": en, "ru": ru}}


def catalogue() -> dict:
    """Every rule variant (a number may have one for a game and one for a raspasovka)."""
    rules = []
    for number in sorted(VARIANTS, key=_key):
        for s in VARIANTS[number]:
            rules.append({
                "number": s.number, "title": {"ru": s.title_ru, "en": s.title_en},
                "text": {"ru": s.text_ru, "en": s.text_en}, "pattern": s.pattern,
                "contracts": list(s.contracts), "offender": s.offender, "play": s.play,
                "fields": form_of(s), "keywords": keywords(s.number),
            })
    return {"rules": rules, "out_of_turn_rules": list(OUT_OF_TURN_RULES), "convention": convention_options(),
            "load_errors": [f"{m}: {msg}" for m, msg in LOAD_ERRORS]}
