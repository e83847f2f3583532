"""One JSON record in, one answer out: the work behind ``prefdd solve`` and the batch.

The CLI and :mod:`prefdd.batch` both call :func:`solve_record` (and
:func:`table_record`), so a record means the same thing everywhere. Every search path
honours the engine's node budget: the fast engine, the raspasovka search (a solver made
with the same table size and budget) and the reference searches (their own budget, or a
size limit). Errors are :class:`~solver.errors.PrefError` naming the field.
"""
from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from solver.errors import PositionError, PrefError
from solver.json_fields import json_kind
from solver.seat import parse_seat

from . import error_kinds  # noqa: F401  the kinds raised here, in the one catalogue

if TYPE_CHECKING:  # not imported at run time: prefdd solve's start-up
    from solver.engine import Engine
    from solver.raspasovka.api import RaspasovkaSolver

STRAINS = ("s", "c", "d", "h", "nt", "misere")
REFERENCE_RASPASOVKA_TRICKS = 6  # the plain raspasovka minimax has no budget: bound its size

_raspasovka_solvers: weakref.WeakKeyDictionary[Engine, RaspasovkaSolver] = weakref.WeakKeyDictionary()


def table_record(rec: dict, engine) -> dict:
    """Every strain × declarer from the record's position (a trick must not be in progress:
    the cards already played would have followed other rules under another trump). The
    record's constraints, if any, apply to every strain."""
    from solver.constraints import constraints_from_json
    from solver.dd_table import DDTable
    from solver.position import position_from_json

    if rec.get("trick") or rec.get("history"):
        raise PrefError.of("table_trick_start")
    cons = constraints_from_json(rec.get("constraints"))
    pos = position_from_json(dict(rec, contract="nt", declarer=0))  # each strain and declarer in turn
    out = {"id": rec["id"]} if "id" in rec else {}
    out["table"] = DDTable.compute(pos, engine, cons).to_json()
    return out


def favour_of(value, where: str = "favour"):
    """A defender's seat, or None; ``true`` is not seat 1."""
    return None if value is None else parse_seat(value, where)


def solve_record(rec: dict, engine, *, all_cards=False, line=False, favour=None, reference=False,
                 node_budget: int | None = None) -> dict:
    """Solve one JSON record and return the output object (raises PrefError on bad input).

    ``node_budget`` bounds the reference search (the fast searches use the engine's)."""
    from solver.constraints import check_constraints, constraints_from_json
    from solver.position import position_from_json
    from solver.raspasovka.api import is_raspasovka_record

    if not isinstance(rec, dict):
        raise PositionError.of("expected_json_object", None, got=json_kind(rec))
    if is_raspasovka_record(rec):  # contract "raspasovka": one player's tricks against the other two
        return _raspasovka(rec, engine, all_cards, line, reference)

    pos = position_from_json(rec)
    cons = constraints_from_json(rec.get("constraints"))
    own = favour_of(rec.get("favour"))
    favour = favour_of(favour, "--favour") if favour is not None else own
    out = {"id": rec["id"]} if "id" in rec else {}
    if reference:
        from solver import reference as ref

        check_constraints(pos, cons)
        budget = node_budget or (engine.node_budget if _explicit_budget(engine) else None)
        if favour is not None:
            if favour == pos.declarer:
                raise PositionError.of("favour_not_defender", "favour", seat=favour)
            if pos.is_misere:
                raise PositionError.of("favour_misere", "favour")
            tricks, mine = ref.solve_split(pos, favour, cons, budget)
            out["declarer_tricks"] = tricks
            remaining = pos.tricks_left()
            out["defender_tricks"] = {str(favour): mine, str(3 - pos.declarer - favour): remaining - tricks - mine}
        else:
            out["declarer_tricks"] = ref.solve(pos, cons, budget)
        _outcome(out, pos, out["declarer_tricks"])
        if all_cards:
            vals = ref.card_values(pos, cons, budget)
            out["card_values"] = {str(c): v for c, v in vals.items()}
        return out
    res = engine.analyse(pos, cons, all_cards=all_cards, line=line, favour=favour)
    out.update(res.to_json())
    _outcome(out, pos, res.declarer_tricks)
    out["nodes"] = res.nodes
    return out


def _explicit_budget(engine) -> bool:
    from solver.engine.api import DEFAULT_NODE_BUDGET

    return engine.node_budget != DEFAULT_NODE_BUDGET


def raspasovka_solver(engine):
    """A raspasovka solver with the engine's table size and node budget (one per engine)."""
    from solver.raspasovka.api import RaspasovkaSolver

    solver = _raspasovka_solvers.get(engine)
    if solver is None:
        solver = RaspasovkaSolver(table_mb=engine.tt.nbytes / 2 ** 20, node_budget=engine.node_budget,
                                  backend=engine.backend_name)
        _raspasovka_solvers[engine] = solver
    return solver


def _raspasovka(rec: dict, engine, all_cards: bool, line: bool, reference: bool) -> dict:
    from solver.raspasovka.api import position_from_record
    from solver.raspasovka.api import solve_record as solve_raspasovka_record

    if reference:
        left = position_from_record(rec).tricks_left()
        if left > REFERENCE_RASPASOVKA_TRICKS:
            raise PrefError.of("reference_too_big", None, tricks=left, most=REFERENCE_RASPASOVKA_TRICKS)
        return solve_raspasovka_record(rec, all_cards=all_cards, line=line, reference=True)
    return solve_raspasovka_record(rec, all_cards=all_cards, line=line, solver=raspasovka_solver(engine))


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
