"""A violation's fields, declared once: name, JSON type, choices, label in both languages, the
words a message names it by, and which rules read it besides the ones that need it.

Everything else is generated from or reads :data:`FIELDS`:

* the ``violation`` part of ``incident.schema.json`` (:func:`violation_schema`; a test checks
  the file against it, ``python -m compensation.violation_fields`` writes it);
* ``@rule(needs=...)`` refuses a name not declared here (:mod:`.rulings.registry`);
* the desk's form: each field's input kind and label, and the optional fields of each rule
  (``prefdd/web/catalogue.py``);
* the words of an error about the field, ``violation.offender`` → «нарушитель»
  (:func:`solver.messages.field_words`, added from here).

The table's order is the form's (a rule's optional fields are offered in it). A rule's
*required* fields stay in its own ``@rule(needs=...)``; ``optional_for`` names the
rules that read a field when it is given (``docs/rulings.md``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

SEAT = {"$ref": "#/$defs/seat"}


@dataclass(frozen=True)
class ViolationField:
    name: str
    schema: dict                   # its JSON Schema (types, ranges, choices, description)
    form: str = "text"             # the desk's input: seat, seats, move, card, cards, int, bool, choice:..., ...
    label: tuple = ("", "")        # the form's label (English, Russian)
    words: tuple = ("", "")        # how a message names it (English, Russian); the label's words if empty
    optional_for: tuple = field(default=())  # rules that read it when given (not in their needs=)

    @property
    def choices(self) -> tuple:
        return tuple(self.schema.get("enum", ()))


def _f(name, schema, form="text", label=("", ""), words=("", ""), optional_for=()):
    return ViolationField(name, schema, form, label, words or label, tuple(optional_for))


OUT_OF_TURN = ("1.3.1", "1.3.2.1", "1.3.2.2", "1.4.2.3")

FIELDS: dict[str, ViolationField] = {f.name: f for f in [
    _f("rule", {"type": ["string", "number"], "description": "the rule's number: \"9\", \"1.3.2.2\", \"001\" (seed "
                "001's note), \"002.6\" (seed 002's rules)"}, "rule", ("Rule", "Правило"), ("rule", "правило")),
    _f("offender", SEAT, "seat", ("Offender", "Нарушитель"), ("offender", "нарушитель")),
    _f("move", {"type": "integer", "minimum": 0, "description": "an index in history: the faulty move, or the moment "
                                                               "of the incident"},
       "move", ("Moment (card in the history)", "Момент (карта розыгрыша)"), ("moment", "момент"),
       ["1.3.1", "1.2.2", "2.2", "2.3", "3", "9", "1.1.4", "6.1", "001", "1.6.2", "claim"]),
    _f("correction", {"enum": ["none", "demand", "forbid", "lead"],
                      "description": "what the declarer did about a lead out of turn"},
       "choice:none,demand,forbid,lead", ("What the declarer did about the lead out of turn",
                                          "Что сделал играющий с ходом вне очереди"),
       ("correction", "поправка играющего"), OUT_OF_TURN),
    _f("agreed", {"type": "boolean", "description": "the defenders decided the faulty move jointly (compensation "
                                                    "split)"},
       "bool", ("The defenders decided jointly", "Вистующие решили вместе"), ("joint decision", "общее решение"),
       ["1.3.2.2", "1.4.2.3", "7.1", "7.2", "8.1", "8.2", "10"]),
    _f("chosen", {"type": "string", "description": "rules 1.2.x: the remedy the declarer chose (free, demand s, ...)"},
       "chosen", ("What the declarer chose", "Что выбрал играющий"), ("remedy chosen", "выбранная мера"),
       ["1.2.1", "1.2.2", "1.5", "2.3"]),
    _f("card", {"$ref": "#/$defs/card"}, "card", ("Card", "Карта"), ("card", "карта"), ["1.3.1", "1.3.2.1", "2.2"]),
    _f("cards", {"$ref": "#/$defs/cards"}, "cards", ("Cards", "Карты"), ("cards", "карты")),
    _f("plans", {"type": "array", "minItems": 2, "description": "rule 3: two or more plans",
                 "items": {"type": "object", "required": ["cards"], "additionalProperties": False,
                           "properties": {"seats": {"type": "array", "items": SEAT, "minItems": 1},
                                          "seat": SEAT, "cards": {"$ref": "#/$defs/cards"}}}},
       "plans", ("Plans (who proposed what, card by card)", "Планы (кто что предлагал, по картам)"),
       ("plans", "планы"), ["3"]),
    _f("played", {"type": "integer", "minimum": 0, "description": "rule 3: the index of the plan that was played"},
       "plan", ("The plan played", "Разыгранный план"), ("plan played", "разыгранный план"), ["3"]),
    _f("count", {"type": "integer", "minimum": 1, "description": "rule 001: the number of violations"},
       "int", ("Number of violations", "Число нарушений"), ("number of violations", "число нарушений"),
       ["001", "4.3"]),
    _f("offenders", {"type": "array", "items": SEAT, "minItems": 1, "maxItems": 3, "uniqueItems": True,
                     "description": "a non-empty list of seats: two who offended or decided jointly; 1.4.1: the "
                                    "offenders in order"},
       "seats", ("Offenders (seats)", "Нарушители"), ("offenders", "нарушители"), ["001"]),
    _f("named", {"type": "string", "description": "rule 002.6: the contract first named"},
       "contract", ("Contract first named", "Сначала названный контракт"), ("contract first named",
                                                                          "сначала названный контракт")),
    _f("trumps", {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2,
                  "description": "rule 002.7.2: the two disputed strains"},
       "strains", ("The two disputed strains", "Две спорные масти"), ("disputed strains", "спорные масти")),
    _f("offence_number", {"type": "integer", "minimum": 1, "description": "rules 4.x with 4.4: which offence in "
                                                                          "this deal (1 the first)"},
       "int", ("Which offence in this deal", "Какое по счёту нарушение"), ("which offence", "какое по счёту нарушение"),
       ["4.4"]),
    _f("tricks", {"type": "integer", "minimum": 1, "maximum": 10, "description": "rule 11: the number of tricks in "
                                                                                 "which there was talk"},
       "int", ("Tricks with talk", "Взяток с разговорами"), ("tricks with talk", "взяток с разговорами"), ["11"]),
    _f("cards_left", {"type": "integer", "minimum": 1, "maximum": 10, "description": "raspasovka 1.3.3, 2.1: cards "
                      "in the offender's hand at the fault (instead of move)"},
       "int", ("Cards left in the offender's hand", "Карт на руке у нарушителя"),
       ("cards left", "карт на руке у нарушителя"), ["1.6.1"]),
    _f("trick", {"type": "integer", "minimum": 1, "maximum": 10, "description": "raspasovka 1.4.1: the misplayed "
                                                                                "trick's number"},
       "int", ("The misplayed trick", "Неверно сыгранная взятка"), ("misplayed trick", "неверно сыгранная взятка")),
    _f("clarifies", {"type": "boolean", "description": "raspasovka 2.1.2: the arbiter's judgement whether the "
                                                       "exposed card clarifies the layout"},
       "bool", ("The exposed card clarifies the layout", "Открытая карта проясняет расклад"),
       ("whether the card clarifies the layout", "проясняет ли карта расклад")),
    _f("exit_reading", {"type": "string", "description": "raspasovka 1.6.1: coalition (default) or alone"},
       "text", ("Reading of the exit", "Как читать выход"), ("reading of the exit", "как читать выход")),
    _f("void_talon_trick", {"type": "string", "description": "raspasovka play setting: nobody (default) or "
                                                             "first_hand"},
       "text", ("A void talon trick", "Взятка пустого прикупа"), ("void talon trick", "взятка пустого прикупа")),
    _f("after_talon_lead", {"type": "string", "description": "raspasovka play setting: first_hand (default) or "
                                                             "winner"},
       "text", ("Lead after the talon", "Ход после прикупа"), ("lead after the talon", "ход после прикупа")),
    _f("claimed", {"type": "integer", "minimum": 0, "description": "claims: the declarer's tricks in the deal he "
                                                                  "claimed"},
       "int", ("Tricks claimed", "Заявлено взяток"), ("tricks claimed", "заявленные взятки"), ["claim"]),
    _f("concede", {"type": "integer", "minimum": 0, "description": "claims: the tricks the declarer gives away"},
       "int", ("Tricks conceded", "Отдано взяток"), ("tricks conceded", "отданные взятки"), ["claim"]),
    _f("defence_tricks", {"type": "object", "description": "claims: the defenders' split of the conceded tricks, "
                                                           "seat -> tricks",
                          "propertyNames": {"pattern": "^[0-2]$"},
                          "additionalProperties": {"type": "integer", "minimum": 0}},
       "text", ("The defenders' split of the conceded tricks", "Как защитники делят отданные взятки"),
       ("defenders' split", "раздел взяток между защитниками")),
    _f("reading", {"enum": ["wrong_guess", "worst_legal_move"], "description": "1.6.2 and claims: wrong_guess "
                   "(default) or the literal worst_legal_move"},
       "choice:wrong_guess,worst_legal_move", ("Reading of the rule", "Как читать правило"),
       ("reading of the rule", "прочтение правила"), ["1.6.2"]),
    _f("candidates", {"enum": ["undominated", "best_somewhere"], "description": "which cards count as his possible "
                      "choices; the default follows the rule's question: best_somewhere for 1.6.2, claims and 001 "
                      "(every card best in at least one layout he could believe in: he is deemed not to have guessed "
                      "the layout), undominated for the information rules 1.1.2, 1.1.4, 1.2.x, 6.1 (every card no "
                      "other card matches in every layout and beats in one)"},
       "choice:undominated,best_somewhere", ("Which cards count as his choices", "Какие ходы считать разумными"),
       ("which cards count as his choices", "какие ходы считать разумными")),
    _f("budget", {"type": "number", "exclusiveMinimum": 0, "description": "seconds the information-set search "
                  "(1.6.2, claims, 001, the information rules) may take (default: no limit, exact to the end); past "
                  "it the ruling says what was proven"},
       "number", ("Time limit of the search (seconds)", "Предел времени перебора (секунд)"),
       ("time limit of the search", "предел времени перебора")),
]}


def violation_schema() -> dict:
    """The ``violation`` object of ``incident.schema.json``, from :data:`FIELDS`."""
    return {"type": "object", "required": ["rule"], "additionalProperties": False,
            "description": "the rule and its data",
            "properties": {name: f.schema for name, f in FIELDS.items()}}


def field_words_table() -> dict:
    """``violation.NAME`` -> (English, Russian): how a message names each field."""
    return {f"violation.{name}": (f.words[0], f.words[1]) for name, f in FIELDS.items()}


def optional_fields(rule: str) -> tuple:
    """The fields ``rule`` reads when they are given (the desk offers them as optional)."""
    return tuple(name for name, f in FIELDS.items() if rule in f.optional_for)


SCHEMA_PATH = Path(__file__).with_name("incident.schema.json")


def write_schema(path: Path = SCHEMA_PATH) -> None:
    """Write the violation part of the schema file from the table (the rest of the file kept)."""
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema["properties"]["violation"] = violation_schema()
    path.write_text(json.dumps(schema, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_schema()
