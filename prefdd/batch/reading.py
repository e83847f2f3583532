"""Reading a batch: one JSON record per line, streamed, every line numbered.

A batch file can hold millions of records, so it is never read whole: it is read in large
blocks and split into lines, each numbered; a non-blank line goes to a worker as its raw
bytes (:func:`read_jobs`), and the worker parses, checks and hashes it (:func:`job_from`,
:func:`line_hash`), so the process that reads and writes does next to nothing per record.
A line that is not UTF-8 or not a JSON object becomes an answer with an ``error``, never an
exception, so one bad line never costs the good ones. Blank lines are skipped (their numbers
are not reused).

Every record is known by its ``id``; a record without one is known by its line number
(an integer), and that is the ``id`` its output line carries. A line read from a file
also carries a short hash of its bytes, stored with its answer, so that a resumed run can
prove each answer in the output belongs to the same input record.
"""
from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..jsonl import parse_json
from .errors import InputMismatch


@dataclass
class Job:
    """One input record: where it stood, what it is called, and what it says."""

    line: int
    record: dict | None = None
    error: str | None = None
    hash: str | None = None  # of the input line's bytes (file input only)
    error_kind: str | None = None  # the error's kind in the one catalogue (solver.messages), for programs

    @property
    def id(self):
        if isinstance(self.record, dict) and _usable_id(self.record.get("id")):
            return self.record["id"]
        return self.line


def _usable_id(value) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def id_key(value):
    """A hashable, type-aware key for an id: the string "7" and the number 7 stay distinct
    (they are distinct dict keys as they are); anything else an output line may carry (a
    float, true, a list) as its JSON text, tagged so that it never equals a string id."""
    if _usable_id(value):
        return value
    return ("json", json.dumps(value, ensure_ascii=False))


def line_hash(raw: bytes) -> str:
    """The input line's fingerprint stored with its answer (its bytes, surrounding blanks ignored)."""
    return hashlib.sha256(raw.strip()).hexdigest()[:16]


def parse_line(line: int, raw: bytes) -> Job:
    rec, error = parse_json(raw, line == 1)
    if error:
        return Job(line, error=f"line {line}: {error}", error_kind=getattr(error, "kind", "input"))
    return job_of(line, rec)


def job_of(line: int, rec) -> Job:
    """Check the shape every record must have (an object; an id, if any, a string or integer)."""
    if not isinstance(rec, dict):
        return Job(line, error=f"line {line}: expected a JSON object, got {_json_type(rec)}", error_kind="expected_object")
    if "id" in rec and not _usable_id(rec["id"]):
        return Job(line, error=f"line {line}: id: expected a string or an integer, got {_json_type(rec['id'])}",
                   error_kind="bad_id")
    return Job(line, rec)


def _json_type(value) -> str:
    return {list: "an array", dict: "an object", str: "a string", bool: "true/false", type(None): "null"}.get(
        type(value), "a number")


def open_binary(path):
    """The input as a binary stream; ``-`` is standard input."""
    if path in (None, "-"):
        return sys.stdin.buffer
    return open(path, "rb")


MAX_LINE = 16 << 20  # 16 MB: a record is a few hundred bytes; a longer "line" is not one
TOO_LONG = b"\0too long\0"  # what an over-long line is hashed as


def lines_of(stream, limit: int = MAX_LINE) -> Iterator[tuple[int, bytes | None]]:
    """``(number, bytes)`` for every line, ``(number, None)`` for a line over ``limit`` bytes
    (skipped without holding it in memory: ``/dev/zero`` as input is a bad line, not a crash)."""
    number = 0
    while True:
        raw = stream.readline(limit + 1)
        if not raw:
            return
        number += 1
        if len(raw) > limit and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(limit + 1)
            yield number, None
            continue
        yield number, raw


def read_jobs(stream, block: int = 1 << 20, limit: int = MAX_LINE) -> Iterator[tuple[int, bytes | None]]:
    """``(number, raw bytes)`` for every non-blank line of a binary stream, lazily; ``None``
    for a line over ``limit`` bytes. The stream is read in large blocks (``read1`` where
    there is one, so standard input streams), not a line at a time, and the lines are left
    raw: the workers parse, hash and answer them (:func:`~.work.answer_lines`), so the
    process that reads and writes does next to nothing per record."""
    read = getattr(stream, "read1", stream.read)
    number = 0
    head: list[bytes] = []  # the start of a line that runs past the block
    head_len = 0
    too_long = False
    while True:
        data = read(block)
        if not data:
            break
        parts = data.split(b"\n")
        last = parts.pop()
        for raw in parts:
            number += 1
            if head or too_long:
                long = too_long or head_len + len(raw) > limit
                raw = b"" if long else b"".join(head) + raw
                head, head_len, too_long = [], 0, False
                if long:
                    yield number, None
                    continue
            elif len(raw) > limit:
                yield number, None
                continue
            if raw.strip():
                yield number, raw
        if last and not too_long:
            head.append(last)
            head_len += len(last)
            if head_len > limit:  # never hold more than one line's limit in memory
                head, head_len, too_long = [], 0, True
    if head or too_long:
        number += 1
        raw = b"".join(head)
        if too_long:
            yield number, None
        elif raw.strip():
            yield number, raw


def too_long_error(number: int) -> str:
    return f"line {number}: longer than {MAX_LINE >> 20} MB, not a record"


def jobs_from_records(records: Iterable) -> Iterator[tuple[int, object]]:
    """Number Python objects (dicts, or JSON text) as if they were the lines of a file:
    ``(number, record)``, JSON text as its UTF-8 bytes (parsed by the worker, as a file's line)."""
    for number, rec in enumerate(records, 1):
        yield number, rec.encode("utf-8") if isinstance(rec, str) else rec


def job_from(line: int, payload) -> Job:
    """The job of a numbered item: raw line bytes are parsed, anything else is taken as the record."""
    if isinstance(payload, bytes):
        return parse_line(line, payload.rstrip(b"\r\n"))
    return job_of(line, payload)


def survey(path, done: dict | None = None) -> int | None:
    """How many non-blank lines a file has (one cheap pass, for the progress bar's total),
    checking on the way that every input line the output already answers (``done``: line ->
    (id key, hash)) is still the same record. Raises InputMismatch naming the first that is not."""
    if path in (None, "-"):
        return None
    done = done or {}
    n = last = 0
    import os
    import stat

    if not stat.S_ISREG(os.stat(path).st_mode):
        return None  # a pipe or device: no total, and the stream itself is checked as it is read
    with open(path, "rb") as f:
        for number, raw in lines_of(f):
            raw = TOO_LONG if raw is None else raw
            blank = not raw.strip()
            if number in done and (blank or done[number][1] != line_hash(raw)):
                raise InputMismatch(
                    f"input line {number} is not the record the output answers there (the input has changed "
                    f"since the output was written); use a new output file, or restore the input")
            if not blank:
                n, last = n + 1, number
    beyond = [k for k in done if k > last]
    if beyond:
        raise InputMismatch(f"the output answers input line {min(beyond)}, but the input has only {last} lines "
                            f"(the input has changed); use a new output file")
    return n
