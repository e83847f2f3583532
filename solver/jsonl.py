"""Reading JSON input the way users hand it over: one object, an array, or JSON lines.

Every record comes with its number (1-based line for JSON lines, item for arrays) so that
errors can name it; a line that is not JSON becomes an error item, never an exception,
so one bad line never costs the good ones.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Iterator


@dataclass
class Item:
    number: int
    record: object = None
    error: str | None = None

    @property
    def label(self) -> str:
        rid = self.record.get("id") if isinstance(self.record, dict) else None
        return f"record {self.number}" + (f" (id {rid})" if rid is not None else "")


def open_input(path: str | None):
    if path in (None, "-"):
        return sys.stdin
    return open(path, encoding="utf-8")


def iter_items(stream) -> Iterator[Item]:
    """Yield records lazily from JSON lines; a whole-stream object or array is accepted too."""
    first = None
    lines = iter(stream)
    buffered = []
    for line in lines:
        if line.strip():
            first = line
            break
        buffered.append(line)
    if first is None:
        return
    stripped = first.strip()
    try:
        obj = json.loads(stripped)
        single_line_ok = True
    except json.JSONDecodeError:
        single_line_ok = False
    if not single_line_ok and stripped[:1] in "[{":
        # maybe a pretty-printed document: read it whole
        text = first + "".join(lines)
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            yield Item(1, None, f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}")
            return
        if isinstance(doc, list):
            for i, rec in enumerate(doc, 1):
                yield Item(i, rec)
        else:
            yield Item(1, doc)
        return
    number = len(buffered) + 1
    if single_line_ok and isinstance(obj, list) and obj and all(isinstance(x, dict) for x in obj):
        for i, rec in enumerate(obj, 1):
            yield Item(i, rec)
        rest = "".join(lines).strip()
        if rest:
            yield Item(len(obj) + 1, None, "unexpected data after the JSON array")
        return
    yield _parse_line(number, first)
    for line in lines:
        number += 1
        if line.strip():
            yield _parse_line(number, line)


def _parse_line(number: int, line: str) -> Item:
    try:
        return Item(number, json.loads(line))
    except json.JSONDecodeError as e:
        return Item(number, None, f"not valid JSON: {e.msg} at column {e.colno}")
