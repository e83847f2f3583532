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

from prefdd.messages import read_error_texts

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
    fmt = format_of(name, None, data)
    if fmt is None:
        raise BadInput("upload", f"{name}: not a file the desk reads (an incident in JSON, Bridge studio "
                                 ".bts/.pts, a room protocol, PPN)", kind="import_format", name=name)
    reading = read(data, fmt, name)
    errors = [read_error_texts(e) for e in reading.errors]
    return {"name": name, "format": fmt, "encoding": decode(data)[1], "deals": [desk_incident(d) for d in reading.deals],
            "errors": errors}


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
