"""Reading JSON input the way users hand it over: one object, an array, or JSON lines.

Every record comes with its number (1-based line for JSON lines, item for arrays) so that
errors can name it; a line that is not UTF-8, not JSON, nested absurdly deep or holding a
number too long to convert becomes an error item, never an exception, so one bad line
never costs the good ones. Lines are split on ``\\n`` only (a U+2028 inside a string is
text, not a line break). Every command and the batch read through :func:`parse_json`.
"""
from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from solver.errors import PrefError

from . import error_kinds  # noqa: F401  the kinds of the input's problems, in the one catalogue

MAX_DEPTH = 64  # records nest 4-6 levels; far deeper is junk (and would overflow the stack)


class InputError(PrefError):
    """The input as a whole cannot be read (missing, a directory, not text)."""


class Problem(str):
    """Why a line is no record: its English text (a ``str``, as every caller used it), with
    its kind and parameters in the one catalogue, so it can be said in Russian too."""

    kind: str
    params: dict

    def __new__(cls, kind: str, /, **params) -> Problem:
        from solver.messages import say

        self = super().__new__(cls, say(kind, "en", **params))
        self.kind, self.params = kind, params
        return self

    def said(self, lang: str = "en") -> str:
        from solver.messages import say

        return say(self.kind, lang, **self.params) if lang == "ru" else str(self)

    def error(self) -> InputError:
        """The problem as an error of the input (its kind kept)."""
        return InputError.of(self.kind, None, **self.params)


BOM_INSIDE = str(Problem("bom_inside"))


@dataclass
class Item:
    number: int
    record: object = None
    error: str | None = None  # a Problem (a str with its kind) where the line could not be read

    @property
    def label(self) -> str:
        return self.label_in("en")

    def label_in(self, lang: str) -> str:
        """"record 3 (id r003)" / «запись 3 (r003)»."""
        rid = self.record.get("id") if isinstance(self.record, dict) else None
        if isinstance(rid, (dict, list)):
            rid = None
        if lang == "ru":
            return f"запись {self.number}" + (f" ({rid})" if rid is not None else "")
        return f"record {self.number}" + (f" (id {rid})" if rid is not None else "")


def json_line(value) -> str:
    """A record's JSON text as every command writes it: UTF-8 kept (no ``\\u`` escapes),
    ``json``'s default separators; ``prefdd solve`` and the batch write the same bytes.
    (``json.dumps(value, ensure_ascii=False)``, its encoder made once, not once a record.)"""
    return _encode(value)


_encode = json.JSONEncoder(ensure_ascii=False).encode




