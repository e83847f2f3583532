"""The batch itself: send the lines out in chunks, take the answers back in input order,
skip what is done, and account for every input line exactly once.

Every input line gets exactly one output record: its answer, or an ``error``. The output
key is the input line number (``input_line``), checked against the record's ``id`` and the
hash of the input line on resume, so a rerun can neither duplicate nor skip nor mismatch a
record. Ids are expected to be unique: a record reusing an earlier record's id is answered
with an error naming both lines. The workers read the ids (this process sends raw lines);
the check is made here as the answers are committed, in input order.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from .backends import Backend
from .errors import InputMismatch, RulingsUnavailable
from .output import output_line
from .reading import TOO_LONG, id_key, job_from, line_hash, too_long_error
from .work import RULE, Answer, Options, answer_lines, rule_function

KINDS = ("auto", "solve", "rule")


class Batch:
    """One pass over a stream of numbered input lines; ``skipped`` counts as it goes.

    The answers are committed in input order, whatever order the workers finish in: the
    backend hands chunks back in the order they were sent (a few chunks in flight, see
    :meth:`Backend.imap_ordered`), so when a line is committed every earlier line has
    been, and "the first use of an id wins" is exact although the workers, not this
    process, read the ids."""

    def __init__(self, backend: Backend, *, kind: str = "auto", options: Options | None = None,
                 chunk_size: int = 16, done: dict | None = None, on_skip=None, expected: int | None = None,
                 signature: dict | None = None):
        if kind not in KINDS:
            raise ValueError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
        if chunk_size < 1:
            raise ValueError(f"chunk size: expected 1 or more, got {chunk_size}")
        self.backend = backend
        self.kind = kind
        self.options = options or Options()
        self.chunk_size = chunk_size
        self.done = done or {}
        self.on_skip = on_skip
        self.expected = expected  # records still to answer, when known: the last chunks shrink
        self.signature = signature  # a file run's: outputs are finished, signed lines (bytes)
        self.skipped = 0

    def answers(self, items: Iterable) -> Iterator:
        """Answers in input order; each carries ``id`` and ``input_line``."""
        for answers in self.answer_groups(items):
            for a in answers:
                yield a.out

    def answer_groups(self, items: Iterable) -> Iterator[list[Answer]]:
        """The answers a few at a time, in input order, as soon as every earlier one is in.
        ``items``: ``(line, payload)`` pairs (:func:`~.reading.read_jobs`, :func:`~.reading.jobs_from_records`)."""
        seen: dict[object, int] = {}
        call = (answer_lines, self.kind, self.options, self.signature)
        for ready, results in self.backend.imap_ordered(self._units(items), call):
            if ready:
                results = sorted(ready + results, key=_line) if results else ready
            group = []
            for a in results:
                key = id_key(a.id)
                first = seen.setdefault(key, a.line)
                if a.out is None:  # answered by an earlier run
                    continue
                if first != a.line and not a.unread:
                    a = self._error(a.line, a.id, a.hash, f"line {a.line}: id {a.id!r} is already used on line {first}")
                group.append(a)
            if group:
                yield group

    def _error(self, line: int, rid, digest: str | None, text: str) -> Answer:
        rec = {"id": rid, "input_line": line, "error": text}
        return Answer(line, rid, digest, text, rec if self.signature is None else output_line(rec, digest or "",
                                                                                             self.signature))

    def _units(self, items: Iterable):
        """``(ready, work)`` per chunk: the lines to send out, and those settled here (done
        by an earlier run, too long to be a record) that sit between them in the input."""
        ready: list[Answer] = []
        work: list = []
        sent = 0
        size = self._size(sent)
        for line, payload in items:
            if line in self.done:
                ready.append(self._skip(line, payload))
                if len(ready) >= 4096 and not work:
                    yield ready, work
                    ready = []
                continue
            if payload is None:
                ready.append(self._error(line, line, line_hash(TOO_LONG), too_long_error(line))._replace(unread=True))
                continue
            if self.kind == RULE and not self._rulings_checked:
                rule_function()  # raises RulingsUnavailable before any incident is sent out
                self._rulings_checked = True
            work.append((line, payload))
            if len(work) >= size:
                yield ready, work
                sent += len(work)
                ready, work = [], []
                size = self._size(sent)
        if work or ready:
            yield ready, work

    _rulings_checked = False

    def _skip(self, line: int, payload) -> Answer:
        """A line the output already answers: its id and hash checked against that answer."""
        digest: str | None
        if payload is None:
            rid, digest = line, line_hash(TOO_LONG)
        else:
            rid = job_from(line, payload).id
            digest = line_hash(payload) if isinstance(payload, bytes) else None
        done_key, done_hash = self.done[line]
        if done_key != id_key(rid):
            raise InputMismatch(
                f"the output was written for a different input: input line {line} has id {rid!r} "
                f"but the output answers id {_unkey(done_key)!r} there; "
                f"use a new output file")
        if digest is not None and done_hash != digest:
            raise InputMismatch(
                f"input line {line} is not the record the output answers there (the input has "
                f"changed since the output was written); use a new output file, or restore the input")
        self.skipped += 1
        if self.on_skip:
            self.on_skip()
        return Answer(line, rid, digest, None, None)

    def _size(self, sent: int) -> int:
        """The next chunk's size: ``chunk_size``, shrinking towards the end of a known total
        ("guided" scheduling) so that no worker is left with a whole chunk while the others
        wait: a chunk is at most a quarter of what is left per worker, down to one record."""
        if self.expected is None:
            return self.chunk_size
        left = self.expected - sent
        return max(1, min(self.chunk_size, left // (4 * max(self.backend.workers, 1))))


def _line(a: Answer) -> int:
    return a.line


def _unkey(key):
    if isinstance(key, tuple):
        import json

        return json.loads(key[1])
    return key


def default_chunk_size(total: int | None, workers: int, remote: bool = False, slow: bool = False) -> int:
    """Small enough that every worker gets several chunks, large enough to hide the
    per-task overhead (a fraction of a millisecond locally, a millisecond or more on Dask).
    ``slow``: records of seconds each (single dummy): one at a time, so the workers share
    them evenly and an interruption loses at most the records in flight."""
    if slow:
        return 1
    cap = 128 if remote else 32
    if total is None:
        return cap // 2
    return max(1, min(cap, total // (8 * max(workers, 1))))


__all__ = ["Batch", "InputMismatch", "RulingsUnavailable", "KINDS", "default_chunk_size"]
