"""The batch itself: route each record, send chunks out, stream answers back, skip what
is done, and account for every input line exactly once.

Every input line gets exactly one output record: its answer, or an ``error``. The output
key is the input line number (``input_line``), checked against the record's ``id`` and the
hash of the input line on resume, so a rerun can neither duplicate nor skip nor mismatch a
record. Ids are expected to be unique: a
record reusing an earlier record's id is answered with an error naming both lines.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from .backends import Backend
from .reading import Job, id_key
from .work import RULE, Options, RulingsUnavailable, kind_of, rule_function

KINDS = ("auto", "solve", "rule")


class InputMismatch(Exception):
    """The output being resumed was written for a different input file."""


class Batch:
    """One pass over a stream of jobs; ``skipped`` and ``submitted`` count as it goes."""

    def __init__(self, backend: Backend, *, kind: str = "auto", options: Options | None = None,
                 chunk_size: int = 16, done: dict | None = None, on_skip=None, expected: int | None = None):
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
        self.skipped = 0
        self.hashes: dict[int, str | None] = {}  # input line -> its hash, for answers not yet back
        self._rulings_checked = False

    def answers(self, jobs: Iterable[Job]) -> Iterator[dict]:
        """Answers in the order they complete (not input order); each carries ``id`` and ``input_line``."""
        for answers in self.answer_groups(jobs):
            yield from answers

    def answer_groups(self, jobs: Iterable[Job]) -> Iterator[list[dict]]:
        """The answers a chunk (or a ready error) at a time, as each completes."""
        return self.backend.imap_unordered(self._units(jobs), self.options)

    def _units(self, jobs: Iterable[Job]):
        seen: dict[str, int] = {}
        chunk: list = []
        sent = 0
        size = self._size(sent)
        for job in jobs:
            rid = job.id
            key = id_key(rid)
            if job.line in self.done:
                done_key, done_hash = self.done[job.line]
                if done_key != key:
                    raise InputMismatch(
                        f"the output was written for a different input: input line {job.line} has id {rid!r} "
                        f"but the output answers id {_unkey(done_key)!r} there; "
                        f"use a new output file")
                if job.hash is not None and done_hash != job.hash:
                    raise InputMismatch(
                        f"input line {job.line} is not the record the output answers there (the input has "
                        f"changed since the output was written); use a new output file, or restore the input")
                seen.setdefault(key, job.line)
                self.skipped += 1
                if self.on_skip:
                    self.on_skip()
                continue
            self.hashes[job.line] = job.hash
            if job.error:
                seen.setdefault(key, job.line)
                yield True, [{"id": rid, "input_line": job.line, "error": job.error}]
                continue
            first = seen.setdefault(key, job.line)
            if first != job.line:
                yield True, [{"id": rid, "input_line": job.line,
                              "error": f"line {job.line}: id {rid!r} is already used on line {first}"}]
                continue
            assert job.record is not None  # a job read without an error has its record
            kind = kind_of(job.record, self.kind)
            if kind == RULE and not self._rulings_checked:
                rule_function()  # raises RulingsUnavailable before any incident is sent out
                self._rulings_checked = True
            chunk.append((kind, job.line, rid, job.record))
            if len(chunk) >= size:
                yield False, chunk
                sent += len(chunk)
                chunk = []
                size = self._size(sent)
        if chunk:
            yield False, chunk

    def _size(self, sent: int) -> int:
        """The next chunk's size: ``chunk_size``, shrinking towards the end of a known total
        ("guided" scheduling) so that no worker is left with a whole chunk while the others
        wait: a chunk is at most a quarter of what is left per worker, down to one record."""
        if self.expected is None:
            return self.chunk_size
        left = self.expected - sent
        return max(1, min(self.chunk_size, left // (4 * max(self.backend.workers, 1))))


def _unkey(key: str):
    import json

    return json.loads(key)


def default_chunk_size(total: int | None, workers: int, remote: bool = False) -> int:
    """Small enough that every worker gets several chunks, large enough to hide the
    per-task overhead (a fraction of a millisecond locally, a millisecond or more on Dask)."""
    cap = 128 if remote else 32
    if total is None:
        return cap // 2
    return max(1, min(cap, total // (8 * max(workers, 1))))


__all__ = ["Batch", "InputMismatch", "RulingsUnavailable", "KINDS", "default_chunk_size"]
