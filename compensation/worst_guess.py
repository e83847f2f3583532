"""The worst-guess search behind rule 1.6.2 and claims: the declarer who opens his cards is taken to guess wrong.

Rule 1.6.2 says "the move least favourable to him is made for him". Read literally ("the
worst legal move") it would have him throw away his aces, which no arbiter means: what is
made for him is the **wrong guess** among the plays he might reasonably have made.

* **Candidates** at a declarer decision: the cards that are best for him double dummy in
  at least one layout of the unseen cards he could believe in (:mod:`solver.infoset`).
  A card that is a sure loss in every such layout is not a guess and is never chosen.
* **Every guess wrong** (the default, ``guess="every_sequence"``): the worst final result
  over every sequence of candidate choices, each later choice again a wrong guess; the
  defenders play double-dummy best on the real layout. ``guess="greedy"`` (a named
  setting): at each decision the candidate worst on the real layout, then on. Several
  best defence cards are all followed and the line worst for the declarer is taken
  (equivalent cards of one run are followed once). The layouts are enumerated (or sampled)
  once at the first position and narrowed as play goes on.
* The same search serves the information rules (:func:`resolve_against`): any seat's
  decisions, his view before he saw what he should not have, the recorded play followed.
* **Claim check** (the code's preamble): from the claim position, the double-dummy
  result, the worst-guess result, and whether a guess was needed (they differ).
* ``literal_worst``: the plainly named alternative for arbiters who read the rule to the
  letter — the worst *legal* move at the declarer's next decision, then double dummy.

Results count the declarer's tricks in the whole deal (tricks already taken included).
On misère "best for the declarer" means fewest tricks, and worst means most.
The rulings built on these (1.6.2, the claim, seed 001's note) are at the end.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.cards import Card
from solver.engine import Engine
from solver.errors import PositionError, SearchLimitError
from solver.infoset import DEFAULT_BOUND, DEFAULT_SAMPLE, DEFAULT_SEED, InfoSet, Layouts
from solver.position import Position, run_low

__all__ = [
    "Decision", "WorstGuess", "ClaimCheck", "candidate_moves", "worst_guess_play", "resolve_against",
    "literal_worst", "check_claim", "double_dummy",
]


TIES = ("auto", "all", "declarer")
GUESSES = ("every_sequence", "greedy")
DEFAULT_GUESS = "every_sequence"
CANDIDATES = ("best_somewhere", "undominated")
DEFAULT_MAX_POSITIONS = 3000


# ---------------------------------------------------------------------- helpers
def _declarer_better(pos: Position):
    """max for a declarer who wants tricks, min on misère."""
    return min if pos.is_misere else max


def _declarer_worse(pos: Position):
    return max if pos.is_misere else min


def run_rep(pos: Position, card: Card) -> int:
    """Lowest card of the run ``card`` belongs to: equivalent cards, for the search and for
    the declarer's knowledge alike (:func:`solver.position.run_low`)."""
    return run_low(pos, card)


def _distinct(pos: Position, cards) -> list[Card]:
    """One card per run, in the order given."""
    seen, out = set(), []
    for c in cards:
        r = run_rep(pos, c)
        if r not in seen:
            seen.add(r)
            out.append(c)
    return out


def _engine(engine: Engine | None) -> Engine:
    return engine if engine is not None else Engine(reuse_table=True)


def _total(pos: Position, remaining: int) -> int:
    return pos.taken[pos.declarer] + remaining


