"""Single-dummy analysis of a played deal: every decision judged with what its player could know.

For each card of a recorded history (a game or a misère; the declarer and each whister), over
the information set of the player at that moment — the declarer: his hand, the cards played,
the voids shown (:class:`~solver.imperfect.InfoSet`); a whister: the declarer's hand, his
partner's (unless the defence plays open, after the first card) and the discard unseen, the
talon's cards known to lie with the declarer or in his discard (:class:`WhisterView`) — every
legal card is solved double dummy in every layout he could believe in, and for each card:

* ``best_in``: in how many layouts it keeps the best result the position allows;
* ``expected``: the declarer's expected total tricks after it, **every layout counted once**
  (uniform: nothing is inferred from the bidding or from signals);
* ``made_in``: in how many layouts the contract is then made (a contract with a level, or
  misère: the declarer takes no trick).

The decision's verdict (``VERDICTS``):

* ``mistake`` — the card played is dominated: another card is never worse, in any layout, and
  better in at least one (the definition of :mod:`~solver.imperfect.candidates`);
* ``bad break`` — not a mistake; the card played was best in more than half of the layouts
  but lost tricks on the real one (its double-dummy cost is not 0);
* ``guess`` — not the above; no card is best in every layout;
* ``best`` — the card played is best in every layout;
* ``forced`` — one card up to equivalent ones (no layout is searched).

The card played has its single-dummy cost (expected tricks given away against the card with
the best expectation) beside its double-dummy cost (tricks given away on the real layout).

Exact by default up to ``max_layouts`` layouts a decision (200,000, as
:data:`~solver.imperfect.candidates.SCAN_CAP`: every layout of a declarer's decision — his
first lead has 184,756). A larger set (a whister's first lead: 42.7 million) is examined on a
fixed sample of them spread evenly over the numbered layouts (``sample`` of them, by default
``max_layouts``; the real one among them; :func:`examined_layouts`), and the decision says so: ``layouts`` the total, ``examined`` the number solved,
``exact`` false — every figure of it is then a sample's, domination included.
"""
from __future__ import annotations

import multiprocessing
import os
import time
from dataclasses import dataclass, field
from math import comb, gcd
from typing import Any

from ..cards import Card
from ..engine import Engine
from ..errors import PositionError, PrefError
from ..hands import Hand, cards_of, mask_of, popcount
from ..position import Position
from .candidates import CHUNK, SCAN_CAP, SPLIT_FROM, side_better
from .layouts import Layouts
from .views import DISCARD, InfoSet, SeatView, _splits, view_run

__all__ = ["MAX_LAYOUTS", "VERDICTS", "WhisterView", "CardFigures", "SingleDummyDecision", "SingleDummyAnalysis",
           "analyse_single_dummy", "single_dummy_record", "decide", "RECORD_FIELDS", "SIGNALS_NOTE"]

MAX_LAYOUTS = SCAN_CAP
VERDICTS = ("best", "guess", "bad break", "mistake", "forced")
FULL_DECK = (1 << 32) - 1
RECORD_FIELDS = frozenset({"open"})   # what a single-dummy record adds to ``prefdd solve``'s
SIDES = {"game": ("declarer", "defence"), "misere": ("declarer", "catchers")}
SIGNALS_NOTE = {
    "en": "The analysis takes the cards, not the signals: where a whister's choice depended on his partner's "
          "earlier card (a signal he could read), it is judged over every layout all the same. Every layout "
          "he could believe in counts once; nothing is inferred from the bidding.",
    "ru": "Разбор учитывает карты, а не сигналы: если выбор вистующего зависел от прежней карты партнёра "
          "(сигнала, который он мог прочесть), он всё равно оценивается по всем раскладам. Каждый возможный "
          "для него расклад считается один раз; из торговли ничего не выводится.",
}


# ---------------------------------------------------------------------- the whister's view
@dataclass
class WhisterView(SeatView):
    """A whister's view (:class:`SeatView`) that also knows the talon: the talon was shown to
    all, so a talon card he has not seen played lies with the declarer or in his discard,
    never with the partner (``talon``: the mask of the two talon cards)."""

    talon: int = 0

    def __post_init__(self):
        super().__post_init__()
        self.talon &= self.unseen
        if self.talon:
            ok = {i for i, h in enumerate(self.holders) if h == self.pos.declarer or h == DISCARD}
            for c in cards_of(self.talon):
                self.allowed[int(c)] = tuple(i for i in self.allowed[int(c)] if i in ok)

    def after(self, card) -> WhisterView:
        nxt = SeatView.after(self, card)
        return WhisterView(nxt.pos, self.seat, self.hidden, self.discard, nxt.voids, self.talon)

    def opened(self) -> WhisterView:
        """The same whister once the defence has opened its cards: only the declarer's hand
        (and the discard) unseen."""
        return WhisterView(self.pos, self.seat, (self.pos.declarer,), self.discard, self.voids, self.talon)

    def shape(self) -> tuple:
        return (self.hidden, self.talon)

    def key(self):
        return super().key() + (self.talon,)

    def describe(self) -> dict:
        out = super().describe()
        if self.talon:
            out["talon"] = Hand(self.talon).compact()
        return out


