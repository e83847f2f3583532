"""The worst-guess search behind rule 1.6.2, claims and the information rules.

Rule 1.6.2 says "the move least favourable to him is made for him". Read literally ("the
worst legal move") it would have him throw away his aces, which no arbiter means: what is
made for him is the **wrong guess** among the plays he might reasonably have made — his
candidates (:mod:`.candidates`, over every layout he could believe in: ``best_somewhere`` for
1.6.2 and claims, the cards best in at least one layout; ``undominated`` for the information
rules).

* **Every guess wrong** (the default, ``guess="every_sequence"``): the worst final result
  over every sequence of candidate choices, each later choice again a wrong guess; the
  other seats play double-dummy best on the real layout, and where several of their cards
  are best *every one* is followed and the line worst for him kept. ``guess="greedy"`` (a
  named setting): at each decision the candidate worst on the real layout, then on.
* The search is memoised on the position and what he knows, up to renaming the ranks of
  cards already gone and whatever tricks were won before (:func:`~.views.canonical_key`):
  equivalent cards, and lines that meet again, are searched once, exactly. There is no fallback: without a budget the answer is exact; where a time budget
  stops it, :class:`WorstGuess` carries the bounds that were proven (``exact`` false).
* **Two processes**: a search with no history and no window whose first decision has
  ``TWO_FROM`` (20,000) layouts or more — a claim or 1.6.2 at the first tricks — or an
  information window on the declarer's view from as many (1.1.4: every decision scanned before
  its children) forks a second process (the Cython backend, as for a split scan:
  :func:`~.candidates.can_split`; a window's scans that one process would split are read
  first, split the same way: :meth:`_Search.prescan`). It searches
  the same tree with the cards of the first two tricks read from the last; each sends the other
  every position it finishes (:class:`_Peer`) and leaves for later one the other is searching
  now. A position's value is fixed by its memo key, so every value, the line and the decisions
  are those of one process; the positions and scans reported are counted from each finished
  position's record — the positions its value read, in one process's order — as one process
  would have counted them (:meth:`_Search.walk`).
* The information rules call :func:`resolve_against` with the informed seat's view before
  the knowledge, the recorded play and a window: every decision in it is resolved against
  him except a forced one and one where every card has the same value in every layout.
* **Claim check**: from the claim position, the double-dummy result, the worst-guess result,
  and whether a guess was needed (they differ); ``literal_worst`` is the reading to the
  letter — the worst *legal* move at his next decision, then double dummy.

Results count the declarer's tricks in the whole deal (tricks already taken included).
On misère "best for the declarer" means fewest tricks, and worst means most.
"""
from __future__ import annotations

import mmap
import os
import pickle
import signal
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import Any

from .. import interrupt
from ..cards import Card
from ..engine import Engine
from ..engine.shares import become_share
from ..errors import PositionError
from ..interrupt import passed
from ..pipes import Frames, Outbox, frame
from ..position import Position, run_low
from . import candidates as _cand
from .candidates import (
    COUNT_LIMIT,
    GUESS_CANDIDATES,
    KNOWLEDGE_CANDIDATES,
    Decision,
    candidate_moves,
    card_values,
    declarer_total,
    side_better,
    side_worse,
)
from .views import InformationSet, InfoSet, SeatView, canonical_code, canonical_key, code_after, seat_key, view_run

__all__ = ["WorstGuess", "ClaimCheck", "LiteralWorst", "worst_guess_play", "resolve_against", "literal_worst",
           "check_claim", "double_dummy", "GUESSES", "DEFAULT_GUESS", "OutOfBudget"]

GUESSES = ("every_sequence", "greedy")
DEFAULT_GUESS = "every_sequence"
TWO_FROM = 20_000   # a search whose first decision has this many layouts runs in two processes (:class:`_Peer`)
EXCHANGE_WAIT = 0.001  # seconds between two exchanges of finished positions (two processes)
MIRROR_DEPTH = 6    # the second process reads the cards from the last in the first two tricks (then as the first)
STACK = 64          # room for the positions being searched one inside the other (a deal has 30 cards)
LAZY_FROM = 20_000  # an informed defender's decision of this many layouts: its children read first, then the
#                     scan of what decides among them (:meth:`_Search.lazy_decision`)
LAZY_DECLARER = False  # the declarer's (1.1.4's window; at most 184,756 layouts) are scanned first: read after
#                        their children, 12 random 1.1.4 windows cost 61.0 s CPU against 54.9 (RESULTS.md)


class OutOfBudget(Exception):
    """The time budget ran out inside the search (caught by :func:`resolve_against`)."""


@dataclass
class WorstGuess:
    """The worst-guess line from a position: the declarer's tricks, the line, the decisions.

    ``exact`` false: a time budget stopped the search; the declarer's tricks lie in
    ``bounds`` (lowest, highest in the deal), proven, and ``declarer_tricks``/``line`` are
    the worst line found so far (inside the bounds).
    """

    declarer_tricks: int          # in the deal, tricks already taken included
    line: list                    # cards to the end of the deal
    decisions: list               # Decision at each viewer move of the line
    tricks: tuple                 # every seat's tricks in the deal at the end of the line
    guess: str = DEFAULT_GUESS    # the reading used: "every_sequence" or "greedy"
    exact: bool = True
    bounds: tuple | None = None
    positions: int = 0            # distinct positions searched
    seconds: float = 0.0
    stopped: str | None = None    # "budget": the time ran out; "stop": stopped from outside (the desk's Stop); "cap": scans past SCAN_CAP left it open
    short_scans: list = field(default_factory=list)  # (trick, layouts examined, layouts) of scans cut at SCAN_CAP
    scans: list = field(default_factory=list)  # (trick, layouts examined, layouts) of every decision scanned
    candidates: str = GUESS_CANDIDATES  # the reading of a decision's candidates that was used

    @property
    def guess_points(self) -> list:
        return [d for d in self.decisions if d.guess]

    def to_json(self) -> dict:
        out = {
            "declarer_tricks": self.declarer_tricks,
            "tricks": list(self.tricks),
            "guess": self.guess,
            "candidates": self.candidates,
            "exact": self.exact,
            "positions": self.positions,
            "seconds": round(self.seconds, 3),
            "line": [str(c) for c in self.line],
            "decisions": [d.to_json() for d in self.decisions],
        }
        if self.bounds is not None:
            out["bounds"] = list(self.bounds)
        if self.stopped:
            out["stopped"] = self.stopped
        if self.short_scans:
            out["short_scans"] = [{"trick": t, "examined": c, "layouts": n} for t, c, n in self.short_scans]
        return out