# ---------------------------------------------------------------------- decisions
@dataclass
class Decision:
    """One declarer decision along the worst-guess line.

    ``real_values``: every legal card's double-dummy value on the real layout (declarer's
    tricks in the deal); ``best_in``: for each candidate, in how many of the layouts used
    it was a best card; ``played``: the candidate worst on the real layout.
    """

    trick: int
    seat: int
    layouts: Layouts
    candidates: list
    best_in: dict
    real_values: dict
    played: Card | None = None
    forced: bool = False     # one card up to equivalent ones: no layout was searched
    changed: bool = True     # False: the knowledge could not change it (same candidates with it)

    @property
    def guess(self) -> bool:
        """Whether the candidates differ on the real layout: a wrong guess costs tricks."""
        vals = {self.real_values[c] for c in self.candidates}
        return len(vals) > 1

    def to_json(self) -> dict:
        out = {
            "trick": self.trick,
            "seat": self.seat,
            **({"forced": True, "layouts": self.layouts.total} if self.forced else self.layouts.describe()),
            "candidates": [str(c) for c in self.candidates],
            "best_in": {str(c): n for c, n in self.best_in.items()},
            "real_values": {str(c): v for c, v in self.real_values.items()},
            "guess": self.guess,
        }
        if not self.changed:
            out["knowledge_could_change"] = False
        if self.played is not None:
            out["played"] = str(self.played)
        return out


def candidate_moves(info, engine: Engine | None = None, bound: int = DEFAULT_BOUND,
                    sample: int = DEFAULT_SAMPLE, seed: int = DEFAULT_SEED,
                    candidates: str = "best_somewhere", cache: dict | None = None,
                    pool: Layouts | None = None, allowed=None) -> Decision:
    """The candidates of the seat whose view ``info`` is, at ``info.pos`` (he must be to move).

    ``info``: the declarer's :class:`~solver.infoset.InfoSet` (rule 1.6.2, claims) or any
    seat's :class:`~solver.infoset.SeatView` (the information rules).
    ``candidates``: "best_somewhere" (the issue's definition: best in at least one layout);
    "undominated" also drops a card that is never better than some other card and worse
    in at least one layout (e.g. cashing a side ace before drawing the last trump).
    ``cache``: card values by position, shared by one search (a layout seen twice is
    solved once); ``pool``: the layouts of the search's first view, enumerated or sampled
    once and narrowed here (:meth:`~solver.infoset.InfoSet.restrict`) instead of drawn anew;
    ``allowed``: the cards a restriction leaves him (a demanded suit), best among those.
    """
    if candidates not in CANDIDATES:
        raise PositionError(f"candidates: expected one of {', '.join(CANDIDATES)}, got {candidates!r}")
    pos = info.pos
    seat = info.seat
    if pos.is_over():
        raise PositionError("the deal is over: no decision to make")
    if pos.to_move != seat:
        who = "the declarer" if seat == pos.declarer else f"seat {seat}"
        raise PositionError(f"seat {pos.to_move} is to move, not {who} (seat {seat})")
    eng = _engine(engine)
    cache = {} if cache is None else cache
    trick_no = sum(pos.taken) + 1
    legal = pos.legal_moves()
    if allowed is not None:
        legal = [c for c in legal if c in set(allowed)]
        if not legal:
            raise PositionError("allowed: none of these cards can be played here")
    real_vals = _values(eng, pos, cache)
    real_values = {c: _total(pos, v) for c, v in real_vals.items()}
    if len(_distinct(pos, legal)) == 1:
        # one choice up to equivalent cards: nothing to guess, no layouts searched
        return Decision(trick_no, seat, Layouts((), info.count, True), list(legal),
                        {c: info.count for c in legal}, real_values, forced=True)
    layouts = info.restrict(pool) if pool is not None else info.layouts(bound, sample, seed)
    best = _side_better(pos, seat)
    best_in = {c: 0 for c in legal}
    table = []
    for mask in layouts.masks:
        vals = real_vals if mask == info.real else _values(eng, info.position(mask), cache)
        table.append(vals)
        top = best(vals[c] for c in legal)
        for c in legal:
            if vals[c] == top:
                best_in[c] += 1
    cands = [c for c in legal if best_in[c]]
    if candidates == "undominated":
        sign = 1 if best is max else -1

        def dominated(c):
            return any(all(sign * t[o] >= sign * t[c] for t in table) and any(sign * t[o] > sign * t[c] for t in table)
                       for o in legal if o is not c)

        cands = [c for c in cands if not dominated(c)]
    return Decision(trick_no, seat, layouts, cands, {c: best_in[c] for c in cands}, real_values)


