"""The declarer's information set: every split of the unseen cards he could believe in.

Rule 1.6.2 ("he is taken to have guessed wrong") needs to know what the declarer did *not*
know. In closed play he knows his own hand, the talon and his discard, and every card
played so far; so the cards he has not seen are exactly the two defenders' hands, and what
he does not know is how they are split. Play narrows the split in two ways:

* a defender who does not follow the led suit has shown a **void** in it;
* in a trump contract, a defender who neither follows nor trumps (a discard) has also shown
  that he holds **no trumps** (a void defender must trump, ``game.md``).

Cards a defender is known to hold (an exposed card) can be given as ``known``. Hand sizes
are fixed by the position. A layout is identified by the mask of the first defender's hand
(seat ``declarer + 1``); the second defender holds the rest. The number of layouts is a
binomial: after the forced cards (suits the other defender is void in, known cards) are
placed, ``C(free, n - forced)``. Up to ``bound`` layouts are listed exactly; beyond that a
seeded uniform sample without repetition is drawn, and the real layout is always added to
the sample (it is one the declarer could believe in), so sampled candidate sets are a
subset of the exact ones, never a superset.

With the defence playing open (в светлую) the declarer sees every card: one layout.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

from .cards import SUIT_LETTERS, Card, Suit
from .errors import PositionError, PrefError
from .hands import SUIT_MASKS, Hand, cards_of, mask_of, popcount
from .position import Position
from .seat import parse_seat

DEFAULT_BOUND = 5000     # list every layout while there are at most this many
DEFAULT_SAMPLE = 400     # layouts drawn (plus the real one) when there are more
DEFAULT_SEED = 0


def _suits_mask(suits) -> int:
    m = 0
    for s in suits:
        m |= SUIT_MASKS[s]
    return m


def _shown_voids(voids: dict, pos: Position, card: Card) -> dict:
    """The voids any seat shows when he plays ``card`` at ``pos`` (not following; in a
    trump contract, not following and not trumping: no trumps either)."""
    seat = pos.to_move
    if not pos.trick:
        return voids
    lead = int(pos.trick[0][1]) >> 3
    s = int(card) >> 3
    if s == lead:
        return voids
    shown = {lead}
    if pos.trump is not None and s != pos.trump:
        shown.add(pos.trump)
    new = dict(voids)
    new[seat] = frozenset(voids.get(seat, frozenset()) | shown)
    return new


def note_play(voids: dict, pos: Position, card: Card) -> dict:
    """The shown voids after the seat to move in ``pos`` plays ``card`` (not yet played).

    Only defenders' voids are recorded (the declarer knows his own hand). Returns a new
    dict ``{seat: frozenset(suits)}``; ``voids`` is not changed.
    """
    if pos.to_move == pos.declarer:
        return voids
    return _shown_voids(voids, pos, card)


def voids_from_history(dealt: Position, history) -> tuple[Position, dict]:
    """Replay ``history`` (cards in order) from the dealt position; the position reached
    and the voids the defenders showed on the way."""
    pos = dealt.copy()
    voids: dict = {}
    for i, text in enumerate(history):
        try:
            card = Card.parse(text)
        except ValueError as e:
            raise PositionError(f"history[{i}]: {e}") from None
        if pos.is_over():
            raise PositionError(f"history[{i}] ({card}): the deal is already over")
        voids = note_play(voids, pos, card)
        try:
            pos.play(card)
        except PrefError as e:
            raise PositionError(f"history[{i}]: trick {sum(pos.taken) + 1}, seat {pos.to_move}: {e}") from None
    pos._stack.clear()
    return pos, voids


def voids_in_trick(pos: Position) -> dict:
    """Voids shown by the cards already on the table in the current trick."""
    voids: dict = {}
    if not pos.trick:
        return voids
    p = Position(_hands_before_trick(pos), pos.contract, pos.declarer, pos.leader, (), pos.taken, pos.out)
    for _, card in pos.trick:
        voids = note_play(voids, p, card)
        p.play(card)
    return voids


def _hands_before_trick(pos: Position) -> list[int]:
    hands = list(pos.hands)
    for seat, card in pos.trick:
        hands[seat] |= card.mask
    return hands


@dataclass(frozen=True)
class Layouts:
    """The layouts to consider: first defender's hand masks, and how they were chosen."""

    masks: tuple
    total: int              # the exact number of consistent layouts
    exact: bool             # every layout listed (else a sample)
    seed: int | None = None
    sample_size: int | None = None   # layouts drawn, before the real one was added
    real_added: bool = False         # the real layout was not drawn and was added

    def __len__(self) -> int:
        return len(self.masks)

    def describe(self) -> dict:
        out: dict[str, int | str | bool | None] = {"layouts": self.total, "used": len(self.masks),
                                                   "method": "exact" if self.exact else "sample"}
        if not self.exact:
            out.update(seed=self.seed, sample_size=self.sample_size, real_layout_added=self.real_added)
        return out


