"""What a worker does with a chunk of records: solve positions, rule incidents.

This module is all a worker process (local or on a Dask cluster) needs to import. Each
worker keeps one :class:`~solver.engine.Engine` (its own transposition table) for its
whole life, created on first use, one per thread so a multi-threaded Dask worker stays
safe. A record's problem — a bad field, an impossible deal, an illegal incident — becomes
an output record with an ``error`` field; only a failure of the machinery itself (a worker
dying) stops a run, and the rerun finishes it. An error about the run rather than the
record — a search over the node budget, an internal failure — is marked ``"retry": true``:
a resumed run (perhaps with a larger ``--node-budget``) answers that record again.
"""
from __future__ import annotations

import threading
import time
from collections import namedtuple
from dataclasses import dataclass, field

from solver.errors import SearchLimitError
from solver.limits import Limits

from .. import error_kinds  # noqa: F401  the kinds raised here, in the one catalogue
from ..jsonl import json_line
from .errors import RulingsUnavailable
from .output import output_line
from .reading import job_from, line_hash

SOLVE, RULE = "solve", "rule"

_local = threading.local()


@dataclass(frozen=True)
class Options:
    """How to answer: the same switches as ``prefdd solve`` (and the rulings' settings)."""

    all_cards: bool = False
    line: bool = False
    favour: int | None = None
    table_mb: float | None = None
    node_budget: int | None = None
    analyse_play: bool = False  # positions with a history: each card's cost, a summary per deal
    single_dummy: bool = False  # with analyse_play: the single-dummy summary too (verdicts, the whisters' question)
    max_layouts: int | None = None  # single dummy: layouts a decision may solve (None: the analysis's default)
    record_seconds: float | None = None  # single dummy: give up a record after this long (retried on resume)
    settings: dict | None = field(default=None, compare=False)  # rulings: {"convention", "overrides", "options"}

    def signature(self, kind: str = "auto") -> dict:
        """The switches that shape an answer (not table size, node budget or time budget, which
        only decide whether and how fast it comes), as stored with every output line; {} for
        the defaults. Single dummy: the layouts a decision may solve, as a number (the default
        spelt out, so a later default cannot mix with it)."""
        import json

        sig = {"kind": kind, "all_cards": self.all_cards, "line": self.line, "favour": self.favour,
               "analyse_play": self.analyse_play, "settings": self.settings or None}
        if self.single_dummy:
            from .. import single_dummy

            sig.update(single_dummy=True, max_layouts=single_dummy.max_layouts(self.max_layouts))
        sig = {k: v for k, v in sig.items() if v not in (None, False, "auto", {})}
        return json.loads(json.dumps(sig, default=str, sort_keys=True))


INCIDENT_FIELDS = ("violation", "deal", "rule")


def kind_of(record: dict, kind: str) -> str:
    """``auto`` tells incidents (a ``violation`` naming the rule, a ``deal``) from positions
    (``hands`` at the top)."""
    if kind == "auto":
        return RULE if any(f in record for f in INCIDENT_FIELDS) else SOLVE
    return kind


def rule_function():
    """``compensation.rulings.rule_incident``, or a clear error if it is not there."""
    try:
        from compensation import rulings
    except ModuleNotFoundError as e:
        if e.name in ("compensation.rulings",):
            raise RulingsUnavailable(
                "rulings are not available in this installation (compensation.rulings is missing)") from None
        raise
    fn = getattr(rulings, "rule_incident", None)
    if fn is None:
        raise RulingsUnavailable("rulings are not available: compensation.rulings has no rule_incident")
    return fn


def engine(options: Options):
    """This thread's engine, made once."""
    eng = getattr(_local, "engine", None)
    cfg = (options.table_mb, options.node_budget, options.single_dummy)
    if eng is None or getattr(_local, "engine_cfg", None) != cfg:
        from solver.engine import Engine
        from solver.engine.api import DEFAULT_TABLE_MB

        from .. import single_dummy

        default = single_dummy.TABLE_MB if options.single_dummy else DEFAULT_TABLE_MB
        eng = _local.engine = Engine(table_mb=options.table_mb or default, node_budget=limits(options).nodes)
        _local.engine_cfg = cfg
    return eng