def worst_guess_play(info: InfoSet, engine: Engine | None = None, *, guess: str = DEFAULT_GUESS,
                     candidates: str = GUESS_CANDIDATES, budget: float | None = None) -> WorstGuess:
    """Play on from ``info.pos`` with every declarer guess wrong (see the module docstring).
    ``budget``: seconds; past it the result gives proven bounds instead (``exact`` false)."""
    return resolve_against(info, engine, guess=guess, candidates=candidates, budget=budget)


class _Search:
    """One worst-guess search: the memo, the caches, the settings.

    Values are pairs ``(pess, opt)`` of the declarer's tricks still to come: equal when the
    search is exact. A decision whose scan stopped before every layout (``SCAN_CAP``) has
    proven candidates and undecided cards: his true candidates are the proven ones and some of
    the undecided. ``pess`` is the worst any such set could make it; ``opt`` the best: with
    every sequence the worst of the proven cards (any set holds them), or, none proven, the
    best single card; greedy, the best of the cards that could be the set's worst on the real
    layout. The truth lies between, and where the two meet it is proven whatever the undecided
    cards are. (Leaving the undecided out is not a bound: with no card proven it would make
    ``opt`` the worst card of all, and a wrong "exact" figure.)
    """

    def __init__(self, view, eng, guess, history, window, informed, candidates, deadline, any_card=False):
        self.view, self.eng, self.guess = view, eng, guess
        self.history, self.window, self.informed = history, window, informed
        self.candidates, self.deadline, self.any_card = candidates, deadline, any_card
        self.me = view.seat
        self.worse = side_worse(view.pos, self.me)
        self.better = side_better(view.pos, self.me)
        self.memo: dict = {}
        self.values: dict = {}     # real-layout card values by position
        self.best: dict = {}       # the side to move's best cards by position (:meth:`best_cards`)
        self.decisions: dict = {}  # (Decision, the declarer's tricks taken then) by view key
        self.lazy_decisions: dict = {}  # the same for the decisions read after their children (:meth:`lazy`),
        #                                and whether their scan counts among the scans reported (not when
        #                                it stands in ``decisions`` as the scan of every card)
        self.lazy_at: dict = {}    # memo key -> the children's values, where the position was valued so
        self.dd: dict = {}
        self.inexact: list = []    # the decisions whose scan stopped short
        # two processes (:meth:`two`): the other's pipe ends, and for every position finished
        # here or there the positions its value read and its scan's figures (``records``), so
        # that the counts reported are those of one process's search (:meth:`walk`)
        self.peer: _Peer | None = None
        self.records: dict | None = None
        self.outbox: list = []
        self.sent = 0.0
        self.touched: list | None = None  # the positions the line asked for (two processes)
        self.walked: set = set()
        self.walked_scans: list = []
        self.mirror = False   # the second process: the first two tricks' cards read from the last
        self.level = 0        # positions being searched, one inside the other (two processes)
        # the memo key of a view: the declarer's as one int (the same equality, cheaper)
        # (a seat's view: :func:`~.views.seat_key`, the same equality as its canonical key, cheaper)
        self.keyof: Callable[[Any], Hashable] = (canonical_code if isinstance(view, InfoSet)
                                                 else seat_key if isinstance(view, SeatView) else canonical_key)
        # the declarer's view of a plain game: a child's memo code without the child (:func:`~.views.code_after`)
        self.fast = isinstance(view, InfoSet) and type(view.pos) is Position
        self.workers: int | None = None   # a scan's processes (None: as many as pay; 1 while two processes search)

    # ---------------------------------------------------------------- pieces
    def _tick(self):
        if passed(self.deadline):
            raise OutOfBudget

    def decision(self, node, counts: bool = False, last: bool = False) -> Decision:
        """The viewer's decision at ``node``: pruned scans while searching (``counts`` false);
        the reported line asks again with ``counts`` for its "best in N" figures. ``last``: the
        window's last decision — everything after it is double dummy, so as with greedy only
        the cards worst on the real layout matter, and the scan stops once one of them is proven
        a candidate (the same depth for the same key: the cards played fix it)."""
        k = (node.key(), counts)   # the key leaves out the tricks taken: the same cards, the same scan
        got = self.decisions.get(k)
        taken = node.pos.taken[node.pos.declarer]
        if got is not None:
            d = _rebased(got[0], got[1], taken)
        else:
            settle = None
            if self.guess == "greedy" or last:  # only the worst card on the real layout matters: stop once it is proven
                real = card_values(self.eng, node.pos, self.values)
                w = self.worse(real.values())
                settle = [c for c, v in real.items() if v == w]
            d = candidate_moves(node, self.eng, candidates=self.candidates, deadline=self.deadline,
                                cache=self.values, settle=None if counts else settle, settle_one=last,
                                counts=counts, cap=_cand.SCAN_CAP, track_equal=self.informed, workers=self.workers)
            self._scanned(d)
            self.decisions[k] = (d, taken)
        return d

    def _scanned(self, d: Decision) -> None:
        """A new scan's outcome noted: past the deadline and not exact, the search stops; a cut
        scan is one of the inexact decisions (settled: greedy's choice is proven, nothing was cut)."""
        if not d.exact and passed(self.deadline):
            raise OutOfBudget
        if not d.exact and not d.settled:
            self.inexact.append(d)

    def lazy(self, node, depth: int) -> bool:
        """Whether his decision at ``node`` is read after its children (:meth:`lazy_decision`):
        an information rule's (every sequence, either reading), not the window's last (that one
        settles on the real layout already), a defender's from ``LAZY_FROM`` layouts — where a scan
        of every card's candidacy costs more than the children of the cards it would leave out."""
        return (self.informed and self.guess == "every_sequence" and not self.any_card and self.records is None
                and node.pos.to_move == self.me
                and (self.window is None or depth < self.window - 1) and node.count >= LAZY_FROM
                and (LAZY_DECLARER or not isinstance(self.view, InfoSet)))

    def lazy_decision(self, node, values: dict) -> Decision:
        """His decision at ``node`` given every card's child value (``values``: card -> declarer
        tricks to come, exact; one card a run — or some of them, one at the floor: then that is
        the worst). Resolved against him it is worth the child of the first card, worst for him first, that no card dominates (``best_somewhere``: that is
        best in some layout). So the scan stops as soon as a card has a witness layout against
        every card worth more than the worst value (:func:`~.candidates.candidate_moves`'
        ``settle_one``: a card dominating it is undominated or dominated by an undominated one,
        and none of these is worth more; ``best_somewhere``: a worst card best somewhere): then
        the value is the worst child. Else it reads every layout, ordered by these values (the
        narrowed scan: pairs of two cards after the first proven candidate are left open, they
        cannot change the value). What it proves is what :meth:`_moves` reads: the same value
        as a scan of every card, or where a cut scan leaves it open, bounds as tight or
        tighter. A scan that decided every pair it read is the scan of every card (the line
        names it); one that stopped short is not, and the line scans that position again."""
        k = (node.key(), tuple(values.items()))
        got = self.lazy_decisions.get(k)
        taken = node.pos.taken[node.pos.declarer]
        if got is not None:
            return _rebased(got[0], got[1], taken)
        w = self.worse(values.values())
        d = candidate_moves(node, self.eng, candidates=self.candidates, deadline=self.deadline, cache=self.values,
                            settle=[c for c, v in values.items() if v == w], settle_one=True, counts=False,
                            cap=_cand.SCAN_CAP, track_equal=self.informed, workers=self.workers, order_by=values)
        self._scanned(d)
        full = d.exact and not d.forced and (node.key(), False) not in self.decisions
        if full:
            # every pair it needed decided (none left open): the scan of every card, as the
            # line names it — the same candidates, dominated cards and figures (counted there)
            self.decisions[node.key(), False] = (replace(d, settled=False), taken)
        self.lazy_decisions[k] = (d, taken, not full)
        return d

    def best_cards(self, p: Position) -> list:
        """The side to move's double-dummy best cards on the real layout, every one. Cards of
        one run (no live card between them) are worth the same: where every legal card is of
        one run, every one is best, and nothing is solved."""
        k = (tuple(p.hands), int(p.leader), tuple((s, int(c)) for s, c in p.trick))
        got = self.best.get(k)
        if got is not None:
            return list(got)
        legal = p.legal_moves()
        if len(legal) == 1 or _one_run(p, legal):
            out = legal
        else:
            vals = card_values(self.eng, p, self.values)
            top = side_better(p, p.to_move)(vals.values())
            out = [c for c, v in vals.items() if v == top]
        self.best[k] = tuple(out)
        return out

    def solve(self, p: Position) -> int:
        k = (tuple(p.hands), int(p.leader), tuple((s, int(c)) for s, c in p.trick))
        v = self.dd.get(k)
        if v is None:
            v = self.dd[k] = self.eng.solve(p)
        return v

    def options(self, node, depth: int, on: bool, counts: bool = False, lazy: dict | None = None):
        """The ways the play may go on here: a list of alternatives (pessimistic cards,
        optimistic groups) — the pessimistic value is the worst child of the cards, the
        optimistic one the best group's worst child — one alternative, or two where a truncated
        scan leaves open whether every card is equal in every layout (an information rule's
        one excused kind of decision besides a forced one) — and the Decision if the viewer
        decides here. ``lazy``: the children's values, read first (:meth:`lazy`): the decision
        is scanned only for what decides among them."""
        p = node.pos
        rec = self.history[depth] if on and depth < len(self.history) else None
        if p.to_move == self.me and (self.window is None or depth < self.window):
            if self.any_card:
                cards = _distinct(node, p.legal_moves())
                return [(cards, [cards])], None
            if not counts and not self.informed:
                one = _distinct(node, p.legal_moves())
                if len(one) == 1:   # forced (one run of his cards): nothing to decide, no value to read
                    return [(one, [one])], None
            if lazy is not None:
                dec = self.lazy_decision(node, lazy)
            else:
                dec = self.decision(node, last=self.window is not None and depth == self.window - 1)
            moves = self._moves(node, dec)
            if counts:  # the line's own record of this decision, with its counts (the same candidates)
                dec = self._counted(node, dec)
            if dec.forced or not self.informed or dec.equal_everywhere is False:
                return [moves], dec
            # every card the same in every layout: no decision, played as made (off the record:
            # double dummy); a cut scan that has not told: both ways are followed
            fixed = [rec] if rec is not None else _distinct(node, self.best_cards(p))
            if dec.equal_everywhere:
                return [(fixed, [fixed])], dec.played_as(None, changed=False)
            return [moves, (fixed, [fixed])], dec
        best = self.best_cards(p)
        if rec is not None and any(_same_card(p, rec, c) for c in best):
            return [([rec], [[rec]])], None
        return [(best, [best])], None

    def _counted(self, node, dec: Decision) -> Decision:
        """``dec`` with exact "best in N" figures where its layouts are few enough to count."""
        if dec.forced or dec.best_in is not None or dec.layouts.total > COUNT_LIMIT:
            return dec
        full = self.decision(node, counts=True)
        return full if full.candidates == dec.candidates else dec

    def _moves(self, node, dec: Decision) -> tuple[list, list]:
        """(pessimistic cards, optimistic groups) for the viewer (see :meth:`options`). His
        true candidates hold the proven ones and lie among the proven and the undecided. (A
        window's last decision: ``dec.level`` holds cards of which at least one is as good as a
        candidate on the real layout, so they count as proven here.)"""
        proven, wide = dec.candidates + dec.level, dec.candidates + dec.undecided
        if self.guess == "greedy" or dec.forced:
            rv = dec.real_values
            if not proven:   # any card could be the set's worst on the real layout
                cards = _distinct(node, wide)
                return cards, [[c] for c in cards]
            m = self.worse(rv[c] for c in proven)
            # the cards that could be the set's worst: as bad as the proven worst, or worse
            could = _distinct(node, [c for c in wide if self.worse(rv[c], m) == rv[c]])
            at_m = _distinct(node, [c for c in proven if rv[c] == m])
            worse_ones = [[c] for c in could if rv[c] != m]   # undecided, strictly worse: the choice if in the set
            return could, [at_m] + worse_ones
        cards = _distinct(node, wide)
        return cards, ([_distinct(node, proven)] if proven else [[c] for c in cards])

    # ---------------------------------------------------------------- the search
    def value(self, node, depth: int, on: bool, key=None) -> tuple[int, int]:
        """(pessimistic, optimistic) declarer tricks from here to the end on the worst line.
        ``key``: the memo key of ``node`` where the caller has it already."""
        p = node.pos
        if p.is_over():
            return 0, 0
        if self.window is not None and depth >= self.window:
            v = self.solve(p)
            return v, v
        k = key if key is not None else (node.key(), depth) if on else self.keyof(node)
        got = self.memo.get(k)
        if got is not None:
            return got
        if self.peer is not None:   # what the other process finished meanwhile
            self.exchange()
            got = self.memo.get(k)
            if got is not None:
                return got
        self._tick()
        if self.peer is None:
            return self._search(node, depth, on, k)
        stack, level = self.peer.mine, self.level   # this process is searching it: the other leaves it for later
        stack[1 + level] = hash(k)
        stack[0] = level + 1
        self.level = level + 1
        try:
            return self._search(node, depth, on, k)
        finally:
            self.level = level
            if self.peer is not None:
                self.peer.mine[0] = level

    def _search(self, node, depth: int, on: bool, k) -> tuple[int, int]:
        """:meth:`value` of a position not in the memo: its cards read, the value stored."""
        p = node.pos
        d = p.declarer
        rec = self.history[depth] if on and depth < len(self.history) else None
        child_values: dict = {}
        keys: dict | None = {} if self.records is not None else None
        after: dict = {}

        # the declarer's view, inside the window: a child's memo key (and the trick it wins) is
        # read from this view and the card (:func:`~.views.code_after`), and its value from the
        # memo, before the child view is built — most children are found there
        fast = self.fast and (self.window is None or depth < self.window - 1)
        codes: dict = {}
        memo = self.memo
        mine = k if type(k) is int else None   # this view's own code (off the recorded line)

        def code(c):
            got = codes.get(c)
            if got is None:
                got = codes[c] = code_after(node, c, mine)
                if keys is not None and got[0] is not None:
                    keys[c] = got[0]   # (two processes)
            return got

        def step(c):
            got = after.get(c)
            if got is None:
                if fast and not (on and rec is not None and c == rec):
                    got = after[c] = (node.after(c, False), code(c)[0])
                    return got
                ch = node.after(c)
                ck = None
                if keys is not None and not ch.pos.is_over() and (self.window is None or depth < self.window - 1):
                    ck = keys[c] = self.memo_key(ch, depth + 1, on and rec is not None and c == rec)   # (two processes)
                got = after[c] = (ch, ck)
            return got

        def key(c):   # the child's memo key, None past the window or at the end (two processes)
            if fast and not (on and rec is not None and c == rec):
                return code(c)[0]
            return step(c)[1]

        def child(c):
            got = child_values.get(c)
            if got is not None:
                return got
            still = on and rec is not None and c == rec
            if fast and not still:
                ck, won = code(c)
                if ck is not None:
                    got = memo.get(ck)
                    if got is not None:
                        got = child_values[c] = (got[0] + won, got[1] + won)
                        return got
            ch, ck = step(c)
            won = ch.pos.taken[d] - p.taken[d]
            a, b = self.value(ch, depth + 1, still, ck)
            got = child_values[c] = (a + won, b + won)
            return got

        # the worst the declarer can do from here (no trick more; on misère every one): a
        # fold that reaches it cannot go further, and the cards after it are not searched
        floor = self._floor(p)
        lazy = None
        if self.lazy(node, depth):
            cards = _distinct(node, p.legal_moves())
            if len(cards) > 1:
                # worst on the real layout first, up to one at the floor (then the worst child is
                # known: the scan settles on the cards at the floor, with no order for the rest)
                real = card_values(self.eng, p, self.values)
                vals = {}
                for c in sorted(cards, key=lambda c: -real[c] if self.worse is max else real[c]):
                    vals[c] = child(c)
                    if vals[c] == (floor, floor):
                        break
                if all(a == b for a, b in vals.values()):   # (a cut scan below: every card's scan, as before)
                    lazy = self.lazy_at[k] = {c: vals[c][0] for c in cards if c in vals}
        alts, dec = self.options(node, depth, on, lazy=lazy)
        if self.peer is not None or self.mirror:
            # two processes: first every card whose position the other process is not
            # searching now (the second process, near the top, from the last card), up to one
            # at the floor; the fold below then reads them in their own order, as one process
            # would (and reads those it needs that were left)
            cards = list(dict.fromkeys(c for wide, groups in alts for c in wide + [x for g in groups for x in g]))
            for c in (reversed(cards) if self.mirror and depth < MIRROR_DEPTH else cards):
                ck = key(c)
                if ck is not None and self.peer is not None and self.peer.busy(ck):
                    continue
                if child(c) == (floor, floor):
                    break
        read: list | None = [] if keys is not None else None

        def forward(c):
            if read is not None:
                read.append(c)
            return child(c)

        pess, opt = self._folds(alts, forward, floor)
        self.memo[k] = (pess, opt)
        if keys is not None:
            assert read is not None and self.records is not None
            kids = list(dict.fromkeys(keys[c] for c in read if c in keys))
            scan = None if dec is None or dec.forced else \
                (dec.trick, dec.covered, dec.layouts.total, not dec.exact and not dec.settled)
            self.records[k] = (kids, scan)
            if self.peer is not None:
                self.outbox.append((k, pess, opt, kids, scan))
        return pess, opt

    # ---------------------------------------------------------------- two processes
    def exchange(self, final: bool = False) -> None:
        """Send what this process finished and take what the other one did (at most every
        ``EXCHANGE_WAIT`` seconds): a position's value is fixed by its key, whichever process
        searched it."""
        now = time.monotonic()
        if not final and now - self.sent < EXCHANGE_WAIT:
            return
        self.sent = now
        peer = self.peer
        assert peer is not None
        if self.outbox:
            peer.send(self.outbox)
            self.outbox = []
        else:
            peer.flush()
        memo, records = self.memo, self.records
        assert records is not None
        for batch in peer.receive():
            for k, pess, opt, kids, scan in batch:
                if k not in memo:
                    memo[k] = (pess, opt)
                    records[k] = (kids, scan)

    def walk(self, keys) -> None:
        """What one process's search would have counted (two processes): the positions it
        searches from ``keys`` — each the first time it is met, in its order: a position's
        children as its value read them — whichever of the two searched each, into
        ``walked``, and the figures of their scans into ``walked_scans``. A position only the
        second process's order reached is not counted; one search's ``positions`` and
        ``scans`` are what it would have said alone."""
        records = self.records
        assert records is not None
        seen, scans = self.walked, self.walked_scans

        def visit(k):
            seen.add(k)
            kids, scan = records[k]
            if scan is not None:
                scans.append(scan)
            for ck in kids:
                if ck not in seen:
                    visit(ck)

        for k in keys:
            if k not in seen:
                visit(k)

    def memo_key(self, node, depth: int, on: bool):
        """The memo key of ``node`` (:meth:`value`'s): on the recorded line, its cards and depth."""
        return (node.key(), depth) if on else self.keyof(node)

    def touch(self, node, depth: int, on: bool) -> None:
        """The line asks for ``node``'s value (two processes: counted by :meth:`walk`); past the
        window it is solved double dummy, not searched."""
        if self.touched is not None and not node.pos.is_over() and (self.window is None or depth < self.window):
            self.touched.append(self.memo_key(node, depth, on))

    def two(self, view) -> int | None:
        """Start the second process of the search from ``view``, and return its process id.
        Both search the whole tree, this one in the first order, the other with the cards of
        the first two tricks read from the last (``mirror``, ``MIRROR_DEPTH``): they start far
        apart and meet in the middle; each reads last a card whose position the other is
        searching now. Each sends the other every position it finishes, and takes the other's
        instead of searching it again: a position's value is fixed by its key, whichever
        process searched it, and every value is folded over its cards in the first order, so
        the values are those of one process. Where the other order stops at the floor before
        reading a card the first order would have read, it reads that card too (the first
        order's reading is recorded: :meth:`walk`)."""
        on = bool(self.history)
        self.options(view, 0, on)   # the first decision's scan, for both
        to_b, from_b = os.pipe()
        to_a, from_a = os.pipe()
        shared = mmap.mmap(-1, 2 * 8 * STACK)
        stacks = [memoryview(shared).cast("q")[i * STACK:(i + 1) * STACK] for i in (0, 1)]
        try:
            pid = os.fork()
        except OSError:   # no second process: this one searches alone (and still counts as one)
            for fd in (to_b, from_b, to_a, from_a):
                os.close(fd)
            return None
        if pid == 0:  # the second process: never returns
            try:
                os.close(to_b)
                os.close(from_a)
                become_share()   # its scans stay in it (the two processes have the cores); it dies with the first
                self.peer = _Peer(to_a, from_b, stacks, 1)
                self.mirror = True
                self.value(view, 0, on)
                self.exchange(final=True)
                self.peer.close(wait=True)
            except BaseException:  # noqa: BLE001  the first process goes on alone whatever happens here
                pass
            finally:
                os._exit(0)
        os.close(from_b)
        os.close(to_a)
        self.peer = _Peer(to_b, from_a, stacks, 0)
        return pid

    def prescan(self, node, depth: int, on: bool, seen: set) -> None:
        """Before the second process starts (an information window): every decision of
        ``SPLIT_FROM`` layouts or more that the search could meet, scanned here — split across
        the cores as one process splits it, so with the same figures — for both processes.
        A card played never adds a layout: below a position of fewer there are none."""
        if (node.pos.is_over() or (self.window is not None and depth >= self.window)
                or node.count < _cand.SPLIT_FROM):
            return
        k = self.memo_key(node, depth, on)
        if k in seen:
            return
        seen.add(k)
        alts, _ = self.options(node, depth, on)
        rec = self.history[depth] if on and depth < len(self.history) else None
        for c in dict.fromkeys(c for wide, groups in alts for c in wide + [x for g in groups for x in g]):
            self.prescan(node.after(c), depth + 1, on and rec is not None and c == rec, seen)

    def one(self, pid: int | None) -> None:
        """Stop the second process (its work is no longer needed)."""
        if self.peer is not None:
            self.peer.close()
            self.peer = None
        if pid is not None:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)

    def _floor(self, p: Position) -> int:
        """The worst the viewer can fare from ``p`` (declarer tricks to come): no trick more for
        the declarer, or every one (on misère, or for a defender) — and on trumps, between
        tricks, less what is sure: a trump above every trump of the other side wins its trick
        whenever it is played (the declarer's are his tricks, one defender's the defence's).
        A fold that reaches it reads no further card."""
        worst_none = self.worse is min
        base = 0 if worst_none else p.tricks_left()
        t = p.trump
        if t is None or p.trick:
            return base
        suit = 0xFF << (8 * t)
        d = p.declarer
        mine = p.hands[d] & suit
        theirs = [p.hands[s] & suit for s in range(3) if s != d]
        if worst_none:   # his trumps above the defenders' highest (all of them where they have none)
            return (mine >> max(theirs).bit_length()).bit_count()
        return base - max((h >> mine.bit_length()).bit_count() for h in theirs)

    def _folds(self, alts, child, floor: int, backwards: bool = False) -> tuple[int, int]:
        """(pess, opt) over ``alts`` (see :meth:`options`), ``child(c)`` the value after card
        ``c``; ``backwards``: each list of cards read from its end."""
        pess = opt = None
        for wide, groups in alts:
            ap = self._fold((child(c)[0] for c in (reversed(wide) if backwards else wide)), floor)
            for g in groups:
                ao = self._fold((child(c)[1] for c in (reversed(g) if backwards else g)), floor)
                opt = ao if opt is None else self.better(opt, ao)
            pess = ap if pess is None else self.worse(pess, ap)
        assert pess is not None and opt is not None
        return pess, opt

    def _fold(self, values, floor: int | None = None) -> int:
        """The worst of ``values`` (a lazy iterable), stopping at ``floor``: nothing is worse."""
        best = None
        for x in values:
            best = x if best is None else self.worse(best, x)
            if best == floor:
                break
        assert best is not None
        return best

    def line(self, node, depth: int, on: bool, which: int = 0) -> tuple[list, list]:
        """The worst line itself (cards and the viewer's decisions), walked down the memo;
        ``which``: 0 the pessimistic value, 1 the optimistic one."""
        cards_out: list = []
        decs: list = []
        d = node.pos.declarer
        while not node.pos.is_over():
            p = node.pos
            if self.window is not None and depth >= self.window:
                cards_out += list(self.eng.analyse(p, line=True).line)
                break
            self.touch(node, depth, on)
            target = self.value(node, depth, on)[which]
            # the decision named on the sheet is the scan of every card (its candidates, its
            # counts), whichever way the search valued the position
            alts, dec = self.options(node, depth, on, counts=True)
            rec = self.history[depth] if on and depth < len(self.history) else None
            lazy = self.lazy_at.get((node.key(), depth) if on else self.keyof(node))

            def pick(alt):   # an alternative's cards for this value: pessimistic cards, optimistic groups
                return alt[0] if which == 0 else [c for g in alt[1] for c in g]

            def cards(alts=alts, lazy=lazy, node=node, depth=depth, on=on):
                yield from (c for alt in alts for c in pick(alt))
                if lazy is not None:
                    # valued after its children (:meth:`lazy_decision`), where the scan of every
                    # card leaves looser bounds (a cut scan): the card is one of the lazy reading's
                    yield from (c for alt in self.options(node, depth, on, lazy=lazy)[0] for c in pick(alt))

            found = None
            for c in cards():
                child = node.after(c)
                still = on and rec is not None and c == rec
                self.touch(child, depth + 1, still)
                if self.value(child, depth + 1, still)[which] + child.pos.taken[d] - p.taken[d] == target:
                    found = (c, child, still)
                    break
            if found is None:  # cannot happen: the target is one of the children's values
                raise RuntimeError("worst-guess line lost its value")
            c, child, still = found
            cards_out.append(c)
            if dec is not None:
                decs.append(dec.played_as(c))
            node, depth, on = child, depth + 1, still
        return cards_out, decs