def _groups(view) -> list:
    """The unseen cards grouped by the holders they may lie with (sorted, for a fixed order)."""
    groups: dict = {}
    for c, allowed in sorted(view.allowed.items()):
        groups.setdefault(allowed, []).append(c)
    return sorted(groups.items())


class _Ranker:
    """The layouts of a :class:`SeatView` numbered 0 .. count-1 without listing them: the
    unseen cards are grouped by the holders they may lie with; a layout is, group by group, a
    split of the group's count over its holders (each split weighted by the layouts it
    leaves) and a choice of which cards go where (combinations, in lexicographic order)."""

    def __init__(self, view):
        self.groups = _groups(view)
        self.sizes = tuple(view.sizes)
        self._ways: dict = {}
        self._opts: dict = {}

    def ways(self, i: int, caps: tuple) -> int:
        key = (i, caps)
        w = self._ways.get(key)
        if w is None:
            w = 0 if i < len(self.groups) else int(not any(caps))
            if i < len(self.groups):
                for _, nxt, mult in self._moves(i, caps):
                    w += mult * self.ways(i + 1, nxt)
            self._ways[key] = w
        return w

    def _moves(self, i: int, caps: tuple):
        allowed, cards = self.groups[i]
        n = len(cards)
        for split in _splits(n, len(allowed)):
            c = list(caps)
            mult, left = 1, n
            for h, k in zip(allowed, split):
                if k > c[h]:
                    break
                c[h] -= k
                mult *= comb(left, k)
                left -= k
            else:
                yield split, tuple(c), mult

    def _options(self, i: int, caps: tuple) -> list:
        key = (i, caps)
        o = self._opts.get(key)
        if o is None:
            o = self._opts[key] = [(split, nxt, self.ways(i + 1, nxt)) for split, nxt, _ in self._moves(i, caps)
                                   if self.ways(i + 1, nxt)]
        return o

    def layout(self, index: int) -> tuple:
        """The ``index``-th layout (0 <= index < ways(0, sizes))."""
        caps = self.sizes
        lay = [0] * len(self.sizes)
        for i, (allowed, cards) in enumerate(self.groups):
            chosen_move = None
            for split, nxt, rest in self._options(i, caps):
                size = _multinomial(len(cards), split) * rest
                if index < size:
                    chosen_move = (split, nxt, rest)
                    break
                index -= size
            if chosen_move is None:
                raise IndexError("layout index out of range")
            split, caps, rest = chosen_move
            a, index = divmod(index, rest)
            left = cards
            for h, k in zip(allowed, split):
                a, r = divmod(a, _C[len(left)][k])
                m = _unrank_mask(r, left, k)
                lay[h] |= m
                left = [c for c in left if not m >> c & 1]
        return tuple(lay)


_C = [[comb(n, k) for k in range(33)] for n in range(33)]


def _multinomial(n: int, split) -> int:
    out, left = 1, n
    for k in split:
        out *= _C[left][k]
        left -= k
    return out


def _unrank_mask(index: int, items: list, k: int) -> int:
    """The ``index``-th k-subset of ``items`` in lexicographic order, as a mask."""
    out = 0
    n = len(items)
    i = 0
    while k:
        c = _C[n - i - 1][k - 1]
        if index < c:
            out |= 1 << items[i]
            k -= 1
        else:
            index -= c
        i += 1
    return out


def spread(total: int, n: int, seed: int = 0) -> list[int]:
    """``n`` distinct numbers of ``0 .. total-1`` spread evenly: ``seed + j * a`` modulo
    ``total`` with ``a`` the whole number nearest ``total / phi`` prime to ``total`` (a
    golden-ratio stride: every stretch of the range gets its share, no two the same)."""
    if n >= total:
        return list(range(total))
    a = max(1, round(total * 0.6180339887498949))
    while gcd(a, total) != 1:
        a += 1
    return [(seed + j * a) % total for j in range(n)]


