"""Single-dummy analysis of a played deal: every decision judged with what its player could know.

For each card of a recorded history (a game or a misère; the declarer and each whister), over
the information set of the player at that moment — the declarer: his hand, the cards played,
the voids shown (:class:`~solver.imperfect.InfoSet`); a whister: the declarer's hand, his
partner's (unless the defence plays open, after the first card) and the discard unseen, the
talon's cards known to lie with the declarer or in his discard (:class:`SeatView`) — every
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

Exact by default: every layout of a decision is solved up to ``max_layouts`` of them (200,000,
as :data:`~solver.imperfect.candidates.SCAN_CAP`: every layout of a declarer's decision — his
first lead has 184,756). A larger set (a whister's first lead: 12.2 million with the talon
known) is examined on ``max_layouts`` of them, the real one first and the rest spread evenly
over all (:func:`~solver.imperfect.layouts.capped_layouts`); a ``budget`` (seconds for the
whole deal) may stop a scan sooner. Such a decision is not ``exact``: its verdict is given
only where the layouts examined prove it (witness layouts: "a guess" needs, for each card,
one layout where it is not best; "not a mistake", one layout where the card played beats
each other card), else it is ``undecided`` with the verdicts still ``possible``; its counts
are those of the layouts examined, with what they prove of all of them (``bounds``).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .. import interrupt
from ..cards import Card
from ..engine import Engine
from ..engine.many import solve_trusted
from ..engine.shares import in_shares
from ..errors import PositionError, PrefError
from ..hands import cards_of, mask_of, popcount
from ..interrupt import passed
from ..position import Position
from .candidates import CHUNK, SCAN_CAP, SPLIT_FROM, can_split, side_better, use_numpy
from .layouts import Layouts, capped_layouts
from .views import InformationSet, InfoSet, SeatView, view_run

__all__ = ["MAX_LAYOUTS", "VERDICTS", "CardFigures", "SingleDummyDecision", "SingleDummyAnalysis",
           "analyse_single_dummy", "single_dummy_record", "decide", "RECORD_FIELDS", "SIGNALS_NOTE"]

MAX_LAYOUTS = SCAN_CAP
VERDICTS = ("best", "guess", "bad break", "mistake", "forced", "undecided")
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
        self.stopped = False    # the deadline came before every layout was seen

    def merge(self, o: _Tally) -> None:
        for i in range(len(self.best_in)):
            self.best_in[i] += o.best_in[i]
            self.tricks[i] += o.tricks[i]
            self.made[i] += o.made[i]
            for j in range(len(self.best_in)):
                self.gt[i][j] = self.gt[i][j] or o.gt[i][j]
        self.covered += o.covered
        self.stopped = self.stopped or o.stopped


def _rep(view, groups: dict, card):
    return groups[view_run(view, card)][0]


def _made_test(pos: Position):
    if pos.is_misere:
        return lambda t: t == 0
    level = pos.contract.level
    if level is None:
        return None
    return lambda t: t >= level


def _scan(eng: Engine, view, reps: list, layouts: Layouts, share=(0, 1), progress=None,
          deadline: float | None = None) -> _Tally:
    """Every card of ``reps`` in every layout of this share; past ``deadline`` (after the
    first chunk, so the real layout is always seen) the tally is ``stopped``."""
    pos = view.pos
    base = pos.taken[pos.declarer]
    maximise = side_better(pos, view.seat) is max
    made = _made_test(pos)
    n = len(reps)
    t = _Tally(n)
    k, parts = share
    for part in layouts.chunks(CHUNK, (k, parts), arrays=use_numpy(layouts.used)):
        if t.covered and passed(deadline):
            t.stopped = True
            break
        if not use_numpy(layouts.used):
            _fold_rows(t, eng.solve_layouts(pos, [view.hands(lay) for lay in part], cards=reps), base, maximise,
                       made)
            t.covered += len(part)
            if progress is not None:
                progress(t.covered)
            continue
        # the chunk as the candidates' scan solves it (the view's own arrays, the trusted
        # path), folded in NumPy: (layouts x cards) totals
        tot = base + solve_trusted(eng, pos, view.hands_array(part), reps)
        sv = tot if maximise else -tot
        top = sv.max(axis=1)
        best = (sv == top[:, None]).sum(axis=0)
        sums = tot.sum(axis=0)
        wins = made(tot).sum(axis=0) if made is not None else None
        seen = (sv[:, :, None] > sv[:, None, :]).any(axis=0)
        for i in range(n):
            t.tricks[i] += int(sums[i])
            t.best_in[i] += int(best[i])
            if wins is not None:
                t.made[i] += int(wins[i])
            row = t.gt[i]
            for j in range(n):
                if seen[i, j]:
                    row[j] = True
        t.covered += len(part)
        if progress is not None:
            progress(t.covered)
    return t


def _fold_rows(t: _Tally, vals, base: int, maximise: bool, made) -> None:
    """A small scan's chunk (lists of each card's value) into the tally, without NumPy."""
    n = len(t.best_in)
    for row in vals:
        tot = [base + v for v in row]
        top = max(tot) if maximise else min(tot)
        for i, x in enumerate(tot):
            t.tricks[i] += x
            if x == top:
                t.best_in[i] += 1
            if made is not None and made(x):
                t.made[i] += 1
        for a in range(n):
            row_gt = t.gt[a]
            for b in range(n):
                if a != b and not row_gt[b] and ((tot[a] > tot[b]) if maximise else (tot[a] < tot[b])):
                    row_gt[b] = True


def _scan_part(job, k: int, n: int) -> _Tally:
    eng, view, reps, layouts, deadline = job
    return _scan(eng, view, reps, layouts, (k, n), deadline=deadline)


def _scan_split(eng: Engine, view, reps: list, layouts: Layouts, workers: int, progress,
                deadline: float | None = None) -> _Tally:
    n = can_split(eng, layouts.used, workers, SPLIT_FROM)
    if n < 2:
        return _scan(eng, view, reps, layouts, progress=progress, deadline=deadline)
    parts = in_shares(_scan_part, (eng, view, reps, layouts, deadline), n)
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

    def bounds(self, layouts: int, low: int, high: int) -> dict:
        """What the layouts examined prove of all ``layouts``: each count between what was
        seen and that plus every layout not seen; the expected tricks between every unseen
        layout giving the declarer ``low`` and every one giving ``high``."""
        rest = layouts - self.examined
        out: dict[str, Any] = {"best_in": [self.best_in, self.best_in + rest],
                               "expected": [round((self.tricks + rest * low) / layouts, 4),
                                            round((self.tricks + rest * high) / layouts, 4)]}
        if self.made_in is not None:
            out["made_in"] = [self.made_in, self.made_in + rest]
        return out

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
    indifferent: bool = False      # every legal card the same in every layout: no real decision
    possible: list = field(default_factory=list)   # undecided: the verdicts the layouts not seen leave open
    stopped: str | None = None     # not exact: "cap" (more layouts than max_layouts), "budget" or "stop"
    low_high: tuple = (0, 0)       # the declarer's fewest and most tricks possible in the deal from here

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
        if not self.exact:
            out["stopped"] = self.stopped
            out["bounds"] = {str(c): f.bounds(self.layouts, *self.low_high) for c, f in self.figures.items()}
        if self.verdict == "undecided":
            out["possible"] = list(self.possible)
        if self.indifferent:
            out["indifferent"] = True
        if self.played in self.dominated:
            out["dominated_by"] = str(self.dominated[self.played])
        if self.dominated:
            out["dominated"] = {str(c): str(b) for c, b in self.dominated.items()}
        out["seconds"] = round(self.seconds, 3)
        return out


def decide(view: InformationSet, played, engine: Engine | None = None, *, index: int = 0, max_layouts: int | None = MAX_LAYOUTS,
           deadline: float | None = None, workers: int = 1, progress=None, seed: int = 0) -> SingleDummyDecision:
    """The decision of the seat whose view ``view`` is (an :class:`InfoSet` or a
    :class:`SeatView`; he must be to move), judged for the card ``played``.

    ``max_layouts``: up to this many layouts every one is solved (None: always every one);
    past it ``max_layouts`` of them (:func:`~solver.imperfect.layouts.capped_layouts`;
    ``seed`` the offset of their order) and the decision is not ``exact``. ``deadline``
    (``time.monotonic()``): stop the scan there (after its first chunk), not ``exact``
    either. ``workers``: processes for a scan of at least 20,000 layouts (Cython engine).
    ``progress(done)``: called with the layouts done.
    """
    t0 = time.monotonic()
    pos = view.pos
    if pos.is_over():
        raise PositionError.of("deal_over_no_decision")
    if pos.to_move != view.seat:
        raise PositionError.of("seat_to_move_not", None, mover=pos.to_move, seat=view.seat)
    if max_layouts is not None and (isinstance(max_layouts, bool) or not isinstance(max_layouts, int)
                                    or max_layouts < 1):
        raise PositionError.of("whole_number_min1", "max_layouts", got=repr(max_layouts))
    played = Card.parse(played)
    legal = pos.legal_moves()
    if played not in legal:
        raise PositionError.of("not_legal_here", None, card=str(played))
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
    capped = max_layouts is not None and view.count > max_layouts
    layouts = capped_layouts(view, max_layouts, seed, every=True) if capped and max_layouts is not None else view.layouts()
    tally = _scan_split(eng, view, reps, layouts, workers, progress, deadline)
    n = tally.covered
    exact = not tally.stopped and not capped
    made = _made_test(pos) is not None
    figures = {}
    for i, r in enumerate(reps):
        for c in groups[view_run(view, r)]:
            figures[c] = CardFigures(c, tally.best_in[i], tally.tricks[i], tally.made[i] if made else None, real[c], n)
    dominated = {}
    if exact:   # domination is a statement about every layout
        for b in range(len(reps)):
            for a in range(len(reps)):
                if a != b and tally.gt[a][b] and not tally.gt[b][a]:
                    for c in groups[view_run(view, reps[b])]:
                        dominated[c] = reps[a]
                    break
    low_high = (base, base + popcount(pos.hands[pos.to_move]))   # he has a card for each trick to come
    dec = SingleDummyDecision(index, trick, seat, side, played, "best", desc, view.count, n, exact, figures,
                              dominated, real, 0.0, maximise, exact and not any(any(row) for row in tally.gt),
                              stopped=None if exact else (("stop" if interrupt.asked() else "budget") if tally.stopped
                                                          else "cap"), low_high=low_high)
    p = reps.index(_rep(view, groups, played))
    rest = view.count - n
    # each verdict's test: True, False, or None (the layouts not seen could go either way)
    if exact:
        mistake: bool | None = played in dominated
    else:   # not a mistake once the card played was strictly better than each other card somewhere
        mistake = False if all(tally.gt[p][a] for a in range(len(reps)) if a != p) else None
    best_in = figures[played].best_in
    if dec.dd_cost == 0 or 2 * (best_in + rest) <= view.count:
        bad_break: bool | None = False
    else:
        bad_break = True if 2 * best_in > view.count else None
    no_card_everywhere = all(tally.best_in[i] < n for i in range(len(reps)))
    guess: bool | None = True if no_card_everywhere else (False if exact else None)
    # "best": the card played best in every layout; not once a layout examined shows it not best
    best = best_in == n
    possible = []
    for name, test in (("mistake", mistake), ("bad break", bad_break), ("guess", guess), ("best", best)):
        if test is False:
            continue
        possible.append(name)
        if test is True:
            break
    dec.verdict = possible[0] if len(possible) == 1 else "undecided"
    dec.possible = possible if len(possible) > 1 else []
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
    budget: float | None = None

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
            undecided = [_cost_item(d) for d in mine if d.verdict == "undecided"]
            seats[str(w)] = {"decisions": sum(1 for d in mine if not d.forced), "mistakes": mistakes,
                             "guesses": guesses, "undecided": undecided,
                             "dd_lost": sum(d.dd_cost for d in mine),
                             "dd_lost_in_mistakes": sum(x["dd_cost"] for x in mistakes),
                             "dd_lost_in_guesses": sum(x["dd_cost"] for x in guesses),
                             "dd_lost_undecided": sum(x["dd_cost"] for x in undecided),
                             "sd_lost": round(sum(d.sd_cost for d in mine), 4)}
        out["seats"] = seats
        out["note"] = SIGNALS_NOTE["en"]
        return out

    def summary_json(self) -> dict:
        verdicts: dict = {}
        for d in self.decisions:
            verdicts.setdefault(str(d.seat), {}).setdefault(d.verdict, 0)
            verdicts[str(d.seat)][d.verdict] += 1
        return {"max_layouts": self.max_layouts, "budget": self.budget, "exact": self.exact,
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
    if d.possible:
        out["possible"] = list(d.possible)
    return out


def analyse_single_dummy(dealt: Position, history, *, open_defence: bool = False, discard: int | None = None,
                         talon: int = 0, engine: Engine | None = None, max_layouts: int | None = MAX_LAYOUTS,
                         budget: float | None = None, workers: int = 1, progress=None) -> SingleDummyAnalysis:
    """Every card of ``history`` (from ``dealt``, the position as dealt) judged over its player's
    information set.

    ``open_defence``: the defence plays open after the first card (the declarer then sees the
    defenders' hands, each defender his partner's). ``discard``: the mask of the cards the
    whisters have not seen out of play (default: the cards no hand holds when every hand has
    ten cards, else the position's ``out``). ``talon``: the mask of the talon (shown to all:
    a whister knows its cards lie with the declarer or in his discard). ``budget``: seconds for
    the whole analysis; a scan running past it stops after its first chunk (its decision, and
    every later one, then not ``exact``). ``progress(i, n, done,
    examined)``: called as the decisions are made (card ``i`` of ``n``, layouts done of those
    examined)."""
    t0 = time.monotonic()
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float)) or not budget > 0):
        raise PositionError.of("budget_seconds", "budget", got=repr(budget))
    deadline = None if budget is None else t0 + budget
    cards = []
    for i, text in enumerate(history):
        try:
            cards.append(Card.parse(text))
        except PrefError as e:
            raise e.under(PositionError, f"history[{i}]") from None
    dealt.copy(stack=False).replay(cards)   # the first illegal card, named, before any search
    pos = dealt.copy(stack=False)
    d = pos.declarer
    if discard is None:
        held = pos.hands[0] | pos.hands[1] | pos.hands[2]
        discard = FULL_DECK & ~held if all(popcount(h) == 10 for h in pos.hands) else pos.out
    eng = engine if engine is not None else Engine(reuse_table=True)
    views: dict = {d: InfoSet(pos)}
    for w in ((d + 1) % 3, (d + 2) % 3):
        views[w] = SeatView(pos, w, (d, 3 - d - w), discard, {}, talon)
    decisions = []
    for i, card in enumerate(cards):
        if i == 1 and open_defence:
            for s, v in list(views.items()):
                views[s] = (InfoSet(v.pos, v.voids, v.known, open_defence=True) if isinstance(v, InfoSet)
                            else v.opened())
        view = views[views[d].pos.to_move]
        cb = None
        if progress is not None:
            total = view.count if max_layouts is None else min(view.count, max_layouts)
            progress(i, len(cards), 0, total)

            def cb(done, i=i, total=total):
                progress(i, len(cards), done, total)
        decisions.append(decide(view, card, eng, index=i, max_layouts=max_layouts, deadline=deadline,
                                workers=workers, progress=cb))
        for s in views:
            views[s] = views[s].after(card)
    end = views[d].pos
    final = decisions[-1].real[cards[-1]] if decisions else end.taken[d] + (0 if end.is_over() else eng.solve(end))
    kind = "misere" if pos.is_misere else "game"
    return SingleDummyAnalysis(kind, d, str(pos.contract), pos.contract.level, decisions, final, end.is_over(),
                               open_defence, max_layouts, time.monotonic() - t0, budget)


def single_dummy_record(rec: dict, engine: Engine | None = None, *, max_layouts: int | None = MAX_LAYOUTS,
                        budget: float | None = None, workers: int = 1, progress=None) -> SingleDummyAnalysis:
    """A ``prefdd solve`` record with ``history`` (hands as dealt; optional ``open``: the
    defence opened its cards after the first card; ``talon``, ``discard``) → its analysis."""
    from ..json_fields import cards as json_cards
    from ..position import position_from_json
    from ..raspasovka.api import is_raspasovka_record

    if not isinstance(rec, dict):
        raise PositionError.of("expected_json_object", None, got=type(rec).__name__)
    if is_raspasovka_record(rec):
        raise PositionError.of("sd_raspasovka", "contract")
    if rec.get("history") is None:
        raise PositionError.of("sd_history_needed")
    if rec.get("constraints"):
        raise PositionError.of("sd_no_constraints", "constraints")
    open_defence = rec.get("open", False)
    if not isinstance(open_defence, bool):
        raise PositionError.of("expected_bool", "open", got=repr(open_defence))
    hist = rec["history"]
    if not isinstance(hist, list):
        raise PositionError.of("expected_card_list", "history")
    dealt = position_from_json(dict(rec, history=[]), RECORD_FIELDS)
    talon = mask_of(json_cards(rec["talon"], "talon")) if rec.get("talon") else 0
    discard = mask_of(json_cards(rec["discard"], "discard")) if rec.get("discard") else None
    return analyse_single_dummy(dealt, json_cards(hist, "history"), open_defence=open_defence, discard=discard,
                                talon=talon, engine=engine, max_layouts=max_layouts, budget=budget, workers=workers,
                                progress=progress)


# ---------------------------------------------------------------------- text
WORDS: dict[str, dict[str, Any]] = {
    "en": {"verdict": {"best": "best", "guess": "guess", "bad break": "bad break", "mistake": "mistake",
                       "forced": "forced", "undecided": "not proven"},
           "or": " or ",
           "head": "Single dummy: each decision over the layouts its player could believe in, every layout "
                   "counted once (uniform: nothing inferred from the bidding or from signals). For each card: in how many "
                   "layouts it keeps the best result, the declarer's expected tricks (the whole deal) and the "
                   "chance of making or defeating the contract; * the card played.",
           "all": "every layout",
           "cap": "{n} examined, the real one and the rest spread evenly over all; not exact",
           "budget": "{n} examined before the time budget ran out; not exact",
           "stop": "{n} examined before the analysis was stopped; not exact",
           "best_in": "best in {k} of {n}", "best_in_seen": "best in {k} of {n} examined", "exp": "expected {x}", "make": "makes {p}", "defeat": "defeats {p}",
           "cost": "cost single dummy {sd}, double dummy {dd}",
           "dominated": "{b} is never worse and sometimes better",
           "question": "The whisters' question",
           "no_question": "The whisters' question does not arise: {why}.",
           "none": "no mistake, no guess", "mistakes": "mistakes", "guesses": "guesses", "undecided": "not proven",
           "lost": "lost double dummy {dd}, single dummy {sd}",
           "each": "double dummy {dd}, single dummy {sd}"},
    "ru": {"verdict": {"best": "лучший ход", "guess": "угадывание", "bad break": "неудачный расклад",
                       "mistake": "ошибка", "forced": "вынужденный ход", "undecided": "не доказано"},
           "or": " или ",
           "head": "По известным картам: каждое решение оценено по всем раскладам, которые игрок мог "
                   "предполагать, каждый расклад считается один раз (равновероятно: из торговли и сигналов "
                   "ничего не выводится). Для каждой карты: в скольких раскладах она сохраняет лучший результат, "
                   "сколько взяток играющий берёт в среднем (за всю сдачу) и вероятность выигрыша или подсада; "
                   "* — сыгранная карта.",
           "all": "все расклады",
           "cap": "рассмотрено {n}: реальный и остальные равномерно по всем; не точно",
           "budget": "рассмотрено {n}, пока не кончилось время; не точно",
           "stop": "рассмотрено {n}, пока анализ не остановили; не точно",
           "best_in": "лучшая в {k} из {n}", "best_in_seen": "лучшая в {k} из {n} рассмотренных", "exp": "в среднем {x}", "make": "выигрыш {p}", "defeat": "подсад {p}",
           "cost": "цена по известным картам {sd}, в открытую {dd}",
           "dominated": "{b} нигде не хуже и где-то лучше",
           "question": "Вопрос вистующих",
           "no_question": "Вопрос вистующих не возникает: {why}.",
           "none": "ни ошибок, ни угадываний", "mistakes": "ошибки", "guesses": "угадывания",
           "undecided": "не доказано",
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
    from ..play_text import HANDS, ROLES, card_text
    from ..russian import agree

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
        if d.possible:
            head += " (" + w["or"].join(w["verdict"][v] for v in d.possible) + ")"
        if d.forced or d.indifferent:
            continue
        if d.played in d.dominated:
            head += " — " + w["dominated"].format(b=ct(d.dominated[d.played]))
        scope = w["all"] if d.exact else w[d.stopped or "cap"].format(n=_int(d.examined, lang))
        word = agree(d.layouts, "расклад", "расклада", "раскладов") if lang == "ru" else \
            "layout" if d.layouts == 1 else "layouts"
        head += f"; {_int(d.layouts, lang)} {word} ({scope})"
        lines.append(head)
        whister = d.seat != a.declarer
        parts = []
        for c, f in sorted(d.figures.items(), key=lambda kv: (-kv[1].best_in, str(kv[0]))):
            s = f"{ct(c)}{'*' if c == d.played else ''}: " + w["best_in" if d.exact else "best_in_seen"].format(
                k=_int(f.best_in, lang), n=_int(d.examined, lang))
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
        if not s["mistakes"] and not s["guesses"] and not s["undecided"]:
            lines.append(f"  {who(seat)}: {w['none']}")
            continue
        lines.append(f"  {who(seat)}: " + w["lost"].format(dd=s["dd_lost"], sd=_num(s["sd_lost"], lang)))
        for key in ("mistakes", "guesses", "undecided"):
            if s[key]:
                items = ", ".join(f"{'взятка' if lang == 'ru' else 'trick'} {x['trick']} "
                                  f"{ct(Card.parse(x['card']))} ("
                                  + w["each"].format(dd=x["dd_cost"], sd=_num(x["sd_cost"], lang))
                                  + ("" if x["verdict"] != "bad break" else ", " + w["verdict"]["bad break"]) + ")"
                                  for x in s[key])
                lines.append(f"    {w[key]}: {items}")
    lines.append(SIGNALS_NOTE[lang])
    return "\n".join(lines)
