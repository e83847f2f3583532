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

SCHEMA_PATH = Path(__file__).with_name("incident.schema.json")
SCHEMA: dict = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))

class IncidentError(PrefError):
    """A bad incident: ``field`` is the path of the field at fault."""

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")

    @classmethod
    def at(cls, path: str, message: str) -> Self:
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
    hint = f"did you mean {near!r}?" if near else f"known: {', '.join(sorted(known))}"
    return IncidentError(f"{path}.{name}" if path else name, f"unknown field ({hint})")


@lru_cache(maxsize=1)
def _validator():
    import jsonschema  # lazily: only incidents need it

    return jsonschema.Draft202012Validator(SCHEMA)


_TYPE_WORDS = {"object": "an object", "array": "a list", "string": "a string", "integer": "an integer",
               "boolean": "true or false", "number": "a number"}


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
        return IncidentError(where(parts + [name]), f"missing: {desc}" if desc else "missing")
    if "propertyNames" in e.relative_schema_path:
        return IncidentError(where(parts), f"key {e.instance!r} is not a seat 0, 1 or 2")
    got = e.instance
    if v == "enum":
        return IncidentError(where(parts), f"expected one of {', '.join(map(str, e.validator_value))}, "
                                           f"got {got!r}")
    if v == "uniqueItems":
        return IncidentError(where(parts), f"an entry is listed twice in {got!r}")
    if v in ("minItems", "maxItems") and isinstance(got, list):
        return IncidentError(where(parts), f"expected {_expected(e.schema)}, got {len(got)} item(s)")
    return IncidentError(where(parts), f"expected {_expected(e.schema)}, got {got!r}")


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
