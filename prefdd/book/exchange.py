"""The book as JSON lines, out and back in.

Each exported line is the incident exactly as ruled — a record ``prefdd batch --kind rule``
reads as it is — labelled ``"id": "book:N"`` (N the entry's number: a re-ruling keeps its
incident's id, and a batch reads each id once), with one more field, ``book``: the entry as the book keeps it (its number,
the incident's own id, the uid, when, the program's version, the arbiter's note, the players' names, the settings,
where it came from, the entry it supersedes — by uid — with the changes, and the ruling's
JSON). The batch passes ``book`` over; ``prefdd book import`` reads it back, so export then
import into an empty book gives the same book. A line without ``book`` (an archive of
incidents from elsewhere) is ruled on import and written as a new entry.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from .store import Book, BookError, check_date, ruling_problem

BOOK_FIELDS = ("entry", "incident_id", "uid", "created", "version", "note", "players", "settings", "origin", "supersedes",
               "changes", "ruling")


def export_lines(book: Book, **filters) -> Iterator[str]:
    """Oldest first (re-rulings after the entries they supersede)."""
    for e in reversed(book.find(**filters)):
        sup = book.get(e.supersedes).uid if e.supersedes is not None else None  # type: ignore[union-attr]
        meta = {"entry": e.id, "uid": e.uid, "created": e.created, "version": e.version, "note": e.note,
                "players": e.players, "settings": e.settings, "origin": e.origin, "supersedes": sup,
                "changes": e.changes, "ruling": e.ruling}
        if "id" in e.incident:
            meta["incident_id"] = e.incident["id"]
        # the line's own id is the entry's: a re-ruling keeps its incident's id, and a batch
        # reads each id once
        yield json.dumps({**e.incident, "id": f"book:{e.id}", "book": meta}, ensure_ascii=False)


class ImportProblems(BookError):
    """Lines that cannot be imported: every one named (line, field, problem)."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        head = f"{len(problems)} line(s) cannot be imported; nothing was written"
        super().__init__(head + ":\n" + "\n".join(problems),
                         f"строк, которые не прочитать: {len(problems)}; ничего не записано:\n" + "\n".join(problems))


def _check_meta(meta, where: str) -> list[str]:
    from solver.messages import nearest

    if not isinstance(meta, dict):
        return [f"{where}: book: expected an object"]
    bad = []
    for k in meta:
        if k not in BOOK_FIELDS:
            near = nearest(k, BOOK_FIELDS)
            bad.append(f"{where}: book.{k}: unknown field" + (f" (did you mean {near!r}?)" if near else ""))
    for k in ("uid", "created", "ruling"):
        if k not in meta:
            bad.append(f"{where}: book.{k}: missing")
    if bad:
        return bad
    if not isinstance(meta["uid"], str) or not meta["uid"] or len(meta["uid"]) > 64:
        bad.append(f"{where}: book.uid: expected a text label")
    if not isinstance(meta["created"], str):
        bad.append(f"{where}: book.created: expected a time (text)")
    else:
        try:
            check_date(meta["created"][:10], "book.created")
        except BookError as e:
            bad.append(f"{where}: {e.message}")
    problem = ruling_problem(meta["ruling"])
    if problem:
        bad.append(f"{where}: book.ruling: {problem}")
    for k, kind in (("note", str), ("version", str), ("settings", dict), ("players", list), ("origin", str)):
        if k in meta and not isinstance(meta[k], kind):
            bad.append(f"{where}: book.{k}: expected {'text' if kind is str else 'an object' if kind is dict else 'a list'}")
    if "supersedes" in meta and meta["supersedes"] is not None and not isinstance(meta["supersedes"], str):
        bad.append(f"{where}: book.supersedes: expected the uid of an entry, or null")
    if "changes" in meta and meta["changes"] is not None and not isinstance(meta["changes"], list):
        bad.append(f"{where}: book.changes: expected a list, or null")
    if "entry" in meta and (isinstance(meta["entry"], bool) or not isinstance(meta["entry"], int)):
        bad.append(f"{where}: book.entry: expected a number")
    return bad


def _check_incident(rec: dict, where: str) -> str | None:
    from compensation.incident import parse_incident
    from solver.errors import PrefError

    try:
        parse_incident(rec)
    except PrefError as e:
        field = getattr(e, "field", None) or getattr(e, "path", None)
        msg = getattr(e, "message", None) or str(e)
        return f"{where}: {field}: {msg}" if field else f"{where}: {msg}"
    return None


def import_lines(book: Book, lines: Iterable[str], name: str = "input", *, workers: int | None = None,
                 origin: str = "import") -> dict:
    """Read every line; if any cannot be imported raise :class:`ImportProblems` naming each (and
    write nothing); else write them all in one transaction. Lines whose ``book.uid`` is
    already in the book are skipped. Returns ``{"written": [ids], "skipped": n, "ruled": n}``."""
    from solver.messages import one_line

    problems: list[str] = []
    kept: list[tuple[int, dict, dict | None]] = []
    for i, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        where = f"{name}:{i}"
        try:
            rec = json.loads(raw)
        except (ValueError, RecursionError) as e:
            problems.append(f"{where}: not JSON ({one_line(str(e))[:120]})")
            continue
        if not isinstance(rec, dict):
            problems.append(f"{where}: expected a JSON object (an incident)")
            continue
        meta = rec.pop("book", None)
        if meta is not None:
            bad = _check_meta(meta, where)
            if bad:
                problems += bad
                continue
            rec.pop("id", None)  # the export's label: the incident's own id is book.incident_id
            if "incident_id" in meta:
                rec["id"] = meta["incident_id"]
        err = _check_incident(rec, where)
        if err:
            problems.append(err)
            continue
        kept.append((i, rec, meta))
    if problems:
        raise ImportProblems(problems)
    seen = set()
    fresh = []
    skipped = 0
    for i, rec, meta in kept:
        if meta is not None and (book.has_uid(meta["uid"]) or meta["uid"] in seen):
            skipped += 1
            continue
        if meta is not None:
            seen.add(meta["uid"])
        fresh.append((i, rec, meta))
    to_rule = [(i, rec) for i, rec, meta in fresh if meta is None]
    rulings: dict[int, dict] = {}
    if to_rule:
        from prefdd.batch import rule_many

        for out in rule_many([dict(rec, id=f"line:{i}") for i, rec in to_rule], workers=workers):
            i = int(str(out["id"]).split(":")[1])
            if out.get("error"):
                problems.append(f"{name}:{i}: {one_line(str(out['error']))}")
                continue
            ruling = {k: v for k, v in out.items() if k != "input_line"}
            rec = next(r for j, r in to_rule if j == i)
            if "id" in rec:
                ruling["id"] = rec["id"]
            else:
                ruling.pop("id", None)
            rulings[i] = ruling
    if problems:
        raise ImportProblems(problems)
    items: list[dict[str, Any]] = []
    for i, rec, meta in fresh:
        if meta is None:
            items.append(dict(incident=rec, ruling=rulings[i], origin=origin))
            continue
        sup = meta.get("supersedes")
        if sup is not None:
            sup = ("uid", sup) if (sup in seen or book.has_uid(sup)) else None
        items.append(dict(incident=rec, ruling=meta["ruling"], settings=meta.get("settings") or {},
                          note=meta.get("note") or "", players=meta.get("players"),
                          origin=meta.get("origin") or "import", supersedes=sup, changes=meta.get("changes"),
                          created=meta["created"], version=meta.get("version"), uid=meta["uid"]))
    ids = book.record_many(items) if items else []
    return {"written": ids, "skipped": skipped, "ruled": len(rulings)}
