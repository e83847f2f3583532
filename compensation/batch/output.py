"""The output file: appended a whole line at a time, so no interruption loses a record.

Each answer is one JSON line written with a single ``write`` on an unbuffered append-mode
file: the kernel has the whole line or none of it, so killing the process (even with
``kill -9``) cannot tear a line. The file is ``fsync``-ed every second or so and at the end,
so a power cut loses at most the last second of answers — and a line cut short by it is
found and dropped when the run is resumed.

Resuming: the existing file is read back, each line's ``input_line`` (the input line it
answers) and ``id`` collected; those input lines are skipped and the rest answered. If
the file ends with a torn or garbled tail it is cut back to the last whole line; damage
*before* good lines is not guessed at: the run stops and names the output line.
"""
from __future__ import annotations

import json
import os
import time

from .reading import id_key


class OutputError(Exception):
    """The output file cannot be used (not a batch output, damaged in the middle, unwritable)."""


class ResumableOutput:
    """An append-only JSON-lines file that knows which input lines it already answers."""

    def __init__(self, path: str, *, fsync_every: float = 1.0):
        self.path = path
        self.fsync_every = fsync_every
        self.done: dict[int, str] = {}  # input line -> id key of the record answered there
        self.errors_before = 0
        self.dropped_tail = 0  # bytes cut from a torn end
        self._scan()
        try:
            self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as e:
            raise OutputError(f"cannot write {path}: {e.strerror}") from None
        self._last_sync = time.monotonic()
        self._unsynced = False

    # ------------------------------------------------------------------ resume
    def _scan(self) -> None:
        try:
            f = open(self.path, "rb")
        except FileNotFoundError:
            return
        except OSError as e:
            raise OutputError(f"cannot read {self.path}: {e.strerror}") from None
        good_end = 0  # byte offset just after the last whole, valid line
        bad_at = None  # (output line number, byte offset) of the first bad line
        with f:
            offset = 0
            for number, raw in enumerate(f, 1):
                start, offset = offset, offset + len(raw)
                rec = _parse_output_line(raw)
                if rec is None:
                    if bad_at is None:
                        bad_at = (number, start)
                    continue
                if bad_at is not None:
                    raise OutputError(
                        f"{self.path}: output line {bad_at[0]} is damaged but later lines are not; "
                        f"remove or repair it, then rerun")
                if rec is _BLANK:
                    good_end = offset
                    continue
                if "error" in rec:
                    self.errors_before += 1
                self.done[rec["input_line"]] = id_key(rec["id"])
                good_end = offset
        if bad_at is not None:
            if not self.done and bad_at[0] == 1 and offset - good_end > 0 and not _looks_torn(self.path, good_end):
                raise OutputError(f"{self.path} does not look like prefdd batch output; refusing to append to it")
            self.dropped_tail = offset - good_end
            with open(self.path, "r+b") as f:
                f.truncate(good_end)
                f.flush()
                os.fsync(f.fileno())

    # ------------------------------------------------------------------ writing
    def write(self, record: dict) -> None:
        data = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
        view = memoryview(data)
        while view:  # a regular file takes it in one write; loop only for safety
            n = os.write(self._fd, view)
            view = view[n:]
        self._unsynced = True
        now = time.monotonic()
        if now - self._last_sync >= self.fsync_every:
            self.sync(now)

    def sync(self, now: float | None = None) -> None:
        if self._unsynced:
            os.fsync(self._fd)
            self._unsynced = False
        self._last_sync = now if now is not None else time.monotonic()

    def close(self) -> None:
        if self._fd is not None:
            try:
                self.sync()
            finally:
                os.close(self._fd)
                self._fd = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


_BLANK = object()


def _parse_output_line(raw: bytes):
    """The record on a whole output line, ``_BLANK`` for an empty line, None if torn or foreign."""
    if not raw.endswith(b"\n"):
        return None
    if not raw.strip():
        return _BLANK
    try:
        rec = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(rec, dict) or "id" not in rec or not isinstance(rec.get("input_line"), int):
        return None
    return rec


def _looks_torn(path: str, good_end: int) -> bool:
    """A single unterminated first line (a run cut off before its first newline) is ours to cut."""
    with open(path, "rb") as f:
        f.seek(good_end)
        rest = f.read()
    return b"\n" not in rest.rstrip(b"\0")
