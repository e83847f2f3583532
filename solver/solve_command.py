"""``prefdd solve``: positions as JSON in, the declarer's tricks (and more) as JSON lines out.

Input: a file (or ``-``/nothing for stdin) with one JSON position, an array, or JSON lines;
the record format is described in :mod:`solver.records`. Output: one JSON line per record,
``{"id": ..., "declarer_tricks": n, "declarer_total": t}`` (``made`` too when the contract
has a level, or is misère), plus ``card_values``/``best_cards`` with
``--all-cards``, ``line`` with ``--line``, ``defender_tricks`` with ``--favour SEAT``;
with ``--table`` instead ``{"table": {strain: [tricks with seat 0, 1, 2 declaring]}}`` for
every strain and misère (``contract`` and ``declarer`` may then be left out).
A record whose ``contract`` is ``"raspasovka"`` (``"распасы"``, ``"all-pass"``) asks for one
player's tricks against the other two: see :mod:`solver.raspasovka.api` (``player``,
``talon``, ``talon_rule``; output ``player_tricks``). A bad record prints one line on stderr naming it and the problem; the others are still
solved, and the exit status is 2.
"""
from __future__ import annotations

import json
import sys

from .errors import PrefError
from .jsonl import iter_items, open_input


def register(subparsers):
    p = subparsers.add_parser("solve", help="solve positions double dummy (JSON in, JSON lines out)",
                              description="Solve Preferans positions with all hands open.")
    p.add_argument("input", nargs="?", default="-", help="position file (JSON or JSON lines); '-' for stdin")
    p.add_argument("--all-cards", action="store_true", help="add the value of every legal card of the seat to move")
    p.add_argument("--line", action="store_true", help="add a principal line of play to the end")
    p.add_argument("--table", action="store_true",
                   help="the declarer's tricks for every strain (s c d h nt misere) and declarer seat")
    p.add_argument("--favour", type=int, metavar="SEAT",
                   help="split the defence's tricks in favour of this defender (whists are per defender)")
    p.add_argument("--analyse-play", action="store_true",
                   help="every card of the record's history with its double-dummy cost (see docs/play-analysis.md)")
    p.add_argument("--text", action="store_true", help="with --analyse-play: a table, costly cards marked '?'")
    p.add_argument("--lang", choices=["en", "ru"], default="en", help="language and card notation of --text (ru: Тп)")
    p.add_argument("--engine", choices=["fast", "reference"], default="fast",
                   help="fast: the compiled engine (default); reference: plain minimax, small positions only")
    p.add_argument("--table-mb", type=float, default=None, help="transposition table size in MB (default 8)")
    p.add_argument("--node-budget", type=int, default=None, help="stop a search after this many nodes")
    p.set_defaults(func=run)
    return p


STRAINS = ("s", "c", "d", "h", "nt", "misere")


def table_record(rec: dict, engine) -> dict:
    """Every strain × declarer from the record's position (a trick must not be in progress:
    the cards already played would have followed other rules under another trump)."""
    from .records import position_from_json

    if rec.get("trick") or rec.get("history"):
        raise PrefError("--table: give a position at the start of a trick (no trick, no history)")
    table = {}
    for strain in STRAINS:
        table[strain] = [engine.solve(position_from_json(dict(rec, contract=strain, declarer=d))) for d in range(3)]
    out = {"id": rec["id"]} if "id" in rec else {}
    out["table"] = table
    return out


def solve_record(rec: dict, engine, *, all_cards=False, line=False, favour=None, reference=False) -> dict:
    """Solve one JSON record and return the output object (raises PrefError on bad input)."""
    from .raspasovka.api import is_raspasovka_record
    from .records import constraints_from_json, position_from_json

    if is_raspasovka_record(rec):  # contract "raspasovka": one player's tricks against the other two
        from .raspasovka.api import solve_record as solve_raspasovka_record

        return solve_raspasovka_record(rec, all_cards=all_cards, line=line, reference=reference)

    pos = position_from_json(rec)
    cons = constraints_from_json(rec.get("constraints"))
    if favour is None and rec.get("favour") is not None:
        favour = rec["favour"]
    out = {"id": rec["id"]} if "id" in rec else {}
    if reference:
        from . import reference as ref
        from .records import check_constraints

        check_constraints(pos, cons)
        out["declarer_tricks"] = ref.solve(pos, cons)
        _outcome(out, pos, out["declarer_tricks"])
        if all_cards:
            vals = ref.card_values(pos, cons)
            out["card_values"] = {str(c): v for c, v in vals.items()}
        return out
    res = engine.analyse(pos, cons, all_cards=all_cards, line=line, favour=favour)
    out.update(res.to_json())
    _outcome(out, pos, res.declarer_tricks)
    out["nodes"] = res.nodes
    return out


def _outcome(out: dict, pos, remaining: int) -> None:
    """The declarer's total (tricks already taken + still to come) and, when the record
    accounts for all ten tricks, whether the contract is made (its level known, or misère)."""
    total = pos.taken[pos.declarer] + remaining
    out["declarer_total"] = total
    if sum(pos.taken) + pos.tricks_left() != 10:
        return  # an ending without the earlier tricks: made or not is unknown
    if pos.is_misere:
        out["made"] = total == 0
    elif pos.contract.level is not None:
        out["made"] = total >= pos.contract.level


def run(args) -> int:
    from .engine import Engine
    from .play_analysis import option_conflict

    if option_conflict(args):
        print(f"prefdd solve: {option_conflict(args)}", file=sys.stderr)
        return 2

    kw = {}
    if args.table_mb:
        kw["table_mb"] = args.table_mb
    if args.node_budget:
        kw["node_budget"] = args.node_budget
    engine = Engine(**kw)
    status = 0
    try:
        stream = open_input(args.input)
    except OSError as e:
        print(f"prefdd solve: cannot read {args.input}: {e.strerror}", file=sys.stderr)
        return 2
    with stream:
        for item in iter_items(stream):
            if item.error:
                print(f"prefdd solve: {item.label}: {item.error}", file=sys.stderr)
                status = 2
                continue
            try:
                if not isinstance(item.record, dict):
                    raise PrefError(f"expected a JSON object, got {type(item.record).__name__}")
                if args.analyse_play:
                    from .play_analysis import play_output

                    print(play_output(item.record, engine, text=args.text, lang=args.lang), flush=True)
                    continue
                if args.table:
                    out = table_record(item.record, engine)
                    print(json.dumps(out, ensure_ascii=False), flush=True)
                    continue
                out = solve_record(item.record, engine, all_cards=args.all_cards, line=args.line,
                                   favour=args.favour, reference=args.engine == "reference")
            except PrefError as e:
                print(f"prefdd solve: {item.label}: {e}", file=sys.stderr)
                status = 2
                continue
            print(json.dumps(out, ensure_ascii=False), flush=True)
    return status
