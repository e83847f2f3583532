"""The rules as the page offers them: number, titles, text, and the form each one needs.

The form comes from the rule's own declaration in :mod:`compensation.rulings` (``offender``,
``needs``, ``play``, ``contracts``); a few rules also read optional violation fields their
declaration does not list (the correction of a lead out of turn, the remedy chosen, a
plan list): each field's label, input kind and the rules that read it optionally are in the
one table of :mod:`compensation.violation_fields`. Anything rarer goes in the
form's "other fields" box as JSON.
"""
from __future__ import annotations

from compensation.incident import OUT_OF_TURN_RULES
from compensation.option_words import CHOICE_WORDS, OPTION_WORDS, TALON_WORDS
from compensation.rulings import LOAD_ERRORS, VARIANTS
from compensation.violation_fields import FIELDS as VIOLATION_FIELDS
from compensation.violation_fields import optional_fields

# what each violation field is, for the form: (input kind, English label, Russian label), and the
# optional fields of each rule: read from the one table of a violation's fields
FIELDS = {name: (f.form, f.label[0], f.label[1]) for name, f in VIOLATION_FIELDS.items()}


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
    out = [dict(_field(n, spec.number), name=n, required=True) for n in names]
    for n in optional_fields(spec.number):
        if n not in names:
            out.append(dict(_field(n, spec.number), name=n, required=False))
    if spec.number in OUT_OF_TURN_RULES:
        for f in out:
            if f["name"] == "correction":
                f["default"] = "none"
    for f in out:
        if f["name"] == "chosen" and spec.number in CHOSEN:
            f["choices"] = list(CHOSEN[spec.number])
    return out


# the library's words for a field where the form asks it otherwise: the notes and messages say it as the form does
FIELD_WORDS = {
    "violation.correction": (("correction", "what the declarer did about the lead out of turn"),
                             ("поправка играющего", "что сделал играющий с ходом вне очереди")),
    "violation.chosen": (("remedy chosen", "what the declarer chose"), ("выбранная мера", "что выбрал играющий")),
}


def form_words(text: str, lang: str) -> str:
    """``text`` with the library's name of a form's field, «(поле «выбранная мера»)», as the form asks it."""
    i = 1 if lang == "ru" else 0
    for pair in FIELD_WORDS.values():
        old, new = pair[i]
        text = text.replace(f"«{old}»" if lang == "ru" else f"'{old}'", f"«{new}»" if lang == "ru" else f"'{new}'")
    return text


# a field a rule asks in its own words (the card of a lead out of turn, not any card)
RULE_LABELS = {
    ("1.3.1", "card"): ("The card led out of turn", "Карта, которой пошли вне очереди"),
    ("1.3.2.1", "card"): ("The card led out of turn", "Карта, которой пошли вне очереди"),
    ("1.3.1", "move"): ("Moment of the lead out of turn (card in the history)", "Когда пошли вне очереди (карта розыгрыша)"),
    ("1.3.2.1", "move"): ("Moment of the lead out of turn (card in the history)", "Когда пошли вне очереди (карта розыгрыша)"),
}


def _field(name: str, number: str | None = None) -> dict:
    kind, en, ru = FIELDS.get(name, ("text", name, name))
    en, ru = RULE_LABELS.get((number or "", name), (en, ru))
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