def narrow_layouts(view, pool: Layouts, cut) -> Layouts:
    """An earlier view's layouts (``pool``) that still fit ``view``: each cut to the cards still
    unseen (``cut``), kept once if ``view.consistent``, the real one added if it fell out. An
    exact pool stays exact; a sample stays a uniform sample of what now fits (plus the real one).
    Shared by :class:`InfoSet` (a layout is one mask) and :class:`SeatView` (a tuple of masks)."""
    masks, added = _with_real(_fitting(view, (cut(lay) for lay in pool.masks)), view.real)
    if pool.exact:
        return Layouts(masks, len(masks), True)
    return Layouts(masks, view.count, False, pool.seed, len(masks) - int(added), added)


def _fitting(view, candidates, limit: int | None = None) -> list:
    """The distinct ``candidates`` that ``view.consistent`` accepts, in order, at most ``limit``."""
    seen: set = set()
    kept: list = []
    for lay in candidates:
        if lay not in seen and view.consistent(lay):
            seen.add(lay)
            kept.append(lay)
            if limit is not None and len(kept) >= limit:
                break
    return kept


def _with_real(layouts: list, real) -> tuple[tuple, bool]:
    """The layouts with the real one added if it is not among them (a ruling must weigh what
    happened), and whether it was added."""
    added = real not in layouts
    return tuple(layouts + [real] if added else layouts), added


