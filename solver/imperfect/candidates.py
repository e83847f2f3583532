"""Candidates: the cards a player could reasonably choose, decided over every layout he could believe in.

Two definitions, and the question a rule asks chooses between them (``docs/rulings.md``,
"candidates follow the question"):

* ``best_somewhere`` (:data:`GUESS_CANDIDATES`: rule 1.6.2, claims, rule 001 — the declarer
  *deemed not to have guessed the layout*): a card that is best for him, double dummy, in at
  least one layout (ties count). Rule 1.6.2 names «надо выбить козырь» as a guessing
  position; in its simplest form a side suit cashed before the last trump is drawn is never
  better than the trump and as good in every layout where the trump's holder can follow, so
  only this reading makes it a guess.
* ``undominated`` (:data:`KNOWLEDGE_CANDIDATES`: the information rules — *could the
  knowledge have changed a decision*): a card is a candidate unless another legal card is
  never worse for him in any layout and better in at least one — such a card needs no
  knowledge to be avoided (an ace thrown under a low card).

Both are decided exactly, and most decisions need far less than every card's value in every
layout: the layouts are solved in chunks, and a card drops out of the search as soon as
each of its pairs is settled (witness layouts both ways show neither card dominates the
other; for ``best_somewhere``, one layout where it is best). A dominated card needs every
layout (domination is a statement about all of them). Cards of one run in his hand — no
card between them live in any layout — are one choice. From 20,000 layouts the scan is split
across the cores, the processes sharing the witnesses they find. A scan of many layouts reads
the real layout and a chunk spread over all of them first (:func:`witness_first`: a pair
with a witness in one layout of a hundred is settled there), then the rest in order
(neighbouring layouts share the engine's table). A decision examines at most ``SCAN_CAP`` (200,000) layouts — every one of a
declarer's first lead — and past that that many in a fixed order spread evenly over all of
them (:func:`~solver.imperfect.layouts.capped_layouts`, the real one first); where that,
or a time budget, leaves a card open the decision says what was proven (``exact`` false, the
proven ``candidates``, the ``undecided`` cards, the layouts ``covered``).
"""
from __future__ import annotations

import copy
import itertools
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import Card
from ..engine import Engine
from ..engine.many import better_trusted, solve_trusted
from ..engine.shares import can_fork, default_workers, in_shares, will_fork
from ..errors import PositionError
from ..interrupt import passed
from ..position import Position
from .layouts import Layouts, Stride, capped_layouts, first_then
from .views import InformationSet, view_run

__all__ = ["Decision", "candidate_moves", "CANDIDATES", "DEFAULT_CANDIDATES", "GUESS_CANDIDATES",
           "KNOWLEDGE_CANDIDATES", "card_values", "side_better", "side_worse", "declarer_total"]

CANDIDATES = ("undominated", "best_somewhere")
GUESS_CANDIDATES = "best_somewhere"    # 1.6.2, claims, rule 001: deemed not to have guessed the layout
KNOWLEDGE_CANDIDATES = "undominated"   # the information rules and single dummy: could knowledge change it
DEFAULT_CANDIDATES = KNOWLEDGE_CANDIDATES  # a decision asked on its own (candidate_moves, single dummy)
CHUNK = 1024           # layouts solved in one call of the engine
FIRST_PIECE = 64       # a scan's first call of the engine: this many layouts, then twice as many, up to CHUNK
COUNT_LIMIT = 20_000   # up to this many layouts every card is solved in every one (exact "best in N")
SPLIT_FROM = 20_000    # from this many layouts the scan is split across the cores (Cython: forked processes)
SCAN_CAP = 200_000     # at most this many layouts of one decision are examined: every one of a declarer's
#                        first lead (184,756); a defender's (12.2 million) in a fixed order spread evenly,
#                        and then the decision says what was proven
CAPPED_HEAD = 4        # a capped scan reads this many chunks a process in its spread order before the rest sorted
WITNESS_FIRST = CHUNK  # an exact scan of at least 16 times this many layouts looks at the real one and this many
#                        spread evenly over all of them first, a chunk for each process (witnesses of the
#                        pairs are found early), then the rest in their own order (neighbours share the
#                        engine's table)
PAIR_TESTS = 3         # a narrowed scan tests its open pairs one by one (a null-window test each) while they are
#                        at most this many times the cards they hold; more, and it solves those cards (tests
#                        paid at 18 for 8 cards: 43 -> 34 s CPU on one first lead; not at 25 for 6: 9.6 -> 12.9)
HERE_SECONDS = 0.2     # a split scan's shares read in the parent, in step, for this much CPU before they are forked
#                        (:meth:`_Scan.run_split`): most scans of a window end sooner, and a forked share's
#                        fresh table costs it 2-3 times the parent's warm one (random_6_1_t3_3_1)
DROP_CHUNKS = 16       # from this many chunks a share (32,768 of a first lead's 184,756 layouts in two), the last
#                        decision's scan leaves open the pairs that cannot change the card made for him: most
#                        pairs are settled long before, and a scan that stops there names its cards as it did


def declarer_total(pos: Position, remaining: int) -> int:
    return pos.taken[pos.declarer] + remaining


def _declarer_better(pos: Position):
    return min if pos.is_misere else max


def _declarer_worse(pos: Position):
    return max if pos.is_misere else min


def side_better(pos: Position, seat: int):
    """max or min of the declarer's tricks: what the side of ``seat`` wants."""
    return _declarer_better(pos) if seat == pos.declarer else _declarer_worse(pos)


def side_worse(pos: Position, seat: int):
    return _declarer_worse(pos) if seat == pos.declarer else _declarer_better(pos)


def scan_progress(eng) -> Any:
    """The engine's progress hook for layout scans, if it has one: ``eng.scan_progress(covered,
    total, done)`` is called as a decision's scan goes (``covered`` of its ``total`` layouts
    settled; ``done`` once at its end), from the process that asked for the decision (a split
    scan's shares report through shared counters). :class:`compensation.rulings.progress.
    ProgressEngine` has one; a plain :class:`~solver.engine.Engine` has none."""
    return getattr(eng, "scan_progress", None)


