"""The penalty code as a calculator: one registered function per rule.

How a rule module registers itself
----------------------------------
The decorator lives in :mod:`.registry`; this package imports every rule module by name
below (a new one: one line there), so the rules are registered once the package is loaded.
A module in this package (``fixed``, ``counterfactual``, ``remedy``, ``discard``, ``plan``,
``info``, ``naming``, and the optional ``claims`` and ``raspasovka``) decorates one function
per rule::

    from .registry import rule
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

from solver.limits import Limits

from ..incident import Incident, IncidentError, parse_incident

# the rule modules, each registering its rules with @rule on import
from . import counterfactual, discard, fixed, info, naming, note, plan, remedy  # noqa: F401
from .registry import RULES, VARIANTS, Context, RuleSpec, find_rule, rule, settings_of
from .ruling import Ruling

LOAD_ERRORS: list = []  # (module, message) of optional rule modules that failed to load:
# an optional module's bug must not take every other rule down
try:
    from . import claims  # noqa: F401
except Exception as e:  # noqa: BLE001
    if not (isinstance(e, ModuleNotFoundError) and e.name == f"{__name__}.claims"):
        LOAD_ERRORS.append((f"{__name__}.claims", f"{type(e).__name__}: {e}"))
try:
    from . import raspasovka  # noqa: F401
except Exception as e:  # noqa: BLE001
    if not (isinstance(e, ModuleNotFoundError) and e.name == f"{__name__}.raspasovka"):
        LOAD_ERRORS.append((f"{__name__}.raspasovka", f"{type(e).__name__}: {e}"))


def rule_incident(incident_dict, settings: dict | None = None, engine=None, budget: Limits | float | None = None,
                  progress=None) -> Ruling:
    """Parse, check and rule one incident (a dict as read from JSON). ``budget``: the caller's
    :class:`~solver.limits.Limits` (a number: its seconds) — the time an information-set search
    may take; with the incident's ``violation.budget`` the tighter holds.
    ``progress``: called now and then with the search's counts (a dict: seconds, layouts
    settled, decisions scanned, ...; :mod:`.progress`), for a caller such as a job API."""
    settings = settings or {}
    v = incident_dict.get("violation") if isinstance(incident_dict, dict) else None
    if isinstance(v, dict) and isinstance(v.get("rule"), str | int | float) and str(v["rule"]) not in VARIANTS:
        find_rule(str(v["rule"]))  # a rule that does not exist is named as such, before the history is replayed
    inc = parse_incident(incident_dict, convention_name=settings.get("convention"),
                         overrides=settings.get("overrides"), options=settings.get("options"))
    return rule_parsed(inc, engine, budget, progress)


def rule_parsed(inc: Incident, engine=None, budget: Limits | float | None = None, progress=None) -> Ruling:
    from solver.engine import Engine

    from ..errors import ScoringError
    from .progress import ProgressEngine

    spec = find_rule(inc.violation.rule, inc.kind)
    spec.check(inc)
    conv = inc.convention()
    if progress is not None:
        if engine is None:
            engine = ProgressEngine(callback=progress, quiet=True)
        elif isinstance(engine, ProgressEngine):
            engine.callback = progress
        else:
            raise TypeError("progress: give no engine (one that reports is made) or a ProgressEngine")
    ctx = Context(inc, conv, engine or Engine(reuse_table=True), spec, settings_of(inc, conv), Limits.of(budget))
    try:
        r = spec.func(ctx)
    except ScoringError as e:
        f = e.field or ""  # a ScoringError always names its field
        raise e.again(IncidentError, f if "." in f or f.startswith("penalty") else f"scoring.{f}") from None
    if progress is not None:
        engine._tell(force=True)  # the last counts
    for k in inc.violation.unread():
        r.note(f"violation.{k} was given, but rule {spec.number} does not use it here.",
               f"Указано (violation.{k}), но правило {spec.number} это поле здесь не использует.")
    return r


__all__ = ["RULES", "VARIANTS", "RuleSpec", "rule", "find_rule", "rule_incident", "rule_parsed", "Context",
           "Ruling", "IncidentError", "LOAD_ERRORS"]