def examined_layouts(view, cap: int | None, seed: int = 0) -> Layouts:
    """The layouts a decision is judged on: every one when there are at most ``cap`` (or
    ``cap`` is None); else a fixed sample of ``cap`` distinct ones, spread evenly over the
    layouts numbered in order (:func:`spread`; the real layout added when not among them),
    ``method`` "capped". Sorted (neighbouring layouts share the engine's table), which changes
    no figure. Nothing here is random: the same view gives the same sample."""
    total = view.count
    if cap is None or total <= cap:
        return view.layouts()
    if isinstance(view, InfoSet):
        free = cards_of(view.free)
        base = view.forced[view.defenders[0]]
        drawn = [base | _unrank_mask(i, [int(c) for c in free], view.need) for i in spread(total, cap, seed)]
    else:
        ranker = _Ranker(view)
        drawn = [ranker.layout(i) for i in spread(total, cap, seed)]
    if view.real not in set(drawn):
        drawn.append(view.real)
    drawn.sort()
    return Layouts(total, lambda: iter(drawn), "capped", seed, len(drawn), view.real)


# ---------------------------------------------------------------------- one decision
class _Tally:
    """Each card's figures over the layouts seen: best-in counts, tricks summed, made counts,
    and ``gt[a][b]``: some layout where card ``a`` is strictly better for the player than ``b``."""

    def __init__(self, n: int):
        self.best_in = [0] * n
        self.tricks = [0] * n
        self.made = [0] * n
        self.gt = [[False] * n for _ in range(n)]
        self.covered = 0

    def merge(self, o: _Tally) -> None:
        for i in range(len(self.best_in)):
            self.best_in[i] += o.best_in[i]
            self.tricks[i] += o.tricks[i]
            self.made[i] += o.made[i]
            for j in range(len(self.best_in)):
                self.gt[i][j] = self.gt[i][j] or o.gt[i][j]
        self.covered += o.covered


def _made_test(pos: Position):
    if pos.is_misere:
        return lambda t: t == 0
    level = pos.contract.level
    if level is None:
        return None
    return lambda t: t >= level


def _scan(eng: Engine, view, reps: list, layouts: Layouts, share=(0, 1), progress=None) -> _Tally:
    pos = view.pos
    base = pos.taken[pos.declarer]
    maximise = side_better(pos, view.seat) is max
    made = _made_test(pos)
    n = len(reps)
    t = _Tally(n)
    pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
    k, parts = share
    for index, part in enumerate(layouts.chunks(CHUNK)):
        if index % parts != k:
            continue
        vals = eng.solve_layouts(pos, [view.hands(lay) for lay in part], cards=reps)
        for row in vals:
            tot = [base + v for v in row]
            top = max(tot) if maximise else min(tot)
            for i, x in enumerate(tot):
                t.tricks[i] += x
                if x == top:
                    t.best_in[i] += 1
                if made is not None and made(x):
                    t.made[i] += 1
            if pairs:
                left = []
                for a, b in pairs:
                    if (tot[a] > tot[b]) if maximise else (tot[a] < tot[b]):
                        t.gt[a][b] = True
                    else:
                        left.append((a, b))
                pairs = left
        t.covered += len(part)
        if progress is not None:
            progress(t.covered)
    return t


_JOB: list = [None]   # the scan a forked child works on (set by the parent just before the fork)


def _scan_part(k: int) -> _Tally:
    eng, view, reps, layouts, n = _JOB[0]
    return _scan(eng, view, reps, layouts, (k, n))


def _scan_split(eng: Engine, view, reps: list, layouts: Layouts, workers: int, progress) -> _Tally:
    if (workers < 2 or layouts.used < SPLIT_FROM or eng.backend_name != "cython"
            or multiprocessing.current_process().daemon):
        return _scan(eng, view, reps, layouts, progress=progress)
    _JOB[0] = (eng, view, reps, layouts, workers)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_scan_part, range(workers))
    finally:
        _JOB[0] = None
    total = _Tally(len(reps))
    for p in parts:
        total.merge(p)
    if progress is not None:
        progress(total.covered)
    return total