def _values(eng: Engine, pos: Position, cache: dict) -> dict:
    k = (tuple(pos.hands), pos.leader, tuple((s, int(c)) for s, c in pos.trick))
    v = cache.get(k)
    if v is None:
        v = cache[k] = eng.analyse(pos, all_cards=True).card_values
    return v


def _side_better(pos: Position, seat: int):
    """max or min of the declarer's tricks: what the side of ``seat`` wants."""
    return _declarer_better(pos) if seat == pos.declarer else _declarer_worse(pos)


def _side_worse(pos: Position, seat: int):
    return _declarer_worse(pos) if seat == pos.declarer else _declarer_better(pos)


# ---------------------------------------------------------------------- worst-guess play
@dataclass
class WorstGuess:
    """The worst-guess line from a position: the declarer's tricks, the line, the decisions."""

    declarer_tricks: int          # in the deal, tricks already taken included
    line: list                    # cards to the end of the deal
    decisions: list               # Decision at each declarer move of the line
    tricks: tuple                 # every seat's tricks in the deal at the end of the line
    ties: str = "all"             # which tied choices were followed: "all" or "declarer"
    guess: str = "every_sequence"  # the reading used: "every_sequence" or "greedy"

    @property
    def guess_points(self) -> list:
        return [d for d in self.decisions if d.guess]

    def to_json(self) -> dict:
        return {
            "declarer_tricks": self.declarer_tricks,
            "tricks": list(self.tricks),
            "ties_followed": self.ties,
            "guess": self.guess,
            "line": [str(c) for c in self.line],
            "decisions": [d.to_json() for d in self.decisions],
        }


def worst_guess_play(info: InfoSet, engine: Engine | None = None, bound: int = DEFAULT_BOUND,
                     sample: int = DEFAULT_SAMPLE, seed: int = DEFAULT_SEED, ties: str = "auto",
                     max_positions: int = DEFAULT_MAX_POSITIONS, candidates: str = "best_somewhere",
                     guess: str = DEFAULT_GUESS) -> WorstGuess:
    """Play on from ``info.pos`` with every declarer guess wrong (see the module docstring).

    ``guess``: "every_sequence" (default: the worst final result over every sequence of
    candidate choices) or "greedy" (at each decision the candidate worst on the real
    layout, then on). ``ties``: "all" follows every tied choice of the other seats (the
    exact worst line); "declarer" lets them play their first best card (card order), which
    keeps long searches to seconds; "auto" (default) tries "all", then "declarer", and with
    "every_sequence" finally "greedy", whenever more than ``max_positions`` positions would
    be visited (``WorstGuess.ties`` and ``WorstGuess.guess`` say what was used). Without
    "auto", SearchLimitError beyond ``max_positions``.
    """
    return resolve_against(info, engine, guess=guess, bound=bound, sample=sample, seed=seed, ties=ties,
                           max_positions=max_positions, candidates=candidates)


