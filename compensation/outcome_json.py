"""The JSON outcome record: reading it into an Outcome (plus penalties) and scoring it.

One record is a JSON object (field names are exact; unknown fields are an error)::

    {
      "id": "deal 7",                      optional, any string or number, echoed back
      "contract": "7s",                    6..10 + s|c|d|h|nt (also ♠♣♦♥), "misere",
                                           or "raspasovka"
      "declarer": 0,                       seat 0..2 (omit on raspasovka)
      "decisions": {"1": "whist", "2": "pass"},   each defender: whist | pass |
                                           half-whist (omit on misère and raspasovka)
      "tricks": [6, 3, 1],                 tricks of seats 0, 1, 2, summing to 10
                                           (omit when nobody whisted / half-whist)
      "second_whister": 2,                 optional: who whisted second (8-10 with two
                                           whisters); default (declarer + 2) % 3
      "raspasovka_round": 1,               optional: 1st, 2nd, ... raspasovka in a row;
                                           sets r for raspasovka scoring and 'tricks'
                                           penalties (default 1)
      "penalties": [                       optional, each written to the offender's gora
        {"offender": 1, "kind": "whist"},              без одной в гору на висте
        {"offender": 2, "kind": "game", "count": 2},   без двух в гору на игре
        {"offender": 0, "kind": "tricks", "tricks": 3},  3 tricks to gora (raspasovka)
        {"offender": 0, "kind": "naming", "rule": "2.3"} seed 002 (amount: a setting)
      ]
    }

With four players (``players=4``) seat 3 is the dealer: he has no tricks and no
decision; he writes consolation and scores.
"""
from __future__ import annotations

from typing import Any

from .conventions import Convention
from .errors import ScoringError
from .outcome import Outcome, parse_contract, score
from .penalties import penalty
from .sheet import Entries

RECORD_FIELDS = ("id", "contract", "declarer", "decisions", "tricks", "second_whister",
                 "raspasovka_round", "penalties")
PENALTY_FIELDS = ("offender", "kind", "count", "tricks", "rule")


def _int(record: dict, name: str, default: Any = None) -> Any:
    value = record.get(name, default)
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise ScoringError.of("must_be_integer", name, got=value)


def parse_record(record: Any) -> tuple[Outcome, list[dict]]:
    """A JSON record -> (Outcome, penalty specs); ScoringError names the bad field."""
    if not isinstance(record, dict):
        raise ScoringError.of("must_be_object", "record", got=type(record).__name__)
    unknown = [k for k in record if k not in RECORD_FIELDS]
    if unknown:
        raise ScoringError.of("unknown_field_known", str(unknown[0]), name=str(unknown[0]), known=", ".join(RECORD_FIELDS))
    if "contract" not in record:
        raise ScoringError.of("required", "contract")
    contract = parse_contract(record["contract"])
    decisions = record.get("decisions") or {}
    if not isinstance(decisions, dict):
        raise ScoringError.of("decisions_object", "decisions")
    tricks = record.get("tricks")
    if tricks is not None and not isinstance(tricks, list):
        raise ScoringError.of("tricks_list", "tricks", got=tricks)
    outcome = Outcome(
        contract=contract,
        declarer=_int(record, "declarer"),
        decisions=decisions,
        tricks=tuple(tricks) if tricks is not None else None,
        second_whister=_int(record, "second_whister"),
        raspasovka_round=_int(record, "raspasovka_round", 1),
    )
    penalties = record.get("penalties") or []
    if not isinstance(penalties, list):
        raise ScoringError.of("penalties_list", "penalties")
    for k, p in enumerate(penalties):
        if not isinstance(p, dict):
            raise ScoringError.of("must_be_object", f"penalties[{k}]", got=type(p).__name__)
        bad = [f for f in p if f not in PENALTY_FIELDS]
        if bad:
            raise ScoringError.of("unknown_field_known", f"penalties[{k}].{bad[0]}", name=bad[0],
                                  known=", ".join(PENALTY_FIELDS))
        for f in ("offender", "kind"):
            if f not in p:
                raise ScoringError.of("required", f"penalties[{k}].{f}")
    return outcome, penalties


def score_record(record: Any, convention: Convention) -> tuple[Outcome, Entries]:
    """Parse and score one record: the deal's entries plus its penalties."""
    outcome, penalties = parse_record(record)
    entries = score(outcome, convention)
    for k, p in enumerate(penalties):
        try:
            entries = entries + penalty(
                p["kind"], p["offender"], convention, contract=outcome.contract,
                count=p.get("count", 1), tricks=p.get("tricks"),
                raspasovka_round=outcome.raspasovka_round, rule=p.get("rule"))
        except ScoringError as err:
            raise err.again(path=f"penalties[{k}].{err.field}") from None
    return outcome, entries