@dataclass
class InfoSet:
    """What the declarer knows at ``pos``; ``layouts()`` lists the splits he could believe in.

    ``voids``: defender seat -> suits he has shown void in (from the history, see
    :func:`from_history`); ``known``: defender seat -> cards he is known to hold;
    ``open_defence``: the defenders' cards are face up (one layout).
    """

    pos: Position
    voids: dict = field(default_factory=dict)
    known: dict = field(default_factory=dict)
    open_defence: bool = False

    def __post_init__(self):
        d = self.pos.declarer
        self.defenders = ((d + 1) % 3, (d + 2) % 3)
        a, b = self.defenders
        self.voids = {int(s): frozenset(int(Suit.parse(x)) if isinstance(x, str) else int(x) for x in v)
                      for s, v in (self.voids or {}).items() if v}
        self.known = {int(s): (v if isinstance(v, int) else mask_of(Card.parse(c) for c in v))
                      for s, v in (self.known or {}).items()}
        for s in list(self.voids) + list(self.known):
            if s not in self.defenders:
                raise PositionError(f"voids/known: seat {s} is not a defender (defenders: {a}, {b})")
        self.unseen = self.pos.hands[a] | self.pos.hands[b]
        self.sizes = {a: popcount(self.pos.hands[a]), b: popcount(self.pos.hands[b])}
        # cards each defender must hold: his known cards, and the other's void suits
        forced = {}
        for me, other in ((a, b), (b, a)):
            forced[me] = (self.known.get(me, 0) | (self.unseen & _suits_mask(self.voids.get(other, ())))) & self.unseen
        for me in (a, b):
            kn = self.known.get(me, 0)
            if kn & ~self.pos.hands[me]:
                raise PositionError(f"known: seat {me} does not hold {Hand(kn & ~self.pos.hands[me]).compact()}")
            bad = self.pos.hands[me] & _suits_mask(self.voids.get(me, ()))
            if bad:
                raise PositionError(
                    f"voids: seat {me} is said to be void in "
                    f"{''.join(SUIT_LETTERS[s] for s in sorted(self.voids[me]))} but holds {Hand(bad).compact()}")
        if forced[a] & forced[b]:
            raise PositionError(f"voids/known: cards {Hand(forced[a] & forced[b]).compact()} forced to both defenders")
        self.forced = forced
        self.free = self.unseen & ~forced[a] & ~forced[b]
        self.need = self.sizes[a] - popcount(forced[a])  # free cards the first defender takes
        self.real = self.pos.hands[a]

    @property
    def seat(self) -> int:
        """Whose view this is: the declarer's."""
        return self.pos.declarer

    def key(self):
        p = self.pos
        return (tuple(p.hands), p.leader, tuple((s, int(c)) for s, c in p.trick),
                tuple(sorted((s, tuple(sorted(v))) for s, v in self.voids.items())),
                tuple(sorted(self.known.items())))

    # ------------------------------------------------------------------ building
    @classmethod
    def from_history(cls, dealt: Position, history, known=None, open_defence=False) -> InfoSet:
        """From the position as dealt and the cards played since, in order."""
        pos, voids = voids_from_history(dealt, history)
        return cls(pos, voids, known or {}, open_defence)

    @classmethod
    def from_position(cls, pos: Position, voids=None, known=None, open_defence=False) -> InfoSet:
        """From a position alone: the voids shown in the current trick, plus any given."""
        v = dict(voids_in_trick(pos))
        for s, suits in (voids or {}).items():
            extra = frozenset(int(Suit.parse(x)) if isinstance(x, str) else int(x) for x in suits)
            v[int(s)] = frozenset(v.get(int(s), frozenset()) | extra)
        return cls(pos, v, known or {}, open_defence)

    def after(self, card) -> InfoSet:
        """The information set once the seat to move has played ``card``."""
        card = Card.parse(card)
        p = self.pos.copy()
        voids = note_play(self.voids, p, card)
        p.play(card)
        p._stack.clear()
        known = {s: m & ~card.mask for s, m in self.known.items()}
        return InfoSet(p, voids, known, self.open_defence)

    # ------------------------------------------------------------------ counting
    @property
    def count(self) -> int:
        """The exact number of consistent layouts."""
        if self.open_defence:
            return 1
        return comb(popcount(self.free), self.need) if 0 <= self.need <= popcount(self.free) else 0

    def consistent(self, first_hand: int) -> bool:
        """Whether the first defender holding ``first_hand`` fits what the declarer knows."""
        a, _ = self.defenders
        if self.open_defence:
            return first_hand == self.real
        return (first_hand & ~self.unseen == 0 and popcount(first_hand) == self.sizes[a]
                and first_hand & self.forced[a] == self.forced[a]
                and not first_hand & self.forced[self.defenders[1]])

    def layouts(self, bound: int = DEFAULT_BOUND, sample: int = DEFAULT_SAMPLE,
                seed: int = DEFAULT_SEED) -> Layouts:
        """Every layout while there are at most ``bound``; else ``sample`` drawn with ``seed``."""
        if self.open_defence:
            return Layouts((self.real,), 1, True)
        total = self.count
        free = cards_of(self.free)
        base = self.forced[self.defenders[0]]
        if total <= bound:
            return Layouts(tuple(base | mask_of(c) for c in combinations(free, self.need)), total, True)
        if sample < 1:
            raise PositionError(f"sample: must be at least 1, got {sample}")
        rng = random.Random(seed)
        picks = rng.sample(range(total), min(sample, total))
        masks, added = _with_real([base | mask_of(_unrank(i, free, self.need)) for i in picks], self.real)
        return Layouts(masks, total, False, seed, len(picks), added)

    def restrict(self, pool: Layouts) -> Layouts:
        """The layouts of an earlier view of this play (``pool``, enumerated or sampled once)
        that still fit: each brought to the cards still held, kept when consistent. An exact
        pool stays exact; a sample stays a uniform sample of what now fits (plus the real one)."""
        if self.open_defence:
            return Layouts((self.real,), 1, True)
        return narrow_layouts(self, pool, lambda m: m & self.unseen)

    # ------------------------------------------------------------------ positions
    def position(self, first_hand: int) -> Position:
        """The current position with the defenders' hands replaced by this layout."""
        a, b = self.defenders
        p = self.pos.copy()
        p.hands[a] = first_hand
        p.hands[b] = self.unseen & ~first_hand
        return p

    def describe(self) -> dict:
        a, b = self.defenders
        return {
            "declarer": self.pos.declarer,
            "unseen": Hand(self.unseen).compact(),
            "hand_sizes": {str(a): self.sizes[a], str(b): self.sizes[b]},
            "voids": {str(s): "".join(SUIT_LETTERS[x] for x in sorted(v)) for s, v in sorted(self.voids.items())},
            "open_defence": self.open_defence,
            "layouts": self.count,
        }


