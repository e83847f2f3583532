"""``prefdd batch``: a whole archive of positions or incidents, on every core or a Dask cluster.

One JSON record per line in, one JSON line per record out, each carrying the record's
``id`` (its line number when it has none) and ``input_line``. The output is resumable: rerun
the same command after an interruption and only the missing records are answered.
See :mod:`prefdd.batch` and ``docs/batch.md``.
"""
from __future__ import annotations

import json
import sys

from prefdd import single_dummy
from solver.errors import PrefError

from . import options
from .options import error_lang


def register(subparsers):
    p = subparsers.add_parser(
        "batch", help="solve positions / rule incidents from a JSON-lines file, in parallel, resumably",
        description="Answer every record of a JSON-lines file (positions: solves; incidents: rulings) on all "
                    "local cores or a Dask cluster. The output is appended as answers come; rerunning the same "
                    "command after an interruption answers only the records still missing.")
    p.add_argument("input", help="JSON-lines file, one record per line ('-' for stdin)")
    p.add_argument("-o", "--output", required=True, help="JSON-lines output file (created, or resumed if it exists)")
    p.add_argument("--kind", choices=["auto", "solve", "rule"], default="auto",
                   help="solve positions, rule incidents, or auto (default): a record with a 'violation' (or 'deal', "
                        "or 'rule') field is an incident, any other a position")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=options.count(0), metavar="N",
                       help="searching processes on this machine: this one and N-1 children (default: every core; 1 or 0 = this process only)")
    where.add_argument("--threads", type=options.count(1), metavar="N",
                       help="N threads in this process, one engine each (the search releases the GIL)")
    where.add_argument("--dask", metavar="ADDRESS", help="run on the Dask cluster whose scheduler is at ADDRESS")
    where.add_argument("--dask-local", type=options.count(1), metavar="N",
                       help="run on a local Dask cluster of N workers")
    p.add_argument("--chunk-size", type=options.count(1, 100_000), metavar="K",
                   help="records sent to a worker at a time (default: automatic)")
    options.add_position_switches(p, "positions: ")
    p.add_argument("--record-seconds", type=options.seconds, default=None, metavar="SECONDS",
                   help="with --single-dummy: give up a record after this many seconds (an error line, answered "
                        "again on resume)")
    p.add_argument("--convention", metavar="NAME",
                   help="incidents: scoring convention, overriding each incident's own (sochi, leningrad, rostov)")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="incidents: override a scoring option or a ruling option (compare, resolve), as in prefdd rule")
    p.add_argument("--lang", choices=["ru", "en"], default=None,
                   help="language of the progress, summary and error lines on stderr (default ru, or $PREFDD_LANG); "
                        "the output records' errors stay English, with their kind in error_kind")
    p.add_argument("--no-progress", action="store_true", help="no progress bar or progress lines, only the summary")
    p.add_argument("--log-every", type=options.seconds, default=10.0, metavar="SECONDS",
                   help="when stderr is not a terminal, a progress line this often (default 10)")
    options.add_output_switches(p, "text")  # the summary: a line on stderr, or --json an object on stdout
    p.set_defaults(func=run)
    return p


def _fail(message, code: int = 2, lang: str = "en") -> int:
    options.fail("prefdd batch", lang, message)
    return code




def _settings(args):
    """--convention and --set as the rulings' settings (checked here, not once per record)."""
    if not (args.convention or args.set):
        return None
    from compensation.conventions import PRESETS, convention, parse_option
    from compensation.incident import RULING_OPTIONS

    settings, overrides, options = {}, {}, {}
    if args.convention and args.convention not in PRESETS:
        raise PrefError.of("unknown_convention", "--convention", name=args.convention, known=", ".join(PRESETS))
    for item in args.set:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep:
            raise PrefError.of("key_value", "--set", got=item)
        if key in RULING_OPTIONS:
            options[key] = value.strip()
            continue
        overrides[key] = parse_option(key, value)
    convention(args.convention or "sochi", **overrides)
    if args.convention:
        settings["convention"] = args.convention
    if overrides:
        settings["overrides"] = overrides
    if options:
        settings["options"] = options
    return settings


def run(args) -> int:
    import os

    from prefdd.batch import (
        BackendError,
        InputMismatch,
        Options,
        OutputError,
        OutputWriteError,
        RulingsUnavailable,
        batch_file,
    )

    conflict = single_dummy.switch_conflict(
        args.analyse_play, args.single_dummy,
        [name for name, on in (("--max-layouts", args.max_layouts is not None),
                               ("--record-seconds", args.record_seconds is not None)) if on])
    from compensation.errors import ScoringError

    lang = error_lang(args)
    if conflict:
        return _fail(conflict, lang=lang)
    try:
        settings = _settings(args)
    except ScoringError as e:  # an option of the convention: said as before, "option NAME: problem"
        return _fail(e if lang == "ru" else f"option {e}", lang=lang)
    except PrefError as e:
        return _fail(e, lang=lang)
    if args.input != "-" and os.path.isdir(args.input):
        return _fail(PrefError.of("cannot_read_dir", None, path=args.input), lang=lang)
    options = Options(all_cards=args.all_cards, line=args.line, favour=args.favour, table_mb=args.table_mb,
                      node_budget=args.node_budget, settings=settings, analyse_play=args.analyse_play,
                      single_dummy=args.single_dummy, max_layouts=args.max_layouts,
                      record_seconds=args.record_seconds)
    try:
        summary = batch_file(args.input, args.output, args.kind, args.workers, dask=args.dask,
                             dask_local=args.dask_local, chunk_size=args.chunk_size, options=options,
                             threads=args.threads,
                             progress=not args.no_progress, log_every=args.log_every, lang=lang)
    except OutputWriteError as e:
        return _fail(str(e), 1)
    except (OutputError, InputMismatch, RulingsUnavailable) as e:
        return _fail(str(e))
    except BackendError as e:
        return _fail(str(e), 1)
    except OSError as e:
        where = e.filename or args.output
        if e.filename == args.input or isinstance(e, FileNotFoundError):
            return _fail(PrefError.of("cannot_read", None, path=where, reason=e.strerror or str(e), errno=e.errno),
                         lang=lang)
        return _fail(f"{where}: {e.strerror or e}", 1)
    if not (summary.answered or summary.skipped or summary.errors_before or summary.retried or summary.interrupted):
        # as prefdd solve: an input with no record is a mistake (the wrong file), not a run
        return _fail(PrefError.of("no_record", None, name="stdin" if args.input == "-" else args.input), lang=lang)
    print(f"prefdd batch: {summary.text}", file=sys.stderr, flush=True)
    if args.output_format == "json":
        print(json.dumps({"output": args.output, "answered": summary.answered, "errors": summary.errors,
                          "errors_before": summary.errors_before, "already_done": summary.skipped,
                          "answered_again": summary.retried, "seconds": round(summary.seconds, 3),
                          "interrupted": summary.interrupted}), flush=True)
    if summary.interrupted:
        # the interruption is said once, above: a Dask cluster torn down mid-task leaves
        # asyncio tasks whose "exception was never retrieved" lines would print at exit
        import logging

        logging.getLogger("asyncio").setLevel(logging.CRITICAL + 1)
        return 130
    return 2 if summary.has_errors else 0
