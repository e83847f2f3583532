"""Re-ruling the book under other settings: every current entry's incident through the batch
machinery (:func:`prefdd.batch.rule_many`: every core, threads or Dask), and a new entry for
each ruling whose figures changed — pointing at the old one, with the changes cell by cell.
Entries whose figures stay the same are listed, not written again.

The new settings are written *into* the incident (``scoring.convention``, ``scoring.set``,
``options``), so each re-ruling's incident is the incident exactly as ruled: reopened, it
rules to the same JSON with no settings beside it.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction

from .figures import changes
from .store import Book, BookError, Entry


def settings_of(convention: str | None = None, sets: list[str] | tuple = (), ) -> dict:
    """``--convention`` and ``--set KEY=VALUE`` checked, as the book records them:
    ``{"convention", "set": {option: text}, "options": {ruling option: value}}``."""
    from compensation.conventions import OPTION_NAMES, PRESETS, parse_option
    from compensation.conventions import convention as make
    from compensation.errors import ScoringError
    from compensation.incident import RULING_OPTIONS
    from solver.messages import nearest

    out: dict = {}
    if convention is not None:
        if convention not in PRESETS:
            raise BookError(f"--convention: unknown convention {convention!r} (known: {', '.join(PRESETS)})",
                            f"--convention: нет конвенции «{convention}» (есть: {', '.join(PRESETS)})", "convention")
        out["convention"] = convention
    over: dict = {}
    for item in sets:
        key, sep, value = str(item).partition("=")
        key, value = key.strip(), value.strip()
        if not sep:
            raise BookError(f"--set: expected OPTION=VALUE, got {item!r}", f"--set: нужно ИМЯ=ЗНАЧЕНИЕ, а не «{item}»",
                            "set")
        if key in RULING_OPTIONS:
            if value not in RULING_OPTIONS[key][0]:
                raise BookError(f"--set {key}: expected one of {', '.join(RULING_OPTIONS[key][0])}, got {value!r}",
                                f"--set {key}: одно из {', '.join(RULING_OPTIONS[key][0])}, а не «{value}»", "set")
            out.setdefault("options", {})[key] = value
            continue
        if key not in OPTION_NAMES:
            near = nearest(key, [*OPTION_NAMES, *RULING_OPTIONS])
            hint = f" (did you mean {near!r}?)" if near else ""
            raise BookError(f"--set: {key}: unknown option{hint}", f"--set: нет настройки «{key}»{hint}", "set")
        try:
            over[key] = parse_option(key, value)
        except ScoringError as e:
            raise BookError(f"--set {key}: {e.message}", f"--set {key}: {e.message}", "set") from None
        out.setdefault("set", {})[key] = value
    if over:
        try:
            make(out.get("convention", "sochi"), **over)
        except ScoringError as e:
            raise BookError(f"--set: {e}", f"--set: {e}", "set") from None
    return out


def _jsonable(v):
    if isinstance(v, Fraction):
        return v.numerator if v.denominator == 1 else float(v)
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    return v


def fold(incident: dict, settings: dict) -> dict:
    """The incident with ``settings`` written into it (what ``rule_incident(incident,
    settings)`` rules on, as one record)."""
    from compensation.conventions import parse_option

    inc = copy.deepcopy(incident)
    if settings.get("convention") or settings.get("set"):
        sc = dict(inc.get("scoring") or {})
        if settings.get("convention"):
            sc["convention"] = settings["convention"]
        if settings.get("set"):
            sc["set"] = {**(sc.get("set") or {}),
                         **{k: _jsonable(parse_option(k, v)) for k, v in settings["set"].items()}}
        inc["scoring"] = sc
    if settings.get("options"):
        inc["options"] = {**(inc.get("options") or {}), **settings["options"]}
    return inc


@dataclass
class Outcome:
    entry: Entry
    changes: list = field(default_factory=list)
    error: str | None = None
    new_id: int | None = None
    ruling: dict | None = None


@dataclass
class Report:
    settings: dict
    outcomes: list = field(default_factory=list)
    dry_run: bool = False

    @property
    def changed(self) -> list:
        return [o for o in self.outcomes if o.changes and not o.error]

    @property
    def same(self) -> list:
        return [o for o in self.outcomes if not o.changes and not o.error]

    @property
    def errors(self) -> list:
        return [o for o in self.outcomes if o.error]


def rerule(book: Book, settings: dict, *, dry_run: bool = False, workers: int | None = None,
           dask: str | None = None, dask_local: int | None = None, threads: int | None = None,
           note: str = "", **filters) -> Report:
    """Rule every current entry (``filters`` as :meth:`Book.find`) again with ``settings``;
    write a new entry for each whose figures changed (unless ``dry_run``), all in one
    transaction."""
    from prefdd.batch import rule_many

    entries = list(reversed(book.find(current=True, **filters)))  # oldest first
    report = Report(settings, dry_run=dry_run)
    if not entries:
        return report
    folded = {e.id: fold(e.incident, settings) for e in entries}
    records = [dict(folded[e.id], id=f"book:{e.id}") for e in entries]
    answers = rule_many(records, workers=workers, dask=dask, dask_local=dask_local, threads=threads)
    by_id = {e.id: e for e in entries}
    for out in answers:
        e = by_id[int(str(out["id"]).split(":")[1])]
        if out.get("error"):
            report.outcomes.append(Outcome(e, error=str(out["error"])))
            continue
        ruling = {k: v for k, v in out.items() if k != "input_line"}
        if "id" in e.incident:  # the ruling of the incident as it stands, not of the batch's label
            ruling["id"] = e.incident["id"]
        else:
            ruling.pop("id", None)
        report.outcomes.append(Outcome(e, changes=changes(e.ruling, ruling), ruling=ruling))
    report.outcomes.sort(key=lambda o: o.entry.id)
    if not dry_run and report.changed:
        ids = book.record_many([dict(incident=folded[o.entry.id], ruling=o.ruling, settings=settings, note=note,
                                     players=o.entry.players, origin="rerule", supersedes=o.entry.id,
                                     changes=o.changes) for o in report.changed])
        for o, i in zip(report.changed, ids, strict=True):
            o.new_id = i
    return report