@dataclass
class CardFigures:
    """One legal card of a decision over the layouts examined (``examined`` of them):
    ``best_in`` layouts where it keeps the best result, ``tricks``: the declarer's total
    tricks after it summed over them, ``made_in``: layouts where the contract is then made
    (None: the contract has no level), ``real``: its double-dummy value on the real layout."""

    card: Card
    best_in: int
    tricks: int
    made_in: int | None
    real: int
    examined: int

    @property
    def expected(self) -> float:
        """The declarer's expected total tricks, every layout counted once."""
        return self.tricks / self.examined

    @property
    def make(self) -> float | None:
        return None if self.made_in is None else self.made_in / self.examined

    def to_json(self) -> dict:
        out: dict[str, Any] = {"best_in": self.best_in, "expected": round(self.expected, 4), "real": self.real}
        if self.made_in is not None:
            out["made_in"] = self.made_in
            out["make"] = round(self.made_in / self.examined, 4)
        return out


@dataclass
class SingleDummyDecision:
    """One card of the history judged over its player's information set (see the module)."""

    index: int
    trick: int
    seat: int
    side: str
    played: Card
    verdict: str
    view: dict                      # what he could not see: holders, hand sizes, voids, open
    layouts: int                    # how many layouts he could believe in
    examined: int = 0               # how many were solved (all of them when ``exact``)
    exact: bool = True
    figures: dict = field(default_factory=dict)    # every legal card -> CardFigures (empty when forced)
    dominated: dict = field(default_factory=dict)  # dominated card -> a card never worse, sometimes better
    real: dict = field(default_factory=dict)       # every legal card -> its double-dummy total, real layout
    seconds: float = 0.0
    maximise: bool = True
    indifferent: bool = False      # every legal card the same in every layout examined: no real decision

    @property
    def forced(self) -> bool:
        return self.verdict == "forced"

    def _best(self, values: dict):
        return max(values.values()) if self.maximise else min(values.values())

    @property
    def dd_cost(self) -> int:
        """Tricks the card played gave away on the real layout (double dummy)."""
        b = self._best(self.real)
        return abs(b - self.real[self.played])

    @property
    def sd_cost(self) -> float:
        """Expected tricks the card played gave away against the card of the best expectation."""
        if not self.figures:
            return 0.0
        exp = {c: f.expected for c, f in self.figures.items()}
        return abs(self._best(exp) - exp[self.played])

    @property
    def best_everywhere(self) -> list:
        return [c for c, f in self.figures.items() if f.best_in == self.examined]

    def best_expected(self) -> list:
        """The cards with the best expectation for the player."""
        if not self.figures:
            return []
        exp = {c: f.tricks for c, f in self.figures.items()}
        b = self._best(exp)
        return [c for c, v in exp.items() if v == b]

    def to_json(self) -> dict:
        out: dict[str, Any] = {"index": self.index, "trick": self.trick, "seat": self.seat, "side": self.side,
                               "card": str(self.played), "verdict": self.verdict, "view": self.view,
                               "layouts": self.layouts}
        if self.forced:
            out["dd_cost"] = self.dd_cost
            return out
        out.update(examined=self.examined, exact=self.exact, uniform=True,
                   cards={str(c): f.to_json() for c, f in self.figures.items()},
                   best_everywhere=[str(c) for c in self.best_everywhere],
                   best_expected=[str(c) for c in self.best_expected()],
                   sd_cost=round(self.sd_cost, 4), dd_cost=self.dd_cost)
        if self.indifferent:
            out["indifferent"] = True
        if self.played in self.dominated:
            out["dominated_by"] = str(self.dominated[self.played])
        if self.dominated:
            out["dominated"] = {str(c): str(b) for c, b in self.dominated.items()}
        out["seconds"] = round(self.seconds, 3)
        return out


