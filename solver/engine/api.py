"""The engine's Python face: positions and constraints in, exact values out.

``Engine`` owns a transposition table (two int64 arrays, 16 bytes an entry) and turns a
:class:`~solver.position.Position` plus :class:`~solver.constraints.Constraints` into the
arrays the compiled search takes.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..constraints import NO_CONSTRAINTS, Constraints, check_constraints
from ..errors import PositionError, SearchLimitError
from ..hands import cards_of
from ..position import Position, run_low, trick_winner
from . import layout  # the array layout (cfg/stats indices); no Numba import
from .backends import Backend, load_backend
from .shares import SHARE

# a solve's table: 8,192 entries (128 kB), half the stores of the largest single deal here (median 300-1,900),
# small enough that the cache keeps it between probes (an eighth of the old 1 MB: about 10 % less time a
# deal, the largest deals unchanged; benchmarks/log, issue 40's tenth round); one kept from solve to solve
# (reuse_table) 1 MB, room for what the next solve meets
DEFAULT_TABLE_MB = 0.125
REUSE_TABLE_MB = 1
DEFAULT_NODE_BUDGET = 2_000_000_000
# solve_layouts' table: at most 128 MB (8M entries: all 184,756 layouts of a hand took 6-28 %
# fewer nodes than with 64 MB; RESULTS.md, "Issue 27"), and about 720 bytes a layout for fewer
# (the pages a search touches cost their first touch: a small set gets a small table)
LAYOUTS_TABLE_MB = 128
LAYOUT_TABLE_BYTES = 720
# a forked share of a candidates scan (shares.in_shares, fresh_tables) searches a fresh table of
# at most this: the parent's is warm, but each page of it a share writes is one copy-on-write
# fault (t3_3_1: 7,400 faults, about 30 ms of system time, a share); a fresh table's huge pages
# cost a zeroing each
SHARE_LAYOUTS_TABLE_MB = 16


@dataclass
class Analysis:
    """What a solve returns: the value, every allowed card's value, the best cards, a line."""

    declarer_tricks: int
    card_values: dict = field(default_factory=dict)
    best_cards: list = field(default_factory=list)
    line: list = field(default_factory=list)
    nodes: int = 0
    defender_tricks: dict | None = None  # seat -> tricks, when a split was asked for

    def __repr__(self) -> str:
        """One line, cards as players write them: ``Analysis(declarer_tricks=4, best=[As, Kd], …)``."""
        parts = [f"declarer_tricks={self.declarer_tricks}"]
        if self.card_values:
            parts.append("card_values={" + ", ".join(f"{c}: {v}" for c, v in self.card_values.items()) + "}")
            parts.append("best=[" + ", ".join(map(str, self.best_cards)) + "]")
        if self.line:
            parts.append("line=" + " ".join(map(str, self.line)))
        if self.defender_tricks is not None:
            parts.append(f"defender_tricks={dict(self.defender_tricks)}")
        parts.append(f"nodes={self.nodes}")
        return f"Analysis({', '.join(parts)})"

    def to_json(self) -> dict:
        out: dict[str, Any] = {"declarer_tricks": self.declarer_tricks}
        if self.card_values:
            out["card_values"] = {str(c): v for c, v in self.card_values.items()}
            out["best_cards"] = [str(c) for c in self.best_cards]
        if self.line:
            out["line"] = [str(c) for c in self.line]
        if self.defender_tricks is not None:
            out["defender_tricks"] = {str(k): v for k, v in self.defender_tricks.items()}
        return out


class _Root:
    """A position and constraint state flattened into the search's scalars.

    Plain ints only (cheap to make: a solve makes one, ``all_cards`` and ``line`` one a
    child); the engine copies them into its own root arrays just before a search, and
    ``h`` / ``tc`` build a backend's arrays of them for callers of the kernel itself.
    """

    __slots__ = ("hands", "leader", "nt", "cards", "cs", "tricks", "pos", "state", "backend")

    def __init__(self, pos: Position, cons: Constraints, state, backend: Backend, cs: int = 0):
        self.pos = pos
        self.state = state
        self.backend = backend
        h0, h1, h2 = self.hands = tuple(pos.hands)
        self.leader = int(pos.leader)  # a Seat (IntEnum): the compiled search takes a bare int
        trick = pos.trick
        nt = self.nt = len(trick)
        self.cards = (int(trick[0][1]) if nt > 0 else 0, int(trick[1][1]) if nt > 1 else 0, 0)
        # ``cs``: the variant's part of the constraint state (raspasovka: talon tricks left)
        if cons is not NO_CONSTRAINTS and cons:
            if cons.lead is not None and state.lead_pending:
                cs |= 1
            if cons.plan is not None and state.plan_active:
                cs |= (state.plan_index << 1) | (1 << 6)
        self.cs = cs
        self.tricks = (h0.bit_count() + h1.bit_count() + h2.bit_count() + nt) // 3

    @property
    def h(self):
        """The three hands as the backend's array (the kernel's ``root_h``)."""
        return self.backend.array(list(self.hands))

    @property
    def tc(self):
        """The trick's cards so far as the backend's array (the kernel's ``root_tc``)."""
        return self.backend.array(list(self.cards))


