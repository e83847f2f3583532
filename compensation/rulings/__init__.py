"""The penalty code as a calculator: one registered function per rule.

How a rule module registers itself
----------------------------------
A module in this package (``fixed``, ``counterfactual``, ``remedy``, ``discard``, ``plan``,
``info``, ``naming``, and the optional ``claims`` and ``raspasovka``) decorates one function
per rule::

    from . import rule
    from .ruling import Ruling

    @rule("1.3.2.2", title_ru="Ход вне очереди вистующего при открытой игре",
          title_en="Lead out of turn by a defender, open play", pattern="CF",
          text_ru="...the rule's Russian text...", text_en="...its English translation...",
          contracts=("game",), offender="defender", needs=("move",), play="open")
    def lead_out_of_turn_open(ctx) -> Ruling:
        r = ctx.ruling()            # a Ruling with the rule, texts and settings filled in
        ...                         # r.write(seat, "gora"|"pulya"|"whists", amount, on=..., why=text(en, ru))
        return r

What a rule receives: ``ctx`` (:class:`Context`) with ``ctx.incident`` (a checked
:class:`~compensation.incident.Incident`: deal, contract, declarer, decisions, history,
``violation`` with rule-specific fields in ``violation.data``), ``ctx.convention`` (the
scoring :class:`~compensation.conventions.Convention`), ``ctx.engine`` (one
``Engine(reuse_table=True)`` for this incident), ``ctx.spec`` (its :class:`RuleSpec`).
What it returns: a :class:`~compensation.rulings.ruling.Ruling`. Bad or inconsistent
input raises :class:`~compensation.incident.IncidentError` (``field``: the path of the
field at fault, e.g. ``violation.move``); never anything else for a user's mistake.

Texts (``text(en, ru)``): write a seat as «место N» in the case the sentence needs
(место, места, месту, местом, месте; «на место N» for the accusative) and "seat N" in
English — the ruling names it as players do (:mod:`.wording`); a number with its noun
through ``wording.count(n, "whist" | "trick" | "card", lang)`` (1 вист, 2 виста, 5 вистов);
a setting through ``wording.setting(name, value, lang)``; never an identifier in Russian.
A violation field given but never asked for with ``violation.get`` is said in the notes.

The decorator's declarative checks run before the function: ``contracts`` (the kinds the
rule applies to: ``game``, ``misere``, ``raspasovka``; default ``("game", "misere")``),
``offender`` (``any`` | ``defender`` | ``declarer`` | ``passer`` | ``whister`` | ``none``),
``needs`` (violation fields that must be given, e.g. ``move``, ``card``), ``play``
(``open`` | ``closed`` | None). A rule number may be registered twice only for disjoint
``contracts`` (e.g. rule 11 on a game and on a raspasovka); an overlap raises at import.

``rule_incident(incident_dict, settings)`` parses, checks and rules one incident.
``settings``: ``{"convention": name, "overrides": {option: value}, "options": {...}}``,
each optional, overriding the incident's own ``scoring`` / ``options``.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..incident import RULING_OPTIONS, Incident, IncidentError, parse_incident
from .ruling import Ruling, text
from .wording import SeatNames

if TYPE_CHECKING:
    from solver.engine import Engine

    from ..conventions import Convention

PATTERNS = ("FIXED", "CF", "REMEDY", "WORST", "PLAN", "INFO")
OFFENDER_KINDS = ("any", "defender", "declarer", "passer", "whister", "none")


@dataclass
class RuleSpec:
    number: str
    title_ru: str
    title_en: str
    pattern: str
    func: Callable
    text_ru: str = ""
    text_en: str = ""
    contracts: tuple = ("game", "misere")
    offender: str = "any"
    needs: tuple = ()
    play: str | None = None
    source: str = "000"
    module: str = ""

    def check(self, inc: Incident) -> None:
        """The declarative checks: the contract, the offender, the data the rule needs."""
        v = inc.violation
        if inc.kind not in self.contracts:
            raise IncidentError("violation.rule", f"rule {self.number} ({self.title_en}) does not apply "
                                                  f"to a {inc.kind}; it applies to: {', '.join(self.contracts)}")
        if self.play == "open" and not inc.open:
            raise IncidentError("open", f"rule {self.number} is about open play, but the incident says closed")
        if self.play == "closed" and inc.open:
            raise IncidentError("open", f"rule {self.number} is about closed play, but the incident says open")
        if self.offender != "none":
            if v.offender is None:
                raise IncidentError("violation.offender", f"missing: rule {self.number} needs the offender's seat")
            o = v.offender
            for s in v.offenders or (o,):
                if self.offender == "defender" and s == inc.declarer:
                    raise IncidentError("violation.offender", f"seat {s} is the declarer; rule {self.number} "
                                                              "is about a defender (whister or passer)")
                if self.offender == "declarer" and s != inc.declarer:
                    raise IncidentError("violation.offender", f"seat {s} is not the declarer (seat "
                                                              f"{inc.declarer}); rule {self.number} is the declarer's")
                if self.offender == "passer" and inc.decisions.get(s) != "pass":
                    raise IncidentError("violation.offender", f"seat {s} did not pass; rule {self.number} is "
                                                              "about the passer")
                if self.offender == "whister" and inc.decisions.get(s) != "whist":
                    raise IncidentError("violation.offender", f"seat {s} did not whist; rule {self.number} is "
                                                              "about a whister")
        for f in self.needs:
            present = getattr(v, f, None) if f in ("move", "card", "cards", "correction") else v.get(f)
            if present is None or present == ():
                raise IncidentError(f"violation.{f}", f"missing: rule {self.number} needs it")


RULES: dict[str, RuleSpec] = {}
VARIANTS: dict[str, list] = {}


def rule(number: str, *, title_ru: str, title_en: str, pattern: str, text_ru: str = "", text_en: str = "",
         contracts=("game", "misere"), offender: str = "any", needs=(), play: str | None = None,
         source: str = "000"):
    """Register the decorated function as the ruling of ``number`` (see the module docstring)."""
    base = pattern.split("+")
    if any(p not in PATTERNS for p in base):
        raise ValueError(f"rule {number}: unknown pattern {pattern!r} (known: {PATTERNS})")
    if offender not in OFFENDER_KINDS:
        raise ValueError(f"rule {number}: unknown offender kind {offender!r}")

    def deco(func):
        spec = RuleSpec(number, title_ru, title_en, pattern, func, text_ru, text_en, tuple(contracts),
                        offender, tuple(needs), play, source, func.__module__)
        for other in VARIANTS.get(number, []):
            overlap = set(other.contracts) & set(spec.contracts)
            if overlap:
                raise ValueError(f"rule {number} registered twice for {sorted(overlap)} "
                                 f"({other.module} and {spec.module}); give disjoint contracts=")
        VARIANTS.setdefault(number, []).append(spec)
        RULES.setdefault(number, spec)
        return func

    return deco


def find_rule(number: str, kind: str | None = None) -> RuleSpec:
    """The spec of ``number`` for a contract kind; IncidentError naming violation.rule."""
    specs = VARIANTS.get(number)
    if not specs:
        near = sorted(n for n in RULES if n.startswith(number + "."))
        hint = f"; did you mean {', '.join(near)}?" if near else " (prefdd rule --list shows them all)"
        raise IncidentError("violation.rule", f"unknown rule {number!r}{hint}")
    if kind is None:
        return specs[0]
    for s in specs:
        if kind in s.contracts:
            return s
    near = sorted(n for n, vs in VARIANTS.items() if n.startswith(number + ".") and any(kind in v.contracts for v in vs))
    if near:
        raise IncidentError("violation.rule", f"rule {number} ({specs[0].title_en}) does not apply to a {kind}; "
                                              f"on a {kind} see {', '.join(near)}")
    return specs[0]  # its check() names the mismatch


@dataclass
class Context:
    """What a rule's function receives."""

    incident: Incident
    convention: Convention
    engine: Engine
    spec: RuleSpec
    settings: dict = field(default_factory=dict)

    def ruling(self) -> Ruling:
        s = self.spec
        inc = self.incident
        return Ruling(rule=s.number, pattern=s.pattern, title=text(s.title_en, s.title_ru),
                      rule_text=text(s.text_en, s.text_ru), settings=dict(self.settings),
                      players=self.convention.players, incident_id=inc.id, names=seat_names(inc, self.convention),
                      whist_rounding=inc.option("whist_rounding"))


