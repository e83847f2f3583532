"""Reading JSON values with errors that name the field: the checks every record format of
the library shares (positions, constraints, deals, raspasovka records). A leaf: it knows
cards, not positions, so the types' own ``from_json`` readers can use it.
"""
from __future__ import annotations

from .cards import Card, parse_cards
from .errors import PositionError, PrefError

ANNOTATIONS = frozenset({"source", "note", "declarer_tricks"})



def check_fields(rec: dict, known: frozenset | set, error: type[PrefError] = PositionError, where: str = "",
                 annotations: frozenset = ANNOTATIONS) -> None:
    """Refuse a field the format does not have, naming the nearest known one: one check for
    the record (``where`` empty; its ``annotations`` pass) and for each sub-object in it."""
    from .messages import nearest

    for name in rec:
        if name in known or name in annotations:
            continue
        near = nearest(str(name), sorted(known))
        raise error.of("unknown_field", f"{where}.{name}" if where else str(name), name=str(name), near=near)


def json_kind(value) -> str:
    """A value's type in JSON's words (a user wrote JSON, not Python)."""
    return {list: "a list", dict: "an object", str: "a string", bool: "true/false",
            type(None): "null"}.get(type(value), "a number")


def only(obj: dict, where: str, known: set, required: tuple = ()) -> None:
    check_fields(obj, known, where=where, annotations=frozenset())
    for f in required:
        if f not in obj:
            raise PositionError.of("missing_field", where, name=f)


def json_object(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise PositionError.of("expected_object", where, got=json_kind(value))
    return value


def flag(value, where: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError.of("expected_bool", where, got=show(value))
    return value


def show(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def card(value, where: str) -> Card:
    if not isinstance(value, str):
        raise PositionError.of("expected_card", where, got=json_kind(value))
    try:
        return Card.parse(value)
    except PrefError as e:
        raise e.again(PositionError, where) from None


def cards(value, field: str, error: type[PrefError] = PositionError, distinct: bool = False) -> list[Card]:
    """A list of cards (or one string of them) from the field ``field``; with ``distinct`` a
    card given twice is an error naming it. The one reader of a card list for every record
    (positions, hands, raspasovka records), so all name a wrong value alike."""
    if not isinstance(value, (list, tuple, str)):
        raise error.of("expected_cards", field, got=json_kind(value))
    try:
        out = parse_cards(value)
    except PrefError as e:
        raise e.again(error, field) from None
    if distinct:
        twice = [c for i, c in enumerate(out) if c in out[:i]]
        if twice:
            raise error.of("duplicate_card", field, card=str(twice[0]))
    return out