def _unrank(index: int, items: list, k: int) -> list:
    """The ``index``-th k-subset of ``items`` in lexicographic order (combinatorial number system)."""
    out = []
    n = len(items)
    start = 0
    for slot in range(k):
        for i in range(start, n):
            c = comb(n - i - 1, k - slot - 1)
            if index < c:
                out.append(items[i])
                start = i + 1
                break
            index -= c
    return out


INFOSET_FIELDS = frozenset({"open", "known", "voids"})


def infoset_from_json(rec: dict) -> InfoSet:
    """An information set from a position record (``solver.records`` format).

    With ``history`` the voids are found by replaying it; otherwise those shown in the
    current trick count, plus an optional ``voids`` field (``{"1": "s", "2": ["h", "d"]}``).
    Optional ``known`` (``{"1": ["Ks"]}``) and ``open`` (true when the defence plays open).
    """
    from .records import position_from_json

    if not isinstance(rec, dict):
        raise PositionError(f"expected a JSON object, got {type(rec).__name__}")
    open_defence = rec.get("open", False)
    if not isinstance(open_defence, bool):
        raise PositionError(f"open: expected true or false, got {open_defence!r}")
    known = _seat_map(rec.get("known"), "known", cards=True)
    voids = _seat_map(rec.get("voids"), "voids", cards=False)
    if rec.get("history") is not None:
        if voids:
            raise PositionError("voids: give either history (voids are found from it) or voids, not both")
        base = {k: v for k, v in rec.items() if k != "history"}
        if "leader" not in base:
            base["leader"] = 0
        dealt = position_from_json(base, INFOSET_FIELDS)
        hist = rec["history"]
        if not isinstance(hist, list):
            raise PositionError("history: expected a list of cards")
        return InfoSet.from_history(dealt, hist, known, open_defence)
    return InfoSet.from_position(position_from_json(rec, INFOSET_FIELDS), voids, known, open_defence)


def _seat_map(value, field_name: str, cards: bool) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise PositionError(f"{field_name}: expected an object keyed by seat")
    out: dict[int, int | frozenset[int]] = {}
    for k, v in value.items():
        seat = parse_seat(k, f"{field_name}[{k}]", strict=False)  # a JSON key: "1" (or "second hand")
        items = list(v) if isinstance(v, str) and not cards else v
        if isinstance(v, str) and cards:
            items = v.split()
        if not isinstance(items, list):
            raise PositionError(f"{field_name}[{k}]: expected a list")
        try:
            if cards:
                out[seat] = mask_of(Card.parse(c) for c in items)
            else:
                out[seat] = frozenset(int(Suit.parse(x)) for x in items)
        except (ValueError, PrefError) as e:
            raise PositionError(f"{field_name}[{k}]: {e}") from None
    return out


# ---------------------------------------------------------------------- any seat's view
DISCARD = "discard"   # the holder of the two discarded cards, when a seat has not seen them


