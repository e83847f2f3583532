"""Batch evaluation: thousands of positions solved, or incidents ruled, on every core.

From Python::

    from compensation.batch import solve_many, rule_many, batch_file
    for out in solve_many(records, all_cards=True):      # dicts (or JSON lines), any iterable
        print(out["id"], out.get("declarer_tricks"), out.get("error"))
    summary = batch_file("archive.jsonl", "answers.jsonl")   # resumable, like `prefdd batch`

Answers stream back in the order they complete, each with the record's ``id`` (its
1-based position — the line number — when it has none) and ``input_line``; a bad record gets
an ``error`` instead of an answer and the rest go on. ``workers=None`` uses every local
core (one process each, one engine each), ``workers=0`` this process, ``dask=ADDRESS`` or
``dask_local=N`` a Dask cluster. See ``docs/batch.md``.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Iterable, Iterator

from .backends import Backend, BackendError, make_backend
from .driver import KINDS, Batch, InputMismatch, default_chunk_size
from .output import OutputError, ResumableOutput
from .progress import Progress
from .reading import count_records, jobs_from_records, open_binary, read_jobs
from .work import SOLVE, RULE, Options, RulingsUnavailable, warm_up


def run_many(records: Iterable, kind: str = "auto", workers: int | None = None, *,
             dask: str | None = None, dask_local: int | None = None, chunk_size: int | None = None,
             options: Options | None = None, backend: Backend | None = None,
             threads: int | None = None) -> Iterator[dict]:
    """Answer every record (positions and/or incidents by ``kind``), streaming."""
    options = options or Options()
    own = backend is None
    if own:
        if kind != RULE and dask is None and workers != 0:
            warm_up(options)  # compile once here, not in every worker at the same time
        backend = make_backend(workers, dask, dask_local, threads)
    try:
        size = chunk_size or default_chunk_size(_length(records), backend.workers, not backend.local)
        yield from Batch(backend, kind=kind, options=options, chunk_size=size).answers(jobs_from_records(records))
    finally:
        if own:
            backend.close()


def solve_many(records: Iterable, workers: int | None = None, *, all_cards: bool = False, line: bool = False,
               favour: int | None = None, table_mb: float | None = None, node_budget: int | None = None,
               **kw) -> Iterator[dict]:
    """Solve positions (the records of ``prefdd solve``); yields its output objects plus ``input_line``."""
    opts = Options(all_cards=all_cards, line=line, favour=favour, table_mb=table_mb, node_budget=node_budget)
    return run_many(records, SOLVE, workers, options=opts, **kw)


def rule_many(incidents: Iterable, workers: int | None = None, *, settings=None, **kw) -> Iterator[dict]:
    """Rule incidents with ``compensation.rulings.rule_incident(incident, settings)``; yields
    each ruling's ``to_json()`` with ``id`` and ``input_line``. Raises RulingsUnavailable if the
    rulings module is not installed."""
    return run_many(incidents, RULE, workers, options=Options(settings=settings), **kw)


def _length(records):
    try:
        return len(records)
    except TypeError:
        return None


@dataclass
class Summary:
    """What a file run did: counts, time, and how it ended."""

    answered: int = 0
    errors: int = 0
    skipped: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    dropped_tail_bytes: int = 0
    text: str = ""

    @property
    def rate(self) -> float:
        return self.answered / self.seconds if self.seconds > 0 else 0.0


def batch_file(input_path, output_path, kind: str = "auto", workers: int | None = None, *,
               dask: str | None = None, dask_local: int | None = None, chunk_size: int | None = None,
               options: Options | None = None, progress: bool = True, log_every: float = 10.0,
               stream=None, show_errors: int = 10, fsync_every: float = 1.0, threads: int | None = None) -> Summary:
    """Answer a JSON-lines file into a resumable JSON-lines output (see :mod:`.output`).

    Raises OutputError, InputMismatch, BackendError, RulingsUnavailable or OSError for a
    run that cannot go on; whatever was written stays valid and a rerun finishes the job.
    """
    stream = stream if stream is not None else sys.stderr
    options = options or Options()
    if kind not in KINDS:
        raise ValueError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
    if input_path not in (None, "-") and output_path is not None:
        import os

        if os.path.exists(output_path) and os.path.samefile(input_path, output_path):
            raise OutputError("the output file is the input file")
    infile = open_binary(input_path)  # fail early on a missing input, before any worker starts
    summary = Summary()
    with infile:
        total = count_records(input_path)
        out = ResumableOutput(output_path, fsync_every=fsync_every)
        summary.dropped_tail_bytes = out.dropped_tail
        if out.dropped_tail:
            print(f"prefdd batch: dropped a torn last line ({out.dropped_tail} bytes) from {output_path}",
                  file=stream)
        bar = Progress(total, stream=stream, enabled=progress, log_every=log_every)
        shown = 0
        backend = None
        try:
            if kind != RULE and dask is None and workers != 0 and len(out.done) != total:
                warm_up(options)
            backend = make_backend(workers, dask, dask_local, threads)
            if progress and not bar.tty:
                print(f"prefdd batch: {input_path} -> {output_path} with {backend.describe()}", file=stream)
            size = chunk_size or default_chunk_size(
                None if total is None else total - len(out.done), backend.workers, not backend.local)
            batch = Batch(backend, kind=kind, options=options, chunk_size=size, done=out.done, on_skip=bar.skip)
            for rec in batch.answers(read_jobs(infile)):
                out.write(rec)
                err = "error" in rec
                if err and shown < show_errors:
                    bar.note(f"prefdd batch: {rec['error']}" + _id_note(rec))
                    shown += 1
                bar.advance(1, errors=int(err))
        except KeyboardInterrupt:
            summary.interrupted = True
        finally:
            try:
                out.close()
            finally:
                if backend is not None:
                    backend.close()
        bar.finish()
    summary.answered, summary.errors, summary.skipped = bar.done, bar.errors, bar.skipped
    summary.seconds = bar.elapsed
    summary.text = bar.summary(summary.interrupted)
    if shown < summary.errors:
        summary.text += f"; {summary.errors - shown} more error(s) in {output_path} (the 'error' field)"
    return summary


def _id_note(rec: dict) -> str:
    return "" if rec["id"] == rec["input_line"] else f" (id {rec['id']})"


__all__ = [
    "solve_many", "rule_many", "run_many", "batch_file", "Summary", "Options", "Batch", "Backend",
    "make_backend", "BackendError", "OutputError", "InputMismatch", "RulingsUnavailable", "Progress",
    "ResumableOutput", "read_jobs", "jobs_from_records",
]