def decide(view, played, engine: Engine | None = None, *, index: int = 0, max_layouts: int | None = MAX_LAYOUTS,
           sample: int | None = None, workers: int = 1, progress=None, seed: int = 0) -> SingleDummyDecision:
    """The decision of the seat whose view ``view`` is (an :class:`InfoSet` or a
    :class:`SeatView`; he must be to move), judged for the card ``played``.

    ``max_layouts``: up to this many layouts every one is solved (None: always every one);
    past it a fixed sample of ``sample`` of them (None: ``max_layouts``; ``seed`` its offset)
    and the decision is not ``exact``. ``workers``: processes for a scan of
    at least 20,000 layouts (Cython engine). ``progress(done)``: called with the layouts done.
    """
    t0 = time.monotonic()
    pos = view.pos
    if pos.is_over():
        raise PositionError("the deal is over: no decision to make")
    if pos.to_move != view.seat:
        raise PositionError(f"seat {pos.to_move} is to move, not seat {view.seat}")
    if max_layouts is not None and (isinstance(max_layouts, bool) or not isinstance(max_layouts, int)
                                    or max_layouts < 1):
        raise PositionError(f"max_layouts: must be a whole number of at least 1, got {max_layouts!r}")
    if sample is not None and (isinstance(sample, bool) or not isinstance(sample, int) or sample < 1):
        raise PositionError(f"sample: must be a whole number of at least 1, got {sample!r}")
    played = Card.parse(played)
    legal = pos.legal_moves()
    if played not in legal:
        raise PositionError(f"card {played} is not a legal card here")
    eng = engine if engine is not None else Engine(reuse_table=True)
    d = pos.declarer
    seat = view.seat
    side = SIDES["misere" if pos.is_misere else "game"][0 if seat == d else 1]
    maximise = side_better(pos, seat) is max
    base = pos.taken[d]
    real = {c: base + v for c, v in eng.analyse(pos, all_cards=True).card_values.items()}
    groups: dict[int, list] = {}
    for c in legal:
        groups.setdefault(view_run(view, c), []).append(c)
    reps = [g[0] for g in groups.values()]
    desc = _view_words(view)
    trick = sum(pos.taken) + 1
    if len(reps) == 1:
        return SingleDummyDecision(index, trick, seat, side, played, "forced", desc, view.count, real=real,
                                   seconds=time.monotonic() - t0, maximise=maximise)
    if max_layouts is not None and view.count > max_layouts:
        layouts = examined_layouts(view, sample if sample is not None else max_layouts, seed)
    else:
        layouts = view.layouts()
    tally = _scan_split(eng, view, reps, layouts, workers, progress)
    n = tally.covered
    made = _made_test(pos) is not None
    figures = {}
    for i, r in enumerate(reps):
        for c in groups[view_run(view, r)]:
            figures[c] = CardFigures(c, tally.best_in[i], tally.tricks[i], tally.made[i] if made else None, real[c], n)
    dominated = {}
    for b in range(len(reps)):
        for a in range(len(reps)):
            if a != b and tally.gt[a][b] and not tally.gt[b][a]:
                for c in groups[view_run(view, reps[b])]:
                    dominated[c] = reps[a]
                break
    dec = SingleDummyDecision(index, trick, seat, side, played, "best", desc, view.count, n,
                              layouts.method != "capped", figures, dominated, real, 0.0, maximise,
                              not any(any(row) for row in tally.gt))
    if played in dominated:
        dec.verdict = "mistake"
    elif 2 * figures[played].best_in > n and dec.dd_cost > 0:
        dec.verdict = "bad break"
    elif not dec.best_everywhere:
        dec.verdict = "guess"
    dec.seconds = time.monotonic() - t0
    return dec


def _view_words(view) -> dict:
    if isinstance(view, InfoSet):
        a, b = view.defenders
        return {"player": "declarer", "unseen": [] if view.open_defence else [a, b], "open": view.open_defence,
                "voids": {str(s): "".join("scdh"[x] for x in sorted(v)) for s, v in sorted(view.voids.items())}}
    return {"player": "whister", "unseen": [h for h in view.holders], "open": len(view.hidden) == 1,
            "voids": {str(s): "".join("scdh"[x] for x in sorted(v)) for s, v in sorted(view.voids.items())},
            **({"talon": [str(c) for c in cards_of(view.talon)]} if getattr(view, "talon", 0) else {})}