@dataclass
class SeatView:
    """What one seat knows at ``pos``: his own hand, the cards played, the voids shown.

    ``hidden`` are the seats whose hands he does not see; with ``discard`` (the mask of the
    declarer's two discarded cards) he has not seen the discard either, and the unseen
    cards are split three ways. This is what a defender knows (the declarer's own view is
    :class:`InfoSet`); an information rule uses it for the view a seat had *before* he saw
    what he should not have. A layout is a tuple of masks, one per holder, in the order
    ``hidden`` then the discard. Same interface as :class:`InfoSet` (``layouts``,
    ``position``, ``after``, ``real``, ``count``, ``key``) so one search serves both.
    """

    pos: Position
    seat: int
    hidden: tuple
    discard: int = 0
    voids: dict = field(default_factory=dict)

    def __post_init__(self):
        self.hidden = tuple(int(s) for s in self.hidden)
        if self.seat in self.hidden or any(s not in (0, 1, 2) for s in self.hidden):
            raise PositionError(f"hidden: seats other than the viewer (seat {self.seat}), got {self.hidden}")
        self.voids = {int(s): frozenset(v) for s, v in (self.voids or {}).items() if v and int(s) in self.hidden}
        self.holders = self.hidden + ((DISCARD,) if self.discard else ())
        self.sizes = tuple(popcount(self.pos.hands[h]) for h in self.hidden) + \
            ((popcount(self.discard),) if self.discard else ())
        self.unseen = self.discard
        for h in self.hidden:
            self.unseen |= self.pos.hands[h]
        # which holders each unseen card may lie with: not a seat void in its suit
        self.allowed = {}
        for c in cards_of(self.unseen):
            s = int(c) >> 3
            self.allowed[int(c)] = tuple(i for i, h in enumerate(self.holders)
                                         if h == DISCARD or s not in self.voids.get(h, ()))
        self.real = tuple(self.pos.hands[h] for h in self.hidden) + ((self.discard,) if self.discard else ())

    @property
    def open_defence(self) -> bool:
        return not self.holders or len(self.holders) == 1

    def after(self, card) -> SeatView:
        """The view once the seat to move has played ``card``."""
        card = Card.parse(card)
        p = self.pos.copy()
        voids = _shown_voids(self.voids, p, card)
        p.play(card)
        p._stack.clear()
        return SeatView(p, self.seat, self.hidden, self.discard, voids)

    def consistent(self, layout) -> bool:
        return all(popcount(m) == n for m, n in zip(layout, self.sizes)) and all(
            i in self.allowed[int(c)] for i, m in enumerate(layout) for c in cards_of(m))

    @property
    def count(self) -> int:
        return self._count()

    def _count(self) -> int:
        """Exact: cards grouped by the holders they may lie with, distributed by capacity."""
        groups: dict = {}
        for a in self.allowed.values():
            groups[a] = groups.get(a, 0) + 1
        states = {tuple(self.sizes): 1}
        for allowed, n in groups.items():
            nxt: dict = {}
            for caps, ways in states.items():
                for split in _splits(n, len(allowed)):
                    c = list(caps)
                    ok = True
                    w = ways
                    left = n
                    for i, k in zip(allowed, split):
                        if k > c[i]:
                            ok = False
                            break
                        c[i] -= k
                        w *= comb(left, k)
                        left -= k
                    if ok:
                        nxt[tuple(c)] = nxt.get(tuple(c), 0) + w
            states = nxt
        return states.get(tuple(0 for _ in self.sizes), 0)

    def layouts(self, bound: int = DEFAULT_BOUND, sample: int = DEFAULT_SAMPLE, seed: int = DEFAULT_SEED) -> Layouts:
        if len(self.holders) <= 1:
            return Layouts((self.real,), 1, True)
        total = self.count
        if total <= bound:
            return Layouts(tuple(self._enumerate()), total, True)
        picks, added = _with_real(_fitting(self, self._shuffled(random.Random(seed), 200 * sample),
                                           min(sample, total)), self.real)
        return Layouts(picks, total, False, seed, len(picks) - int(added), added)

    def _shuffled(self, rng: random.Random, tries: int):
        """``tries`` random layouts of the unseen cards into hands of the holders' sizes."""
        cards = cards_of(self.unseen)
        for _ in range(tries):
            rng.shuffle(cards)
            hands, k = [], 0
            for n in self.sizes:
                hands.append(mask_of(cards[k:k + n]))
                k += n
            yield tuple(hands)

    def restrict(self, pool: Layouts) -> Layouts:
        """As :meth:`InfoSet.restrict`: an earlier view's layouts that still fit."""
        if len(self.holders) <= 1:
            return Layouts((self.real,), 1, True)
        return narrow_layouts(self, pool, lambda lay: tuple(m & self.unseen for m in lay))

    def _enumerate(self):
        def go(i, free):
            if i == len(self.holders) - 1:
                yield (free,)
                return
            pool = [c for c in cards_of(free) if i in self.allowed[int(c)]]
            for combo in combinations(pool, self.sizes[i]):
                m = mask_of(combo)
                for rest in go(i + 1, free & ~m):
                    yield (m,) + rest

        for lay in go(0, self.unseen):
            if self.consistent(lay):
                yield lay

    def position(self, layout) -> Position:
        p = self.pos.copy()
        for h, m in zip(self.hidden, layout):
            p.hands[h] = m
        if self.discard:
            p.out = (p.out & ~self.unseen) | layout[-1]
        return p

    def key(self):
        p = self.pos
        return (tuple(p.hands), p.leader, tuple((s, int(c)) for s, c in p.trick),
                tuple(sorted((s, tuple(sorted(v))) for s, v in self.voids.items())))


def _splits(n: int, k: int):
    """Every way of writing n as k ordered non-negative parts."""
    if k == 1:
        yield (n,)
        return
    for i in range(n + 1):
        for rest in _splits(n - i, k - 1):
            yield (i,) + rest
