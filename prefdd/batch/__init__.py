"""Batch evaluation: thousands of positions solved, or incidents ruled, on every core.

From Python::

    from prefdd.batch import solve_many, rule_many, batch_file
    for out in solve_many(records, all_cards=True):      # dicts (or JSON lines), any iterable
        print(out["id"], out.get("declarer_tricks"), out.get("error"))
    summary = batch_file("archive.jsonl", "answers.jsonl")   # resumable, like `prefdd batch`

Answers stream back in input order, each with the record's ``id`` (its
1-based position — the line number — when it has none) and ``input_line``; a bad record gets
an ``error`` instead of an answer and the rest go on. ``workers=None`` uses every local
core (one process each, one engine each), ``workers=0`` this process, ``dask=ADDRESS`` or
``dask_local=N`` a Dask cluster. See ``docs/batch.md``.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from solver.messages import one_line

from .backends import Backend, make_backend
from .driver import KINDS, Batch, default_chunk_size
from .errors import BackendError, InputMismatch, OutputError, OutputWriteError, RulingsUnavailable
from .output import ResumableOutput
from .progress import LANGS, Progress, say
from .reading import jobs_from_records, open_binary, read_jobs, survey
from .work import RULE, SOLVE, Options, compiled_on_first_use, warm_up


def run_many(records: Iterable, kind: str = "auto", workers: int | None = None, *,
             dask: str | None = None, dask_local: int | None = None, chunk_size: int | None = None,
             options: Options | None = None, backend: Backend | None = None,
             threads: int | None = None) -> Iterator[dict]:
    """Answer every record (positions and/or incidents by ``kind``), streaming."""
    options = options or Options()
    own = backend is None
    if backend is None:
        if kind != RULE and dask is None and workers != 0 and compiled_on_first_use():
            warm_up(options)  # compile once here, not in every worker at the same time
        backend = make_backend(workers, dask, dask_local, threads)
    try:
        size = chunk_size or default_chunk_size(_length(records), backend.workers, not backend.local,
                                                   options.single_dummy)
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
    errors: int = 0  # error lines written by this run
    errors_before: int = 0  # record error lines already in the output from earlier runs
    skipped: int = 0
    retried: int = 0  # run error lines from earlier runs, answered again
    seconds: float = 0.0
    interrupted: bool = False
    dropped_tail_bytes: int = 0
    text: str = ""

    @property
    def rate(self) -> float:
        return self.answered / self.seconds if self.seconds > 0 else 0.0

    @property
    def has_errors(self) -> bool:
        """Whether the output file holds error lines (of this run or an earlier one)."""
        return bool(self.errors or self.errors_before)


def batch_file(input_path, output_path, kind: str = "auto", workers: int | None = None, *,
               dask: str | None = None, dask_local: int | None = None, chunk_size: int | None = None,
               options: Options | None = None, progress: bool = True, log_every: float = 10.0,
               stream=None, show_errors: int = 10, fsync_every: float = 1.0, threads: int | None = None,
               lang: str = "ru") -> Summary:
    """Answer a JSON-lines file into a resumable JSON-lines output (see :mod:`.output`).

    Raises OutputError (OutputWriteError: disk full and the like), InputMismatch,
    BackendError, RulingsUnavailable or OSError for a run that cannot go on; whatever was
    written stays valid and a rerun finishes the job. The progress and the summary
    (``Summary.text``) are said in ``lang``: ``ru`` (the default, as the command) or ``en``.
    """
    import os

    stream = stream if stream is not None else sys.stderr
    options = options or Options()
    if lang not in LANGS:
        raise ValueError(f"lang: expected one of {', '.join(LANGS)}, got {lang!r}")
    if kind not in KINDS:
        raise ValueError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
    if input_path not in (None, "-") and output_path is not None:
        if os.path.exists(output_path) and os.path.exists(input_path) and os.path.samefile(input_path, output_path):
            raise OutputError("the output file is the input file")
    signature = options.signature(kind)
    infile = open_binary(input_path)  # fail early on a missing input, before any worker starts
    summary = Summary()
    with infile:
        out = ResumableOutput(output_path, fsync_every=fsync_every)
        backend = None
        try:
            others = [o for o in out.options if o != signature]
            if others:
                raise InputMismatch(
                    f"{output_path} was written with other options ({_options_text(others[0])}) than this run "
                    f"({_options_text(signature)}); rerun with the same options or use a new output file")
            total = survey(input_path, out.done)  # refuses a changed input before anything is written
            summary.dropped_tail_bytes = out.dropped_tail
            if out.dropped_tail:
                print(f"prefdd batch: {say(lang, 'torn', out.dropped_tail, output_path)}", file=stream)
            if out.run_errors:
                print(f"prefdd batch: {say(lang, 'again', out.run_errors)}", file=stream)
            out.drop_run_errors()
            summary.errors_before, summary.retried = out.errors_before, out.retried
            bar = Progress(total, stream=stream, enabled=progress, log_every=log_every, lang=lang)
            shown = 0
            try:
                if kind != RULE and dask is None and workers != 0 and len(out.done) != total \
                        and compiled_on_first_use():
                    warm_up(options)  # Numba: compile once here, not in every worker at the same time
                backend = make_backend(workers, dask, dask_local, threads)
                if progress and not bar.tty:
                    print(f"prefdd batch: {say(lang, 'start', input_path, output_path, backend.describe(lang))}",
                          file=stream)
                left = None if total is None else total - len(out.done)
                size = chunk_size or default_chunk_size(left, backend.workers, not backend.local, options.single_dummy)
                batch = Batch(backend, kind=kind, options=options, chunk_size=size, done=out.done,
                              on_skip=bar.skip, expected=None if chunk_size else left, signature=signature)
                for group in batch.answer_groups(read_jobs(infile)):
                    out.write_lines(b"".join([a.out for a in group]))
                    errors = 0
                    for a in group:
                        if a.error is not None:
                            errors += 1
                            if shown < show_errors:
                                bar.note(one_line(f"prefdd batch: {a.error}" + _id_note(a)))
                                shown += 1
                    bar.advance(len(group), errors=errors)
            except KeyboardInterrupt:
                summary.interrupted = True
            finally:
                bar.finish()
        finally:
            try:
                if backend is not None:
                    backend.close()
            finally:
                out.close()
    summary.answered, summary.errors, summary.skipped = bar.done, bar.errors, bar.skipped
    summary.seconds = bar.elapsed
    summary.text = bar.summary(summary.interrupted)
    if shown < summary.errors:
        summary.text += say(lang, "more_errors", summary.errors - shown, output_path)
    if summary.errors_before:
        summary.text += say(lang, "errors_before", summary.errors_before, output_path)
    return summary


def _options_text(sig: dict) -> str:
    return ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in sorted(sig.items())) or "the defaults"


def _id_note(a) -> str:
    return "" if a.id == a.line else f" (id {a.id})"


__all__ = [
    "solve_many", "rule_many", "run_many", "batch_file", "Summary", "Options", "Batch", "Backend",
    "make_backend", "BackendError", "OutputError", "OutputWriteError", "InputMismatch", "RulingsUnavailable",
    "Progress", "ResumableOutput", "read_jobs", "jobs_from_records",
]