def resolve_against(view: InformationSet, engine: Engine | None = None, *, guess: str = DEFAULT_GUESS, history=(),
                    window: int | None = None, informed: bool = False, candidates: str | None = None,
                    budget: float | None = None) -> WorstGuess:
    """Every decision of the seat whose view ``view`` is, resolved against him (1.6.2's
    machinery); every other seat plays double dummy on the real layout, all its best cards
    followed.

    The information rules call it with the informed seat's view *before* he saw what he
    should not have (``view``), the recorded cards from ``view.pos`` (``history``: other
    seats play their recorded card while it is double-dummy best, so nobody's misplay
    enters the figure), ``window`` (the number of cards from ``view.pos`` in which his
    decisions count; after it everyone plays double dummy) and ``informed``: every decision
    counts — the knowledge could change which card he picks even where it leaves his set of
    candidates as it was — except a forced one and one where every legal card has the same
    value in every layout he could believe in (``Decision.equal_everywhere``), which he plays
    as recorded (off the record, double dummy). Rule 1.6.2 calls it with none of these.
    ``candidates``: default ``undominated`` when ``informed`` (the information rules' question),
    else ``best_somewhere`` (1.6.2's). ``budget``: seconds (see
    :class:`WorstGuess`). A decision with more layouts than ``SCAN_CAP`` may leave the
    result between two proven bounds (``exact`` false, ``bounds``); the line is then the
    one of the bound nearest double dummy.
    """
    if guess not in GUESSES:
        raise PositionError.of("choice", "guess", known=", ".join(GUESSES), got=guess)
    t0 = time.monotonic()
    if candidates is None:
        candidates = KNOWLEDGE_CANDIDATES if informed else GUESS_CANDIDATES
    eng = engine if engine is not None else Engine(reuse_table=True)
    history = [Card.parse(c) for c in history]
    deadline = None if budget is None else t0 + budget
    start = view.pos
    s = _Search(view, eng, guess, history, window, informed, candidates, deadline)
    stopped = None
    pid = None
    try:
        try:
            claim = not history and window is None and not informed
            if ((claim or _two_windows(view, informed)) and not start.is_over()
                    and _cand.can_split(eng, view.count, None, TWO_FROM) >= 2):
                s.records = {}
                if claim:
                    # no scan forks: the first decision's is read here (its figures the same every
                    # run, not as two shares happened to meet), then the two processes have the cores;
                    # the line's own scans after them are read here too (the same figures as theirs)
                    s.workers = 1
                else:
                    # an information window: every scan that one process would split is read here
                    # first, split as there (the same figures); then the two processes search
                    s.prescan(view, 0, bool(history), set())
                pid = s.two(view)
            pess, opt = s.value(view, 0, bool(history))
        finally:
            s.one(pid)
        if s.records is not None:
            s.walk([s.memo_key(view, 0, bool(history))])
            s.touched = []
        exact = pess == opt
        line, decs = s.line(view, 0, bool(history), 0 if exact else 1)
        if s.records is not None:
            s.walk(s.touched or [])
        v = pess if exact else opt
        bounds = None if exact else tuple(sorted((declarer_total(start, pess), declarer_total(start, opt))))
        stopped = None if exact else "cap"
    except OutOfBudget:
        stopped = "stop" if interrupt.asked() else "budget"
        interrupt.clear()  # honoured: the bounds below get their few seconds
        v, line, decs, bounds = _bounds(view, eng, s, start, min(5.0, 0.25 * (budget or 20.0)))
        exact = False
    end = start.copy(stack=False)
    end.replay(line)
    if s.records is not None and stopped in (None, "cap"):   # two processes: what one would have counted
        short = sorted({(t, c, n) for t, c, n, cut in s.walked_scans if cut})
        scans = [(t, c, n) for t, c, n, _ in s.walked_scans]
        positions = len(s.walked)
    else:
        short = sorted({(d.trick, d.covered, d.layouts.total) for d in s.inexact})
        scans = [(d.trick, d.covered, d.layouts.total) for (_, counted), (d, _) in s.decisions.items()
                 if not counted and not d.forced]
        scans += [(d.trick, d.covered, d.layouts.total) for d, _, counted in s.lazy_decisions.values()
                  if counted and not d.forced]
        positions = len(s.memo)
    return WorstGuess(declarer_total(start, v), line, decs, tuple(end.taken), guess, exact, bounds,
                      positions, time.monotonic() - t0, stopped, short, scans, candidates)


