"""Raspasovka questions in Python terms, and the JSON records of ``prefdd solve``.

The question is always two-sided (see :mod:`solver.raspasovka.reference` for why):
player X plays to take as few tricks as possible, the other two together to make him
take as many as possible; the answer is one number, the tricks X takes from here.

    solve_raspasovka(pos, player)  -> int               tricks still to come for X
    card_values(pos, player)       -> {Card: int}        each legal card of the seat to move
    principal_line(pos, player)    -> [Card, ...]         a line of play keeping the value
    forced_tricks(pos, victim, by) -> int                 tricks the seats ``by`` force on
                                                          ``victim``, everyone else against
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from .. import json_fields
from ..constraints import NO_CONSTRAINTS, Constraints
from ..engine import layout  # the kernel's array layout; no compiler imported
from ..engine.api import Search, _Root, constraint_arrays
from ..hands import mask_of
from ..seat import Seat, parse_seat
from .rules import RaspasovkaError, RaspasovkaPosition, RaspasovkaRules, check_constraints

DEFAULT_NODE_BUDGET = 2_000_000_000
CONTRACT_WORDS = ("raspasovka", "распасы", "распасовка", "all-pass", "all pass", "allpass", "passout")


@dataclass
class RaspasovkaAnalysis:
    """The victim's tricks from here; optionally every legal card's value and a line."""

    player: int
    player_tricks: int
    taken: int = 0
    card_values: dict = field(default_factory=dict)
    best_cards: list = field(default_factory=list)
    line: list = field(default_factory=list)
    nodes: int = 0

    def to_json(self) -> dict:
        out: dict[str, object] = {"player": self.player, "player_tricks": self.player_tricks,
               "player_total": self.taken + self.player_tricks}
        if self.card_values:
            out["card_values"] = {str(c): v for c, v in self.card_values.items()}
            out["best_cards"] = [str(c) for c in self.best_cards]
        if self.line:
            out["line"] = [str(c) for c in self.line]
        return out


def _seat(v, what: str) -> Seat:
    """:func:`solver.seat.parse_seat` (the one seat parser), raising this module's error."""
    return parse_seat(v, what, error=RaspasovkaError)


def talon_left(pos: RaspasovkaPosition) -> int:
    """Talon-led tricks still to play, the current one included."""
    return max(0, pos.talon_tricks - pos.done)