def parse_json(data: bytes | str, start: bool = True) -> tuple[object, str | None]:
    """``(value, None)`` or ``(None, problem)``: never raises on any input. ``start``: the
    text begins the input, where an editor's byte-order mark is skipped; anywhere else it is
    an error (a silently dropped mark would hide a file pasted together from others)."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as e:
            return None, Problem("not_utf8", byte=e.start + 1)
    if data.startswith("\ufeff"):
        if not start:
            return None, Problem("bom_inside")
        data = data[1:]
    try:
        value = json.loads(data)
    except json.JSONDecodeError as e:
        bom = data.find("\ufeff")
        if bom >= 0:  # a mark inside the text: say so, not what the parser made of it
            line = data.count("\n", 0, bom) + 1
            return None, Problem("bom_at", line=line, column=bom - data.rfind(chr(10), 0, bom))
        if e.lineno > 1:
            return None, Problem("not_json_at", detail=e.msg.removesuffix(" at"), line=e.lineno, column=e.colno)
        return None, Problem("not_json", detail=e.msg.removesuffix(" at"), column=e.colno)
    except RecursionError:
        return None, Problem("nested", limit=MAX_DEPTH)
    except ValueError as e:  # an integer literal past Python's digit limit
        return None, Problem("not_usable_json", detail=_short(e))
    # a value cannot nest deeper than the text has opening brackets: most records have a
    # handful, and counting them is cheaper than walking the value
    if data.count("[") + data.count("{") > MAX_DEPTH and too_deep(value):
        return None, Problem("nested", limit=MAX_DEPTH)
    return value, None


def _short(e: Exception) -> str:
    text = str(e).split(";")[0]
    return "a number with too many digits" if "digits" in text else text


def too_deep(value, limit: int = MAX_DEPTH) -> bool:
    """Whether lists/objects nest more than ``limit`` levels (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = v.values()
        elif not isinstance(v, list):
            continue
        if d > limit:
            return True
        stack.extend((x, d + 1) for x in v if isinstance(x, (dict, list)))
    return False


def open_input(path: str | None):
    """The input as a binary stream (``-`` or None: standard input); InputError if unreadable."""
    if path in (None, "-"):
        return _Borrowed(getattr(sys.stdin, "buffer", sys.stdin))
    if os.path.isdir(path):
        raise InputError.of("cannot_read_dir", None, path=path)
    try:
        return open(path, "rb")
    except OSError as e:
        raise InputError.of("cannot_read", None, path=path, reason=e.strerror, errno=e.errno) from None


class _Borrowed:
    """Standard input, used in a ``with`` block without being closed at its end."""

    def __init__(self, stream):
        self.stream = stream

    def __iter__(self):
        return iter(self.stream)

    def read(self, *a):
        return self.stream.read(*a)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def read_document(path: str | None) -> object:
    """One whole JSON document (``prefdd rule``'s incident); InputError naming the problem."""
    with open_input(path) as stream:
        try:
            data = stream.read()
        except OSError as e:
            raise InputError.of("cannot_read", None, path=path, reason=e.strerror, errno=e.errno) from None
    if not data.strip():
        raise InputError.of("empty_input")
    value, error = parse_json(data)
    if isinstance(error, Problem) and error.kind in ("not_json", "not_json_at") and error.params["detail"] == "Extra data":
        raise InputError.of("extra_data", None, json=str(error))
    if isinstance(error, Problem):
        raise error.error()
    return value


def iter_items(stream) -> Iterator[Item]:
    """Yield records lazily from JSON lines; a whole-stream object or array is accepted too.

    ``stream`` yields bytes lines (a binary file); text lines are accepted too."""
    lines = (line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line for line in stream)
    first = None
    number = 0
    for line in lines:
        number += 1
        if line.strip():
            first = line
            break
    if first is None:
        return
    obj, error = parse_json(first, number == 1)
    if error and first.strip()[:1] in b"[{" and error.startswith("not valid JSON"):
        # maybe a pretty-printed document: read it whole
        rest = list(lines)
        doc, whole_error = parse_json(first + b"".join(rest), number == 1)
        if whole_error:
            if not _json_lines(rest):
                yield Item(number, None, whole_error)
                return
            yield Item(number, None, error)  # JSON lines after all, with a bad first line
            for line in rest:
                number += 1
                if line.strip():
                    yield Item(number, *parse_json(line, False))
            return
        if isinstance(doc, list):
            for i, rec in enumerate(doc, 1):
                yield Item(i, rec)
        else:
            yield Item(number, doc)
        return
    if not error and isinstance(obj, list) and obj and all(isinstance(x, dict) for x in obj):
        for i, rec in enumerate(obj, 1):
            yield Item(i, rec)
        for line in lines:
            if line.strip():
                yield Item(len(obj) + 1, None, Problem("after_array"))
                break
        return
    yield Item(number, obj, error)
    for line in lines:
        number += 1
        if line.strip():
            yield Item(number, *parse_json(line, False))


def _json_lines(rest: list) -> bool:
    """Whether the next non-blank line is a JSON object of its own (JSON lines, not a document)."""
    nxt = next((line for line in rest if line.strip()), None)
    if nxt is None:
        return False
    value, error = parse_json(nxt, False)
    return error is None and isinstance(value, dict)