# ---------------------------------------------------------------------- the deal
@dataclass
class SingleDummyAnalysis:
    """Every card of a history judged single dummy (``decisions``, one per card, forced ones
    included), and the whisters' question."""

    kind: str            # "game" or "misere"
    declarer: int
    contract: str
    level: int | None
    decisions: list
    final: int           # the declarer's total after the last card, double dummy (the result when finished)
    finished: bool
    open_defence: bool
    max_layouts: int | None
    seconds: float = 0.0
    sample: int | None = None

    @property
    def defenders(self) -> tuple:
        d = self.declarer
        return ((d + 1) % 3, (d + 2) % 3)

    @property
    def made(self) -> bool | None:
        if not self.finished:
            return None
        if self.kind == "misere":
            return self.final == 0
        return None if self.level is None else self.final >= self.level

    @property
    def exact(self) -> bool:
        return all(d.exact for d in self.decisions)

    def whisters(self) -> dict:
        """The whisters' question: for a contract made (a misère the catchers missed), each
        whister's mistakes and guesses (bad breaks among them) with their costs."""
        out: dict[str, Any] = {"made": self.made}
        if self.made is not True:
            out["applies"] = False
            out["why"] = ("the deal is not finished" if not self.finished else
                          "the contract has no level" if self.made is None else
                          "the misère was caught" if self.kind == "misere" else "the contract was defeated")
            return out
        out["applies"] = True
        seats = {}
        for w in self.defenders:
            mine = [d for d in self.decisions if d.seat == w]
            mistakes = [_cost_item(d) for d in mine if d.verdict == "mistake"]
            guesses = [_cost_item(d) for d in mine if d.verdict in ("guess", "bad break")]
            seats[str(w)] = {"decisions": sum(1 for d in mine if not d.forced), "mistakes": mistakes,
                             "guesses": guesses,
                             "dd_lost": sum(d.dd_cost for d in mine),
                             "dd_lost_in_mistakes": sum(x["dd_cost"] for x in mistakes),
                             "dd_lost_in_guesses": sum(x["dd_cost"] for x in guesses),
                             "sd_lost": round(sum(d.sd_cost for d in mine), 4)}
        out["seats"] = seats
        out["note"] = SIGNALS_NOTE["en"]
        return out

    def summary_json(self) -> dict:
        verdicts: dict = {}
        for d in self.decisions:
            verdicts.setdefault(str(d.seat), {}).setdefault(d.verdict, 0)
            verdicts[str(d.seat)][d.verdict] += 1
        return {"max_layouts": self.max_layouts, "sample": self.sample or self.max_layouts, "exact": self.exact,
                "uniform": True,
                "open": self.open_defence, "verdicts": verdicts, "whisters": self.whisters(),
                "seconds": round(self.seconds, 2)}

    def to_json(self) -> dict:
        return {"kind": self.kind, "contract": self.contract, "declarer": self.declarer, "final": self.final,
                "finished": self.finished, "decisions": [d.to_json() for d in self.decisions],
                "summary": self.summary_json()}

    def text(self, lang: str = "en") -> str:
        return render(self, lang)


def _cost_item(d: SingleDummyDecision) -> dict:
    out = {"index": d.index, "trick": d.trick, "card": str(d.played), "verdict": d.verdict,
           "dd_cost": d.dd_cost, "sd_cost": round(d.sd_cost, 4), "exact": d.exact}
    if d.played in d.dominated:
        out["dominated_by"] = str(d.dominated[d.played])
    return out


def analyse_single_dummy(dealt: Position, history, *, open_defence: bool = False, discard: int | None = None,
                         talon: int = 0, engine: Engine | None = None, max_layouts: int | None = MAX_LAYOUTS,
                         sample: int | None = None,
                         workers: int = 1, progress=None) -> SingleDummyAnalysis:
    """Every card of ``history`` (from ``dealt``, the position as dealt) judged over its player's
    information set.

    ``open_defence``: the defence plays open after the first card (the declarer then sees the
    defenders' hands, each defender his partner's). ``discard``: the mask of the cards the
    whisters have not seen out of play (default: the cards no hand holds when every hand has
    ten cards, else the position's ``out``). ``talon``: the mask of the talon (shown to all:
    a whister knows its cards lie with the declarer or in his discard). ``progress(i, n, done,
    examined)``: called as the decisions are made (card ``i`` of ``n``, layouts done of those
    examined)."""
    t0 = time.monotonic()
    cards = []
    for i, text in enumerate(history):
        try:
            cards.append(Card.parse(text))
        except PrefError as e:
            raise PositionError(f"history[{i}]: {e}") from None
    dealt.copy(stack=False).replay(cards)   # the first illegal card, named, before any search
    pos = dealt.copy(stack=False)
    d = pos.declarer
    if discard is None:
        held = pos.hands[0] | pos.hands[1] | pos.hands[2]
        discard = FULL_DECK & ~held if all(popcount(h) == 10 for h in pos.hands) else pos.out
    eng = engine if engine is not None else Engine(reuse_table=True)
    views: dict = {d: InfoSet(pos)}
    for w in ((d + 1) % 3, (d + 2) % 3):
        views[w] = WhisterView(pos, w, (d, 3 - d - w), discard, {}, talon)
    decisions = []
    for i, card in enumerate(cards):
        if i == 1 and open_defence:
            for s, v in list(views.items()):
                views[s] = (InfoSet(v.pos, v.voids, v.known, open_defence=True) if isinstance(v, InfoSet)
                            else v.opened())
        view = views[views[d].pos.to_move]
        cb = None
        if progress is not None:
            total = view.count if max_layouts is None or view.count <= max_layouts else \
                min(view.count, sample or max_layouts)
            progress(i, len(cards), 0, total)

            def cb(done, i=i, total=total):
                progress(i, len(cards), done, total)
        decisions.append(decide(view, card, eng, index=i, max_layouts=max_layouts, sample=sample, workers=workers,
                                progress=cb))
        for s in views:
            views[s] = views[s].after(card)
    end = views[d].pos
    final = decisions[-1].real[cards[-1]] if decisions else end.taken[d] + (0 if end.is_over() else eng.solve(end))
    kind = "misere" if pos.is_misere else "game"
    return SingleDummyAnalysis(kind, d, str(pos.contract), pos.contract.level, decisions, final, end.is_over(),
                               open_defence, max_layouts, time.monotonic() - t0, sample)