def _bounds(view, eng, s: _Search, start: Position, extra: float):
    """What a search stopped by its time budget still proves. The worst guess is never better
    for him than double dummy (his candidates are some of his cards, the others play their
    best), and never worse than letting him play *any* legal card at each of his decisions
    (a search with no layouts, given ``extra`` seconds more); the line is a double-dummy line."""
    dd = eng.analyse(start, line=True)
    hi = dd.declarer_tricks
    lo = None
    try:
        a = _Search(view, eng, "every_sequence", s.history, s.window, s.informed, s.candidates,
                    time.monotonic() + extra, any_card=True)
        lo = a.value(view, 0, bool(s.history))[0]
    except OutOfBudget:
        pass
    if lo is None:  # nothing better proven: the worst that can happen to him, no trick more, or all of them
        lo = 0 if s.worse is min else start.tricks_left()
    pair = sorted((declarer_total(start, lo), declarer_total(start, hi)))
    return hi, list(dd.line), [], tuple(pair)


class _Peer:
    """The pipes between the two processes of one search: batches of finished positions,
    pickled, one framed message each (:mod:`solver.pipes`). Neither end ever waits on the
    other; a process that is gone (killed once its work is not needed) reads as an end of the
    stream."""

    def __init__(self, rfd: int, wfd: int, stacks, k: int):
        self.rfd, self.wfd = rfd, wfd
        os.set_blocking(rfd, False)
        os.set_blocking(wfd, False)
        self.outbox = Outbox(wfd)
        self.frames = Frames()
        # the positions each process is searching now, one inside the other (a count, then
        # their keys' hashes), in memory both see: this one's (k) and the other's
        self.stacks = stacks
        self.mine = stacks[k]
        self.theirs = stacks[1 - k]

    def busy(self, key) -> bool:
        """Whether the other process is searching the position of ``key`` now (a hash: a
        wrong "yes" only changes which process searches it first)."""
        theirs = self.theirs
        n = theirs[0]
        return n > 0 and hash(key) in theirs[1:1 + n].tolist()

    def send(self, items) -> None:
        self.outbox.put(frame(b"P", pickle.dumps(items, pickle.HIGHEST_PROTOCOL)))

    def flush(self) -> None:
        self.outbox.flush()

    def receive(self) -> list:
        """The batches that have fully arrived, in order."""
        self.frames.read(self.rfd)
        out = []
        while (msg := self.frames.next()) is not None:
            out.append(pickle.loads(msg[1]))
        return out

    def close(self, wait: bool = False) -> None:
        """Close both ends (``wait``: write what is left first, waiting on the pipe)."""
        if wait:
            self.outbox.drain()
        for fd in (self.rfd, self.wfd):
            try:
                os.close(fd)
            except OSError:
                pass