def resolve_against(view, engine: Engine | None = None, *, guess: str = DEFAULT_GUESS, history=(),
                    window: int | None = None, post=None, bound: int = DEFAULT_BOUND,
                    sample: int = DEFAULT_SAMPLE, seed: int = DEFAULT_SEED, ties: str = "auto",
                    max_positions: int = DEFAULT_MAX_POSITIONS, candidates: str = "best_somewhere",
                    _shared: tuple | None = None) -> WorstGuess:
    """Every decision of the seat whose view ``view`` is, resolved against him (1.6.2's
    machinery); every other seat plays double dummy on the real layout.

    The information rules call it with the informed seat's view *before* he saw what he
    should not have (``view``), the recorded cards from ``view.pos`` (``history``: other
    seats play their recorded card while the play is still on the record and that card is
    double-dummy best, so nobody's misplay enters the figure), ``window`` (the number of
    cards from ``view.pos`` in which his decisions count; after it he too plays double
    dummy) and ``post`` (view -> the view he had *with* the knowledge: a decision whose
    candidates are the same in both views is one the knowledge could not change; he plays
    it as recorded, or double dummy off the record). Rule 1.6.2 calls it with none of
    these. ``guess``, ``ties``, ``max_positions``: as :func:`worst_guess_play`.
    """
    if ties not in TIES:
        raise PositionError(f"ties: expected one of {', '.join(TIES)}, got {ties!r}")
    if guess not in GUESSES:
        raise PositionError(f"guess: expected one of {', '.join(GUESSES)}, got {guess!r}")
    cache, pools = _shared or ({}, {})
    if ties == "auto":
        # the exact tie-following first, on a short budget: when it does not finish quickly it
        # rarely finishes at all, and the analyses it made are kept for the next try
        tries = [("all", guess), ("declarer", guess)] + ([("declarer", "greedy")] if guess != "greedy" else [])
        budgets = [max(1, max_positions // 5), max_positions, 10 ** 12]
        for i, (t, g) in enumerate(tries):
            try:
                return resolve_against(view, engine, guess=g, history=history, window=window, post=post,
                                       bound=bound, sample=sample, seed=seed, ties=t,
                                       max_positions=budgets[i] if i < len(tries) - 1 else 10 ** 12,
                                       candidates=candidates, _shared=(cache, pools))
            except SearchLimitError:
                if i == len(tries) - 1:
                    raise
    eng = _engine(engine)
    count = [0]
    start = view.pos
    d = start.declarer
    me = view.seat
    worse = _side_worse(start, me)
    history = [Card.parse(c) for c in history]
    memo: dict = {}
    if "pre" not in pools:  # the layouts are enumerated (or sampled) once, then narrowed as play goes on
        pools["pre"] = view.layouts(bound, sample, seed)
        if post is not None:
            pools["post"] = post(view).layouts(bound, sample, seed)

    def go(node, depth: int, on: bool):
        """(declarer tricks from here, line, decisions) of the worst line from ``node``."""
        p = node.pos
        if p.is_over():
            return 0, [], []
        if window is not None and depth >= window:
            # no decision of his is left to resolve: every seat plays double dummy
            a = eng.analyse(p, line=True)
            return a.declarer_tricks, list(a.line), []
        k = (node.key(), depth if on else -1)
        if k in memo:
            return memo[k]
        rec = history[depth] if on and depth < len(history) else None
        dec = None
        if p.to_move == me and (window is None or depth < window):
            dec = candidate_moves(node, eng, bound, sample, seed, candidates, cache, pools["pre"])
            if not dec.forced and post is not None and _same_runs(p, dec.candidates, candidate_moves(
                    post(node), eng, bound, sample, seed, candidates, cache, pools["post"]).candidates):
                dec = _played(dec, None, changed=False)
                choices = [rec] if rec is not None else _best_runs(eng, p, cache)[:1]
            elif guess == "greedy" or dec.forced:
                w = worse(dec.real_values[c] for c in dec.candidates)
                choices = _distinct(p, [c for c in dec.candidates if dec.real_values[c] == w])
            else:
                choices = _distinct(p, dec.candidates)
        else:
            choices = _best_runs(eng, p, cache)
            if rec is not None and any(run_rep(p, rec) == run_rep(p, c) for c in choices):
                choices = [rec]
            elif ties == "declarer":
                choices = choices[:1]
        count[0] += 1
        if ties != "auto" and count[0] > max_positions:
            raise SearchLimitError(
                f"worst-guess play: more than {max_positions} positions when following every tied "
                "choice; use ties='declarer' (the defence plays its first best card)")
        result = None
        for c in choices:
            child = node.after(c)
            won = child.pos.taken[d] - p.taken[d]
            still = on and rec is not None and c == rec
            v, line, decs = go(child, depth + 1, still)
            cand = (v + won, [c] + line, ([_played(dec, c)] if dec else []) + decs)
            if result is None or worse(cand[0], result[0]) != result[0]:
                result = cand
        memo[k] = result
        return result

    v, line, decs = go(view, 0, bool(history))
    end = start.copy()
    end.replay(line)
    return WorstGuess(_total(start, v), line, decs, tuple(end.taken), ties, guess)


def _best_runs(eng: Engine, pos: Position, cache: dict) -> list:
    """The side to move's double-dummy best cards on the real layout, one per run."""
    vals = _values(eng, pos, cache)
    top = _side_better(pos, pos.to_move)(vals.values())
    return _distinct(pos, [c for c, v in vals.items() if v == top])


def _same_runs(pos: Position, a, b) -> bool:
    return {run_rep(pos, c) for c in a} == {run_rep(pos, c) for c in b}


def _played(dec: Decision, card: Card | None, changed: bool | None = None) -> Decision:
    return Decision(dec.trick, dec.seat, dec.layouts, dec.candidates, dec.best_in, dec.real_values,
                    card if card is not None else dec.played, dec.forced,
                    dec.changed if changed is None else changed)


# ---------------------------------------------------------------------- other results
def double_dummy(pos: Position, engine: Engine | None = None) -> int:
    """The declarer's tricks in the deal with every hand open and best play by all."""
    return _total(pos, _engine(engine).solve(pos))


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
    eng = _engine(engine)
    d = pos.declarer
    worse = _declarer_worse(pos)

    def go(p: Position):
        if p.is_over():
            return 0, []
        vals = eng.analyse(p, all_cards=True)
        if p.to_move == d:
            w = worse(vals.card_values.values())
            card = next(c for c in vals.card_values if vals.card_values[c] == w)
            return w, [card]
        best = None
        for c in _distinct(p, vals.best_cards):
            q = p.copy()
            before = q.taken[d]
            q.play(c)
            v, line = go(q)
            cand = (v + q.taken[d] - before, [c] + line)
            if best is None or worse(cand[0], best[0]) != best[0]:
                best = cand
        return best

    v, line = go(pos.copy())
    return LiteralWorst(_total(pos, v), line)


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


def check_claim(info: InfoSet, claimed: int | None = None, engine: Engine | None = None,
                bound: int = DEFAULT_BOUND, sample: int = DEFAULT_SAMPLE,
                seed: int = DEFAULT_SEED, ties: str = "auto", candidates: str = "best_somewhere",
                guess: str = DEFAULT_GUESS) -> ClaimCheck:
    """Check a claim made at ``info.pos`` (``claimed``: the declarer's tricks in the deal)."""
    pos = info.pos
    if pos.is_over():
        raise PositionError("claim: the deal is already over, nothing to claim")
    n_left = pos.tricks_left()
    if claimed is not None:
        lo, hi = pos.taken[pos.declarer], pos.taken[pos.declarer] + n_left
        if isinstance(claimed, bool) or not isinstance(claimed, int) or not lo <= claimed <= hi:
            raise PositionError(f"claim: declarer's tricks must be {lo}..{hi} from this position, got {claimed!r}")
    eng = _engine(engine)
    dd = double_dummy(pos, eng)
    wg = worst_guess_play(info, eng, bound, sample, seed, ties, candidates=candidates, guess=guess)
    lit = literal_worst(pos, eng)
    lay = info.layouts(bound, sample, seed).describe() if not info.open_defence else {"layouts": 1, "method": "open"}
    return ClaimCheck(dd, wg, lit, lay, claimed, pos.is_misere)
