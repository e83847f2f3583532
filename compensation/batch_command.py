"""``prefdd batch``: a whole archive of positions or incidents, on every core or a Dask cluster.

One JSON record per line in, one JSON line per record out, each carrying the record's
``id`` (its line number when it has none) and ``input_line``. The output is resumable: rerun
the same command after an interruption and only the missing records are answered.
See :mod:`compensation.batch` and ``docs/batch.md``.
"""
from __future__ import annotations

import sys


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
    where.add_argument("--workers", type=int, metavar="N",
                       help="local worker processes (default: every core; 0 = in this process)")
    where.add_argument("--threads", type=int, metavar="N",
                       help="N threads in this process, one engine each (the search releases the GIL)")
    where.add_argument("--dask", metavar="ADDRESS", help="run on the Dask cluster whose scheduler is at ADDRESS")
    where.add_argument("--dask-local", type=int, metavar="N", help="run on a local Dask cluster of N workers")
    p.add_argument("--chunk-size", type=int, metavar="K", help="records sent to a worker at a time (default: automatic)")
    p.add_argument("--all-cards", action="store_true", help="positions: the value of every legal card to move")
    p.add_argument("--line", action="store_true", help="positions: a principal line of play to the end")
    p.add_argument("--favour", type=int, metavar="SEAT", help="positions: split the defence's tricks in favour of SEAT")
    p.add_argument("--analyse-play", action="store_true",
                   help="positions with a history: costly cards per seat and tricks lost, per deal")
    p.add_argument("--table-mb", type=float, help="positions: transposition table size per worker in MB (default 8)")
    p.add_argument("--node-budget", type=int, help="positions: give up a search after this many nodes (an error line)")
    p.add_argument("--convention", metavar="NAME",
                   help="incidents: scoring convention, overriding each incident's own (sochi, leningrad, rostov)")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="incidents: override one scoring option (repeatable), as in prefdd score")
    p.add_argument("--no-progress", action="store_true", help="no progress bar or progress lines, only the summary")
    p.add_argument("--log-every", type=float, default=10.0, metavar="SECONDS",
                   help="when stderr is not a terminal, a progress line this often (default 10)")
    p.set_defaults(func=run)
    return p


def _fail(message: str, code: int = 2) -> int:
    print(f"prefdd batch: {message}", file=sys.stderr, flush=True)
    return code


def run(args) -> int:
    from .batch import (BackendError, InputMismatch, Options, OutputError, RulingsUnavailable, batch_file)

    for name in ("workers", "dask_local", "chunk_size", "threads"):
        v = getattr(args, name)
        if v is not None and (v < 0 or (v == 0 and name != "workers")):
            return _fail(f"--{name.replace('_', '-')}: expected a positive number, got {v}")
    if args.favour is not None and args.favour not in (0, 1, 2):
        return _fail(f"--favour: expected seat 0, 1 or 2, got {args.favour}")
    settings = None
    if args.convention or args.set:
        from .conventions import convention, parse_option
        from .errors import ScoringError

        settings, overrides = {}, {}
        try:
            for item in args.set:
                key, sep, value = item.partition("=")
                if not sep:
                    return _fail(f"--set: expected OPTION=VALUE, got {item!r}")
                overrides[key.strip()] = parse_option(key.strip(), value)
            convention(args.convention or "sochi", **overrides)  # validate here, not once per record
        except ScoringError as e:
            return _fail(f"option {e}")
        if args.convention:
            settings["convention"] = args.convention
        if overrides:
            settings["overrides"] = overrides
    options = Options(all_cards=args.all_cards, line=args.line, favour=args.favour, table_mb=args.table_mb,
                      node_budget=args.node_budget, settings=settings, analyse_play=args.analyse_play)
    try:
        summary = batch_file(args.input, args.output, args.kind, args.workers, dask=args.dask,
                             dask_local=args.dask_local, chunk_size=args.chunk_size, options=options,
                             threads=args.threads,
                             progress=not args.no_progress, log_every=args.log_every)
    except FileNotFoundError as e:
        return _fail(f"cannot read {e.filename}: {e.strerror}")
    except (OutputError, InputMismatch, RulingsUnavailable) as e:
        return _fail(str(e))
    except BackendError as e:
        return _fail(str(e), 1)
    except OSError as e:
        return _fail(f"{e.filename or ''}: {e.strerror or e}", 1)
    print(f"prefdd batch: {summary.text}", file=sys.stderr, flush=True)
    if summary.interrupted:
        return 130
    return 2 if summary.errors else 0