def _two_windows(view, informed: bool) -> bool:
    """Whether an information window's search may run in two processes: the declarer's view
    (1.1.4), whose decisions are never read after their children (``LAZY_DECLARER``: the
    records of two processes count the scans of :meth:`_Search.decision` only)."""
    return informed and isinstance(view, InfoSet) and not LAZY_DECLARER


def _rebased(d: Decision, then: int, taken: int) -> Decision:
    """A stored decision reached by another history: the same values, on another total of the
    declarer's tricks taken (``then`` when it was scanned, ``taken`` now)."""
    if then == taken:
        return d
    return replace(d, real_values={c: v + taken - then for c, v in d.real_values.items()})


def _distinct(node, cards) -> list:
    """One card per run of the viewer's equivalent cards (in every layout he believes in)."""
    seen, out = set(), []
    for c in cards:
        r = view_run(node, c)
        if r not in seen:
            seen.add(r)
            out.append(c)
    return out


def _one_run(p: Position, legal: list) -> bool:
    """Whether the legal cards ``legal`` (two or more, in rank order) are all of one run
    (``run_low`` the same for each): of one suit, with no live card of another hand or the
    trick between the lowest and the highest."""
    lo, hi = int(legal[0]), int(legal[-1])
    if lo >> 3 != hi >> 3:
        return False
    hands = p.hands
    alive = hands[0] | hands[1] | hands[2]
    for _, t in p.trick:
        alive |= 1 << int(t)
    between = ((1 << hi) - 1) & ~((1 << lo) - 1)
    return not (alive & ~hands[p.to_move] & between)