def answer(kind: str, line: int, rid, record: dict, options: Options) -> dict:
    """One output record: ``id`` and ``input_line`` first, then the answer or an ``error``."""
    head = {"id": rid, "input_line": line}
    try:
        if kind == SOLVE:
            body = _solve(record, options)
        else:
            body = _rule(record, options)
    except RulingsUnavailable:
        raise
    except SearchLimitError as e:  # the run's budget, not the record's fault: retried on resume
        return {**head, "error": f"line {line}: {e}", "error_kind": e.kind, "retry": True}
    except RecursionError:
        return {**head, "error": f"line {line}: record too deeply nested", "error_kind": "nested"}
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        # PrefError and ScoringError are ValueErrors; the others are fields of the wrong shape
        return {**head, "error": f"line {line}: {_describe(e)}", "error_kind": getattr(e, "kind", "input")}
    except MemoryError:
        return {**head, "error": f"line {line}: out of memory answering this record", "error_kind": "out_of_memory",
                "retry": True}
    except Exception as e:  # noqa: BLE001 - a record must never take the run down with it
        return {**head, "error": f"line {line}: internal error: {type(e).__name__}: {e}", "error_kind": "internal",
                "retry": True}
    body.pop("id", None)
    body.pop("input_line", None)
    return {**head, **body}


def _describe(e: Exception) -> str:
    from solver.errors import PrefError

    if isinstance(e, PrefError):  # ScoringError and IncidentError are PrefErrors too
        return str(e)
    if isinstance(e, KeyError):
        return f"missing field {e.args[0]!r}"
    return f"{type(e).__name__}: {e}"


def _solve(record: dict, options: Options) -> dict:
    from ..records import solve_record

    if options.analyse_play:
        from solver.play_analysis import play_record

        sd = None
        if options.single_dummy:
            from .. import single_dummy

            # one process per analysis: a batch worker must not fork a pool of its own
            sd = single_dummy.settings(options.max_layouts, 1, _time_budget(limits(options).seconds))
        return play_record(record, engine(options), summary=True, single_dummy=sd)
    return solve_record(record, engine(options), all_cards=options.all_cards, line=options.line,
                        favour=options.favour)


def limits(options: Options) -> Limits:
    """The run's limits on each record's search: ``--node-budget`` (nodes), ``--record-seconds``
    (seconds; a record past it is an error answered again on resume, not bounds)."""
    return Limits(nodes=options.node_budget or None, seconds=options.record_seconds)


def _time_budget(seconds: float | None):
    """A progress callback of the single-dummy analysis that stops it (``SearchLimitError``,
    so the record is answered again on resume) once ``seconds`` have passed; None for none.
    The analysis calls it between batches of layouts, so the record stops within one batch."""
    if seconds is None:
        return None
    from solver.errors import SearchLimitError

    end = time.monotonic() + seconds

    def check(card: int, cards: int, done: int, layouts: int) -> None:
        if time.monotonic() > end:
            raise SearchLimitError.of("record_seconds", None, seconds=f"{seconds:g}", card=card + 1, cards=cards)

    return check


def _rule(record: dict, options: Options) -> dict:
    fn = rule_function()
    # a line of ``prefdd book export``: the incident and the book's own record of it, which
    # the ruling does not read (``prefdd book import`` does)
    record = {k: v for k, v in record.items() if k != "book"} if "book" in record else record
    if _takes_engine(fn):
        # this worker's table, its old entries set aside in O(1): no 16 MB allocation per incident
        eng = engine(options)
        eng.new_generation()
        ruling = fn(record, options.settings, engine=eng)
    else:
        ruling = fn(record, options.settings)
    out = ruling.to_json() if hasattr(ruling, "to_json") else ruling
    if isinstance(out, str):
        import json

        out = json.loads(out)
    if not isinstance(out, dict):
        out = {"ruling": out}
    return dict(out)


