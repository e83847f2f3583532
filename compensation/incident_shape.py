"""The incident's shape: ``incident.schema.json`` is its one description.

The schema says which fields exist, their types and ranges; :func:`check_shape` validates
a record against it (with ``jsonschema``, imported only here, so ``prefdd solve`` never
pays for it) and turns the first violation into an :class:`IncidentError` naming the
field's path (``violation.plans[0].seats``) — an unknown field with the nearest known
name. The ruling options (``compare``, ``resolve``, …, their values and defaults) are read
from the schema's ``options`` too. What a schema cannot say (a legal history, cards dealt
once, a rule's own data) is checked by :mod:`compensation.incident` and the rules.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Self

from solver.errors import PrefError
from solver.messages import nearest

from . import error_kinds  # noqa: F401  the kinds raised here, in the one catalogue

SCHEMA_PATH = Path(__file__).with_name("incident.schema.json")
SCHEMA: dict = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))

class IncidentError(PrefError):
    """A bad incident: ``field`` is the path of the field at fault."""

    def __init__(self, field: str | None, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")

    @classmethod
    def at(cls, path: str | None, message: str) -> Self:
        return cls(path, message)


#: option name -> (allowed values, default), from the schema's ``options``.
RULING_OPTIONS: dict = {name: (tuple(s["enum"]), s["default"])
                        for name, s in SCHEMA["properties"]["options"]["properties"].items()}


def field_paths(schema: dict = SCHEMA, prefix: str = "") -> set:
    """Every named field of the record as a dotted path (``deal.hands``, ``violation.plans.cards``)."""
    out = set()
    for name, sub in schema.get("properties", {}).items():
        path = f"{prefix}{name}"
        out.add(path)
        out |= field_paths(sub, path + ".")
        if isinstance(sub.get("items"), dict):
            out |= field_paths(sub["items"], path + ".")
    return out


def where(parts) -> str:
    """A JSON path as the messages write it: ``violation.plans[0].cards[1]``."""
    s = ""
    for p in parts:
        s += f"[{p}]" if isinstance(p, int) else (f".{p}" if s else str(p))
    return s or "incident"


def unknown_field(path: str, name: str, known) -> IncidentError:
    """The error for a field nobody reads, with the nearest known name."""
    near = nearest(name, sorted(known))
    at = f"{path}.{name}" if path else name
    if near:
        return IncidentError.of("unknown_field", at, name=name, near=near)
    return IncidentError.of("unknown_field_known", at, name=name, known=", ".join(sorted(known)))


@lru_cache(maxsize=1)
def _validator():
    import jsonschema  # lazily: only incidents need it

    return jsonschema.Draft202012Validator(SCHEMA)


_TYPE_WORDS = {"object": "an object", "array": "a list", "string": "a string", "integer": "an integer",
               "boolean": "true or false", "number": "a number"}


def _types(schema: dict) -> dict:
    """The JSON types (and integer range) a schema asks, for the Russian words of what it expects."""
    t = schema.get("type")
    out: dict = {"types": t if isinstance(t, list) else [t] if t else []}
    if t == "integer" and "minimum" in schema:
        out["low"], out["high"] = schema["minimum"], schema.get("maximum")
        if (out["low"], out["high"]) == (0, 2):  # the schema's seat
            out["types"] = ["seat"]
    if not out["types"] and "$ref" in schema:
        out["types"] = {"#/$defs/seat": ["seat"], "#/$defs/card": ["string"], "#/$defs/cards": ["array"],
                        "#/$defs/tricks": ["array"]}.get(schema["$ref"], [])
    return out


def _expected(schema: dict) -> str:
    if "description" in schema and not schema.get("properties"):
        return schema["description"]
    t = schema.get("type")
    if t == "integer" and "minimum" in schema:
        return (f"an integer {schema['minimum']}..{schema['maximum']}" if "maximum" in schema
                else f"an integer >= {schema['minimum']}")
    if isinstance(t, list):
        return " or ".join(_TYPE_WORDS.get(x, str(x)) for x in t)
    return _TYPE_WORDS.get(str(t), "a value of another kind")


def _message(e) -> IncidentError:
    parts = list(e.absolute_path)
    v = e.validator
    if v == "additionalProperties":
        known = set(e.schema.get("properties", {}))
        extra = sorted(k for k in e.instance if k not in known)
        return unknown_field(where(parts) if parts else "", extra[0], known)
    if v == "required":
        name = next(k for k in e.validator_value if k not in e.instance)
        sub = e.schema.get("properties", {}).get(name, {})
        desc = sub.get("description")
        if desc:
            return IncidentError.of("missing_what", where(parts + [name]), what=desc)
        return IncidentError.of("missing", where(parts + [name]))
    if "propertyNames" in e.relative_schema_path:
        return IncidentError.of("key_not_seat", where(parts), key=e.instance)
    got = e.instance
    if v == "enum":
        return IncidentError.of("expected_one_of", where(parts), allowed=", ".join(map(str, e.validator_value)),
                                got=got)
    if v == "uniqueItems":
        return IncidentError.of("listed_twice", where(parts), got=got)
    if v in ("minItems", "maxItems") and isinstance(got, list):
        return IncidentError.of("expected_items", where(parts), want=_expected(e.schema), n=len(got),
                                **_types(e.schema))
    return IncidentError.of("expected_value", where(parts), want=_expected(e.schema), got=got, **_types(e.schema))


def check_shape(record) -> None:
    """Raise :class:`IncidentError` for the first way ``record`` does not fit the schema."""
    import jsonschema

    errors = list(_validator().iter_errors(record))
    if not errors:
        return
    # an unknown field first: a misspelt name also makes the right one "missing"
    unknown = [e for e in errors if e.validator == "additionalProperties"]
    err = (min(unknown, key=lambda e: len(e.absolute_path)) if unknown
           else jsonschema.exceptions.best_match(errors))
    raise _message(err)