def _same_card(p: Position, rec: Card, c: Card) -> bool:
    return run_low(p, rec) == run_low(p, c)


# ---------------------------------------------------------------------- other results
def double_dummy(pos: Position, engine: Engine | None = None) -> int:
    """The declarer's tricks in the deal with every hand open and best play by all."""
    eng = engine if engine is not None else Engine(reuse_table=True)
    return declarer_total(pos, eng.solve(pos))


@dataclass
class LiteralWorst:
    """"Worst legal move now, then double dummy": the declarer's next move is his worst
    legal card on the real layout (defenders before it play double-dummy best)."""

    declarer_tricks: int
    line: list          # from the given position up to and including the declarer's worst card

    def to_json(self) -> dict:
        return {"declarer_tricks": self.declarer_tricks, "line": [str(c) for c in self.line]}


def literal_worst(pos: Position, engine: Engine | None = None) -> LiteralWorst:
    """The literal reading of 1.6.2: the worst legal card at his next decision, then DD."""
    eng = engine if engine is not None else Engine(reuse_table=True)
    d = pos.declarer
    v, line = _literal_line(eng, d, side_worse(pos, d), pos.copy(stack=False))
    return LiteralWorst(declarer_total(pos, v), line)


def _literal_line(eng: Engine, d: int, worse, p: Position) -> tuple[int, list]:
    """The declarer's tricks from ``p`` and the line: his worst card, every best defence.

    A module function, not a closure calling itself: such a closure is a reference cycle
    that keeps the engine (and its tables) alive until the cyclic collector runs.
    """
    if p.is_over():
        return 0, []
    vals = eng.analyse(p, all_cards=True)
    if p.to_move == d:
        w = worse(vals.card_values.values())
        card = next(c for c in vals.card_values if vals.card_values[c] == w)
        return w, [card]
    best = None
    for c in vals.best_cards:
        q = p.copy(stack=False)
        before = q.taken[d]
        q.play(c)
        v, line = _literal_line(eng, d, worse, q)
        cand = (v + q.taken[d] - before, [c] + line)
        if best is None or worse(cand[0], best[0]) != best[0]:
            best = cand
    assert best is not None
    return best


