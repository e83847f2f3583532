"""The desk's upload of other programs' deal files (``POST /api/import``).

The page sends ``{"name": the file's name, "base64": its bytes}`` (the bytes, so a cp1251
Bridge studio file arrives as it was written; the server decodes it as ``prefdd convert``
does: UTF-8, else cp1251), or ``{"name", "text"}`` with the text already decoded. The
format is told by the name's extension (``.bts``, ``.pts``, ``.ppn``) or the first line
(:func:`prefdd.formats.format_of`). The answer: ``{"format", "encoding", "deals": [...],
"errors": [...]}``; each deal an incident as the page loads it (``deal``, ``contract``,
``declarer``, ``first_leader``, ``decisions``, ``history``, ``players``, ``id``, ``source``,
``note``; no violation: the arbiter names it), each error one line refused with its file,
line, token and the sentence in English and Russian (:func:`prefdd.messages.read_error_texts`).
A file of a known format with no deal read is still a 200: no deals, and the errors saying why.
"""
from __future__ import annotations

import base64
import binascii
import json

from compensation.incident import IncidentError
from prefdd.messages import read_error_texts
from solver.errors import PrefError

from .bad_input import BadInput, known

FIELDS = {"name", "text", "base64"}


def import_file(body: dict) -> dict:
    from prefdd.formats import format_of, read
    from prefdd.formats.common import decode

    known(body, FIELDS)
    name = body.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadInput("name", "missing: the file's name", kind="missing")
    name = name.replace("\\", "/").rsplit("/", 1)[-1][:200]
    if "base64" in body:
        if not isinstance(body["base64"], str):
            raise BadInput("upload", "the file's bytes are not valid base64", kind="import_base64")
        try:
            data = base64.b64decode(body["base64"], validate=True)
        except (binascii.Error, ValueError):
            raise BadInput("upload", "the file's bytes are not valid base64", kind="import_base64") from None
    elif isinstance(body.get("text"), str):
        data = body["text"].encode("utf-8")
    else:
        raise BadInput("upload", "missing: the file's text or base64 bytes", kind="missing")
    if not data.strip():
        raise BadInput("upload", f"{name}: empty file, no deal found", kind="import_empty", name=name)
    if json_lines(name, data):
        deals, errors = read_json_lines(name, data)
        return {"name": name, "format": "jsonl", "encoding": decode(data)[1], "deals": deals, "errors": errors}
    fmt = format_of(name, None, data)
    if fmt is None:
        raise BadInput("upload", f"{name}: not a file the desk reads (an incident in JSON, Bridge studio "
                                 ".bts/.pts, a room protocol, PPN)", kind="import_format", name=name)
    reading = read(data, fmt, name)
    errors = [read_error_texts(e) for e in reading.errors]
    return {"name": name, "format": fmt, "encoding": decode(data)[1], "deals": [desk_incident(d) for d in reading.deals],
            "errors": errors}


def json_lines(name: str, data: bytes) -> bool:
    """Our own JSON lines: a ``.jsonl`` file, or a ``.json`` one whose first two records each
    stand on a line of their own."""
    if name.lower().endswith(".jsonl"):
        return True
    if not name.lower().endswith(".json"):
        return False
    lines = [ln.strip() for ln in data.splitlines() if ln.strip()]
    return len(lines) > 1 and all(ln.startswith(b"{") and ln.endswith(b"}") for ln in lines[:2])


LEVEL_DEFAULT = "6"  # a record that gives only the strain (a double-dummy question): the desk shows it as a six