_FREE = NO_CONSTRAINTS.initial()  # the state of an unconstrained search (frozen: shared)


def best_cards(card_values: dict, maximise: bool) -> list:
    """The cards of the best value for the side to move: the highest for the max side, the
    lowest for the other (none when no card is allowed)."""
    if not card_values:
        return []
    bv = (max if maximise else min)(card_values.values())
    return [c for c, v in card_values.items() if v == bv]


def new_table(backend: Backend, table_mb: float):
    """A transposition table of at most ``table_mb``: a power-of-two number of 16-byte
    entries, (key, data) pairs in buckets of ``layout.BUCKET``."""
    entries = max(4, int(table_mb * 1024 * 1024) // 16)
    bits = entries.bit_length() - 1
    return backend.table(2 << bits)


def wipe(backend: Backend, tt) -> None:
    """Every entry of the table zeroed, in place (a plain buffer has no ``fill``)."""
    tt[:] = backend.zeros(len(tt))


def next_generation(backend: Backend, tt, gen: int) -> int:
    """The generation after ``gen``: the table's entries are forgotten in O(1) (older
    generations are ignored), and cleared for real when the 14-bit counter wraps."""
    gen += 1
    if gen >= layout.E_GEN_MASK:
        wipe(backend, tt)
        gen = 1
    return gen


class Search:
    """What every solver on the kernel shares: the table, the searcher, the MTD(f) and
    null-window calls, a root's children, every card's value and a principal line.

    The game is a variant's (python-chess's ``variant.py`` is the model): :class:`Engine`
    (contracts) and :class:`~solver.raspasovka.api.RaspasovkaSolver` (raspasovka) build the
    kernel's configuration and override the hooks — :meth:`_root_cs` (the variant's part
    of a root's constraint state), :meth:`_mtd` (how a guess enters MTD(f)).
    """

    def __init__(self, table_mb: float | None = None, node_budget: int | None = None, reuse_table: bool = False,
                 backend: str | None = None):
        self.backend = load_backend(backend)
        self.tt = new_table(self.backend, table_mb or (REUSE_TABLE_MB if reuse_table else DEFAULT_TABLE_MB))
        self.node_budget = node_budget or DEFAULT_NODE_BUDGET
        self.reuse_table = reuse_table
        self.gen = 0
        self.nodes = 0  # nodes of the last call
        self._stats = self.backend.zeros(layout.STATS_SIZE)
        # the table, statistics, work vector and root arrays bound once (searcher.Searcher): a
        # solve passes the root's ints; made on first use, for the backend searched with
        self._searcher: Any = None
        self._searcher_of: tuple = (None, None)  # the backend and table it was made for
        self._in_use = None  # the configuration it searches with

    @property
    def backend_name(self) -> str:
        """The compilation this solver searches with (``cython``, ``numba``, ``python``): a
        solver made for the same question (raspasovka) takes the same."""
        return self.backend.name

    # ------------------------------------------------------------------ table
    def new_generation(self) -> None:
        """Forget the table's contents in O(1) (entries of older generations are ignored)."""
        self.gen = next_generation(self.backend, self.tt, self.gen)

    def clear(self) -> None:
        wipe(self.backend, self.tt)
        self.gen = 0

    # ------------------------------------------------------------------ hooks
    def _root_cs(self, pos) -> int:
        """The variant's part of a root's constraint state word (none on a contract)."""
        return 0

    def _root(self, pos, cons: Constraints, state) -> _Root:
        return _Root(pos, cons, state, self.backend, self._root_cs(pos))

    # ------------------------------------------------------------------ searching
    def _bound(self, args):
        """The searcher, searching with ``args`` (checked by the kernel when first used)."""
        s = self._searcher
        b, tt = self._searcher_of
        if b is not self.backend or tt is not self.tt:
            s = self._searcher = self.backend.searcher(self.tt, self._stats)
            self._searcher_of = (self.backend, self.tt)
            self._in_use = None
        if self._in_use is not args:
            s.use(*args)
            self._in_use = args
        return s

    def _mtd(self, root: _Root, args, lo: int, hi: int, guess: int) -> int:
        """The exact score in [lo, hi] (MTD(f) from ``guess``; -1: the kernel's first guess)."""
        h0, h1, h2 = root.hands
        c0, c1, _ = root.cards
        v = self._bound(args).mtd(h0, h1, h2, root.leader, root.nt, c0, c1, root.cs, lo, hi, guess, self.gen,
                                  self.node_budget)
        if v < 0:
            raise SearchLimitError.of("node_budget_out", None, nodes=self.node_budget)
        return int(v)

    def _test(self, root: _Root, args, target: int) -> bool:
        h0, h1, h2 = root.hands
        c0, c1, _ = root.cards
        r = self._bound(args).search(h0, h1, h2, root.leader, root.nt, c0, c1, root.cs, target, self.gen,
                                     self.node_budget)
        if r < 0:
            raise SearchLimitError.of("node_budget_out", None, nodes=self.node_budget)
        return bool(r)

    def _child(self, root: _Root, cons: Constraints, card: Card, planned: bool | None = None):
        """The root arrays after ``card`` is played, and the trick's winner if it completes one
        (``planned``: what ``cons.moves`` says of the root, where the caller has it)."""
        p = root.pos.copy()
        if planned is None:
            _, planned = cons.moves(p, root.state)
        nstate = cons.after(p, root.state, card, planned)
        # no constraints: ``card`` is one of the legal moves (``cons.moves``), not checked again
        winner = p._apply(p.to_move, card, p._stack) if cons is NO_CONSTRAINTS else p.play(card)
        return self._root(p, cons, nstate), winner

    @staticmethod
    def _light_child(root: _Root, card: Card):
        """:meth:`_child` of a plain :class:`Position` without constraints, for a search only
        (no position in it): the hands, the trick, the leader and the trick's winner from ints."""
        nt = root.nt
        mover = (root.leader + nt) % 3
        i = card.index
        h = list(root.hands)
        h[mover] ^= 1 << i
        ch = _Root.__new__(_Root)
        ch.pos = ch.state = None  # type: ignore[assignment]
        ch.backend = root.backend
        ch.cs = 0
        ch.hands = h0, h1, h2 = tuple(h)
        if nt == 2:
            trick = root.pos.trick
            winner = trick_winner([trick[0], trick[1], (mover, i)], root.pos.trump)
            ch.leader, ch.nt, ch.cards = int(winner), 0, (0, 0, 0)
        else:
            winner = None
            ch.leader, ch.nt = root.leader, nt + 1
            ch.cards = (root.cards[0], i, 0) if nt else (i, 0, 0)
        ch.tricks = (h0.bit_count() + h1.bit_count() + h2.bit_count() + ch.nt) // 3
        return ch, winner

    def _reward(self, args, winner) -> int:
        """The score the trick ``winner`` took adds (None: no trick completed; a raspasovka
        talon trick nobody took: -1)."""
        return 0 if winner is None or winner < 0 else int(args[0][layout.C_REW + winner])

    def _score_range(self, root: _Root, args) -> int:
        return int(args[0][layout.C_MAXREW]) * root.tricks

    @staticmethod
    def _to_tricks(value: int, tricks: int, favour) -> int:
        """The declarer's tricks from a search score (a split score counts defence tricks × 16)."""
        return value if favour is None else tricks - value // 16

    def _max_to_move(self, root: _Root, args) -> bool:
        cfg = args[0]
        mover = root.pos.to_move
        return bool((int(cfg[layout.C_MAXMASK]) >> mover) & 1)

    def _allowed(self, root: _Root, cons: Constraints) -> list[Card]:
        allowed, _ = cons.moves(root.pos, root.state)
        return cards_of(allowed)

    def _card_values(self, root: _Root, cons, args, value: int, favour) -> dict:
        ismax = self._max_to_move(root, args)
        out = {}
        cache: dict[int, int] = {}
        allowed, planned = cons.moves(root.pos, root.state)
        alone = self._alone(cons)
        # a plain game without constraints: each child's root from ints (:meth:`_light_child`)
        light = cons is NO_CONSTRAINTS and type(root.pos) is Position and type(self)._root_cs is Engine._root_cs
        for card in cards_of(allowed):
            rep = run_low(root.pos, card, alone)
            if rep in cache:
                out[card] = cache[rep]
                continue
            child, winner = self._light_child(root, card) if light else self._child(root, cons, card, planned)
            bank = self._reward(args, winner)
            hi = self._score_range(child, args)
            if ismax:
                v = self._mtd(child, args, 0, max(0, min(hi, value - bank)), value - bank) + bank
            else:
                v = self._mtd(child, args, max(0, value - bank), hi, value - bank) + bank
            tv = self._to_tricks(v, root.tricks, favour)
            cache[rep] = tv
            out[card] = tv
        return out

    @staticmethod
    def _alone(cons: Constraints) -> int:
        """The cards that stand alone in a run (penalty and plan cards)."""
        alone = 0
        for p in cons.penalty_cards:
            alone |= p.card.mask
        if cons.plan is not None:
            for c in cons.plan.cards:
                alone |= c.mask
        return alone

    def _finish(self, res, root: _Root, cons, args, value: int, favour, all_cards: bool, line: bool):
        """``res`` (an analysis of ``root`` worth ``value``) with what was asked added — every
        card's value, a line — and the search's node count."""
        if all_cards and not root.pos.is_over():
            res.card_values = self._card_values(root, cons, args, value, favour)
            res.best_cards = best_cards(res.card_values, self._max_to_move(root, args))
        if line:
            res.line = self._line(root, cons, args, value)
        res.nodes = int(self._stats[layout.S_NODES])
        self.nodes = res.nodes
        return res

    def _line(self, root: _Root, cons, args, value: int) -> list[Card]:
        """A principal line: at each move a card that keeps the value, to the end."""
        out = []
        cur = root
        v = value
        while not cur.pos.is_over():
            ismax = self._max_to_move(cur, args)
            chosen = None
            moves = self._allowed(cur, cons)
            for card in moves:
                child, winner = self._child(cur, cons, card)
                need = v - self._reward(args, winner)
                if ismax:
                    ok = need <= 0 or self._test(child, args, need)
                else:
                    ok = not self._test(child, args, need + 1) if need + 1 > 0 else False
                if ok:
                    chosen = (card, child, need)
                    break
            if chosen is None:  # cannot happen for an exact value; stay safe
                raise RuntimeError("principal line lost the value")
            card, cur, v = chosen
            out.append(card)
        return out


class Engine(Search):
    """An exact double-dummy solver with its own transposition table.

    ``table_mb`` bounds the table's memory (a power-of-two number of 16-byte entries is
    used, at most that size). ``node_budget`` stops a runaway search with
    :class:`~solver.errors.SearchLimitError`. With ``reuse_table`` the table's entries
    (exact facts about positions) are kept from one call to the next — useful when many
    questions are asked about one deal; otherwise each call starts with an empty table.
    """

    def __init__(self, table_mb: float | None = None, node_budget: int | None = None, reuse_table: bool = False,
                 backend: str | None = None, layouts_table_mb: float = LAYOUTS_TABLE_MB):
        super().__init__(table_mb, node_budget, reuse_table, backend)
        # the layouts' loop searches a table of its own (kept from call to call: its entries
        # are exact facts), larger than a deal needs: many layouts meet in many positions
        self.layouts_table_mb = layouts_table_mb
        self._ltt: Any = None
        self._lsearcher: Any = None
        self._ltt_share = 0   # SHARE of the process that made _ltt (0: not a forked share)
        self._layouts_seen = 0
        self._layouts_reserved = 0
        # the arrays of an unconstrained search depend only on the strain, the declarer and
        # the favoured seat: built once each (the search never writes them)
        self._configs: dict = {}
        self._plains: dict = {}  # _plain's (configuration, score a trick, kernel's guess) by strain, declarer, reuse

    def __repr__(self) -> str:
        mb = self.tt.nbytes / (1024 * 1024)
        return (f"<Engine backend={self.backend_name} table={mb:g} MB "
                f"reuse_table={self.reuse_table} node_budget={self.node_budget:_}>")

    # ------------------------------------------------------------------ config
    def _config(self, pos: Position, cons: Constraints, favour: int | None):
        if cons is not NO_CONSTRAINTS and cons:
            return self._build_config(pos, cons, favour)
        key = (pos.contract, pos.declarer, favour, self.reuse_table)
        args = self._configs.get(key)
        if args is None:
            args = self._configs[key] = self._build_config(pos, cons, favour)
        return args

    def _build_config(self, pos: Position, cons: Constraints, favour: int | None):
        cfg = self.backend.zeros(layout.CFG_SIZE)
        trump = pos.trump
        cfg[layout.C_TRUMP] = -1 if trump is None else trump
        cfg[layout.C_MISERE] = int(pos.is_misere)
        cfg[layout.C_DECL] = pos.declarer
        lexi = favour is not None
        if lexi:
            if favour == pos.declarer or favour not in (0, 1, 2):
                raise PositionError.of("favour_not_defender", "favour", seat=favour)
            if pos.is_misere:
                raise PositionError.of("favour_misere", "favour")
            other = 3 - pos.declarer - favour
            rew = {pos.declarer: 0, favour: 17, other: 16}
            cfg[layout.C_MAXMASK] = 7 ^ (1 << pos.declarer)
            cfg[layout.C_MAXREW] = 17
        else:
            rew = {s: int(s == pos.declarer) for s in range(3)}
            cfg[layout.C_MAXMASK] = 7 ^ (1 << pos.declarer) if pos.is_misere else 1 << pos.declarer
            cfg[layout.C_MAXREW] = 1
        for s in range(3):
            cfg[layout.C_REW + s] = rew[s]
        constrained = bool(cons)
        cfg[layout.C_ABS] = int(constrained)
        cfg[layout.C_CONS] = int(constrained)
        cfg[layout.C_BOUNDS] = int(not constrained and not lexi)
        pen_mask, pen_flags, plan = constraint_arrays(self.backend, cons, cfg)
        strain = int(pos.strain)
        x = favour if favour is not None else 0
        cfg[layout.C_CTX] = strain | (pos.declarer << 3) | (int(constrained) << 5) | (int(lexi) << 6) | (x << 7)
        reuse = self.reuse_table and not constrained
        cfg[layout.C_REUSE] = int(reuse)
        return cfg, pen_mask, pen_flags, plan

    # ------------------------------------------------------------------ searching
    def _begin(self, pos: Position, cons: Constraints, favour):
        if cons is not NO_CONSTRAINTS and cons:
            check_constraints(pos, cons)
            self.new_generation()
        elif not self.reuse_table or self.gen == 0:
            self.new_generation()
        self._stats[layout.S_NODES] = 0
        return self._config(pos, cons, favour)

    def _guess(self, root: _Root, pos: Position, favour) -> int:
        """MTD(f)'s first guess, in the search's score: on trump and misère the kernel's
        count of the hands (-1 asks for it: ``first_guess``, ``first_guess_misere``);
        no-trump and a favoured split the middle (no count found that beats it)."""
        n = root.tricks
        strain = pos.contract.strain
        if favour is not None:
            return (n + 1) // 2 * 16
        if strain.is_misere or strain.trump is not None:
            return -1
        return (n + 1) // 2

    # ------------------------------------------------------------------ public
    def solve(self, pos: Position, constraints: Constraints = NO_CONSTRAINTS) -> int:
        """The declarer's tricks from here to the end (tricks already taken not counted)."""
        if constraints is not NO_CONSTRAINTS and constraints:
            _, _, value = self._value(pos, constraints, None)
        else:
            value = self._plain(pos)
        self.nodes = int(self._stats[layout.S_NODES])
        return value

    def _plain(self, pos: Position) -> int:
        """:meth:`_value`'s score of ``pos`` without constraints, its steps inline: the search
        of a median deal takes 0.1–0.2 ms, and the Python around it took 4 µs of it with warm
        caches, several times that with cold ones (benchmarks/log, issue 40's tenth round)."""
        strain = pos.contract.strain
        key = (strain << 3) | (pos.declarer << 1) | bool(self.reuse_table)
        plain = self._plains.get(key)
        if plain is None:  # the configuration, its score a trick, and whether the kernel guesses
            args = self._config(pos, NO_CONSTRAINTS, None)
            plain = self._plains[key] = (args, int(args[0][layout.C_MAXREW]),
                                         strain.is_misere or strain.trump is not None)
        args, maxrew, kernel_guess = plain
        if not self.reuse_table or self.gen == 0:
            self.new_generation()
        self._stats[layout.S_NODES] = 0
        h0, h1, h2 = pos.hands
        trick = pos.trick
        nt = len(trick)
        n = (h0.bit_count() + h1.bit_count() + h2.bit_count() + nt) // 3
        hi = maxrew * n
        c0 = int(trick[0][1]) if nt else 0
        c1 = int(trick[1][1]) if nt > 1 else 0
        v = self._bound(args).mtd(h0, h1, h2, int(pos.leader), nt, c0, c1, 0, 0, hi,
                                  -1 if kernel_guess else min((n + 1) // 2, hi), self.gen, self.node_budget)
        if v < 0:
            raise SearchLimitError.of("node_budget_out", None, nodes=self.node_budget)
        return int(v)

    def _value(self, pos: Position, cons: Constraints, favour):
        """(root, config, the exact score): the one search every question starts with."""
        args = self._begin(pos, cons, favour)
        state = _FREE if cons is NO_CONSTRAINTS else cons.initial()
        root = self._root(pos, cons, state)  # never played on: children are copies
        hi = self._score_range(root, args)
        return root, args, self._mtd(root, args, 0, hi, min(self._guess(root, pos, favour), hi))

    def analyse(self, pos: Position, constraints: Constraints = NO_CONSTRAINTS, *, all_cards: bool = False,
                line: bool = False, favour: int | None = None) -> Analysis:
        """Exact value; with ``all_cards`` every allowed card's value; with ``line`` a principal line.

        ``favour`` (a defender's seat) asks, among the defence's optimal lines, for the split
        of the defence's tricks most favourable to that defender (the declarer plays to his
        own best result and, where indifferent, against that defender).
        """
        cons = constraints or NO_CONSTRAINTS
        root, args, value = self._value(pos, cons, favour)
        res = Analysis(self._to_tricks(value, root.tricks, favour))
        if favour is not None:
            res.defender_tricks = self._split(value, pos, favour)
        return self._finish(res, root, cons, args, value, favour, all_cards, line)

    def card_values(self, pos: Position, constraints: Constraints = NO_CONSTRAINTS) -> dict:
        return self.analyse(pos, constraints, all_cards=True).card_values

    def solve_layouts(self, pos: Position, layouts, cards=None, progress=None, *, workers: int = 1,
                      prev_guess: bool = True, history: bool = True, order: str = "lex", chunk: int = 2048,
                      compiled: bool = True) -> list:
        """Many layouts of one position: the same contract, trick, leader and tricks taken, the
        hands of each layout in turn (``layouts``: 3-tuples of hand masks, seats 0, 1, 2, or an
        int64 array of shape (n, 3): :func:`~solver.engine.many.encode_layouts`).

        Without ``cards``: the declarer's tricks still to play in each layout (a list of ints).
        With ``cards`` (cards the seat to move holds in every layout): each card's value in
        each layout, a list of tuples in the order of ``cards``. The table is kept from one
        layout to the next (their positions meet again after a few tricks); ``progress`` is
        called with the number of layouts done so far, now and then. Exact, no sampling.

        The layouts are searched in the kernel's own loop (``kernel.layouts_with``), ``chunk``
        layouts a call, on a table of the loop's own (``layouts_table_mb``), in lexicographic
        order of their cards (``order="lex"``, :func:`~solver.engine.many.lex_order`:
        neighbours then share the most positions; ``"given"`` keeps the order given); the
        answers come back in the order given. MTD(f) starts from the previous layout's value
        (``prev_guess``), and the history of the leads is kept from one layout to the next
        (``history``): both only change the nodes, never a value.
        ``workers`` > 1 splits the layouts into that many contiguous shares, one process and
        one engine each (results in input order; ``nodes`` their sum). ``compiled=False``
        runs the plain loop over :meth:`solve` / :meth:`analyse` (the tests' oracle).
        """
        cards = None if cards is None else [Card.parse(c) for c in cards]
        if not compiled:
            return self._layouts_loop(pos, layouts, cards, progress)
        flat, mover = self._layouts_input(pos, layouts)
        n = len(flat) // 3
        k = 0 if cards is None else len(cards)
        flags = self._layout_flags(prev_guess, history)
        mode = 0 if cards is None else 1
        perm = None
        if order == "lex" and n > 2:
            from .many import lex_order, take

            perm = lex_order(flat)
            flat = take(flat, perm, self.backend)
        elif order not in ("lex", "given"):
            raise ValueError(f"order: {order!r} is not 'lex' or 'given'")
        if workers > 1 and n > 1:
            from .many import run_split

            parts, _, self.nodes = run_split(self, pos, flat, mode, cards or [], flags, chunk, workers, progress)
            out = [v for part in parts for v in part]
        else:
            out = self._run_layouts(pos, flat, mode, cards or [], flags, chunk, progress)
        if perm is not None:  # back to the order given
            k1 = max(k, 1)
            back = [0] * len(out)
            for j, i in enumerate(perm):
                back[i * k1:(i + 1) * k1] = out[j * k1:(j + 1) * k1]
            out = back
        if cards is None:
            return list(out)
        res = []
        for i in range(n):
            row = tuple(out[i * k:(i + 1) * k])
            if -1 in row:
                bad = cards[row.index(-1)]
                raise PositionError.of("not_legal_in_layout", "cards", card=str(bad), seat=mover, i=i)
            res.append(row)
        return res

    def ever_better(self, pos: Position, layouts, a, b, progress=None, *, workers: int = 1,
                    prev_guess: bool = True, history: bool = True, chunk: int = 2048) -> int | None:
        """Is card ``a`` ever better than card ``b`` for the side to move? The index of the
        first layout (in the order given) where it is — the declarer's tricks after ``a``
        more than after ``b`` for the max side (fewer for the other) — or None if in none.

        Two null-window tests at ``b``'s value in the layout before (``b`` as good, ``a`` no
        better), else one exact value (``b``'s) and one null-window test (does ``a`` beat it?) a layout,
        stopping at the first witness; both cards must be held and legal in every layout
        searched (else :class:`~solver.errors.PositionError`). ``workers``: as
        :meth:`solve_layouts` (every share is searched to its first witness; the first of them)."""
        a, b = Card.parse(a), Card.parse(b)
        flat, mover = self._layouts_input(pos, layouts)
        n = len(flat) // 3
        flags = self._layout_flags(prev_guess, history)
        if workers > 1 and n > 1:
            from .many import run_split

            parts, bounds, self.nodes = run_split(self, pos, flat, 2, [a, b], flags, chunk, workers, progress)
            found = next(((bounds[w] + r[0], r[1]) for w, r in enumerate(parts) if r is not None), None)
        else:
            found = self._run_layouts(pos, flat, 2, [a, b], flags, chunk, progress)
        if found is None:
            return None
        i, flag = found
        if flag < 0:
            raise PositionError.of("neither_legal_in_layout", "cards", card=str(a), other=str(b), seat=mover, i=i)
        return i

    def _layouts_input(self, pos: Position, layouts):
        """The layouts encoded and checked against ``pos`` (the cards each seat holds there, the trick)."""
        from .many import encode_layouts

        forbidden = 0
        for _, c in pos.trick:
            forbidden |= Card.parse(c).mask
        counts = tuple(h.bit_count() for h in pos.hands)
        return encode_layouts(layouts, self.backend, counts, forbidden), int(pos.to_move)

    @staticmethod
    def _layout_flags(prev_guess: bool, history: bool) -> int:
        return (layout.L_GUESS if prev_guess else 0) | (layout.L_HIST if history else 0)

    def _run_layouts(self, pos: Position, flat, mode: int, cards: list, flags: int, chunk: int, progress,
                     parts: bool = False):
        """The kernel's loop over ``flat`` in chunks (progress between them): mode 0 the
        values, 1 the cards' values (a flat list; ``parts``: the chunks' int64 buffers as the
        kernel filled them, a list, for NumPy to take without a list of ints between), 2
        (stop index, flag) or None."""
        saved = self.reuse_table
        self.reuse_table = True
        try:
            args = self._config(pos, NO_CONSTRAINTS, None)
        finally:
            self.reuse_table = saved
        s = self._layouts_searcher(args, len(flat) // 3)
        first = self._layouts_seen - len(flat) // 3  # layouts served before these
        trick = pos.trick
        nt = len(trick)
        c0 = int(trick[0][1]) if nt > 0 else 0
        c1 = int(trick[1][1]) if nt > 1 else 0
        leader = int(pos.leader)
        n = len(flat) // 3
        k = len(cards) if mode == 1 else 1
        cw = self.backend.array([int(c) for c in cards] or [0])
        res: list = []
        total = 0
        chunk = max(1, int(chunk))
        for a in range(0, n, chunk):
            m = min(chunk, n - a)
            out = self.backend.zeros(m * k)
            # the generation counts the layouts served (each layout its own: the entries' age, by
            # which the kept table chooses what to forget); every entry is live whatever its age
            r = s.layouts(flat[3 * a:3 * (a + m)], m, out, mode, cw, len(cards), leader, nt, c0, c1, flags,
                          (first + a) & layout.E_GEN_MASK, self.node_budget)
            total += int(self._stats[layout.S_NODES])
            if r < 0:
                self.nodes = total
                raise SearchLimitError.of("node_budget_layout", None, nodes=self.node_budget, layout=a - 1 - r)
            if mode == 2:
                if r < m:
                    self.nodes = total
                    if progress is not None:
                        progress(a + r + 1)
                    return a + r, int(out[r])
            elif parts:
                res.append(out)
            else:
                res.extend(out.tolist())
            if progress is not None:
                progress(a + m)
        self.nodes = total
        return None if mode == 2 else res

    def _layouts_searcher(self, args, n: int):
        """The searcher on the layouts' own table, large enough for the layouts it has served
        and ``n`` more (made on first use, and again larger as more come; generation 1 for
        good: its entries are kept, and a fresh table's zeros are empty whatever the generation)."""
        self._layouts_seen += n  # the table serves them all: it grows with them (chunked calls too)
        need = max(1, max(self._layouts_seen, self._layouts_reserved) * LAYOUT_TABLE_BYTES >> 20)
        mb = min(self.layouts_table_mb, 1 << (need - 1).bit_length())  # a power of two, rounded up
        share = SHARE[0]
        if share:   # a forked share: its own table, not the parent's (copied a page at a time)
            mb = min(mb, SHARE_LAYOUTS_TABLE_MB)
        want = 2 << (max(4, int(mb * 1024 * 1024) // 16).bit_length() - 1)  # new_table's words
        if self._ltt is None or self._lsearcher is None or self._lsearcher[0] is not self.backend \
                or len(self._ltt) < want or self._ltt_share != share:
            self._ltt = None   # (the parent's copy: never written here, so never copied)
            self._ltt = new_table(self.backend, mb)
            self._ltt_share = share
            self._lsearcher = (self.backend, self.backend.searcher(self._ltt, self._stats), None)
        b, s, used = self._lsearcher
        if used is not args:
            s.use(*args)
            self._lsearcher = (b, s, args)
        return s

    def reserve_layouts(self, n: int) -> None:
        """Size the layouts' table for ``n`` layouts from the start (a caller that hands a
        large set over in chunks: otherwise the table grows as they come, forgetting its
        entries at each step)."""
        self._layouts_reserved = max(self._layouts_reserved, int(n))

    def clear_layouts_table(self) -> None:
        """Forget what the layouts' loop stored (its table's memory is given back)."""
        self._ltt = None
        self._lsearcher = None
        self._layouts_seen = 0

    def _layouts_loop(self, pos: Position, layouts, cards, progress) -> list:
        """:meth:`solve_layouts` as a plain loop over :meth:`solve` / :meth:`analyse`."""
        saved = self.reuse_table
        self.reuse_table = True
        try:
            out: list = []
            total = 0
            for i, hands in enumerate(layouts):
                p = pos.copy(stack=False)
                p.hands = [int(h) for h in hands]
                if cards is None:
                    out.append(self.solve(p))
                    total += self.nodes
                else:  # each card's value alone: its child solved, no search of the root
                    d = p.declarer
                    row = []
                    for c in cards:
                        q = p.copy(stack=False)
                        before = q.taken[d]
                        q.play(c)
                        v = 0
                        if not q.is_over():
                            v = self.solve(q)
                            total += self.nodes
                        row.append(q.taken[d] - before + v)
                    out.append(tuple(row))
                if progress is not None and i % 256 == 255:
                    progress(i + 1)
            if progress is not None:
                progress(len(out))
            self.nodes = total
            return out
        finally:
            self.reuse_table = saved

    # ------------------------------------------------------------------ helpers
    def _split(self, value: int, pos: Position, favour: int) -> dict:
        x = value % 16
        other = 3 - pos.declarer - favour
        return {favour: x, other: value // 16 - x}


def constraint_arrays(backend: Backend, cons: Constraints, cfg) -> tuple:
    """The kernel's form of the constraints: the penalty cards' masks and occasions, the
    plan's cards (returned), the lead ruling and the cards that stand alone (into ``cfg``)."""
    pen_mask = backend.zeros(3)
    pen_flags = backend.zeros(32)
    special = 0
    for p in cons.penalty_cards:
        pen_mask[p.seat] |= p.card.mask
        f = 0
        for w, bit in (("lead", layout.P_LEAD), ("suit", layout.P_SUIT), ("ruff", layout.P_RUFF), ("any", layout.P_ANY)):
            if w in p.when:
                f |= bit
        pen_flags[int(p.card)] |= f
        special |= p.card.mask
    if cons.lead is not None:
        cfg[layout.C_LEAD_SEAT] = cons.lead.seat
        cfg[layout.C_LEAD_SUIT] = cons.lead.suit
        cfg[layout.C_LEAD_MUST] = int(cons.lead.must)
        cfg[layout.C_LEAD_ORTRUMP] = int(cons.lead.or_trump)
    else:
        cfg[layout.C_LEAD_SEAT] = -1
    plan = backend.zeros(32)
    if cons.plan is not None:
        if len(cons.plan.cards) > 31:
            raise PositionError.of("plan_31", "plan")
        for i, c in enumerate(cons.plan.cards):
            plan[i] = int(c)
            special |= c.mask
        cfg[layout.C_PLAN_LEN] = len(cons.plan.cards)
        cfg[layout.C_PLAN_SIDE] = 0 if cons.plan.side == "declarer" else 1
    cfg[layout.C_SPECIAL] = special
    return pen_mask, pen_flags, plan


@functools.cache
def default_engine() -> Engine:
    """The process's one engine, made on first use (its table allocated once)."""
    return Engine()