def single_dummy_record(rec: dict, engine: Engine | None = None, *, max_layouts: int | None = MAX_LAYOUTS,
                        sample: int | None = None,
                        workers: int = 1, progress=None) -> SingleDummyAnalysis:
    """A ``prefdd solve`` record with ``history`` (hands as dealt; optional ``open``: the
    defence opened its cards after the first card; ``talon``, ``discard``) → its analysis."""
    from ..json_fields import cards as json_cards
    from ..position import position_from_json
    from ..raspasovka.api import is_raspasovka_record

    if not isinstance(rec, dict):
        raise PositionError(f"expected a JSON object, got {type(rec).__name__}")
    if is_raspasovka_record(rec):
        raise PositionError("contract: single-dummy analysis is for a game or misère, not raspasovka")
    if rec.get("history") is None:
        raise PositionError("missing field 'history' (the cards played, in order from the first lead): "
                            "single-dummy analysis needs it")
    if rec.get("constraints"):
        raise PositionError("constraints: single-dummy analysis does not take constraints")
    open_defence = rec.get("open", False)
    if not isinstance(open_defence, bool):
        raise PositionError(f"open: expected true or false, got {open_defence!r}")
    hist = rec["history"]
    if not isinstance(hist, list):
        raise PositionError("history: expected a list of cards")
    dealt = position_from_json(dict(rec, history=[]), RECORD_FIELDS)
    talon = mask_of(json_cards(rec["talon"], "talon")) if rec.get("talon") else 0
    discard = mask_of(json_cards(rec["discard"], "discard")) if rec.get("discard") else None
    return analyse_single_dummy(dealt, json_cards(hist, "history"), open_defence=open_defence, discard=discard,
                                talon=talon, engine=engine, max_layouts=max_layouts, sample=sample, workers=workers,
                                progress=progress)


def default_workers() -> int:
    return os.cpu_count() or 1


# ---------------------------------------------------------------------- text
WORDS: dict[str, dict[str, Any]] = {
    "en": {"verdict": {"best": "best", "guess": "guess", "bad break": "bad break", "mistake": "mistake",
                       "forced": "forced"},
           "head": "Single dummy: each decision over the layouts its player could believe in, every layout "
                   "counted once (uniform: nothing inferred from the bidding or from signals). For each card: in how many "
                   "layouts it keeps the best result, the declarer's expected tricks (the whole deal) and the "
                   "chance of making or defeating the contract; * the card played.",
           "all": "every layout", "sample": "a fixed sample of {n} of them, not exact",
           "best_in": "best in {k} of {n}", "exp": "expected {x}", "make": "makes {p}", "defeat": "defeats {p}",
           "cost": "cost single dummy {sd}, double dummy {dd}",
           "dominated": "{b} is never worse and sometimes better",
           "question": "The whisters' question",
           "no_question": "The whisters' question does not arise: {why}.",
           "none": "no mistake, no guess", "mistakes": "mistakes", "guesses": "guesses",
           "lost": "lost double dummy {dd}, single dummy {sd}",
           "each": "double dummy {dd}, single dummy {sd}"},
    "ru": {"verdict": {"best": "лучший ход", "guess": "угадывание", "bad break": "неудачный расклад",
                       "mistake": "ошибка", "forced": "вынужденный ход"},
           "head": "По известным картам: каждое решение оценено по всем раскладам, которые игрок мог "
                   "предполагать, каждый расклад считается один раз (равновероятно: из торговли и сигналов "
                   "ничего не выводится). Для каждой карты: в скольких раскладах она сохраняет лучший результат, "
                   "сколько взяток играющий берёт в среднем (за всю сдачу) и вероятность выигрыша или подсада; "
                   "* — сыгранная карта.",
           "all": "все расклады", "sample": "постоянная выборка: {n} из них, не точно",
           "best_in": "лучшая в {k} из {n}", "exp": "в среднем {x}", "make": "выигрыш {p}", "defeat": "подсад {p}",
           "cost": "цена по известным картам {sd}, в открытую {dd}",
           "dominated": "{b} нигде не хуже и где-то лучше",
           "question": "Вопрос вистующих",
           "no_question": "Вопрос вистующих не возникает: {why}.",
           "none": "ни ошибок, ни угадываний", "mistakes": "ошибки", "guesses": "угадывания",
           "lost": "потеряно в открытую {dd}, по известным картам {sd}",
           "each": "в открытую {dd}, по известным картам {sd}"},
}
WHY_RU = {"the deal is not finished": "сдача не доиграна", "the contract has no level": "у контракта нет уровня",
          "the misère was caught": "мизер пойман", "the contract was defeated": "игра не сыграна"}


