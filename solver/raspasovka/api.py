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

from dataclasses import dataclass, field

import numpy as np

from ..cards import Card, parse_cards
from ..engine.backends import load_backend
from ..errors import PrefError, SearchLimitError
from ..hands import mask_of
from ..position import run_low
from ..seat import Seat, parse_seat
from . import layout as core
from .rules import RaspasovkaError, RaspasovkaPosition, RaspasovkaRules

DEFAULT_TABLE_MB = 8


def _core():
    """The raspasovka search (Numba), imported when it is first needed: a process whose
    raspasovka questions the main engine's misère search answers never imports Numba."""
    from . import search

    return search
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


class _Root:
    __slots__ = ("pos", "h", "leader", "nt", "tc", "done", "tricks")

    def __init__(self, pos: RaspasovkaPosition):
        self.pos = pos
        self.h = np.array(pos.hands, dtype=np.int64)
        self.leader = np.int64(pos.leader)
        self.nt = np.int64(len(pos.trick))
        tc = [int(c) for _, c in pos.trick] + [0] * (3 - len(pos.trick))
        self.tc = np.array(tc, dtype=np.int64)
        self.done = np.int64(pos.done)
        self.tricks = pos.tricks_left()


class RaspasovkaSolver:
    """Exact raspasovka search with its own transposition table (16 bytes an entry).

    ``reuse_table`` keeps the table's entries (exact facts) between calls on one deal.
    ``misere_engine`` (default on) hands positions past the talon-led tricks to the main
    engine's misère search; off, this module's own search answers them too (the two are
    tested against each other).
    """

    def __init__(self, table_mb: float = DEFAULT_TABLE_MB, node_budget: int | None = None,
                 reuse_table: bool = False, misere_engine: bool = True):
        self.misere_engine = misere_engine
        entries = max(4, int(table_mb * 1024 * 1024) // 16)
        bits = entries.bit_length() - 1
        self.tt_key = np.zeros(1 << bits, dtype=np.int64)
        self.tt_data = np.zeros(1 << bits, dtype=np.int64)
        self.node_budget = node_budget or DEFAULT_NODE_BUDGET
        self.reuse_table = reuse_table
        self.gen = 0
        self.nodes = 0
        self._stats = np.zeros(core.STATS_SIZE, dtype=np.int64)

    def _new_generation(self):
        self.gen += 1
        if self.gen >= 0xFFFF:
            self.tt_key[:] = 0
            self.tt_data[:] = 0
            self.gen = 1

    def _config(self, pos: RaspasovkaPosition, victim: int, by) -> np.ndarray:
        victim = _seat(victim, "player")
        if by is None:
            by = [s for s in range(3) if s != victim]
        by = [_seat(s, "by") for s in by]
        if victim in by or not by:
            raise RaspasovkaError(f"by: the seats forcing tricks on seat {victim} must be one or both others")
        cfg = np.zeros(core.CFG_SIZE, dtype=np.int64)
        cfg[core.C_VICTIM] = victim
        cfg[core.C_MAXMASK] = sum(1 << s for s in set(by))
        cfg[core.C_K] = pos.talon_tricks
        suits = [int(c) >> 3 for c in pos.talon] + [0, 0]
        cfg[core.C_TS0] = suits[0]
        cfg[core.C_TS1] = suits[1]
        cfg[core.C_VOID] = int(pos.rules.void_talon_trick == "first_hand")
        cfg[core.C_AFTER] = int(pos.rules.after_talon_lead == "winner")
        cfg[core.C_BOUNDS] = 1
        cfg[core.C_REUSE] = int(self.reuse_table)
        return cfg

    def _begin(self, pos, victim, by):
        if not isinstance(pos, RaspasovkaPosition):
            raise RaspasovkaError("expected a RaspasovkaPosition")
        if not self.reuse_table or self.gen == 0:
            self._new_generation()
        self._stats[core.S_NODES] = 0
        return self._config(pos, victim, by)

    def _mtd(self, root: _Root, cfg, lo: int, hi: int, guess: int) -> int:
        st = self._stats
        st[core.S_BUDGET] = self.node_budget
        st[core.S_ABORT] = 0
        v = _core().mtd(root.h, root.leader, root.nt, root.tc, root.done, np.int64(lo), np.int64(hi),
                     np.int64(min(max(guess, lo), hi)), cfg, self.tt_key, self.tt_data, np.int64(self.gen), st,
                     *load_backend().tables)
        if v < 0:
            raise SearchLimitError(f"node budget of {self.node_budget} exhausted")
        return int(v)

    def _test(self, root: _Root, cfg, target: int) -> bool:
        st = self._stats
        st[core.S_BUDGET] = self.node_budget
        st[core.S_ABORT] = 0
        r = _core().search(root.h, root.leader, root.nt, root.tc, root.done, np.int64(target), cfg, self.tt_key,
                        self.tt_data, np.int64(self.gen), st, *load_backend().tables)
        if r < 0:
            raise SearchLimitError(f"node budget of {self.node_budget} exhausted")
        return bool(r)

    # ------------------------------------------------------------------ public
    def solve(self, pos: RaspasovkaPosition, player: int, by=None) -> int:
        return self.analyse(pos, player, by=by).player_tricks

    def analyse(self, pos: RaspasovkaPosition, player: int, *, by=None, all_cards: bool = False,
                line: bool = False) -> RaspasovkaAnalysis:
        cfg = self._begin(pos, player, by)
        if self.misere_engine and int(cfg[core.C_MAXMASK]) == 7 ^ (1 << player) and pos.done >= pos.talon_tricks:
            # past the talon-led tricks, one player against the other two is a misère: the
            # main engine, with its misère bounds, answers the same question
            return self._as_misere(pos, player, all_cards, line)
        root = _Root(pos.copy())
        value = self._mtd(root, cfg, 0, root.tricks, 1 if root.tricks else 0)
        res = RaspasovkaAnalysis(player, value, taken=pos.taken[player])
        if all_cards and not pos.is_over():
            res.card_values = self._card_values(root, cfg, value)
            ismax = (int(cfg[core.C_MAXMASK]) >> pos.to_move) & 1
            bv = (max if ismax else min)(res.card_values.values())
            res.best_cards = [c for c, v in res.card_values.items() if v == bv]
        if line:
            res.line = self._line(root, cfg, value)
        res.nodes = int(self._stats[core.S_NODES])
        self.nodes = res.nodes
        return res

    # ------------------------------------------------------------------ helpers
    def _as_misere(self, pos: RaspasovkaPosition, player: int, all_cards: bool, line: bool) -> RaspasovkaAnalysis:
        from ..engine import Engine
        from ..position import Position

        if getattr(self, "_engine", None) is None:
            self._engine = Engine(table_mb=self.tt_key.nbytes * 2 / 2 ** 20, node_budget=self.node_budget,
                                  reuse_table=self.reuse_table)
        game = Position(list(pos.hands), "misere", player, pos.leader, trick=list(pos.trick))
        a = self._engine.analyse(game, all_cards=all_cards and not pos.is_over(), line=line)
        res = RaspasovkaAnalysis(player, a.declarer_tricks, taken=pos.taken[player],
                                 card_values=a.card_values, best_cards=a.best_cards, line=a.line, nodes=a.nodes)
        self.nodes = res.nodes
        return res

    def _card_values(self, root: _Root, cfg, value: int) -> dict:
        victim = int(cfg[core.C_VICTIM])
        ismax = (int(cfg[core.C_MAXMASK]) >> root.pos.to_move) & 1
        out: dict[Card, int] = {}
        cache: dict[int, int] = {}
        for card in root.pos.legal_moves():
            rep = run_low(root.pos, card)
            if rep in cache:
                out[card] = cache[rep]
                continue
            p = root.pos.copy()
            won = p.play(card)
            bank = int(won is not None and won == victim)
            child = _Root(p)
            if ismax:  # the mover wants the victim's tricks high: no card exceeds the value
                v = self._mtd(child, cfg, 0, max(0, min(child.tricks, value - bank)), value - bank) + bank
            else:
                v = self._mtd(child, cfg, max(0, value - bank), child.tricks, value - bank) + bank
            cache[rep] = out[card] = v
        return out

    def _line(self, root: _Root, cfg, value: int) -> list:
        victim = int(cfg[core.C_VICTIM])
        maxmask = int(cfg[core.C_MAXMASK])
        out = []
        cur, v = root, value
        while not cur.pos.is_over():
            ismax = (maxmask >> cur.pos.to_move) & 1
            chosen = None
            for card in cur.pos.legal_moves():
                p = cur.pos.copy()
                won = p.play(card)
                child = _Root(p)
                need = v - int(won is not None and won == victim)
                if ismax:
                    ok = need <= 0 or self._test(child, cfg, need)
                else:
                    ok = need >= 0 and not self._test(child, cfg, need + 1)
                if ok:
                    chosen = (card, child, need)
                    break
            if chosen is None:  # cannot happen for an exact value
                raise RuntimeError("principal line lost the value")
            card, cur, v = chosen
            out.append(card)
        return out


_default: RaspasovkaSolver | None = None


def default_solver() -> RaspasovkaSolver:
    global _default
    if _default is None:
        _default = RaspasovkaSolver()
    return _default


def solve_raspasovka(pos: RaspasovkaPosition, player: int) -> int:
    """Tricks ``player`` takes from here (taken ones not counted), he against the other two."""
    return default_solver().solve(pos, player)


def card_values(pos: RaspasovkaPosition, player: int) -> dict:
    """Each legal card of the seat to move → ``player``'s tricks from here if it is played."""
    return default_solver().analyse(pos, player, all_cards=True).card_values


def principal_line(pos: RaspasovkaPosition, player: int) -> list:
    """A line of play to the end in which every move keeps the value."""
    return default_solver().analyse(pos, player, line=True).line


def forced_tricks(pos: RaspasovkaPosition, victim: int, by) -> int:
    """The most tricks the seats ``by`` can force on ``victim`` from here, everyone else
    (the victim included) playing to keep his tricks down."""
    return default_solver().solve(pos, victim, by=by)


# ---------------------------------------------------------------------- JSON records
def is_raspasovka_record(rec) -> bool:
    return isinstance(rec, dict) and isinstance(rec.get("contract"), str) \
        and rec["contract"].strip().lower() in CONTRACT_WORDS


def _cards(value, what: str) -> list:
    if not isinstance(value, (list, tuple, str)):
        raise RaspasovkaError(f"{what}: expected a list of cards, got {type(value).__name__}")
    try:
        cards = parse_cards(value)
    except PrefError as e:
        raise RaspasovkaError(f"{what}: {e}") from None
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise RaspasovkaError(f"{what}: duplicate card {dup}")
    return cards


def rules_from_json(rec: dict) -> RaspasovkaRules:
    return RaspasovkaRules.parse(rec.get("talon_rule"), rec.get("void_talon_trick"), rec.get("after_talon_lead"))


def position_from_record(rec: dict) -> RaspasovkaPosition:
    """A raspasovka record → position (errors name the field).

    Fields: ``hands``; optional ``talon`` (cards in the order turned), ``talon_rule``
    (both | first | none), ``void_talon_trick`` (nobody | first_hand), ``after_talon_lead``
    (first_hand | winner), ``taken``, ``tricks_done``; then ``history`` (cards played from
    trick 1; ``hands`` as dealt), or ``trick`` (``[[seat, card], ...]``) with ``to_move``,
    or ``leader`` — all optional where the rules fix who plays first.
    """
    if not isinstance(rec, dict):
        raise RaspasovkaError(f"expected a JSON object, got {type(rec).__name__}")
    if "hands" not in rec:
        raise RaspasovkaError("missing field 'hands'")
    hands = rec["hands"]
    if not isinstance(hands, list) or len(hands) != 3:
        raise RaspasovkaError("hands: expected a list of three hands")
    masks = [mask_of(_cards(h, f"hands[{i}]")) for i, h in enumerate(hands)]
    talon = _cards(rec["talon"], "talon") if rec.get("talon") is not None else []
    rules = rules_from_json(rec)
    taken = rec.get("taken", [0, 0, 0])
    if not (isinstance(taken, list) and len(taken) == 3):
        raise RaspasovkaError(f"taken: expected three trick counts, got {taken!r}")
    done = rec.get("tricks_done")
    leader = _seat(rec["leader"], "leader") if rec.get("leader") is not None else None
    if rec.get("history") is not None:
        if rec.get("trick") or "to_move" in rec:
            raise RaspasovkaError("give either history or to_move/trick, not both")
        pos = RaspasovkaPosition(masks, talon, done=done, leader=leader, taken=taken, rules=rules)
        pos.replay(_cards(rec["history"], "history"))
        return pos
    trick = rec.get("trick") or []
    parsed = []
    if trick:
        if not isinstance(trick, list) or not all(isinstance(t, (list, tuple)) and len(t) == 2 for t in trick):
            raise RaspasovkaError("trick: expected [[seat, card], ...]")
        for i, (s, c) in enumerate(trick):
            parsed.append((_seat(s, f"trick[{i}] seat"), _cards([c], f"trick[{i}]")[0]))
    pos = RaspasovkaPosition(masks, talon, done=done, leader=leader, trick=parsed, taken=taken, rules=rules)
    if "to_move" in rec and _seat(rec["to_move"], "to_move") != pos.to_move:
        raise RaspasovkaError(f"to_move: seat {rec['to_move']} cannot be to move; it is seat {pos.to_move}'s turn")
    return pos


def solve_record(rec: dict, *, all_cards=False, line=False, reference=False, solver=None) -> dict:
    """Solve one raspasovka record: ``{"player": X, "player_tricks": n, "player_total": ...}``."""
    if "player" not in rec:
        raise RaspasovkaError("missing field 'player' (whose tricks are asked)")
    player = _seat(rec["player"], "player")
    pos = position_from_record(rec)
    out = {"id": rec["id"]} if "id" in rec else {}
    if reference:
        from . import reference as ref

        n = ref.solve(pos, player)
        out.update({"player": player, "player_tricks": n, "player_total": pos.taken[player] + n})
        if all_cards and not pos.is_over():
            out["card_values"] = {str(c): v for c, v in ref.card_values(pos, player).items()}
        return out
    res = (solver or default_solver()).analyse(pos, player, all_cards=all_cards, line=line)
    out.update(res.to_json())
    out["nodes"] = res.nodes
    return out


__all__ = ["RaspasovkaSolver", "RaspasovkaAnalysis", "solve_raspasovka", "card_values", "principal_line",
           "forced_tricks", "is_raspasovka_record", "position_from_record", "solve_record"]
