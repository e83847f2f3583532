"""The output file: ours provably, one writer at a time, appended a whole line at a time.

Each answer is one JSON line; the answers of a chunk, as it comes back, are written with a
single ``write`` on an unbuffered append-mode file: the kernel has the whole lines or none, so killing the process (even with
``kill -9``) cannot tear a line. The file is ``fsync``-ed every second or so and at the end,
so a power cut loses at most the last second of answers — and a line cut short by it is
found and dropped when the run is resumed.

Every line carries a signature, ``"batch": {"input_hash": H, "options": {...}}``: the hash
of the input line it answers and the options that shaped the answer. Before anything is
cut or appended the file is proven ours: every whole line must be a signed answer. A file
that is not (any foreign file, a one-line note without a newline) is never modified. A
lock (``OUTPUT.lock``, :mod:`.lock`) keeps a second run off the same output.

Resuming: the existing file is read back, each line's ``input_line``, ``id`` and hash
collected. Error lines about the run rather than the record (``"retry": true``: a node
budget hit, an internal failure) are removed (the file is rewritten without them, then
renamed into place) and answered again.
"""
from __future__ import annotations

import json
import os
import stat
import time

from ..jsonl import json_line
from .errors import OutputError, OutputWriteError
from .lock import LockHeld, RunLock
from .reading import MAX_LINE, id_key

SIGNATURE = "batch"


class ResumableOutput:
    """An append-only JSON-lines file that knows which input lines it already answers.

    ``done`` maps input line -> (id key, input hash); ``options`` is the set of option
    signatures met (one, for a file written by runs with the same options)."""

    def __init__(self, path: str, *, fsync_every: float = 1.0, lock: bool = True):
        self.path = path
        self.fsync_every = fsync_every
        self.done: dict[int, tuple[object, str]] = {}
        self.options: list = []  # distinct option signatures found in the file
        self.errors_before = 0  # record errors already in the file (kept, counted in the exit status)
        self.retried = 0  # run errors removed, to be answered again
        self.dropped_tail = 0  # bytes cut from a torn end
        self._retry: list[tuple[int, int]] = []
        self._fd: int | None = None
        self._lock: RunLock | None = None
        _check_kind(path)
        if lock:
            self._take_lock()
        try:
            self._scan()
            try:
                self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            except OSError as e:
                raise OutputError(f"cannot write {path}: {e.strerror}") from None
        except BaseException:
            self._release()
            raise
        self._last_sync = time.monotonic()
        self._unsynced = False

    # ------------------------------------------------------------------ lock
    def _take_lock(self) -> None:
        lock = RunLock(self.path + ".lock")
        try:
            lock.acquire()
        except LockHeld:
            raise OutputError(f"{self.path} is being written by another prefdd batch (its lock {self.path}.lock "
                              f"is held); wait for that run to end, or use another output file") from None
        except OSError as e:
            raise OutputError(f"cannot lock {self.path}: cannot create {self.path}.lock: {e.strerror}") from None
        self._lock = lock

    def _release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    # ------------------------------------------------------------------ resume
    def _scan(self) -> None:
        try:
            f = open(self.path, "rb")
        except FileNotFoundError:
            return
        except OSError as e:
            raise OutputError(f"cannot read {self.path}: {e.strerror}") from None
        good_end = 0  # byte offset just after the last whole, valid line
        bad_at = None  # output line number of the first bad line
        retry = []  # (start, end) byte ranges of run-error lines to answer again
        ours = False
        with f:
            offset = number = 0
            while True:
                raw = f.readline(MAX_LINE + 1)
                if not raw:
                    break
                number += 1
                start, offset = offset, offset + len(raw)
                rec = _parse_output_line(raw)
                if rec is None:
                    if raw.endswith(b"\n"):  # a whole line that is not a signed answer
                        raise OutputError(self._foreign(number, ours))
                    bad_at = bad_at or number
                    continue
                if bad_at is not None:
                    raise OutputError(
                        f"{self.path}: output line {bad_at} is damaged but later lines are not; "
                        f"remove or repair it, then rerun")
                good_end = offset
                if rec is _BLANK:
                    continue
                ours = True
                if rec.get("retry") is True and "error" in rec:
                    retry.append((start, offset))
                    continue
                if "error" in rec:
                    self.errors_before += 1
                sig = rec[SIGNATURE]
                if sig.get("options") not in self.options:
                    self.options.append(sig.get("options"))
                if rec["input_line"] in self.done:  # two writers at once (an old version, no lock)
                    raise OutputError(
                        f"{self.path}: output line {number} answers input line {rec['input_line']} a second time; "
                        f"the file was written by two runs at once: remove the duplicates or use a new output file")
                self.done[rec["input_line"]] = (id_key(rec["id"]), sig["input_hash"])
        if bad_at is not None:
            if not ours:
                raise OutputError(self._foreign(bad_at, False))
            self.dropped_tail = offset - good_end
            with open(self.path, "r+b") as torn:
                torn.truncate(good_end)
                torn.flush()
                os.fsync(torn.fileno())
        self._retry = retry

    def _foreign(self, number: int, ours: bool) -> str:
        if ours:
            return (f"{self.path}: output line {number} is damaged (not a signed prefdd batch answer); "
                    f"remove or repair it, then rerun (nothing was changed)")
        return (f"{self.path} does not look like prefdd batch output (line {number} is not a signed answer); "
                f"refusing to append to it or change it")

    @property
    def run_errors(self) -> int:
        """Error lines about the run (not the record) found in the file: answered again."""
        return len(self._retry)

    def drop_run_errors(self) -> None:
        """Rewrite the file without its run-error lines (a new file renamed over the old one),
        so that answering them again leaves exactly one line per input line."""
        ranges = self._retry
        if not ranges:
            return
        tmp = f"{self.path}.tmp{os.getpid()}"
        try:
            with open(self.path, "rb") as src, open(tmp, "wb") as dst:
                pos = 0
                for start, end in ranges:
                    dst.write(src.read(start - pos))
                    src.seek(end)
                    pos = end
                while True:
                    block = src.read(1 << 20)
                    if not block:
                        break
                    dst.write(block)
                dst.flush()
                os.fsync(dst.fileno())
            os.replace(tmp, self.path)
            os.close(self._open_fd)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as e:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise OutputWriteError(f"cannot rewrite {self.path} without its {len(ranges)} run error line(s): "
                                   f"{e.strerror}; nothing was changed") from None
        self.retried, self._retry = len(ranges), []

    # ------------------------------------------------------------------ writing
    @property
    def _open_fd(self) -> int:
        if self._fd is None:
            raise OutputWriteError(f"{self.path} is closed: nothing more can be written to it")
        return self._fd

    def write(self, record: dict) -> None:
        self.write_many([record])

    def write_many(self, records: list[dict]) -> None:
        """Signed answers as whole lines, all in one ``write``."""
        self.write_lines("".join([json_line(r) + "\n" for r in records]).encode("utf-8"))

    def write_lines(self, data: bytes) -> None:
        """Whole lines (finished by the workers, :func:`output_line`), all in one ``write``:
        the answers committed at once, one system call, not one a record, while a kill
        still cannot tear a line."""
        if not data:
            return
        view = memoryview(data)
        try:
            while view:  # a regular file takes it in one write; loop only for safety
                n = os.write(self._open_fd, view)
                view = view[n:]
        except OSError as e:
            raise OutputWriteError(self._write_failed(e)) from None
        self._unsynced = True
        now = time.monotonic()
        if now - self._last_sync >= self.fsync_every:
            self.sync(now)

    def _write_failed(self, e: OSError) -> str:
        return (f"cannot write {self.path}: {e.strerror}; the answers written before are kept: "
                f"make room, then rerun the same command to finish")

    def sync(self, now: float | None = None) -> None:
        if self._unsynced:
            try:
                os.fsync(self._open_fd)
            except OSError as e:
                raise OutputWriteError(self._write_failed(e)) from None
            self._unsynced = False
        self._last_sync = now if now is not None else time.monotonic()

    def close(self) -> None:
        try:
            if self._fd is not None:
                try:
                    self.sync()
                finally:
                    os.close(self._fd)
                    self._fd = None
        finally:
            self._release()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def signed(record: dict, input_hash: str, options: dict) -> dict:
    """An answer with its signature (the input line's hash and the answer-shaping options)."""
    return {**record, SIGNATURE: {"input_hash": input_hash, "options": options}}