class RaspasovkaSolver(Search):
    """Exact raspasovka search: the one search kernel (:mod:`solver.engine.kernel`) in its
    raspasovka mode, with its own transposition table (16 bytes an entry).

    A variant of the engine's search (:class:`~solver.engine.api.Search`: one root, the same
    MTD(f), children, card values and principal line as :class:`~solver.engine.Engine`),
    overriding its hooks: the talon-led first tricks enter a root's constraint state
    (:meth:`_root_cs`), and MTD(f) starts from a guess inside its window (:meth:`_mtd`).
    The victim is the kernel's "declarer" of a misère (his tricks are the score, the
    seats ``by`` the max side). ``reuse_table`` keeps the table's entries (exact facts)
    between calls on one deal; ``backend`` picks the kernel's compilation as for
    :class:`~solver.engine.Engine`.
    """

    def __init__(self, table_mb: float | None = None, node_budget: int | None = None,
                 reuse_table: bool = False, backend: str | None = None):
        super().__init__(table_mb, node_budget or DEFAULT_NODE_BUDGET, reuse_table, backend)

    # ------------------------------------------------------------------ hooks
    def _root_cs(self, pos) -> int:
        return talon_left(pos) << layout.CS_TALON

    def _mtd(self, root: _Root, args, lo: int, hi: int, guess: int) -> int:
        # no kernel's first guess here (a negative guess asks for the contracts' count)
        return super()._mtd(root, args, lo, hi, min(max(guess, lo), hi))

    # ------------------------------------------------------------------ config
    def _config(self, pos: RaspasovkaPosition, victim: int, by, cons: Constraints):
        """The kernel's arrays for "the seats ``by`` force tricks on ``victim``"."""
        victim = _seat(victim, "player")
        if by is None:
            by = [s for s in range(3) if s != victim]
        by = [_seat(s, "by") for s in by]
        if victim in by or not by:
            raise RaspasovkaError.of("rasp_by", "by", seat=victim)
        maxmask = sum(1 << s for s in set(by))
        coalition = maxmask == 7 ^ (1 << victim)
        constrained = bool(cons)
        cfg = self.backend.zeros(layout.CFG_SIZE)
        cfg[layout.C_TRUMP] = -1
        cfg[layout.C_MISERE] = 1  # past the talon, one player against the others is a misère
        cfg[layout.C_DECL] = victim
        cfg[layout.C_REW + victim] = 1
        cfg[layout.C_MAXREW] = 1
        cfg[layout.C_MAXMASK] = maxmask
        k = pos.talon_tricks
        suits = [int(pos.talon[k - n]) >> 3 if k - n >= 0 else 0 for n in (1, 2)]
        cfg[layout.C_TALON] = suits[0]
        cfg[layout.C_TALON + 1] = suits[1]
        cfg[layout.C_VOID] = int(pos.rules.void_talon_trick == "first_hand")
        cfg[layout.C_AFTER] = int(pos.rules.after_talon_lead == "winner")
        cfg[layout.C_ABS] = int(constrained)
        cfg[layout.C_CONS] = int(constrained)
        # the misère bounds; with one forcer only the victim's clean exit holds (the forced
        # trick bound needs both others playing together)
        cfg[layout.C_BOUNDS] = 0 if constrained else (1 if coalition else 2)
        pen_mask, pen_flags, plan = constraint_arrays(self.backend, cons, cfg)
        helper = 0 if coalition else 1 + int(by[0] == (victim + 2) % 3)  # which seat forces alone, if one
        cfg[layout.C_CTX] = (victim | (helper << 2) | (int(cfg[layout.C_VOID]) << 4) | (int(cfg[layout.C_AFTER]) << 5)
                           | (suits[0] << 6) | (suits[1] << 8))
        cfg[layout.C_REUSE] = int(self.reuse_table and not constrained)
        return cfg, pen_mask, pen_flags, plan

    def _begin(self, pos, victim, by, cons: Constraints):
        if not isinstance(pos, RaspasovkaPosition):
            raise RaspasovkaError.of("expected_rasp_position")
        check_constraints(pos, cons)
        if not self.reuse_table or cons or self.gen == 0:
            self.new_generation()
        self._stats[layout.S_NODES] = 0
        return self._config(pos, victim, by, cons)

    # ------------------------------------------------------------------ public
    def solve(self, pos: RaspasovkaPosition, player: int, by=None,
              constraints: Constraints = NO_CONSTRAINTS) -> int:
        return self.analyse(pos, player, by=by, constraints=constraints).player_tricks

    def analyse(self, pos: RaspasovkaPosition, player: int, *, by=None, constraints: Constraints = NO_CONSTRAINTS,
                all_cards: bool = False, line: bool = False) -> RaspasovkaAnalysis:
        """The victim's tricks from here, with the penalty code's ``constraints`` (penalty
        cards, a lead ruling) on the play; ``all_cards``: each allowed card's value."""
        cons = constraints or NO_CONSTRAINTS
        args = self._begin(pos, player, by, cons)
        root = self._root(pos.copy(), cons, cons.initial())
        value = self._mtd(root, args, 0, root.tricks, 1 if root.tricks else 0)
        res = RaspasovkaAnalysis(player, value, taken=pos.taken[player])
        return self._finish(res, root, cons, args, value, None, all_cards, line)


@functools.cache
def default_solver() -> RaspasovkaSolver:
    """The process's one raspasovka solver, made on first use (its table allocated once)."""
    return RaspasovkaSolver()


def solve_raspasovka(pos: RaspasovkaPosition, player: int, constraints: Constraints = NO_CONSTRAINTS) -> int:
    """Tricks ``player`` takes from here (taken ones not counted), he against the other two."""
    return default_solver().solve(pos, player, constraints=constraints)


def card_values(pos: RaspasovkaPosition, player: int, constraints: Constraints = NO_CONSTRAINTS) -> dict:
    """Each allowed card of the seat to move → ``player``'s tricks from here if it is played."""
    return default_solver().analyse(pos, player, constraints=constraints, all_cards=True).card_values


def principal_line(pos: RaspasovkaPosition, player: int, constraints: Constraints = NO_CONSTRAINTS) -> list:
    """A line of play to the end in which every move keeps the value."""
    return default_solver().analyse(pos, player, constraints=constraints, line=True).line


def forced_tricks(pos: RaspasovkaPosition, victim: int, by, constraints: Constraints = NO_CONSTRAINTS) -> int:
    """The most tricks the seats ``by`` can force on ``victim`` from here, everyone else
    (the victim included) playing to keep his tricks down."""
    return default_solver().solve(pos, victim, by=by, constraints=constraints)


# ---------------------------------------------------------------------- JSON records
def is_raspasovka_record(rec) -> bool:
    return isinstance(rec, dict) and isinstance(rec.get("contract"), str) \
        and rec["contract"].strip().lower() in CONTRACT_WORDS


def _cards(value, what: str) -> list:
    return json_fields.cards(value, what, RaspasovkaError, distinct=True)