def card_values(eng: Engine, pos: Position, cache: dict) -> dict:
    """Every legal card's double-dummy value (declarer's tricks to come), cached by position."""
    k = (tuple(pos.hands), int(pos.leader), tuple((s, int(c)) for s, c in pos.trick))
    v = cache.get(k)
    if v is None:
        v = cache[k] = eng.analyse(pos, all_cards=True).card_values
    return v


@dataclass
class Decision:
    """One decision of the viewer: his candidates over every layout he could believe in.

    ``real_values``: every legal card's double-dummy value on the real layout (declarer's
    tricks in the deal); ``best_in``: for each legal card, in how many layouts it was a best
    card (``None`` where the layouts were too many to solve every card in every one: the
    candidates are still exact); ``dominated``: card -> a card never worse and sometimes
    better; ``played``: the card made for him along a line.
    """

    trick: int
    seat: int
    layouts: Layouts
    candidates: list
    best_in: dict | None
    real_values: dict
    played: Card | None = None
    forced: bool = False     # one card up to equivalent ones: no layout was searched
    changed: bool = True     # False: not a decision for an information rule (``equal_everywhere``)
    dominated: dict = field(default_factory=dict)
    exact: bool = True       # False: a time budget stopped the scan (see ``undecided``, ``covered``)
    undecided: list = field(default_factory=list)
    covered: int = 0         # layouts examined
    seconds: float = 0.0
    settled: bool = False    # the scan ended once every card asked for (``settle``) was proven a candidate
    # every legal card has the same value in every layout he could believe in (the one kind of
    # decision the information rules excuse besides a forced one): True proven, False disproven
    # (a layout where two cards differ), None where a cut scan found no such layout yet
    equal_everywhere: bool | None = False
    choices: int = 1         # distinct choices (runs) among the candidates and the undecided cards
    # (``settle_one``, none of them proven) the undecided cards worst on the real layout, of
    # which at least one is a candidate: one of them has a witness against every card worth
    # more there, so only a card as good there can dominate it (and whatever dominates that
    # one): the set's worst real value is theirs
    level: list = field(default_factory=list)

    @property
    def guess(self) -> bool:
        """Whether the candidates differ on the real layout: a wrong guess costs tricks."""
        return len({self.real_values[c] for c in self.candidates}) > 1

    def played_as(self, card: Card | None, changed: bool | None = None) -> Decision:
        """The same decision with the card made for him (and whether the knowledge could change it)."""
        return replace(self, played=card if card is not None else self.played,
                       changed=self.changed if changed is None else changed)

    def to_json(self) -> dict:
        out: dict = {"trick": self.trick, "seat": self.seat}
        if self.forced:
            out.update(forced=True, layouts=self.layouts.total)
        else:
            out.update(self.layouts.describe())
            out["covered"] = self.covered
        out["candidates"] = [str(c) for c in self.candidates]
        if self.best_in is not None:
            out["best_in"] = {str(c): n for c, n in self.best_in.items()}
        if self.dominated:
            out["dominated"] = {str(c): str(b) for c, b in self.dominated.items()}
        out["real_values"] = {str(c): v for c, v in self.real_values.items()}
        out["guess"] = self.guess
        if not self.exact:
            out["exact"] = False
            out["undecided"] = [str(c) for c in self.undecided]
        if self.equal_everywhere:
            out["equal_everywhere"] = True
        if self.played is not None:
            out["played"] = str(self.played)
        return out


