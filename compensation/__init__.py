"""Compensation calculator: scoring conventions and the penalty code's rulings.

What a user calls::

    from compensation import Outcome, convention, score, balances
    e = score(Outcome("7s", declarer=0, decisions={1: "whist", 2: "pass"}, tricks=(6, 3, 1)))
    balances(e, convention("sochi"))

    from compensation import rule_incident
    ruling = rule_incident(json.load(open("incident.json")))   # a Ruling: .entries, .to_text()

Every name loads with its module on first use (the rulings, and the solver's engine they
use, with ``rule_incident``, ``Ruling``, ``parse_incident`` …), so scoring alone starts fast
and ``prefdd batch`` loads no scoring module it does not use.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solver import __version__

if TYPE_CHECKING:  # the names' real types for mypy; at run time they load lazily (below)
    from .conventions import LENINGRAD, OPTION_NAMES, PRESETS, ROSTOV, SOCHI, Convention, convention, parse_option
    from .errors import ScoringError
    from .incident import Incident, IncidentError, parse_incident
    from .numbers import exact_number, json_number, text_number
    from .outcome import Contract, Outcome, parse_contract, score, score_game, score_misere, score_raspasovka
    from .outcome_json import parse_record, score_record
    from .penalties import penalty
    from .rulings import find_rule, rule_incident
    from .rulings.ruling import Ruling
    from .settlement import balance, balances, compensation, damage, settle_sheet
    from .sheet import Entries, total

# every name loads with its module on first use: ``import prefdd.batch`` (each
# ``prefdd batch``) then pays for none of the scoring modules, nor the rulings
_LAZY = {
    **dict.fromkeys(("LENINGRAD", "OPTION_NAMES", "PRESETS", "ROSTOV", "SOCHI", "Convention", "convention",
                     "parse_option"), "compensation.conventions"),
    "ScoringError": "compensation.errors",
    **dict.fromkeys(("exact_number", "json_number", "text_number"), "compensation.numbers"),
    **dict.fromkeys(("Contract", "Outcome", "parse_contract", "score", "score_game", "score_misere",
                     "score_raspasovka"), "compensation.outcome"),
    **dict.fromkeys(("parse_record", "score_record"), "compensation.outcome_json"),
    "penalty": "compensation.penalties",
    **dict.fromkeys(("balance", "balances", "compensation", "damage", "settle_sheet"), "compensation.settlement"),
    **dict.fromkeys(("Entries", "total"), "compensation.sheet"),
    "rule_incident": "compensation.rulings",
    "find_rule": "compensation.rulings",
    "Ruling": "compensation.rulings.ruling",
    "Incident": "compensation.incident",
    "IncidentError": "compensation.incident",
    "parse_incident": "compensation.incident",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'compensation' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "Convention", "convention", "parse_option", "PRESETS", "OPTION_NAMES", "SOCHI", "LENINGRAD", "ROSTOV",
    "Contract", "parse_contract", "Outcome", "score", "score_game", "score_misere", "score_raspasovka",
    "parse_record", "score_record", "penalty", "Entries", "total", "balance", "balances", "settle_sheet",
    "damage", "compensation", "ScoringError", "exact_number", "json_number", "text_number",
    "rule_incident", "find_rule", "Ruling", "Incident", "IncidentError", "parse_incident", "__version__",
]