# ---------------------------------------------------------------------- the claim check
@dataclass
class ClaimCheck:
    """A claim from its position: double dummy, worst guess, whether a guess was needed.

    ``claimed`` is the declarer's claimed tricks in the deal (None: no number stated).
    ``verdict``: "holds" (made even with every guess wrong), "needs a guess" (made double
    dummy only), "impossible" (not even double dummy), or None without a claimed number.
    """

    double_dummy: int
    worst: WorstGuess
    literal: LiteralWorst
    layouts_at_claim: dict
    claimed: int | None = None
    misere: bool = False
    extra: dict = field(default_factory=dict)

    @property
    def worst_guess(self) -> int:
        return self.worst.declarer_tricks

    @property
    def guess_needed(self) -> bool:
        return self.worst_guess != self.double_dummy

    @property
    def verdict(self) -> str | None:
        if self.claimed is None:
            return None
        if self.misere:
            ok_worst, ok_dd = self.claimed >= self.worst_guess, self.claimed >= self.double_dummy
        else:
            ok_worst, ok_dd = self.claimed <= self.worst_guess, self.claimed <= self.double_dummy
        return "holds" if ok_worst else "needs a guess" if ok_dd else "impossible"

    def to_json(self) -> dict:
        out = {
            "double_dummy": self.double_dummy,
            "worst_guess": self.worst_guess,
            "guess_needed": self.guess_needed,
            "literal_worst_legal_move": self.literal.declarer_tricks,
            "information_set": self.layouts_at_claim,
            "worst_guess_line": self.worst.to_json(),
            "literal_line": [str(c) for c in self.literal.line],
        }
        if self.claimed is not None:
            out["claimed"] = self.claimed
            out["verdict"] = self.verdict
        return out


def check_claim(info: InfoSet, claimed: int | None = None, engine: Engine | None = None, *,
                candidates: str = GUESS_CANDIDATES, guess: str = DEFAULT_GUESS,
                budget: float | None = None) -> ClaimCheck:
    """Check a claim made at ``info.pos`` (``claimed``: the declarer's tricks in the deal)."""
    pos = info.pos
    if pos.is_over():
        raise PositionError.of("claim_deal_over", "claim")
    n_left = pos.tricks_left()
    if claimed is not None:
        lo, hi = pos.taken[pos.declarer], pos.taken[pos.declarer] + n_left
        if isinstance(claimed, bool) or not isinstance(claimed, int) or not lo <= claimed <= hi:
            raise PositionError.of("claim_range", "claim", lo=lo, hi=hi, got=repr(claimed))
    eng = engine if engine is not None else Engine(reuse_table=True)
    dd = double_dummy(pos, eng)
    wg = worst_guess_play(info, eng, candidates=candidates, guess=guess, budget=budget)
    lit = literal_worst(pos, eng)
    lay = {"layouts": 1, "method": "open"} if info.open_defence else {"layouts": info.count, "method": "exact"}
    return ClaimCheck(dd, wg, lit, lay, claimed, pos.is_misere)