def candidate_moves(view: InformationSet, engine: Engine | None = None, *, candidates: str = DEFAULT_CANDIDATES,
                    allowed=None, counts: bool | None = None, sample: int | None = None, seed: int = 0,
                    deadline: float | None = None, cache: dict | None = None,
                    workers: int | None = None, cap: int | None = SCAN_CAP, settle=None,
                    settle_one: bool = False, track_equal: bool = False, order_by: dict | None = None) -> Decision:
    """The candidates of the seat whose view ``view`` is, at ``view.pos`` (he must be to move).

    ``view``: the declarer's :class:`~solver.imperfect.InfoSet` or any seat's
    :class:`~solver.imperfect.SeatView`. ``allowed``: the cards a restriction leaves him (a
    demanded suit). ``counts``: solve every card in every layout (exact "best in N"
    figures); default while there are at most 20,000 layouts. ``sample``: a named,
    non-default setting (that many layouts drawn). ``deadline`` (``time.monotonic()``): stop
    there and say what was proven. ``cache``: real-layout card values by position.
    ``workers``: processes for a scan of at least 20,000 layouts (default: every core; the
    split is exact — each takes every n-th chunk and their pair states are merged).
    ``cap``: examine at most this many layouts (``None``: every one, however many); past it a
    fixed order of ``cap`` of them spread evenly (the real one first), and unless every
    pair was settled the decision is not ``exact``: ``candidates`` are the proven ones,
    ``undecided`` the rest. ``settle``: cards whose proof as candidates (every one) ends the scan (the
    worst on the real layout, for a greedy or one-move reading); ``settled`` then says so.
    ``settle_one``: the proof of one of them ends it — where everything after the decision is
    double dummy, the decision's value is the real-layout worst whichever of those cards is
    the set's, so the pairs among the others (two cards equal in every layout need every
    layout) cannot change it; they stay ``undecided``.
    ``track_equal``: the scan also settles whether every card has the same value in every
    layout (``equal_everywhere``; with ``undominated`` it always does): a ``best_somewhere``
    scan then goes on until two cards differ somewhere.
    ``order_by``: with ``settle_one``, the value (declarer's tricks) each card is read by in
    place of its real-layout value — worst for him first, also the narrowed scan's order
    (:meth:`_Scan.plan`). A decision whose cards are worth these values (the worst-guess
    search's child values) is worth the first card in that order that no card dominates;
    ``settle`` must then be the cards worst by them. Where it holds some cards only, no order
    is kept (every pair is read to the end unless the scan settles).
    """
    if candidates not in CANDIDATES:
        raise PositionError.of("choice", "candidates", known=", ".join(CANDIDATES), got=candidates)
    t0 = time.monotonic()
    pos = view.pos
    seat = view.seat
    if pos.is_over():
        raise PositionError.of("deal_over_no_decision")
    if pos.to_move != seat:
        who = "the declarer" if seat == pos.declarer else f"seat {seat}"
        raise PositionError.of("seat_to_move_not_who", None, mover=pos.to_move, who=who, seat=seat)
    eng = engine if engine is not None else Engine(reuse_table=True)
    cache = {} if cache is None else cache
    trick_no = sum(pos.taken) + 1
    legal = pos.legal_moves()
    if allowed is not None:
        allowed = set(allowed)
        legal = [c for c in legal if c in allowed]
        if not legal:
            raise PositionError.of("none_allowed", "allowed")
    real = card_values(eng, pos, cache)
    real_values = {c: declarer_total(pos, real[c]) for c in legal}
    groups: dict[int, list] = {}
    for c in legal:
        groups.setdefault(view_run(view, c), []).append(c)
    reps = [g[0] for g in groups.values()]
    if len(reps) == 1:
        # one choice up to equivalent cards: nothing to guess, no layouts searched
        return Decision(trick_no, seat, Layouts(view.count, lambda: iter(()), "exact"), list(legal),
                        {c: view.count for c in legal}, real_values, forced=True, seconds=time.monotonic() - t0)
    if sample is None and cap is not None and view.count > cap:
        layouts = capped_layouts(view, cap)
        if counts is not True:
            layouts = _CappedInShares(view, layouts, cap)
    else:
        layouts = view.layouts(sample, seed)
    counting = counts if counts is not None else layouts.used <= COUNT_LIMIT
    scan = _Scan(eng, view, reps, candidates, side_better(pos, seat) is max, counting, track_equal)
    if not counting and sample is None and layouts.method == "exact":  # counting solves every one anyway
        # a spread chunk for each process first (the real layout in the first)
        layouts = witness_first(view, layouts, WITNESS_FIRST * scan.shares(layouts, workers) - 1)
    if settle is not None:
        scan.settle = {reps.index(_rep_of(view, groups, c)) for c in settle if c in legal}
        scan.settle_one = settle_one
        by = real_values if order_by is None else order_by
        if (settle_one and candidates == "undominated" and not counting and layouts.method == "exact"
                and all(r in by for r in reps)):
            order = sorted(range(len(reps)), key=lambda i: (scan.sign * by[reps[i]], i))
            scan.rank = [0] * len(reps)
            for place, i in enumerate(order):
                scan.rank[i] = place
    hook = scan_progress(eng)
    scan.hook = hook
    if hook is not None:
        hook(0, layouts.used, False)
    complete = scan.run_split(layouts, deadline, workers)
    if hook is not None:
        hook(layouts.used if complete else scan.covered, layouts.used, True)
    exact = not scan.relevant() or (complete and layouts.method in ("exact", "open") and not scan.narrowed)
    # every layout read (or no pair kept open), some pairs left open that could not change the figure
    narrowed = not exact and complete and scan.narrowed
    cand_reps, dominated, undecided = scan.verdict_narrowed() if narrowed else scan.verdict(exact)
    cands = [c for r in cand_reps for c in groups[view_run(view, r)]]
    dom = {c: dominated[r] for r in dominated for c in groups[view_run(view, r)]}
    und = [c for r in undecided for c in groups[view_run(view, r)]]
    best_in = None
    if scan.counting and complete:
        best_in = {c: scan.best_in[reps.index(_rep_of(view, groups, c))] for c in legal}
    level = []
    if (scan.settle_one and und and not any(scan.proven(i) for i in scan.settle)
            and any(scan.level_safe(i) for i in scan.settle)):
        worst = {reps[i] for i in scan.settle}   # one of them at least is a candidate
        level = [c for c in und if _rep_of(view, groups, c) in worst]
    differ = scan.any_differ()
    every = complete and scan.covered >= layouts.used and layouts.method in ("exact", "open")
    equal = False if differ else (True if every else None)
    return Decision(trick_no, seat, layouts, cands, best_in, real_values, dominated=dom, exact=exact,
                    undecided=und, covered=scan.covered, seconds=time.monotonic() - t0,
                    settled=scan.all_settled() or narrowed, equal_everywhere=equal, choices=len(cand_reps) + len(undecided),
                    level=level)


NUMPY_FROM = 2048   # a scan of this many layouts folds its chunks in NumPy (below it, unless NumPy is loaded
#                     already, plain lists: importing NumPy costs a quick ruling more than it saves)


def use_numpy(layouts: int) -> bool:
    """Whether a scan of ``layouts`` takes the NumPy path (:func:`~solver.engine.many.solve_trusted`):
    the same values either way; only the cost of the fold and of importing NumPy differ."""
    return layouts >= NUMPY_FROM or "numpy" in sys.modules


def witness_first(view: InformationSet, layouts: Layouts, k: int) -> Layouts:
    """Every layout of ``layouts`` (an exact enumeration) once: the real layout, then ``k``
    spread evenly over all of them (:class:`~solver.imperfect.layouts.Stride` over the view's
    numbering), then the others in the enumeration's order. A pair of cards with a witness
    in one layout of a hundred is settled in the first chunk, not wherever the enumeration
    meets its first witness; the rest keep their neighbours together (the engine's table
    serves them). Nothing is left out or repeated; with fewer than ``16 WITNESS_FIRST`` layouts, the
    enumeration as it is."""
    total = layouts.total
    if total < 16 * WITNESS_FIRST or layouts.real is None or not hasattr(view, "layout_at"):
        return layouts
    real = layouts.real
    order = Stride(total)
    first = [real]
    seen = {real}
    j = 0
    # (the first k + 2 numbers built at once: they hold k + 1 layouts besides the real one)
    built = view.layouts_at([order[i] for i in range(min(total, k + 2))])
    while len(first) < k + 1 and j < total:
        lay = built[j] if j < len(built) else view.layout_at(order[j])
        j += 1
        if lay not in seen:
            seen.add(lay)
            first.append(lay)
    return first_then(layouts, first)