def _takes_engine(fn) -> bool:
    import inspect

    try:
        return "engine" in inspect.signature(fn).parameters
    except (TypeError, ValueError):  # pragma: no cover
        return False


def answer_chunk(chunk: list, options: Options) -> list[dict]:
    """Answer ``[(kind, line, id, record), ...]`` (records already parsed) in order."""
    return [answer(kind, line, rid, rec, options) for kind, line, rid, rec in chunk]


Answer = namedtuple("Answer", "line id hash error out unread", defaults=(False,))
Answer.__doc__ = """One input line's answer as a worker hands it back: the little the parent needs
to account for it and the finished output. ``line``; ``id`` (the record's, or its line
number); ``hash`` (the input line's fingerprint, file input: for a line the parent must
rewrite); ``error`` (the output's error text, if any); ``out``: the signed output line
(bytes, a file run) or the answer (a dict), None for a line skipped as already answered;
``unread``: not a record at all (not JSON, not an object, too long), so never a duplicate."""


def answer_lines(chunk: list, kind: str, options: Options, signature: dict | None = None) -> list[Answer]:
    """The unit of work sent to a worker: ``[(line, payload), ...]``, each payload an input
    line's raw bytes (parsed, checked, hashed and answered here, not in the parent) or a
    record already made; answered in order. With ``signature`` (a file run) each output is
    the finished, signed output line, so the parent only writes the bytes."""
    answers = []
    options_text = None if signature is None else json_line(signature)
    for line, payload in chunk:
        job = job_from(line, payload)
        rid = job.id
        if job.error or job.record is None:
            rec = {"id": rid, "input_line": line, "error": job.error, "error_kind": job.error_kind or "input"}
        else:
            rec = answer(kind_of(job.record, kind), line, rid, job.record, options)
        unread = job.error is not None
        if signature is None:
            answers.append(Answer(line, rid, None, rec.get("error"), rec, unread))
        else:
            digest = line_hash(payload) if isinstance(payload, bytes) else ""
            answers.append(Answer(line, rid, digest, rec.get("error"), output_line(rec, digest, signature, options_text), unread))
    return answers


def worker_init(parent: int | None = None) -> None:
    """Local worker processes leave Ctrl-C to the parent, which stops them cleanly, and
    exit by themselves when the parent dies (even by ``kill -9``): they never linger."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is not None:
        watch_parent(parent)


def watch_parent(parent: int, every: float = 0.25) -> None:
    """A daemon thread that ends this process as soon as ``parent`` is gone (its parent
    id changes when it dies and the process is adopted by init or a subreaper). Polling,
    not PR_SET_PDEATHSIG: that fires when the parent *thread* that started us ends."""
    import os

    if os.getppid() != parent:  # already orphaned before the watch began
        os._exit(1)

    def watch():
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="prefdd-parent-watch", daemon=True).start()


def compiled_on_first_use() -> bool:
    """Whether the workers' engine is compiled when first used (Numba): then the parent
    compiles it once (:func:`warm_up`) before the workers start. The Cython engine was
    compiled at install: nothing to warm up (its workers are forked from the parent once
    it has loaded the engine's code, :func:`preload`)."""
    from solver.engine.backends import chosen_backend

    return chosen_backend() == "numba"


def preload() -> None:
    """Load what answering a position needs (the engine, its tables, the record
    parser) into this process, so that workers forked from it start with it loaded."""
    import prefdd.records  # noqa: F401
    import solver.constraints  # noqa: F401
    import solver.engine.api  # noqa: F401 - loaded for the workers
    import solver.raspasovka.api  # noqa: F401 - solve_record asks it whether a record is a raspasovka
    from solver.engine.backends import load_backend

    load_backend()


def warm_up(options: Options | None = None) -> None:
    """Compile (or load from the on-disk cache) the engine once, before workers start."""
    from solver import Constraints, Position

    pos = Position([["As", "Ks"], ["Qs", "Js"], ["Ts", "9s"]], "s", declarer=0, leader=0)
    eng = engine(options or Options())
    eng.solve(pos, Constraints())
    eng.analyse(pos, Constraints(), all_cards=True, line=True)  # the entry points a batch may use
