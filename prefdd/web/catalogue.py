"""The rules as the page offers them: number, titles, text, and the form each one needs.

The form comes from the rule's own declaration in :mod:`compensation.rulings` (``offender``,
``needs``, ``play``, ``contracts``); a few rules also read optional violation fields their
declaration does not list (the correction of a lead out of turn, the remedy chosen, a
plan list), named in ``OPTIONAL`` from ``docs/rulings.md``. Anything rarer goes in the
form's "other fields" box as JSON.
"""
from __future__ import annotations

from compensation.incident import OUT_OF_TURN_RULES
from compensation.rulings import LOAD_ERRORS, VARIANTS

# what each violation field is, for the form: (input kind, English label, Russian label)
FIELDS = {
    "offender": ("seat", "Offender", "Нарушитель"),
    "offenders": ("seats", "Offenders (seats)", "Нарушители (места)"),
    "move": ("move", "Moment (card in the history)", "Момент (карта в истории)"),
    "card": ("card", "Card", "Карта"),
    "cards": ("cards", "Cards", "Карты"),
    "correction": ("choice:none,demand,forbid,lead", "Declarer's correction", "Поправка играющего"),
    "chosen": ("text", "Remedy chosen (empty: the best)", "Выбранная мера (пусто: лучшая)"),
    "agreed": ("bool", "The defenders decided jointly", "Вистующие решили вместе"),
    "named": ("contract", "Contract first named", "Сначала названный контракт"),
    "trumps": ("strains", "The two disputed strains", "Две спорные масти"),
    "plans": ("json", "Plans (JSON list)", "Планы (список JSON)"),
    "played": ("int", "Index of the plan played", "Номер разыгранного плана"),
    "count": ("int", "Number of violations", "Число нарушений"),
    "offence_number": ("int", "Which offence in this deal", "Какое по счёту нарушение"),
    "tricks": ("int", "Tricks with talk", "Взяток с разговорами"),
    "reading": ("choice:wrong_guess,worst_legal_move", "Reading", "Прочтение"),
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


def _key(number: str):
    seed = number.split(".")[0] if number.startswith("00") else "000"
    rest = number.split(".")[1:] if number.startswith("00") else number.split(".")
    return (seed, [int(x) if x.isdigit() else 0 for x in rest])


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
                "fields": form_of(s),
            })
    return {"rules": rules, "out_of_turn_rules": list(OUT_OF_TURN_RULES),
            "load_errors": [f"{m}: {msg}" for m, msg in LOAD_ERRORS]}