def rules_from_json(rec: dict) -> RaspasovkaRules:
    return RaspasovkaRules.parse(rec.get("talon_rule"), rec.get("void_talon_trick"), rec.get("after_talon_lead"))


RECORD_FIELDS = frozenset({"hands", "contract", "player", "talon", "talon_rule", "void_talon_trick",
                           "after_talon_lead", "taken", "tricks_done", "history", "trick", "to_move", "leader",
                           "constraints", "id"})


def position_from_record(rec: dict) -> RaspasovkaPosition:
    """A raspasovka record → position (errors name the field).

    Fields: ``hands``; optional ``talon`` (cards in the order turned), ``talon_rule``
    (both | first | none), ``void_talon_trick`` (nobody | first_hand), ``after_talon_lead``
    (first_hand | winner), ``taken``, ``tricks_done``; then ``history`` (cards played from
    trick 1; ``hands`` as dealt), or ``trick`` (``[[seat, card], ...]``) with ``to_move``,
    or ``leader`` — all optional where the rules fix who plays first.
    """
    if not isinstance(rec, dict):
        raise RaspasovkaError.of("expected_object", None, got=type(rec).__name__)

    json_fields.check_fields(rec, RECORD_FIELDS, RaspasovkaError)
    if "hands" not in rec:
        raise RaspasovkaError.of("missing_field", None, name="hands")
    hands = rec["hands"]
    if not isinstance(hands, list) or len(hands) != 3:
        raise RaspasovkaError.of("three_hands_list", "hands")
    masks = [mask_of(_cards(h, f"hands[{i}]")) for i, h in enumerate(hands)]
    talon = _cards(rec["talon"], "talon") if rec.get("talon") is not None else []
    rules = rules_from_json(rec)
    taken = rec.get("taken", [0, 0, 0])
    if not (isinstance(taken, list) and len(taken) == 3):
        raise RaspasovkaError.of("taken_three", "taken", got=taken)
    done = rec.get("tricks_done")
    leader = _seat(rec["leader"], "leader") if rec.get("leader") is not None else None
    if rec.get("history") is not None:
        if rec.get("trick") or "to_move" in rec:
            raise RaspasovkaError.of("history_or_trick")
        pos = RaspasovkaPosition(masks, talon, done=done, leader=leader, taken=taken, rules=rules)
        pos.replay(_cards(rec["history"], "history"))
        return pos
    trick = rec.get("trick") or []
    parsed = []
    if trick:
        if not isinstance(trick, list) or not all(isinstance(t, (list, tuple)) and len(t) == 2 for t in trick):
            raise RaspasovkaError.of("trick_pairs", "trick")
        for i, (s, c) in enumerate(trick):
            parsed.append((_seat(s, f"trick[{i}] seat"), _cards([c], f"trick[{i}]")[0]))
    pos = RaspasovkaPosition(masks, talon, done=done, leader=leader, trick=parsed, taken=taken, rules=rules)
    if "to_move" in rec and _seat(rec["to_move"], "to_move") != pos.to_move:
        raise RaspasovkaError.of("not_to_move", "to_move", got=rec["to_move"], seat=pos.to_move)
    return pos


def constraints_from_record(rec: dict) -> Constraints:
    """The record's ``constraints`` (penalty cards, a lead ruling), as ``prefdd solve`` reads them."""
    from ..constraints import constraints_from_json

    return constraints_from_json(rec.get("constraints"))


def solve_record(rec: dict, *, all_cards=False, line=False, reference=False, solver=None) -> dict:
    """Solve one raspasovka record: ``{"player": X, "player_tricks": n, "player_total": ...}``."""
    if "player" not in rec:
        raise RaspasovkaError.of("missing_player")
    player = _seat(rec["player"], "player")
    pos = position_from_record(rec)
    cons = constraints_from_record(rec)
    out = {"id": rec["id"]} if "id" in rec else {}
    if reference:
        from . import reference as ref

        n = ref.solve(pos, player, constraints=cons)
        out.update({"player": player, "player_tricks": n, "player_total": pos.taken[player] + n})
        if all_cards and not pos.is_over():
            out["card_values"] = {str(c): v for c, v in ref.card_values(pos, player, constraints=cons).items()}
        return out
    res = (solver or default_solver()).analyse(pos, player, constraints=cons, all_cards=all_cards, line=line)
    out.update(res.to_json())
    out["nodes"] = res.nodes
    return out


__all__ = ["RaspasovkaSolver", "RaspasovkaAnalysis", "solve_raspasovka", "card_values", "principal_line",
           "forced_tricks", "is_raspasovka_record", "position_from_record", "solve_record"]
