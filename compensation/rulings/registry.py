"""The register of rules: :func:`rule`, the decorator each rule module applies to its
functions, and what a rule receives (:class:`Context`). A leaf of the rulings package: the
rule modules import it, and the package imports the rule modules (see its docstring).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from solver.limits import NONE, Limits

from ..incident import RULING_OPTIONS, Incident, IncidentError
from ..violation_fields import FIELDS as VIOLATION_FIELDS
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
            raise IncidentError.of("rule_not_for", "violation.rule", rule=self.number, title=self.title_en,
                                   kind=inc.kind, kinds=", ".join(self.contracts))
        if self.play == "open" and not inc.open:
            raise IncidentError.of("rule_open_play", "open", rule=self.number)
        if self.play == "closed" and inc.open:
            raise IncidentError.of("rule_closed_play", "open", rule=self.number)
        if self.offender != "none":
            if v.offender is None:
                raise IncidentError.of("rule_needs_offender", "violation.offender", rule=self.number)
            o = v.offender
            for s in v.offenders or (o,):
                if self.offender == "defender" and s == inc.declarer:
                    raise IncidentError.of("offender_is_declarer", "violation.offender", seat=s, rule=self.number)
                if self.offender == "declarer" and s != inc.declarer:
                    raise IncidentError.of("offender_not_declarer", "violation.offender", seat=s, declarer=inc.declarer,
                                           rule=self.number)
                if self.offender == "passer" and inc.decisions.get(s) != "pass":
                    raise IncidentError.of("offender_not_passer", "violation.offender", seat=s, rule=self.number)
                if self.offender == "whister" and inc.decisions.get(s) != "whist":
                    raise IncidentError.of("offender_not_whister", "violation.offender", seat=s, rule=self.number)
        for f in self.needs:
            present = getattr(v, f, None) if f in ("move", "card", "cards", "correction") else v.get(f)
            if present is None or present == ():
                raise IncidentError.of("rule_needs", f"violation.{f}", rule=self.number)


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
    undeclared = [f for f in needs if f not in VIOLATION_FIELDS]
    if undeclared:  # a violation's fields are declared once, in compensation/violation_fields.py
        raise ValueError(f"rule {number}: needs {undeclared}, not a field of compensation.violation_fields")

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
        parent = number.rsplit(".", 1)[0] if "." in number else None
        if not near and parent:  # 1.3.2.9: its siblings 1.3.2.1, 1.3.2.2
            near = sorted(n for n in RULES if n.startswith(parent + ".") and n.count(".") == number.count("."))
        if near:
            raise IncidentError.of("rule_unknown_near", "violation.rule", rule=number, near=", ".join(near))
        raise IncidentError.of("rule_unknown", "violation.rule", rule=number)
    if kind is None:
        return specs[0]
    for s in specs:
        if kind in s.contracts:
            return s
    near = sorted(n for n, vs in VARIANTS.items() if n.startswith(number + ".") and any(kind in v.contracts for v in vs))
    if near:
        raise IncidentError.of("rule_not_for_see", "violation.rule", rule=number, title=specs[0].title_en, kind=kind,
                                near=", ".join(near))
    return specs[0]  # its check() names the mismatch


@dataclass
class Context:
    """What a rule's function receives."""

    incident: Incident
    convention: Convention
    engine: Engine
    spec: RuleSpec
    settings: dict = field(default_factory=dict)
    limits: Limits = NONE   # the caller's (the web desk: a share of its request's time); see solver.limits

    def search_budget(self) -> float | None:
        """The seconds an information-set search may take: the tighter of ``violation.budget``
        and the caller's limit (:meth:`solver.limits.Limits.within`, the one precedence rule);
        none when neither sets one: an exact search runs to the end."""
        return self.limits.within(Limits(seconds=self.incident.violation.get("budget"))).seconds

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
