"""Reading a batch: one JSON record per line, streamed, every line numbered.

A batch file can hold millions of records, so it is never read whole: lines are decoded
one at a time and each becomes a :class:`Job` carrying its line number. A line that is
not UTF-8 or not a JSON object becomes a job with an ``error`` instead of an exception,
so one bad line never costs the good ones. Blank lines are skipped (their numbers are not
reused).

Every record is known by its ``id``; a record without one is known by its line number
(an integer), and that is the ``id`` its output line carries.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Iterable, Iterator


@dataclass
class Job:
    """One input record: where it stood, what it is called, and what it says."""

    line: int
    record: dict | None = None
    error: str | None = None

    @property
    def id(self):
        if isinstance(self.record, dict) and _usable_id(self.record.get("id")):
            return self.record["id"]
        return self.line


def _usable_id(value) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def id_key(value) -> str:
    """A hashable, type-aware key for an id: the string "7" and the number 7 stay distinct."""
    return json.dumps(value, ensure_ascii=False)


def parse_line(line: int, raw: bytes) -> Job:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return Job(line, error=f"line {line}: not UTF-8 text (byte {e.start + 1})")
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as e:
        return Job(line, error=f"line {line}: not valid JSON: {e.msg} at column {e.colno}")
    return job_of(line, rec)


def job_of(line: int, rec) -> Job:
    """Check the shape every record must have (an object; an id, if any, a string or integer)."""
    if not isinstance(rec, dict):
        return Job(line, error=f"line {line}: expected a JSON object, got {_json_type(rec)}")
    if "id" in rec and not _usable_id(rec["id"]):
        return Job(line, error=f"line {line}: id: expected a string or an integer, got {rec['id']!r}")
    return Job(line, rec)


def _json_type(value) -> str:
    return {list: "an array", str: "a string", bool: "true/false", type(None): "null"}.get(
        type(value), "a number")


def open_binary(path):
    """The input as a binary stream; ``-`` is standard input."""
    if path in (None, "-"):
        return sys.stdin.buffer
    return open(path, "rb")


def read_jobs(stream) -> Iterator[Job]:
    """Yield a job for every non-blank line of a binary stream, lazily."""
    for number, raw in enumerate(stream, 1):
        if raw.strip():
            yield parse_line(number, raw.rstrip(b"\r\n"))


def jobs_from_records(records: Iterable) -> Iterator[Job]:
    """Number Python objects (dicts, or JSON text) as if they were the lines of a file."""
    for number, rec in enumerate(records, 1):
        if isinstance(rec, (str, bytes)):
            yield parse_line(number, rec.encode("utf-8") if isinstance(rec, str) else rec)
        else:
            yield job_of(number, rec)


def count_records(path) -> int | None:
    """How many non-blank lines a file has (one cheap pass, for the progress bar's total)."""
    if path in (None, "-"):
        return None
    n = 0
    with open(path, "rb") as f:
        for raw in f:
            if raw.strip():
                n += 1
    return n