def read_json_lines(name: str, data: bytes) -> tuple[list, list]:
    """Every record of a JSON-lines file as an incident the page loads, and each line refused
    (its file, line, the start of it, the sentence in both languages). A record may be an
    incident (``deal`` and ``violation``), a position or played deal (``hands``, ``talon`` or
    ``discard``, ``contract``, ``declarer``, ``leader``, ``history``), one hand (``hand``: the
    first hand's, the others left to deal) or a deal's outcome with no cards (``contract``,
    ``declarer``, ``decisions``, ``tricks``)."""
    from prefdd.formats.common import decode

    from .table import parse_paste

    deals, errors = [], []
    for n, raw in enumerate(decode(data)[0].splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        try:
            try:
                rec = json.loads(line)
            except RecursionError:
                raise _Line("the record is nested too deeply", "запись вложена слишком глубоко") from None
            except json.JSONDecodeError as e:
                raise _Line(f"not a record: {e.msg} (column {e.colno})",
                            f"строка — не запись {{…}}: ошибка в {e.colno}-м знаке") from None
            except ValueError as e:  # a number too long to read, and the like
                raise _Line(f"not a record: {e}", "строка — не запись {…}: в ней число или знак, которые не прочесть") from None
            if not isinstance(rec, dict):
                raise _Line("not a record: expected {...} on the line", "строка — не запись {…}")
            deals.append(_record_incident(rec, parse_paste))
        except _Line as e:
            errors.append(_line_error(name, n, line, None, e.en, e.ru))
        except (IncidentError, PrefError) as e:
            field, message = getattr(e, "field", None), getattr(e, "message", str(e))
            errors.append(_line_error(name, n, line, field, message))
    return deals, errors


class _Line(Exception):
    """A line that is no record at all, said in both languages."""

    def __init__(self, en: str, ru: str):
        super().__init__(en)
        self.en, self.ru = en, ru


def _line_error(name: str, n: int, line: str, field, message: str, ru: str | None = None) -> dict:
    from prefdd.messages import error_texts, say

    token = line if len(line) <= 40 else line[:37] + "..."
    if ru is None:
        texts = error_texts(field, message)
        where = texts.get("where") or {}
        ru = texts["text"]["ru"]
        if where.get("ru") and field not in (None, "text"):
            ru = f"{where['ru']}: {ru}"
    return {"file": name, "line": n, "token": token, "kind": "read_line",
            "text": {"en": f"{name}:{n}: {message}",
                     "ru": say("read_line", "ru", path=name, line=n, token=token, what=ru)}}


def _record_incident(rec: dict, parse_paste) -> dict:
    """One record of a JSON-lines file as an incident the page loads (cards checked as a paste is)."""
    if "deal" in rec and "violation" in rec:
        got = parse_paste(json.dumps(rec))
        whole = dict(got["incident"])
        whole["deal"], whole["history"] = got["deal"], got["history"]
        return whole
    inc: dict = {}
    if "hands" in rec:
        inc["deal"] = parse_paste(json.dumps({k: rec[k] for k in ("hands", "talon", "discard") if k in rec}))["deal"]
    elif "hand" in rec:  # one hand: the first hand's, the other cards to deal
        deal = {"hands": [rec["hand"], [], []]}
        if rec.get("discard"):
            deal["discard"] = rec["discard"]
        inc["deal"] = parse_paste(json.dumps(deal))["deal"]
    elif "contract" in rec:  # an outcome: no cards, the contract and the tricks
        inc["deal"] = {"hands": [[], [], []]}
    else:
        raise _Line("no deal in this record: expected hands, a hand, or a contract",
                    "в записи нет сдачи: ожидаются руки (hands), одна рука (hand) или контракт (contract)")
    contract = str(rec.get("contract", "")).lower()
    if contract in ("s", "c", "d", "h", "nt"):
        contract = LEVEL_DEFAULT + contract
    if contract:
        inc["contract"] = contract
    for k in ("declarer", "decisions", "players", "id", "source", "note", "open"):
        if rec.get(k) is not None:
            inc[k] = rec[k]
    if isinstance(inc.get("decisions"), dict):
        inc["decisions"] = {str(s): d for s, d in inc["decisions"].items()}
    leader = rec.get("leader", rec.get("first_leader"))
    if leader is not None:
        inc["first_leader"] = leader
    from .table import _cards

    inc["history"] = [str(c) for c in _cards(rec.get("history") or [], "history")]
    if isinstance(rec.get("tricks"), list):
        inc["result"] = {"tricks": rec["tricks"]}
    return inc


def desk_incident(deal) -> dict:
    """A deal read from a file as an incident the page loads: the deal, contract, declarer,
    the defenders' decisions, first leader and play (an empty one for a deal the file gives
    without its play). Ten-card hands with no talon or discard in the file (Bridge studio
    keeps neither): the two cards no hand holds are out of play, and given as the discard so
    that all 32 cards are on the table."""
    from prefdd.formats.common import deal_incident

    inc = deal_incident(deal)
    held = {str(c) for h in deal.hands for c in h}
    if not deal.talon and not deal.discard and len(held) == 30 and not deal.is_raspasovka:
        inc["deal"]["discard"] = [r + s for s in "scdh" for r in "AKQJT987" if r + s not in held]
    if deal.source:
        inc["source"] = deal.source
    if deal.note:
        inc["note"] = deal.note
    return inc


__all__ = ["import_file", "desk_incident"]
