"""The ``prefdd`` command: one parser, a subcommand per job, each in a module of this package.

The application's front door over the two libraries (``solver``, ``compensation``): nothing
in them imports this package. Only the subcommand being run is loaded, so ``prefdd solve``
never imports the compensation package, Dask or jsonschema, and starts in a fraction of a
second; ``prefdd --help`` lists every command from :data:`COMMANDS` without loading any.

Adding a command is one module and one line:

1. ``prefdd/cli/NAME.py`` with ``register(subparsers)``, which adds the ``NAME`` parser
   (``subparsers.add_parser("NAME", ...)``) and sets ``func=run``, and ``run(args) -> int``,
   the exit status (option types and the one-line error helpers in :mod:`prefdd.cli.options`);
2. a line ``("NAME", "one-line help")`` in :data:`COMMANDS` below.

``tests/prefdd/test_cli_surface.py`` checks that every command module is registered.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from .options import Parser

# (name, one-line help shown by ``prefdd --help`` without loading the module); the module is
# ``prefdd.cli.<name>``
COMMANDS: list[tuple[str, str]] = [
    ("solve", "solve positions double dummy (JSON in, JSON lines out)"),
    ("score", "score deal outcomes (JSON) into pulya, gora, whists and settlement"),
    ("rule", "rule on an incident of the penalty code (JSON in, ruling out)"),
    ("layouts", "what a hand makes: the declarer's tricks over every layout of the unseen cards"),
    ("batch", "solve positions / rule incidents from a JSON-lines file, in parallel, resumably"),
    ("serve", "the arbiter's desk: a local web page (deal, play, rule)"),
    ("convert", "convert deal files (Bridge studio .bts/.pts, room protocols, PPN) to records and back"),
    ("book", "the club's book of rulings: list, show, export, import, rerule, season"),
]
# the commands that also read other programs' deal files (``--from``, or by extension)
READS_DEAL_FILES = ("solve", "batch")
BACKENDS = ("auto", "numba", "cython")


def _chosen(argv) -> str | None:
    """The subcommand named in ``argv`` (the first word that is not a global option)."""
    it = iter(argv)
    for word in it:
        if word == "--backend":
            next(it, None)
        elif not word.startswith("-"):
            return word
    return None


def build_parser(argv=None) -> Parser:
    """The parser; with ``argv``, only the subcommand it names is loaded (the others are listed)."""
    parser = Parser(prog="prefdd",
                    description="Double-dummy solver and penalty-code calculator for Russian Preferans.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and the engine, and exit")
    parser.add_argument("--backend", choices=BACKENDS, default=None,
                        help="the compiled search: numba, cython, or auto (default; also $PREFDD_ENGINE)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    chosen = _chosen(argv) if argv is not None else None
    # ``prefdd -h solve`` prints the list of commands: then the others are listed (not loaded);
    # ``prefdd solve ...`` never shows them, and each parser made costs start-up time
    names = [name for name, _ in COMMANDS]
    listed = chosen in names and any(w in ("-h", "--help") for w in argv[:argv.index(chosen)])
    for name, help_text in COMMANDS:
        if chosen in names and name != chosen:
            if listed:
                sub.add_parser(name, help=help_text)
            continue
        p = load(name).register(sub)
        if name in READS_DEAL_FILES:
            _add_from(p)
    return parser


def _add_from(p) -> None:
    """``--from FMT`` on ``solve`` and ``batch`` (without it, the extension decides)."""
    from prefdd.formats import FORMATS

    p.add_argument("--from", dest="from_format", choices=FORMATS, metavar="FMT", default=None,
                   help=f"read another program's file: {', '.join(FORMATS)} (default: .bts .pts .ppn by extension)")


def _foreign_input(args):
    """Another program's deal file given to ``solve``/``batch``: read through its records
    (:func:`prefdd.cli.convert.foreign_input`); a JSON input is not touched (and its
    command loads nothing more)."""
    import contextlib

    if args.command not in READS_DEAL_FILES or not (
            getattr(args, "from_format", None) or os.path.splitext(args.input or "")[1].lower() not in ("", ".json", ".jsonl")):
        return contextlib.nullcontext(0)
    from .convert import foreign_input

    return foreign_input(args, args.command)


def load(name: str):
    """The module of command ``name`` (``prefdd.cli.<name>``)."""
    return importlib.import_module(f"{__name__}.{name}")


class _Version(argparse.Action):
    """``--version``: the backend is named, not loaded (loading Numba's starts a compile)."""

    def __call__(self, parser, namespace, values, option_string=None):
        from solver import __version__
        from solver.engine import cy_backend
        from solver.engine.backends import chosen_backend
        from solver.errors import PrefError

        try:  # named, not loaded: ``--version`` must not start a Numba compile
            backend = chosen_backend(getattr(namespace, "backend", None))
        except PrefError as e:
            backend = str(e)
        if backend == "cython" and not cy_backend.available():
            backend = f"cython, not available: {cy_backend.reason}"
        print(f"prefdd {__version__} (backend: {backend})")
        parser.exit()


def main(argv=None) -> int:
    """Run the command line ``argv`` (default: this process's arguments); the exit status."""
    args = _parse(argv)
    return args if isinstance(args, int) else _run(args)


# the subcommands after which the ``prefdd`` process has nothing left to do but exit: every
# answer written and flushed, a batch's output synced and closed, its workers joined
QUICK_EXIT = ("solve", "batch")


def command() -> None:
    """The ``prefdd`` console script: :func:`main` on this process's arguments, then exit.

    After ``solve`` and a local ``batch`` the process ends at once (``os._exit``, once stdout
    and stderr are flushed) instead of tearing the interpreter down module by module: that
    teardown frees every object of a process that is about to end anyway, 20-60 ms of CPU
    and wall (``benchmarks/log/2026-12-01-issue-14-batch-fixed-costs.md``), a fifth of a
    one-deal ``prefdd solve``. Not under a tracer or coverage (their data is saved at
    exit), nor with Dask (its clients and clusters clean up at exit), nor once
    multiprocessing's resource tracker runs (it unlinks semaphores at exit)."""
    args = _parse(None)
    code = args if isinstance(args, int) else _run(args)
    if not isinstance(args, int) and _quick_exit(args):
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
            pass
        except OSError:
            code = code or 1
        os._exit(code)
    sys.exit(code)


def _quick_exit(args) -> bool:
    return (getattr(args, "command", None) in QUICK_EXIT and getattr(args, "dask", None) is None
            and getattr(args, "dask_local", None) is None and sys.gettrace() is None
            and "coverage" not in sys.modules and "multiprocessing.resource_tracker" not in sys.modules)


def _parse(argv) -> argparse.Namespace | int:
    """The parsed command line with its backend loaded, or the exit status when it cannot run
    (the reason already printed: argparse's, the backend's, or the help for no command)."""
    # prefdd does no linear algebra: where NumPy is loaded (the Numba and plain-Python
    # backends) its BLAS would only start a thread per core and let them sleep, in this
    # process and in every batch worker (which inherit the setting)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    if args.backend:
        os.environ["PREFDD_ENGINE"] = args.backend
        from solver.engine.backends import load_backend
        from solver.errors import PrefError

        try:
            load_backend(args.backend)
        except PrefError as e:
            print(f"prefdd: --backend {args.backend}: {e}", file=sys.stderr)
            return 2
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return args


def _run(args: argparse.Namespace) -> int:
    """Run a parsed command line; the exit status."""
    try:
        with _foreign_input(args) as refused:
            if refused is None:  # another program's file with no deal in it (said on stderr)
                return 2
            status = args.func(args)
        return max(status, 2) if refused and status in (0, 2) else status
    except KeyboardInterrupt:
        print("prefdd: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        try:  # stdout's reader went away (``| head``): nothing more to say, and nothing at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except OSError:
            pass
        return 0
    except Exception as e:  # a defect of prefdd's, not of the input: one line, not a traceback
        if os.environ.get("PREFDD_DEBUG"):
            raise
        from solver.messages import one_line

        print(one_line(f"prefdd {args.command}: internal error ({type(e).__name__}: {e}); please report it "
                       f"with the input (PREFDD_DEBUG=1 shows the traceback)"), file=sys.stderr)
        return 70  # EX_SOFTWARE