def output_line(record: dict, input_hash: str, options: dict, options_text: str | None = None) -> bytes:
    """The finished output line of an answer: signed, JSON as ``prefdd solve`` writes it, newline.

    The bytes of ``json_line(signed(record, input_hash, options))``, made without copying
    the record: its JSON with the signature spliced in before the closing brace
    (``options_text``: ``json_line(options)``, made once a chunk by the caller)."""
    text = json_line(record)
    if SIGNATURE in record or not record or not input_hash.isalnum() and input_hash:
        return (json_line(signed(record, input_hash, options)) + "\n").encode("utf-8")
    if options_text is None:
        options_text = json_line(options)
    return (text[:-1] + ', "batch": {"input_hash": "' + input_hash + '", "options": ' + options_text
            + "}}\n").encode("utf-8")


def _check_kind(path: str) -> None:
    """The output must be a regular file (or not exist yet): a device or pipe cannot be resumed."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as e:
        raise OutputError(f"cannot use {path} as the output: {e.strerror}") from None
    if not stat.S_ISREG(mode):
        what = "a directory" if stat.S_ISDIR(mode) else "a device or pipe"
        raise OutputError(f"cannot use {path} as the output: it is {what}, not a file "
                          f"(the output must be a file a rerun can resume)")


_BLANK = object()


def _parse_output_line(raw: bytes):
    """The record on a whole output line, ``_BLANK`` for an empty line, None if torn or foreign."""
    if not raw.endswith(b"\n"):
        return None
    if not raw.strip():
        return _BLANK
    try:
        rec = json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(rec, dict) or "id" not in rec or not isinstance(rec.get("input_line"), int):
        return None
    sig = rec.get(SIGNATURE)
    if not isinstance(sig, dict) or not isinstance(sig.get("input_hash"), str):
        return None
    return rec
