"""Claims and rule 1.6.2: the declarer who opens his cards is taken to guess wrong.

Rule 1.6.2 says "the move least favourable to him is made for him". Read literally ("the
worst legal move") it would have him throw away his aces, which no arbiter means: what is
made for him is the **wrong guess** among the plays he might reasonably have made.

* **Candidates** at a declarer decision: the cards that are best for him double dummy in
  at least one layout of the unseen cards he could believe in (:mod:`solver.infoset`).
  A card that is a sure loss in every such layout is not a guess and is never chosen.
* **Worst-guess play**: at each declarer decision the candidate worst on the *real* layout
  is played; the defenders play double-dummy best on the real layout; to the end. Where
  several such cards tie (different candidates of equal real value, or several best
  defence cards), every one is followed and the line worst for the declarer is taken
  (the move least favourable to him; equivalent cards of one run are followed once).
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
    "Decision", "WorstGuess", "ClaimCheck", "candidate_moves", "worst_guess_play",
    "literal_worst", "check_claim", "double_dummy",
]


TIES = ("auto", "all", "declarer")
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
        if self.played is not None:
            out["played"] = str(self.played)
        return out


def candidate_moves(info: InfoSet, engine: Engine | None = None, bound: int = DEFAULT_BOUND,
                    sample: int = DEFAULT_SAMPLE, seed: int = DEFAULT_SEED,
                    candidates: str = "best_somewhere") -> Decision:
    """The declarer's candidates at ``info.pos`` (he must be the one to move).

    ``candidates``: "best_somewhere" (the issue's definition: best in at least one layout);
    "undominated" also drops a card that is never better than some other card and worse
    in at least one layout (e.g. cashing a side ace before drawing the last trump).
    """
    if candidates not in CANDIDATES:
        raise PositionError(f"candidates: expected one of {', '.join(CANDIDATES)}, got {candidates!r}")
    pos = info.pos
    if pos.is_over():
        raise PositionError("the deal is over: no decision to make")
    if pos.to_move != pos.declarer:
        raise PositionError(f"seat {pos.to_move} is to move, not the declarer (seat {pos.declarer})")
    eng = _engine(engine)
    trick_no = sum(pos.taken) + 1
    legal = pos.legal_moves()
    real_vals = eng.analyse(pos, all_cards=True).card_values
    real_values = {c: _total(pos, v) for c, v in real_vals.items()}
    if len(_distinct(pos, legal)) == 1:
        # one choice up to equivalent cards: nothing to guess, no layouts searched
        return Decision(trick_no, pos.declarer, Layouts((), info.count, True), list(legal),
                        {c: info.count for c in legal}, real_values, forced=True)
    layouts = info.layouts(bound, sample, seed)
    best = _declarer_better(pos)
    best_in = {c: 0 for c in legal}
    table = []
    for mask in layouts.masks:
        if mask == info.real:
            vals = real_vals
        else:
            vals = eng.analyse(info.position(mask), all_cards=True).card_values
        table.append(vals)
        top = best(vals.values())
        for c, v in vals.items():
            if v == top:
                best_in[c] += 1
    cands = [c for c in legal if best_in[c]]
    if candidates == "undominated":
        sign = -1 if pos.is_misere else 1

        def dominated(c):
            return any(all(sign * t[o] >= sign * t[c] for t in table) and any(sign * t[o] > sign * t[c] for t in table)
                       for o in legal if o is not c)

        cands = [c for c in cands if not dominated(c)]
    return Decision(trick_no, pos.declarer, layouts, cands, {c: best_in[c] for c in cands}, real_values)


# ---------------------------------------------------------------------- worst-guess play
@dataclass
class WorstGuess:
    """The worst-guess line from a position: the declarer's tricks, the line, the decisions."""

    declarer_tricks: int          # in the deal, tricks already taken included
    line: list                    # cards to the end of the deal
    decisions: list               # Decision at each declarer move of the line
    tricks: tuple                 # every seat's tricks in the deal at the end of the line
    ties: str = "all"             # which tied choices were followed: "all" or "declarer"

    @property
    def guess_points(self) -> list:
        return [d for d in self.decisions if d.guess]

    def to_json(self) -> dict:
        return {
            "declarer_tricks": self.declarer_tricks,
            "tricks": list(self.tricks),
            "ties_followed": self.ties,
            "line": [str(c) for c in self.line],
            "decisions": [d.to_json() for d in self.decisions],
        }


def _key(info: InfoSet):
    p = info.pos
    return (tuple(p.hands), p.leader, tuple((s, int(c)) for s, c in p.trick),
            tuple(sorted((s, tuple(sorted(v))) for s, v in info.voids.items())),
            tuple(sorted(info.known.items())))


def worst_guess_play(info: InfoSet, engine: Engine | None = None, bound: int = DEFAULT_BOUND,
                     sample: int = DEFAULT_SAMPLE, seed: int = DEFAULT_SEED, ties: str = "auto",
                     max_positions: int = DEFAULT_MAX_POSITIONS, candidates: str = "best_somewhere") -> WorstGuess:
    """Play on from ``info.pos`` with every declarer guess wrong (see the module docstring).

    ``ties``: "all" follows every tied choice of both sides (the exact worst line);
    "declarer" follows the declarer's tied candidates but lets the defence play its first
    best card (card order), which keeps long searches (a whole deal) to seconds;
    "auto" (default) tries "all" and falls back to "declarer" when more than
    ``max_positions`` positions would be visited (``WorstGuess.ties`` says which was used).
    With "all", SearchLimitError beyond ``max_positions``.
    """
    if ties not in TIES:
        raise PositionError(f"ties: expected one of {', '.join(TIES)}, got {ties!r}")
    if ties == "auto":
        try:
            return worst_guess_play(info, engine, bound, sample, seed, "all", max_positions, candidates)
        except SearchLimitError:
            return worst_guess_play(info, engine, bound, sample, seed, "declarer", max_positions, candidates)
    eng = _engine(engine)
    count = [0]
    start = info.pos
    d = start.declarer
    worse = _declarer_worse(start)
    memo: dict = {}

    def go(node: InfoSet):
        """(declarer tricks from here, line, decisions) of the worst line from ``node``."""
        p = node.pos
        if p.is_over():
            return 0, [], []
        k = _key(node)
        if k in memo:
            return memo[k]
        if p.to_move == d:
            dec = candidate_moves(node, eng, bound, sample, seed, candidates)
            w = worse(dec.real_values[c] for c in dec.candidates)
            choices = _distinct(p, [c for c in dec.candidates if dec.real_values[c] == w])
        else:
            dec = None
            choices = _distinct(p, eng.analyse(p, all_cards=True).best_cards)
            if ties == "declarer":
                choices = choices[:1]
        count[0] += 1
        if ties == "all" and count[0] > max_positions:
            raise SearchLimitError(
                f"worst-guess play: more than {max_positions} positions when following every tied "
                "choice; use ties='declarer' (the defence plays its first best card)")
        result = None
        for c in choices:
            child = node.after(c)
            won = child.pos.taken[d] - p.taken[d]
            v, line, decs = go(child)
            cand = (v + won, [c] + line, ([_played(dec, c)] if dec else []) + decs)
            if result is None or worse(cand[0], result[0]) != result[0]:
                result = cand
        memo[k] = result
        return result

    v, line, decs = go(info)
    end = start.copy()
    end.replay(line)
    return WorstGuess(_total(start, v), line, decs, tuple(end.taken), ties)


def _played(dec: Decision, card: Card) -> Decision:
    return Decision(dec.trick, dec.seat, dec.layouts, dec.candidates, dec.best_in, dec.real_values, card,
                    dec.forced)


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
                seed: int = DEFAULT_SEED, ties: str = "auto", candidates: str = "best_somewhere") -> ClaimCheck:
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
    wg = worst_guess_play(info, eng, bound, sample, seed, ties, candidates=candidates)
    lit = literal_worst(pos, eng)
    lay = info.layouts(bound, sample, seed).describe() if not info.open_defence else {"layouts": 1, "method": "open"}
    return ClaimCheck(dd, wg, lit, lay, claimed, pos.is_misere)