def _num(x: float, lang: str, digits: int = 2) -> str:
    s = f"{x:.{digits}f}"
    return s.replace(".", ",") if lang == "ru" else s


def _int(n: int, lang: str) -> str:
    s = f"{n:,}"
    return s.replace(",", "\u00a0") if lang == "ru" else s


def _pct(x: float, lang: str) -> str:
    return _num(100 * x, lang, 1) + "\u00a0%" if lang == "ru" else f"{100 * x:.1f} %"


def render(a: SingleDummyAnalysis, lang: str = "en") -> str:
    """The analysis as lines an arbiter reads: one per decision not forced, then the whisters' question."""
    from ..play_text import HANDS, ROLES, card_text, plural_ru

    if lang not in WORDS:
        raise ValueError(f"lang: expected one of {', '.join(WORDS)}, got {lang!r}")
    w = WORDS[lang]

    def who(seat: int) -> str:
        side = "declarer" if seat == a.declarer else SIDES[a.kind][1]
        return f"{HANDS[lang][seat]} ({ROLES[lang][side]})"

    def ct(c) -> str:
        return card_text(c, lang)

    lines = [w["head"]]
    for d in a.decisions:
        tr = f"взятка {d.trick}" if lang == "ru" else f"trick {d.trick}"
        head = f"{d.index + 1}. {tr}, {who(d.seat)} {ct(d.played)}: {w['verdict'][d.verdict]}"
        if d.forced or d.indifferent:
            continue
        if d.played in d.dominated:
            head += " — " + w["dominated"].format(b=ct(d.dominated[d.played]))
        scope = w["all"] if d.exact else w["sample"].format(n=_int(d.examined, lang))
        word = plural_ru(d.layouts, "расклад", "расклада", "раскладов") if lang == "ru" else \
            "layout" if d.layouts == 1 else "layouts"
        head += f"; {_int(d.layouts, lang)} {word} ({scope})"
        lines.append(head)
        whister = d.seat != a.declarer
        parts = []
        for c, f in sorted(d.figures.items(), key=lambda kv: (-kv[1].best_in, str(kv[0]))):
            s = f"{ct(c)}{'*' if c == d.played else ''}: " + w["best_in"].format(k=_int(f.best_in, lang),
                                                                                 n=_int(d.examined, lang))
            s += ", " + w["exp"].format(x=_num(f.expected, lang))
            if f.make is not None:
                s += ", " + (w["defeat"].format(p=_pct(1 - f.make, lang)) if whister
                             else w["make"].format(p=_pct(f.make, lang)))
            parts.append(s)
        lines.append("    " + "; ".join(parts))
        sd = _num(d.sd_cost, lang)
        lines.append("    " + w["cost"].format(sd=sd, dd=d.dd_cost))
    q = a.whisters()
    if not q["applies"]:
        why = WHY_RU.get(q["why"], q["why"]) if lang == "ru" else q["why"]
        lines.append(w["no_question"].format(why=why))
        return "\n".join(lines)
    lines.append(w["question"] + ":")
    for seat in a.defenders:
        s = q["seats"][str(seat)]
        if not s["mistakes"] and not s["guesses"]:
            lines.append(f"  {who(seat)}: {w['none']}")
            continue
        lines.append(f"  {who(seat)}: " + w["lost"].format(dd=s["dd_lost"], sd=_num(s["sd_lost"], lang)))
        for key in ("mistakes", "guesses"):
            if s[key]:
                items = ", ".join(f"{'взятка' if lang == 'ru' else 'trick'} {x['trick']} "
                                  f"{ct(Card.parse(x['card']))} ("
                                  + w["each"].format(dd=x["dd_cost"], sd=_num(x["sd_cost"], lang))
                                  + ("" if x["verdict"] != "bad break" else ", " + w["verdict"]["bad break"]) + ")"
                                  for x in s[key])
                lines.append(f"    {w[key]}: {items}")
    lines.append(SIGNALS_NOTE[lang])
    return "\n".join(lines)