def seat_names(inc: Incident, conv) -> SeatNames:
    """How this incident's text names its seats: the players' names, else roles or hands."""
    return SeatNames(inc.kind, inc.declarer, inc.decisions, inc.players, conv.players)


def settings_of(inc: Incident, conv) -> dict:
    return {"convention": inc.convention_name,
            "overrides": {k: _jsonable(v) for k, v in inc.overrides.items()},
            "ruling_options": {k: inc.option(k) for k in RULING_OPTIONS},
            "options": {k: _jsonable(v) for k, v in conv.options().items()}}


def _jsonable(v):
    """A convention option for JSON: exact numbers by :func:`~compensation.numbers.json_number`."""
    from fractions import Fraction

    from ..numbers import json_number

    if isinstance(v, Fraction):
        return json_number(v)
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


def rule_incident(incident_dict, settings: dict | None = None, engine=None) -> Ruling:
    """Parse, check and rule one incident (a dict as read from JSON)."""
    settings = settings or {}
    inc = parse_incident(incident_dict, convention_name=settings.get("convention"),
                         overrides=settings.get("overrides"), options=settings.get("options"))
    return rule_parsed(inc, engine)


def rule_parsed(inc: Incident, engine=None) -> Ruling:
    from solver.engine import Engine

    from ..errors import ScoringError

    spec = find_rule(inc.violation.rule, inc.kind)
    spec.check(inc)
    conv = inc.convention()
    ctx = Context(inc, conv, engine or Engine(reuse_table=True), spec, settings_of(inc, conv))
    try:
        r = spec.func(ctx)
    except ScoringError as e:
        f = e.field or ""  # a ScoringError always names its field
        raise IncidentError(f if "." in f or f.startswith("penalty") else f"scoring.{f}", e.message) from None
    for k in inc.violation.unread():
        r.note(f"violation.{k} was given, but rule {spec.number} does not use it here.",
               f"Поле violation.{k} указано, но правило {spec.number} его здесь не использует.")
    return r


RULE_MODULES = ("fixed", "counterfactual", "remedy", "discard", "plan", "info", "note", "naming", "claims",
                "raspasovka")


OPTIONAL_MODULES = ("claims", "raspasovka")
LOAD_ERRORS: list = []  # (module, message) of optional rule modules that failed to load


def _load() -> None:
    for name in RULE_MODULES:
        full = f"{__name__}.{name}"
        try:
            importlib.import_module(full)
        except ModuleNotFoundError as e:
            if e.name == full:
                continue
            raise
        except Exception as e:  # an optional module's bug must not take every other rule down
            if name not in OPTIONAL_MODULES:
                raise
            LOAD_ERRORS.append((full, f"{type(e).__name__}: {e}"))


_load()

__all__ = ["RULES", "VARIANTS", "RuleSpec", "rule", "find_rule", "rule_incident", "rule_parsed", "Context",
           "Ruling", "IncidentError"]