class _CappedInShares(Layouts):
    """A capped scan's layouts (:func:`~solver.imperfect.layouts.capped_layouts`: the real one,
    then ``cap`` in a fixed order spread evenly over all of them), the same set, read in a
    better order: the first ``CAPPED_HEAD`` chunks of each share as there (the witnesses a
    spread finds, the real layout first), then the rest by their numbers (the view's numbering), each share
    a contiguous stretch of them — neighbours share the engine's table, where chunks spread
    over millions of layouts share little. The same layouts, so the same decision whenever
    the scan settles or reads them all; only a budget that stops it midway sees others."""

    def __init__(self, view, capped: Layouts, cap: int):
        super().__init__(capped.total, capped.source, capped.method, capped.seed, capped.drawn, capped.real, None)
        self.view, self.capped = view, capped
        self.order = Stride(capped.total, capped.seed or 0)   # as capped_layouts numbers them
        self.skip = self.order.position(view.layout_rank(capped.real))

    def number(self, q: int) -> int:
        """The view's number of the ``q``-th capped layout (``q`` > 0: not the real one), unbuilt."""
        j = q - 1
        return self.order[j if j < self.skip else j + 1]

    def numbers(self, start: int, stop: int):
        """``sorted(self.number(q) for q in range(start, stop))`` (``start`` > 0), in NumPy."""
        import numpy as np

        j = np.arange(start - 1, stop - 1, dtype=np.int64)
        j += j >= self.skip
        return np.sort(self.order[j])

    def chunks(self, size: int, share: tuple[int, int] = (0, 1), arrays: bool = False):
        k, n = share
        at, used = self.capped.at, self.used
        head = min(used, size * n * CAPPED_HEAD)

        def layouts_at(numbers):
            return self.view.layouts_at(numbers, array=arrays)

        for j in range(k, -(-head // size), n):
            qs = range(j * size, min(head, (j + 1) * size))
            if qs[0] == 0:   # the real one first
                rest = layouts_at([self.number(q) for q in qs[1:]])
                if arrays:
                    import numpy as np

                    yield np.concatenate((np.array([at(0)], np.int64).reshape(1, *rest.shape[1:]), rest))
                else:
                    yield [at(0)] + rest
            else:
                yield layouts_at([self.number(q) for q in qs])
        if head >= used:
            return
        nums = self.numbers(head, used)   # the rest, sorted; this share's stretch of them
        mine = nums[len(nums) * k // n:len(nums) * (k + 1) // n]
        for j in range(0, len(mine), size):
            yield layouts_at(mine[j:j + size])


_HERE = "in step here"   # the barrier of shares read in the parent (:meth:`_Scan._rounds_here` drives them)


def _held(keep: list) -> Counter:
    """How many of the kept pairs ``keep`` hold each card."""
    return Counter(x for pair in keep for x in pair)


def _rep_of(view, groups, card):
    return groups[view_run(view, card)][0]


def can_split(eng, layouts: int, workers: int | None, split_from: int | None = None) -> int:
    """The processes a layout scan of ``layouts`` is split into (1: not split). Only the Cython
    backend forks (a compiled kernel comes along cheaply); never where
    :func:`~solver.engine.shares.can_fork` says no (a forked share, the web desk's daemon
    worker). The split itself is :func:`~solver.engine.shares.in_shares`, every scan's."""
    if layouts < (SPLIT_FROM if split_from is None else split_from) or not can_fork():
        return 1   # (asked first: most scans are small, and the count of cores is a system call)
    n = workers if workers is not None else default_workers()
    if n < 2 or eng.backend_name != "cython":
        return 1
    return n


def _scan_part(job, k: int, n: int):
    """The k-th share of the parent's scan (in a forked child); its pair states back. The share
    runs on its own copy of the scan as it was handed over: where the platform cannot fork the
    shares run one after the other in one process, and the second must not count the first's
    layouts again. ``job`` with the shares' own scans and steps (:meth:`_Scan.run_split`: the
    first rounds read in the parent, in step): share k goes on from there."""
    if job[0] == "rounds":
        _, scans, steps = job
        scan = scans[k]
        scan.hook = None
        return scan.answer(scan.finish(_in_step(steps[k], scan)))
    parent, layouts, deadline, shared, counters, lock, votes = job
    scan = copy.copy(parent)
    scan.gt, scan.best_in = [row[:] for row in parent.gt], parent.best_in[:]
    scan.shared, scan.counters, scan.share, scan.hook = shared, counters, k, None
    scan.lock, scan.votes = lock, votes
    done = scan.run(layouts, deadline, (k, n))
    return scan.answer(done)


def _in_step(steps, scan) -> bool:
    """Drive a share's :meth:`_Scan.steps` on the barrier ``scan.lock``: each step ends at one
    (a share forked after the parent's rounds: the first already passed); the share's answer."""
    try:
        while True:
            next(steps)
            scan.lock.wait()
    except StopIteration as e:
        return e.value


def _growing(chunks):
    """The chunks' layouts in the same order, the first ones cut into pieces of ``FIRST_PIECE``,
    twice that, and so on up to a whole chunk: the scan looks at its pair states (and the
    other shares' witnesses) after each piece, so a decision whose witnesses lie in the first
    few dozen spread layouts stops there rather than after a whole chunk of every card."""
    sizes = _piece_sizes()
    for part in chunks:
        i = 0
        while i < len(part):
            size = next(sizes)
            yield part[i:i + size]
            i += size


def _piece_sizes():
    """The sizes of :func:`_growing`'s pieces, one after the other: ``FIRST_PIECE``, twice
    that, and so on up to ``CHUNK``, then ``CHUNK`` for ever."""
    size = FIRST_PIECE
    while True:
        yield size
        size = min(2 * size, CHUNK)


# the pieces :func:`_growing` cuts a share's first chunk into (a whole chunk of layouts)
FIRST_CHUNK_PIECES = next(k + 1 for k, done in enumerate(itertools.accumulate(_piece_sizes())) if done >= CHUNK)


class _Scan:
    """The pair states of one decision, updated chunk by chunk over the layouts.

    ``gt[a][b]``: some layout where card ``a`` is strictly better for him than ``b``. ``a``
    dominates ``b`` iff ``gt[a][b]`` and not ``gt[b][a]`` once every layout is seen; a pair
    with both set is settled, and a card whose pairs are all settled (or, for
    ``best_somewhere``, that was best once) is no longer solved.
    """

    def __init__(self, eng, view, reps, rule, maximise: bool, counting: bool, track_equal: bool = False):
        self.eng, self.view, self.reps, self.rule = eng, view, reps, rule
        self.track_equal = track_equal
        self.sign = 1 if maximise else -1
        self.counting = counting
        n = len(reps)
        self.gt = [[False] * n for _ in range(n)]
        self.best_in = [0] * n
        self.covered = 0
        self.settle: set = set()
        self.settle_one = False
        # a split scan's witnesses, shared by its processes (``n * n`` pair bits, then ``n``
        # "best somewhere" bits): each is a fact about one layout, so a pair one share settled
        # is settled for the others too, and they stop solving it
        self.shared: Any = None
        self.counters: Any = None  # a split scan's layouts examined, a word per share (progress)
        self.lock: Any = None      # a split scan in step: a barrier, and a vote a share (see :meth:`run`)
        self.votes: Any = None
        self.share = 0
        self.hook: Any = None      # the engine's scan_progress (see :func:`scan_progress`), parent only
        # a window's last decision (``settle_one``, ``undominated``, every layout): each card's
        # place in the order the figure reads them — worst on the real layout first, then as
        # ``reps``; None: no narrowing (see :meth:`plan`)
        self.rank: list | None = None
        self.narrowed = False      # some open pair was left unsolved (it could not change the figure)
        self.rounds = 0            # pieces read by each share so far (a split scan in step: the same in all)
        # pairs (x, y), x < y, whose tests are put off (:meth:`_deferrable`): both cards are dominated
        # by a third one so far, so nothing the scan decides reads them; the pieces they were
        # skipped in, (hands, pairs), to test them there if they come to matter (:meth:`_resolve`)
        self.deferred: set = set()
        self.skipped: list = []

    def proven(self, i: int) -> bool:
        """Card ``i`` is a candidate whatever the layouts not yet seen (a witness each way)."""
        if self.rule == "best_somewhere":
            return self.best_in[i] > 0
        return all(self.gt[i][j] for j in range(len(self.reps)) if j != i)

    def level_safe(self, i: int) -> bool:
        """Card ``i`` (one asked for) has a witness layout against every card not asked for —
        every card worth more on the real layout: only one as good there could dominate it, so
        some card of its real-layout value is a candidate (``undominated``; ``best_somewhere``:
        it is one itself once best somewhere)."""
        if self.rule == "best_somewhere":
            return self.proven(i)
        return all(self.gt[i][j] for j in range(len(self.reps)) if j != i and j not in self.settle)

    def any_differ(self) -> bool:
        """Some layout seen where two of the cards differ in value."""
        return any(any(row) for row in self.gt)

    def all_settled(self) -> bool:
        """Every card asked for (``settle``) is proven a candidate (``settle_one``: one of them
        is :meth:`level_safe`). All of them for greedy: it plays the worst of its candidates on
        the real layout, and where several cards tie for that, which of them are candidates can
        change the line that follows. One is enough where what follows is double dummy: the
        decision is worth that real-layout worst whichever tied card it is. (``track_equal``:
        and two cards were seen to differ.)"""
        if self.settle_one:
            done = any(self.level_safe(i) for i in self.settle)
        else:
            done = all(self.proven(i) for i in self.settle)
        return bool(self.settle) and done and (not self.track_equal or self.any_differ())

    def relevant(self) -> list[int]:
        n = len(self.reps)
        if self.counting or (self.track_equal and not self.any_differ()):
            return list(range(n))
        if self.rule == "best_somewhere":
            return [i for i in range(n) if not self.best_in[i]]
        return [i for i in range(n) if any(not (self.gt[i][j] and self.gt[j][i]) for j in range(n) if j != i)]

    def first_proven(self) -> int | None:
        """The first card in the figure's order (:attr:`rank`) proven a candidate, or None."""
        rank = self.rank
        assert rank is not None
        got = [i for i in range(len(self.reps)) if self.proven(i)]
        return min(got, key=lambda i: rank[i]) if got else None

    def _plan(self, rel: list[int]) -> tuple[list[int], list | None, list, bool]:
        """What this piece solves, with the pairs kept (none: every card's value) and whether some open
        pair was left out: (cards, None, ...) — every card's value — or (cards, tests, ...): the
        directed pairs ``(a, b)`` to test (is ``a`` ever better than ``b``? one exact value and
        one null-window test a layout, :func:`~solver.engine.many.better_trusted`).

        Without :attr:`rank`, or in each share's first chunk (its pieces: the spread layouts,
        the scan as it always was), the cards of ``rel``. Then, at a window's last decision,
        only the pairs that can change the figure or the card made for him: he is resolved to
        the first card in the figure's order (worst on the real layout first, then as
        ``reps``) that no card dominates; with ``p`` the first card in that order proven a
        candidate (a witness against every other card), that card is ``p`` or one before it,
        so an open pair of two cards both after ``p`` cannot change it and is left open
        (:attr:`narrowed`) — from each share's ``DROP_CHUNKS``-th chunk (the pairs still open
        then are mostly ones no layout settles), once a second card is proven too (with ``p``
        alone, whether it is his one reasonable card — no decision for the knowledge to
        change — rests on every other card). Each pair kept is settled as in a full scan (a
        witness each way, or every layout read), so every card before ``p`` is decided as
        there. ``p`` only moves towards the front of the order as witnesses come: a pair left
        open is never needed again. The tests are the kept pairs' open directions while they
        are at most ``PAIR_TESTS`` times the cards they hold (a pair where one card has beaten
        the other asks one test: can the other ever beat it?)."""
        rank = self.rank
        if rank is None or self.rounds < FIRST_CHUNK_PIECES or (self.track_equal and not self.any_differ()):
            return rel, None, [], False
        gt, n = self.gt, len(self.reps)
        opened = [(a, b) for a in range(n) for b in range(a + 1, n) if not (gt[a][b] and gt[b][a])]
        p = self.first_proven()
        late = self.rounds >= FIRST_CHUNK_PIECES + DROP_CHUNKS - 1   # (a piece a chunk after the first)
        if p is None or not late or sum(self.proven(i) for i in range(n)) < 2:
            # (one card proven: whether it is his only reasonable one — no decision for the
            # knowledge to change — rests on every other card's pairs)
            keep = opened
        else:
            cut = rank[p]
            keep = [(a, b) for a, b in opened if rank[a] < cut or rank[b] < cut]
        cards = sorted({x for pair in keep for x in pair})
        # the tests against one card one after the other: its exact values are in the table
        tests = sorted(((x, y) for a, b in keep for x, y in ((a, b), (b, a)) if not gt[x][y]),
                       key=lambda t: (t[1], t[0]))
        return cards, (tests if len(tests) <= PAIR_TESTS * len(cards) else None), keep, len(keep) < len(opened)

    def plan(self, rel: list[int]) -> tuple[list[int], list | None]:
        """:meth:`_plan` (see there), the pairs it leaves open marked (:attr:`narrowed`), and the
        tests of the pairs put off (:meth:`_defer`) left out."""
        cards, tests, keep, narrowing = self._plan(rel)
        if narrowing:
            self.narrowed = True
        if tests is not None and self._may_defer():
            self._defer(keep)
            tests = [t for t in tests if (min(t), max(t)) not in self.deferred]
        return cards, tests

    # ---- pairs put off: two cards both dominated by a third so far
    #
    # In the slow first leads the costliest tests are of two cards equal in every layout (7♦ and
    # 10♦ with 9♦ between them, each one's exact value in every layout), both never better than
    # a third (Q♦) that beats each of them somewhere. While that holds, no decision of the scan
    # reads their pair: neither card can be proven a candidate (nor level_safe: a card outside
    # ``settle`` it never beat), both stay relevant, and every card's verdict is the same
    # whatever the pair (both are dominated; the one naming a dominator names a card whose pair
    # was tested). So its tests are put off; the pieces they were skipped in are kept, and if
    # the pair comes to matter — the third card beaten by one of them, the pair no longer kept
    # or the scan solving values — it is tested there before the round goes on, so every state
    # the scan reads is what it would have been (a split scan's shares do it in the same round
    # and exchange the witnesses again).

    def _may_defer(self) -> bool:
        return self.rule == "undominated" and not self.counting and (self.shared is None or self.lock is not None)

    def _known(self, a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) not in self.deferred

    def _deferrable(self, x: int, y: int) -> bool:
        """Nothing the scan decides reads the pair (x, y) now (see above): a third card ``d``
        better than each somewhere and never worse (pairs tested), and (``settle_one``) each of
        them never better than some card outside ``settle`` besides the other."""
        gt, n, known = self.gt, len(self.reps), self._known
        if not any(d != x and d != y and known(d, x) and known(d, y) and gt[d][x] and gt[d][y]
                   and not gt[x][d] and not gt[y][d] for d in range(n)):
            return False
        if self.settle_one:
            for c, o in ((x, y), (y, x)):
                if not any(j != c and j != o and j not in self.settle and known(c, j) and not gt[c][j]
                           for j in range(n)):
                    return False
        return True

    def _defer(self, keep: list) -> None:
        """Put off the tests of every kept pair that :meth:`_deferrable` allows (each card of it in
        another kept pair too, so the cards the round holds are the same)."""
        held = _held(keep)
        gt = self.gt
        for a, b in keep:
            pair = (min(a, b), max(a, b))
            if pair in self.deferred or (gt[a][b] and gt[b][a]) or held[a] < 2 or held[b] < 2:
                continue
            if self._deferrable(a, b):
                self.deferred.add(pair)
                if not all(self._deferrable(x, y) for x, y in self.deferred):
                    self.deferred.discard(pair)

    def _must_resolve(self) -> bool:
        """Some pair put off may matter from this round on (see above)."""
        if not self.deferred:
            return False
        if not all(self._deferrable(x, y) for x, y in self.deferred):
            return True
        rel = self.relevant()
        if not rel or self.all_settled():
            return False
        _, tests, keep, _ = self._plan(rel)
        if tests is None:
            return True
        held = _held(keep)
        kept = {(min(a, b), max(a, b)) for a, b in keep}
        return any(p not in kept or held[p[0]] < 2 or held[p[1]] < 2 for p in self.deferred)

    def _resolve(self) -> None:
        """Test every pair put off in the pieces it was skipped in (this share's); none is then."""
        gt, reps, pos = self.gt, self.reps, self.view.pos
        for pair in sorted(self.deferred):
            x, y = pair
            for hands, off in self.skipped:
                dirs = [(a, b) for a, b in ((x, y), (y, x)) if not gt[a][b]]
                if not dirs:
                    break
                if pair not in off:
                    continue
                found = better_trusted(self.eng, pos, hands, [(reps[a], reps[b]) for a, b in dirs])
                for (a, b), f in zip(dirs, found):
                    if f:
                        gt[a][b] = True
        self.deferred = set()
        self.skipped = []

    def verdict_narrowed(self) -> tuple[list, dict, list]:
        """:meth:`verdict` of a scan that read every layout but left pairs open (:attr:`narrowed`):
        every card before the first proven one in the figure's order decided as in a full scan
        (their pairs were all kept), that card a candidate, each card after it a candidate if
        proven, else undecided (worth at least that card on the real layout: it cannot change
        the figure)."""
        n, reps, gt = len(self.reps), self.reps, self.gt
        rank = self.rank
        assert rank is not None
        p = self.first_proven()
        cut = n if p is None else rank[p]
        dominated = {}
        for b in range(n):
            if rank[b] >= cut:
                continue
            for a in range(n):
                if a != b and gt[a][b] and not gt[b][a] and self._known(a, b):
                    dominated[reps[b]] = reps[a]
                    break
        cands, undecided = [], []
        for i in range(n):
            if rank[i] < cut:
                if reps[i] not in dominated:
                    cands.append(reps[i])
            elif self.proven(i):
                cands.append(reps[i])
            else:
                undecided.append(reps[i])
        return cands, dominated, undecided

    def shares(self, layouts: Layouts, workers: int | None) -> int:
        """The processes :meth:`run_split` scans ``layouts`` in."""
        return can_split(self.eng, layouts.used, workers)

    def run_split(self, layouts: Layouts, deadline: float | None, workers: int | None) -> bool:
        """:meth:`run` over every layout, split across processes where that pays.

        Shares that run at once run in step (see :meth:`steps`), and for their first
        ``HERE_SECONDS`` of CPU they are read here, one share after the other up to each barrier
        (:meth:`_rounds_here`): the same pieces, the same witnesses exchanged at the same
        points, so the same decisions and layouts read as forked shares make, wherever the
        time runs out. Most scans of a window end in their first rounds (128 layouts), where
        two forks cost more than the layouts, and a forked share searches a fresh table where
        the parent's is warm from the decisions before (random_6_1_t3_3_1: its 83 split scans
        cost the shares 5.3 s CPU, about 1.5 s here). A scan still open then forks its
        shares, each going on from where its rounds stopped."""
        n = self.shares(layouts, workers)
        import multiprocessing

        if n < 2:
            return self.run(layouts, deadline)

        ctx = multiprocessing.get_context("fork")
        k = len(self.reps)
        shared = ctx.RawArray("b", k * k + k)
        counters = ctx.RawArray("q", n)
        # in step wherever the shares run at once: where a scan stops depends on the witnesses
        # seen, and the layouts it read are in the ruling's note
        lock = ctx.Barrier(n) if will_fork(n) else None
        votes = ctx.RawArray("b", n) if lock is not None else None
        hook = self.hook

        def poll():
            if hook is not None:
                hook(self.covered + sum(counters), layouts.used, False)

        if lock is not None and votes is not None:
            here = (bytearray(k * k + k), [0] * n, _HERE, bytearray(n))   # (one set for every share)
            scans = [self._share_copy(i, *here) for i in range(n)]
            arrays = use_numpy(layouts.used)
            steps = [sc.steps(_growing(layouts.chunks(CHUNK, (i, n), arrays=arrays)), layouts.used, deadline, (i, n))
                     for i, sc in enumerate(scans)]
            done = self._rounds_here(scans, steps)
            if done is not None:
                return self._merge([sc.answer(sc.finish(d)) for sc, d in zip(scans, done)])
            shared[:] = scans[0].shared   # (every share's witnesses: the rounds ended on an exchange)
            votes[:] = scans[0].votes
            for i, sc in enumerate(scans):
                counters[i] = sc.covered
                sc.shared, sc.counters, sc.lock, sc.votes = shared, counters, lock, votes
            job: tuple = ("rounds", scans, steps)
        else:
            job = (self, layouts, deadline, shared, counters, lock, votes)
        # fresh_tables: each share writes a small table of its own, not the parent's warm one a
        # copy-on-write page at a time (benchmarks/log/2026-12-07-issue-38-share-tables-ninth-round.md)
        return self._merge(in_shares(_scan_part, job, n, poll, fresh_tables=True))

    def _share_copy(self, k: int, shared, counters, lock, votes) -> _Scan:
        """Share ``k``'s own copy of this scan as it stands (its pair states its own)."""
        scan = copy.copy(self)
        scan.gt, scan.best_in = [row[:] for row in self.gt], self.best_in[:]
        scan.shared, scan.counters, scan.share, scan.hook = shared, counters, k, None
        scan.lock, scan.votes = lock, votes
        scan.deferred, scan.skipped = set(), []
        return scan

    def _rounds_here(self, scans: list, steps: list) -> list | None:
        """The shares' rounds in this process for ``HERE_SECONDS`` of its CPU: each share's steps up to
        the next barrier, one share after the other — what the barrier orders is kept (every
        share publishes before any takes, and takes before any publishes again), so each reads
        what it would have read forked. Every share's answer if they ended (together: they
        decide alike); None once the time is up (every share at the same barrier)."""
        end = time.process_time() + HERE_SECONDS   # (its CPU: on a loaded machine the same work as on an idle one)
        while True:
            ended = []
            for st in steps:
                try:
                    next(st)
                except StopIteration as e:
                    ended.append(e.value)
            if ended:
                if len(ended) != len(steps):   # (cannot happen: the shares decide on the same states)
                    raise RuntimeError("the shares of a scan in step did not end together")
                return ended
            if time.process_time() >= end:
                return None

    def _merge(self, parts: list) -> bool:
        """The shares' answers (:meth:`answer`) folded into this scan; whether it is complete."""
        complete = True
        for gt, best_in, covered, done, narrowed, deferred in parts:
            self.narrowed = self.narrowed or narrowed
            self.deferred = self.deferred | deferred   # (the same in every share: decided in step)
            for i, row in enumerate(gt):
                for j, x in enumerate(row):
                    self.gt[i][j] = self.gt[i][j] or x
            self.best_in = [a + b for a, b in zip(self.best_in, best_in)]
            self.covered += covered
            complete = complete and done
        return complete or not self.relevant()

    def answer(self, done: bool) -> tuple:
        """What a share hands back (:meth:`_merge` reads it)."""
        return self.gt, self.best_in, self.covered, done, self.narrowed, self.deferred

    def run(self, layouts: Layouts, deadline: float | None, share: tuple[int, int] = (0, 1)) -> bool:
        """:meth:`_run`; the pairs put off then tested where the verdict could read them (every
        share decides alike: the same pair states, after the last exchange)."""
        self.deferred, self.skipped = set(), []
        return self.finish(self._run(layouts, deadline, share))

    def finish(self, done: bool) -> bool:
        """The end of :meth:`run`: the pairs put off tested where the verdict could read them."""
        if self.deferred and not all(self._deferrable(x, y) for x, y in self.deferred):
            self._resolve()
        self.skipped = []
        return done

    def _sync(self):
        """Every share's witnesses to every other, in step (after :meth:`_resolve`): a step of
        :meth:`steps` (it yields where the shares meet)."""
        if self.shared is None:
            return
        self._publish()
        if self.lock is not None:
            yield
        self._take()
        if self.lock is not None:
            yield

    def _run(self, layouts: Layouts, deadline: float | None, share: tuple[int, int] = (0, 1)) -> bool:
        """Scan the layouts (``share`` (k, n): only every n-th chunk from the k-th); True when
        every one was seen or nothing is left to decide (:meth:`steps`, every share's meeting
        on the barrier ``lock``)."""
        return _in_step(self.steps(_growing(layouts.chunks(CHUNK, share, arrays=use_numpy(layouts.used))),
                                   layouts.used, deadline, share), self)

    def steps(self, pieces, used: int, deadline: float | None, share: tuple[int, int] = (0, 1)):
        """The scan of ``pieces`` (this share's layouts, :func:`_growing`; ``used`` layouts in
        all), a generator that yields where the shares meet (a barrier: only where ``lock`` is
        set) and returns True when every layout was seen or nothing is left to decide.

        A split scan runs its shares in step (``lock``, a barrier): each round every share
        reads one piece, then all of them take every share's witnesses and decide together
        whether to go on — so where it stops, and with it which cards are proven, the line made
        for him and the layouts the note says were read, is the same on every run, whichever
        share happens to be faster (without it one ruling's note said 8,192, 9,216 or 10,240)."""
        view, pos = self.view, self.view.pos
        k, n = share
        while True:
            part = next(pieces, None)
            if self.lock is not None:
                self.votes[k] = (0 if part is not None else 1) | (2 if passed(deadline) else 0)
                self._publish()
                yield              # every share's witnesses of the round are out
                self._take()
                votes = list(self.votes)
                yield              # and read by all: the next round's may come
                if all(v & 1 for v in votes):
                    return True
                if any(v & 2 for v in votes):
                    return False
            else:
                if part is None:
                    return True
                if self.shared is not None:
                    self._publish()
                    self._take()
                if passed(deadline):
                    return False
            if self._must_resolve():
                self._resolve()
                yield from self._sync()
            rel = self.relevant()
            if not rel:
                return True
            if self.all_settled():
                return False
            # (asked of every share, its layouts read or not: they agree, the same pair states
            # and rounds, and stop together)
            rel, tests = self.plan(rel)
            self.rounds += 1
            if not rel:   # no pair left that could change the figure
                return True
            if part is None:   # this share has read its every layout; the others go on
                continue
            full = len(rel) == len(self.reps)
            cards = [self.reps[i] for i in rel]
            if tests is not None:
                hands = view.hands_array(part)
                if self.deferred:
                    self.skipped.append((hands, frozenset(self.deferred)))
                found = better_trusted(self.eng, pos, hands, [(self.reps[a], self.reps[b]) for a, b in tests])
                for (a, b), f in zip(tests, found):
                    if f:
                        self.gt[a][b] = True
            elif use_numpy(used):
                hands = view.hands_array(part)
                vals = solve_trusted(self.eng, pos, hands, cards)
                tops = None if full or self.rule != "best_somewhere" else solve_trusted(self.eng, pos, hands)
                self._update(rel, vals, tops)
            else:
                rows = [view.hands(lay) for lay in part]
                vals = self.eng.solve_layouts(pos, rows, cards=cards)
                tops = None if full or self.rule != "best_somewhere" else self.eng.solve_layouts(pos, rows)
                self._update_rows(rel, vals, tops)
            self.covered += len(part)
            if self.counters is not None:
                self.counters[self.share] = self.covered
            elif self.hook is not None:
                self.hook(self.covered, used, False)

    def _publish(self) -> None:
        """This share's witnesses out to the others (a split scan)."""
        sh, n = self.shared, len(self.reps)
        for i, row in enumerate(self.gt):
            for j in range(n):
                if row[j]:
                    sh[i * n + j] = 1
        if self.rule == "best_somewhere" and not self.counting:
            for i in range(n):
                if self.best_in[i]:
                    sh[n * n + i] = 1

    def _take(self) -> None:
        """The other shares' witnesses in (a split scan)."""
        sh, n = self.shared, len(self.reps)
        for i, row in enumerate(self.gt):
            for j in range(n):
                if not row[j] and sh[i * n + j]:
                    row[j] = True
        if self.rule == "best_somewhere" and not self.counting:
            for i in range(n):
                if not self.best_in[i] and sh[n * n + i]:
                    self.best_in[i] = 1  # best in a layout of another share: only "> 0" is read

    def _update_rows(self, rel, vals, tops) -> None:
        """:meth:`_update` for a small scan's rows (lists: no NumPy to import for a quick ruling)."""
        s = self.sign
        gt = self.gt
        pairs = [(a, b) for a in range(len(rel)) for b in range(len(rel)) if a != b and not gt[rel[a]][rel[b]]]
        for j, row in enumerate(vals):
            sv = [s * v for v in row]
            top = max(sv) if tops is None else s * tops[j]
            for k, i in enumerate(rel):
                if sv[k] == top:
                    self.best_in[i] += 1
            if pairs:
                left = []
                for a, b in pairs:
                    if sv[a] > sv[b]:
                        gt[rel[a]][rel[b]] = True
                    else:
                        left.append((a, b))
                pairs = left

    def _update(self, rel, vals, tops) -> None:
        """Fold one chunk in: ``vals`` (layouts x ``rel`` cards, NumPy) and, where not every card
        was solved, ``tops`` (each layout's value: the best card's)."""
        sv = vals * self.sign
        if self.counting or self.rule == "best_somewhere":   # (nothing else reads ``best_in``)
            top = sv.max(axis=1) if tops is None else tops * self.sign
            hits = (sv == top[:, None]).sum(axis=0).tolist()
            best_in = self.best_in
            for k, i in enumerate(rel):
                best_in[i] += hits[k]
        gt = self.gt
        if any(not gt[a][b] for a in rel for b in rel if a != b):
            seen = (sv[:, :, None] > sv[:, None, :]).any(axis=0).tolist()
            for ka, a in enumerate(rel):
                row, got = gt[a], seen[ka]
                for kb, b in enumerate(rel):
                    if got[kb]:
                        row[b] = True

    def verdict(self, complete: bool) -> tuple[list, dict, list]:
        """(candidate cards, dominated card -> a dominating card, undecided cards)."""
        n = len(self.reps)
        reps, gt = self.reps, self.gt
        if self.rule == "best_somewhere":
            proven = [reps[i] for i in range(n) if self.best_in[i]]
            rest = [reps[i] for i in range(n) if not self.best_in[i]]
            return (proven, {}, []) if complete else (proven, {}, rest)
        dominated = {}
        for b in range(n):
            for a in range(n):
                if a != b and gt[a][b] and not gt[b][a] and self._known(a, b):
                    dominated[reps[b]] = reps[a]
                    break
        if complete:
            return [reps[i] for i in range(n) if reps[i] not in dominated], dominated, []
        # before the end no domination is proven; a card better than every other somewhere is a candidate
        proven = [reps[i] for i in range(n) if self.proven(i)]
        return proven, {}, [r for r in reps if r not in proven]
