"""Deals from other programs' files, as our records; our records back as Bridge studio files.

Readers (each returns a :class:`~.common.Reading`: the deals, and an error for every line it
could not take over, the rest still read):

* ``bts`` — Bridge studio's ``.bts``/``.pts`` problem files (:mod:`.bts`);
* ``room`` — the online-room protocol text format (:mod:`.room`);
* ``ppn`` — Portable Preferans Notation, the Serbian game (:mod:`.ppn`).

:func:`format_of` picks the reader by ``fmt`` or the file's extension (or, for a file with
no known extension, its first line); :func:`solve_lines` gives the ``prefdd solve`` records
as JSON lines — what ``prefdd solve`` and ``prefdd batch`` read from such a file; the
arbiter's desk reads an uploaded file with :func:`read` (``prefdd.web.imports``).
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .common import ReadError, Reading

FORMATS = ("bts", "room", "ppn")
EXTENSIONS = {".bts": "bts", ".pts": "bts", ".ppn": "ppn"}


class UnknownFormat(ValueError):
    """The format of a file cannot be told (or is not one we read)."""


def format_of(path: str, fmt: str | None = None, data: bytes | None = None) -> str | None:
    """The reader for a file: ``fmt`` if given; else by extension; else, with ``data``, by its
    first line (``% bts``/``deal`` → bts, ``begin`` → room, a ``[Tag ...]`` line → ppn);
    None for our own JSON (or anything else)."""
    if fmt is not None:
        if fmt not in FORMATS:
            raise UnknownFormat(f"--from: unknown format {fmt!r} (known: {', '.join(FORMATS)})")
        return fmt
    ext = os.path.splitext(path or "")[1].lower()
    if ext in EXTENSIONS:
        return EXTENSIONS[ext]
    if data is None or ext in (".json", ".jsonl"):
        return None
    from .common import decode

    first = next((ln.strip() for ln in decode(data[:4096])[0].split("\n") if ln.strip()), "")
    if first.startswith("% bts") or first.lower().startswith("deal "):
        return "bts"
    if first == "begin":
        return "room"
    if first.startswith("[") and first[1:2].isalnum() and not first.startswith("[{"):
        return "ppn"
    return None


def read(data: bytes | str, fmt: str, path: str = "-") -> Reading:
    """Read ``data`` (a file's bytes) with the reader ``fmt``. A file with a NUL byte is no
    text at all (a picture, an archive, UTF-16): one error for it, not one for each of its
    lines read as cp1251."""
    if fmt in FORMATS and isinstance(data, bytes) and b"\0" in data:
        from .common import ReadError, Reading

        at = data.index(b"\0")
        return Reading(errors=[ReadError.of(os.path.basename(path), data.count(b"\n", 0, at) + 1, "\0",
                                            "read_binary", at=at + 1)], encoding="")
    if fmt == "bts":
        from .bts import read_bts

        return read_bts(data, path)
    if fmt == "room":
        from .room import read_room

        return read_room(data, path)
    if fmt == "ppn":
        from .ppn import read_ppn

        return read_ppn(data, path)
    raise UnknownFormat(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")


def solve_lines(data: bytes | str, fmt: str, path: str = "-") -> tuple[list[str], list[ReadError]]:
    """The ``prefdd solve`` records of a file as JSON lines, and the read errors."""
    from prefdd.jsonl import json_line

    from .common import solve_records

    reading = read(data, fmt, path)
    return [json_line(rec) for deal in reading.deals for rec in solve_records(deal)], reading.errors


_LAZY = ("ForeignDeal", "Reading", "ReadError", "skeleton_incident", "solve_records")


def __getattr__(name: str):
    """The common types and record builders, loaded on first use: ``prefdd solve`` on a JSON
    file only asks this package whether its input is another program's file."""
    if name in _LAZY:
        from . import common

        return getattr(common, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["FORMATS", "EXTENSIONS", "ForeignDeal", "Reading", "ReadError", "UnknownFormat", "format_of", "read",
           "solve_lines", "solve_records", "skeleton_incident"]
