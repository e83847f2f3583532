"""The ``prefdd`` command: one parser, a subcommand per job, each in the module that owns it."""
from __future__ import annotations

import argparse
import importlib
import sys

# (module, attribute) of each subcommand's ``register(subparsers)``; missing ones are skipped
COMMANDS = (
    "solver.solve_command",
    "compensation.score_command",
    "compensation.rule_command",
    "compensation.batch_command",
    "prefdd.web.serve_command",
)


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="prefdd",
        description="Double-dummy solver and penalty-code calculator for Russian Preferans.")
    parser.add_argument("--version", action="version", version=f"prefdd {__version__} ({_backend()})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                continue
            raise
        mod.register(sub)
    return parser


def _backend() -> str:
    from .engine.backends import active_backend_name

    return f"engine: {active_backend_name()}"


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("prefdd: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
