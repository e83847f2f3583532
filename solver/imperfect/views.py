"""What a player knows: his own hand, the cards played, the voids shown; the rest is a layout.

In search terms each view is an **information set**: the positions (layouts) the player to
move cannot tell apart. One typed interface, :class:`InformationSet` (a ``Protocol``), is what
the candidates, the worst-guess search and single dummy read; two classes implement it:

* :class:`InfoSet` — the declarer's view. In closed play he knows his hand, the talon and his
  discard and every card played, so the unseen cards are exactly the two defenders' hands.
  A layout is the mask of the first defender's hand (seat ``declarer + 1``).
* :class:`SeatView` — any seat's view (a defender's, or the informed seat's view *before*
  he saw what he should not have): the hands of ``hidden`` seats unseen, and with
  ``discard`` the declarer's two discarded cards too (the unseen cards are then split three
  ways). A layout is a tuple of masks, one per holder.

Play narrows the layouts: a seat that does not follow the led suit has shown a **void** in
it; in a trump contract one that neither follows nor trumps has shown no trumps either.
Cards a defender is known to hold (an exposed card) can be given as ``known``. The layouts
are uniform: every split consistent with the hand sizes, the cards played and the voids
shown counts once; nothing is inferred from the bidding or from signals.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..cards import SUIT_LETTERS, Card, Suit
from ..contract import _TRUMPS
from ..errors import PositionError, PrefError
from ..hands import SUIT_MASKS, Hand, bits_of, cards_of, mask_of, popcount
from ..position import Position, trick_winner
from ..seat import parse_seat
from .layouts import Layouts, Numbering, declarer_layouts, rank, split_layouts, unrank

__all__ = ["InformationSet", "InfoSet", "SeatView", "DISCARD", "note_play", "seat_key", "voids_from_history", "voids_in_trick", "view_run",
           "infoset_from_json"]

DISCARD = "discard"   # the holder of the two discarded cards, when a seat has not seen them


@runtime_checkable
class InformationSet(Protocol):
    """The interface every view gives (issue 40): the information set of the seat to move.

    ``pos`` is the real position; ``seat`` whose view it is; ``unseen`` the mask of the cards he
    cannot place; a *layout* (``real`` the true one) is one way to place them, in the
    implementation's own form (:class:`InfoSet`: the first defender's mask; :class:`SeatView`: a
    tuple of masks, one per holder). ``count`` layouts, listed by ``layouts()``, numbered by
    ``layout_at``/``layout_rank`` (``layouts_at``: many at once); ``hands``/``hands_array``/``position`` turn layouts into
    hands for the engine; ``after`` is the information set once the seat to move has played a
    card (a subset of this one's layouts, played on); ``key``, ``extra_masks`` and ``shape``
    feed the memo keys (:func:`canonical_key`).
    """

    pos: Position
    voids: dict
    unseen: int
    real: Any

    @property
    def seat(self) -> int: ...

    @property
    def count(self) -> int: ...

    @property
    def open_defence(self) -> bool: ...

    def layouts(self, sample: int | None = None, seed: int = 0) -> Layouts: ...

    def layout_at(self, index: int) -> Any: ...

    def layouts_at(self, indices, array: bool = False) -> Any: ...

    def layout_rank(self, layout: Any) -> int: ...

    def hands(self, layout: Any) -> tuple: ...

    def hands_array(self, part: list) -> Any: ...

    def position(self, layout: Any) -> Position: ...

    def after(self, card: Any) -> InformationSet: ...

    def key(self) -> tuple: ...

    def extra_masks(self) -> tuple: ...

    def shape(self) -> tuple: ...

    def describe(self) -> dict: ...


def _suits_mask(suits) -> int:
    m = 0
    for s in suits:
        m |= SUIT_MASKS[s]
    return m


def _shown_voids(voids: dict, pos: Position, card: Card) -> dict:
    """The voids the seat to move shows when he plays ``card`` at ``pos`` (not following; in
    a trump contract, not following and not trumping: no trumps either)."""
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
    """The defenders' shown voids after the seat to move in ``pos`` plays ``card`` (the
    declarer knows his own hand: his voids are not recorded). ``voids`` is not changed."""
    if pos.to_move == pos.declarer:
        return voids
    return _shown_voids(voids, pos, card)


def voids_from_history(dealt: Position, history) -> tuple[Position, dict]:
    """Replay ``history`` (cards in order) from the dealt position; the position reached
    and the voids the defenders showed on the way."""
    pos = dealt.copy(stack=False)
    voids: dict = {}
    for i, text in enumerate(history):
        try:
            card = Card.parse(text)
        except ValueError as e:
            raise (e.under(PositionError, f"history[{i}]") if isinstance(e, PrefError)
                   else PositionError(f"history[{i}]: {e}")) from None
        if pos.is_over():
            raise PositionError.of("history_deal_over", None, a=f"history[{i}]", card=str(card))
        voids = note_play(voids, pos, card)
        try:
            pos.play(card)
        except PrefError as e:
            raise (PositionError.of("at_move", f"history[{i}]", trick=sum(pos.taken) + 1, seat=pos.to_move, inner=e) if not e.path
                   else PositionError(f"history[{i}]: trick {sum(pos.taken) + 1}, seat {pos.to_move}: {e}")) from None
    return pos.copy(stack=False), voids


def voids_in_trick(pos: Position) -> dict:
    """Voids shown by the cards already on the table in the current trick."""
    voids: dict = {}
    if not pos.trick:
        return voids
    hands = list(pos.hands)
    for seat, card in pos.trick:
        hands[seat] |= card.mask
    p = Position(hands, pos.contract, pos.declarer, pos.leader, (), pos.taken, pos.out)
    for _, card in pos.trick:
        voids = note_play(voids, p, card)
        p.play(card)
    return voids


def _played(pos: Position, card) -> tuple[Position, Card]:
    card = Card.parse(card)
    if not pos.legal_mask() & card.mask:
        pos.copy(stack=False).play(card)   # (raises the play's own error)
    return pos.played(card), card


def view_run(view: InformationSet, card) -> int:
    """The lowest card of the run ``card`` belongs to in the viewer's hand, in *every* layout he
    could believe in: cards of his hand and suit with no live card between them, where every
    unseen card counts as live (an unseen discard card may lie in a hand in another layout)."""
    pos = view.pos
    c = int(card)
    alive = pos.hands[0] | pos.hands[1] | pos.hands[2] | view.unseen
    for _, t in pos.trick:
        alive |= 1 << int(t)
    mine = pos.hands[pos.to_move]
    low = (c >> 3) * 8
    while True:
        lower = c - 1
        while lower >= low and not (alive >> lower & 1):
            lower -= 1
        if lower >= low and mine >> lower & 1:
            c = lower
        else:
            return c


@functools.cache   # one table per live byte, built when first needed
def _table(live_byte: int) -> list:
    """For one suit's live cards (a byte): every byte of cards -> the same cards with the live
    ones renumbered 0, 1, ... in rank order (cards not live are dropped)."""
    order = {}
    k = 0
    for r in range(8):
        if live_byte >> r & 1:
            order[r] = k
            k += 1
    table = []
    for m in range(256):
        x = 0
        for r, to in order.items():
            if m >> r & 1:
                x |= 1 << to
        table.append(x)
    return table


def _canonical_masks(live: int, masks) -> tuple:
    """``masks`` rewritten with each suit's live cards renumbered 0, 1, ... in rank order:
    two positions equal up to the ranks of cards already gone get the same key. (Every
    card of ``masks`` must be live.)"""
    t0, t1, t2, t3 = _table(live & 255), _table(live >> 8 & 255), _table(live >> 16 & 255), _table(live >> 24)
    return tuple(t0[m & 255] | t1[m >> 8 & 255] << 8 | t2[m >> 16 & 255] << 16 | t3[m >> 24 & 255] << 24
                 for m in masks)


def canonical_key(view: InformationSet) -> tuple:
    """A key equal for two views whose futures are the same up to renaming the ranks of the
    cards still live (every hand, the trick, the unseen cards): equivalent cards played
    lead to one memo entry, exactly. The tricks already taken are not in it: the worst-guess
    memo stores the tricks still to come, which the cards, the leader, the trick and the
    voids decide whoever won the tricks before (half the positions of a first-trick claim)."""
    p = view.pos
    live = p.hands[0] | p.hands[1] | p.hands[2] | view.unseen
    for _, t in p.trick:
        live |= 1 << int(t)
    trick = [1 << int(c) for _, c in p.trick]
    hands = _canonical_masks(live, list(p.hands) + trick + list(view.extra_masks()))
    return (type(view).__name__, view.seat, hands, tuple(s for s, _ in p.trick), int(p.leader),
            tuple(sorted((str(s), tuple(sorted(v))) for s, v in view.voids.items())), view.shape())


def _live(view) -> int:
    """The cards still in play as ``view`` sees them: the three hands, the unseen and the
    cards on the table (what a canonical key renumbers)."""
    p = view.pos
    live = p.hands[0] | p.hands[1] | p.hands[2] | view.unseen
    for _, t in p.trick:
        live |= 1 << t.index
    return live


def seat_key(view: SeatView) -> tuple:
    """:func:`canonical_key` of a :class:`SeatView` in a cheaper form with the same equality
    (two views get equal keys here exactly when they do there): the hands, the cards on the
    table, the discard and the talon renumbered as there; the voids by seat number."""
    p = view.pos
    h0, h1, h2 = p.hands
    trick = p.trick
    live = _live(view)
    t0, t1, t2, t3 = _table(live & 255), _table(live >> 8 & 255), _table(live >> 16 & 255), _table(live >> 24)
    masks: tuple[int, ...] = (h0, h1, h2, view.discard, view.talon)
    if trick:
        masks += tuple(1 << c.index for _, c in trick)
    voids = view.voids
    return (view.seat,
            tuple([t0[m & 255] | t1[m >> 8 & 255] << 8 | t2[m >> 16 & 255] << 16 | t3[m >> 24 & 255] << 24
                   for m in masks]),
            tuple([s for s, _ in trick]), int(p.leader),
            tuple(sorted((s, tuple(sorted(v))) for s, v in voids.items())) if voids else (), view.hidden)


def canonical_code(view: InfoSet) -> int:
    """:func:`canonical_key` of the declarer's view as one int, every field at a fixed width
    (the same equality: two views get the same code exactly when they get the same key),
    cheaper to build, to hash and to send to another process: the three hands and the two
    cards on the table renumbered as there, 32 bits each from bit 0; the known cards of the
    two defenders from bit 160; then the number of cards on the table, their seats, the
    leader, each seat's voids (4 bits), open play and the viewer's seat."""
    p = view.pos
    h0, h1, h2 = p.hands
    trick = p.trick
    live = _live(view)
    return _code(live, h0, h1, h2, [(s, c.index) for s, c in trick], p.leader,
                 view.extra_masks() if view.known else (), view.voids, bool(view.open_defence) << 2 | view.seat)


def _code(live: int, h0: int, h1: int, h2: int, trick: list, leader: int, extra, voids: dict, last: int) -> int:
    """:func:`canonical_code` from its fields: ``trick`` as (seat, card index) pairs, ``extra``
    the known cards' masks (empty where none are known), ``last`` open play and the seat."""
    t0, t1, t2, t3 = _table(live & 255), _table(live >> 8 & 255), _table(live >> 16 & 255), _table(live >> 24)
    code = (t0[h0 & 255] | t1[h0 >> 8 & 255] << 8 | t2[h0 >> 16 & 255] << 16 | t3[h0 >> 24 & 255] << 24
            | (t0[h1 & 255] | t1[h1 >> 8 & 255] << 8 | t2[h1 >> 16 & 255] << 16 | t3[h1 >> 24 & 255] << 24) << 32
            | (t0[h2 & 255] | t1[h2 >> 8 & 255] << 8 | t2[h2 >> 16 & 255] << 16 | t3[h2 >> 24 & 255] << 24) << 64)
    if trick:
        tail = len(trick)
        shift = 96
        tables = (t0, t1, t2, t3)
        for s, r in trick:
            code |= (tables[r >> 3][1 << (r & 7)] << (r >> 3 << 3)) << shift
            shift += 32
            tail = tail << 2 | s
        tail <<= 2 * (2 - len(trick))
    else:
        tail = 0
    for i, m in enumerate(extra):
        if m:
            code |= (t0[m & 255] | t1[m >> 8 & 255] << 8 | t2[m >> 16 & 255] << 16 | t3[m >> 24 & 255] << 24) \
                << (160 + 32 * i)
    tail = tail << 2 | leader
    if voids:
        for seat in range(4):
            v = 0
            for x in voids.get(seat, ()):
                v |= 1 << x
            tail = tail << 4 | v
    else:
        tail <<= 16
    return code | (tail << 3 | last) << 224


def code_after(view: InfoSet, card: Card, code: int | None = None) -> tuple[int | None, int]:
    """``canonical_code(view.after(card))`` without the view — None where the deal is over
    then — and the tricks the declarer takes with the card's trick (0 or 1): what the search
    needs of a child whose value the memo may already hold (a plain :class:`Position` only:
    a game with other rules overrides the trick's winner). ``code``: the view's own
    ``canonical_code`` — where the trick goes on, no card leaves play and every rank keeps its
    number: the child's code is this one with the card moved from the hand to the table."""
    pos = view.pos
    trick = pos.trick
    n = len(trick)
    leader = pos.leader
    mover = (leader + n) % 3
    i = card.index
    bit = 1 << i
    d = pos.declarer
    shown = 0   # the suits a defender shows void in now, as bits
    if n and mover != d:   # (as :meth:`InfoSet.after`: the voids a defender shows)
        lead = trick[0][1].index >> 3
        s = i >> 3
        if s != lead:
            trump = _TRUMPS[pos.contract.strain]
            shown = 1 << lead | (1 << trump if trump is not None and s != trump else 0)
            for x in view.voids.get(mover, ()):
                shown &= ~(1 << x)
    if n < 2 and code is not None:
        h0, h1, h2 = pos.hands
        live = h0 | h1 | h2
        if n:
            live |= 1 << trick[0][1].index
        s8 = i & 56
        b = 1 << (s8 + (live >> s8 & 255 & (1 << (i & 7)) - 1).bit_count())   # its number among the live cards
        # the card out of the mover's hand, onto the table; one card more there (+1 at bit 249),
        # the mover's seat, the voids he shows
        code = (code ^ b << 32 * mover | b << 96 + 32 * n | mover << 247 - 2 * n
                | shown << 227 + 4 * (3 - mover)) + (1 << 249)
        if mover != d and view.known.get(mover, 0) & bit:
            code ^= b << (160 if mover == view.defenders[0] else 192)
        return code, 0
    voids = view.voids
    if shown:
        voids = dict(voids)
        voids[mover] = voids.get(mover, frozenset()) | frozenset(x for x in range(4) if shown >> x & 1)
    h = list(pos.hands)
    h[mover] ^= bit
    h0, h1, h2 = h
    live = h0 | h1 | h2
    if n == 2:
        winner = trick_winner([trick[0], trick[1], (mover, i)], pos.trump)
        won = int(winner == d)
        if not live:
            return None, won
        return _code(live, h0, h1, h2, [], winner, _known_after(view, bit), voids,
                     bool(view.open_defence) << 2 | d), won
    for _, c in trick:
        live |= 1 << c.index
    live |= bit
    tr: list = [(s_, c.index) for s_, c in trick]
    tr.append((mover, i))
    return _code(live, h0, h1, h2, tr, leader, _known_after(view, bit), voids,
                 bool(view.open_defence) << 2 | d), 0


def _known_after(view: InfoSet, bit: int) -> tuple:
    if not view.known:
        return ()
    return tuple(m & ~bit for m in view.extra_masks())


@dataclass
class InfoSet:
    """What the declarer knows at ``pos``; ``layouts()`` lists the splits he could believe in.

    ``voids``: defender seat -> suits he has shown void in (from the history, see
    :meth:`from_history`); ``known``: defender seat -> cards he is known to hold;
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
                raise PositionError.of("not_a_defender_of", "voids/known", seat=s, defenders=f"{a}, {b}")
        self._derive()

    def _derive(self, check: bool = True) -> None:
        """The unseen cards, the hand sizes, the forced and free cards, from ``pos``,
        ``voids`` and ``known`` (already in their normal form) and ``defenders``. ``check``
        false: after a legal play from a checked set (nothing to find; the search makes
        hundreds of thousands of them)."""
        a, b = self.defenders
        hands = self.pos.hands
        self.unseen = unseen = hands[a] | hands[b]
        self.sizes = {a: popcount(hands[a]), b: popcount(hands[b])}
        voids, known = self.voids, self.known
        # cards each defender must hold: his known cards, and the other's void suits
        forced = {a: (known.get(a, 0) | (unseen & _suits_mask(voids.get(b, ())))) & unseen,
                  b: (known.get(b, 0) | (unseen & _suits_mask(voids.get(a, ())))) & unseen}
        for me in ((a, b) if check else ()):
            kn = known.get(me, 0)
            if kn & ~hands[me]:
                raise PositionError.of("known_not_held", "known", seat=me, cards=Hand(kn & ~hands[me]).compact())
            bad = hands[me] & _suits_mask(voids.get(me, ()))
            if bad:
                raise PositionError.of("void_but_holds", "voids", seat=me, cards=Hand(bad).compact(),
                                       suits="".join(SUIT_LETTERS[s] for s in sorted(voids[me])))
        if check and forced[a] & forced[b]:
            raise PositionError.of("forced_to_both", "voids/known", cards=Hand(forced[a] & forced[b]).compact())
        self.forced = forced
        self.free = unseen & ~forced[a] & ~forced[b]
        self.need = self.sizes[a] - popcount(forced[a])  # free cards the first defender takes
        self.real = hands[a]

    @property
    def seat(self) -> int:
        """Whose view this is: the declarer's."""
        return self.pos.declarer

    def extra_masks(self) -> tuple:
        return tuple(self.known.get(s, 0) for s in self.defenders)

    def shape(self) -> tuple:
        return (self.open_defence,)

    def key(self):
        p = self.pos
        return (tuple(p.hands), p.leader, tuple((s, int(c)) for s, c in p.trick),
                tuple(sorted((s, tuple(sorted(v))) for s, v in self.voids.items())),
                tuple(sorted(self.known.items())), self.open_defence)

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
        return cls(pos.copy(stack=False), v, known or {}, open_defence)

    def after(self, card, check: bool = True) -> InfoSet:
        """The information set once the seat to move has played ``card`` (``check`` false: a
        :class:`Card` among the legal moves, not checked again — the search's step)."""
        pos = self.pos
        trick = pos.trick
        mover = (pos.leader + len(trick)) % 3
        if check:
            p, c = _played(pos, card)
        else:
            c = card
            p = pos.played(c)
        bit = 1 << c.index
        # the voids and known cards are already in their normal form: only the derived fields
        # are computed again (as ``__post_init__`` would; the play was legal, so they stay valid)
        out = InfoSet.__new__(InfoSet)
        out.pos, out.open_defence, out.defenders = p, self.open_defence, self.defenders
        if mover == pos.declarer:
            # his own card: the defenders' hands, voids and known cards are as they were, and
            # so is every derived field (none of them reads his hand or the trick)
            out.voids, out.known = self.voids, self.known
            out.unseen, out.sizes, out.forced, out.free = self.unseen, self.sizes, self.forced, self.free
            out.need, out.real = self.need, self.real
            return out
        voids = _shown_voids(self.voids, pos, c)
        out.known = {s: m & ~bit for s, m in self.known.items()}
        if voids is self.voids:
            # no void shown: the card leaves the unseen cards, the mover's hand and whatever
            # was forced (``_derive`` on the smaller sets gives exactly these)
            out.voids = voids
            out.unseen = self.unseen & ~bit
            sizes = dict(self.sizes)
            sizes[mover] -= 1
            out.sizes = sizes
            out.forced = forced = {s: m & ~bit for s, m in self.forced.items()}
            out.free = self.free & ~bit
            a = self.defenders[0]
            out.need = sizes[a] - popcount(forced[a])
            out.real = p.hands[a]
            return out
        out.voids = {s: v for s, v in voids.items() if v}
        out._derive(check=False)
        return out

    # ------------------------------------------------------------------ counting
    @property
    def count(self) -> int:
        """The exact number of consistent layouts."""
        if self.open_defence:
            return 1
        return comb(popcount(self.free), self.need) if 0 <= self.need <= popcount(self.free) else 0

    def consistent(self, first_hand: int) -> bool:
        """Whether the first defender holding ``first_hand`` fits what the declarer knows."""
        a, b = self.defenders
        if self.open_defence:
            return first_hand == self.real
        return (first_hand & ~self.unseen == 0 and popcount(first_hand) == self.sizes[a]
                and first_hand & self.forced[a] == self.forced[a]
                and not first_hand & self.forced[b])

    def layouts(self, sample: int | None = None, seed: int = 0) -> Layouts:
        """Every layout he could believe in (lazily listed; ``sample``: a named, non-default
        setting, that many drawn with ``seed`` plus the real one)."""
        if self.open_defence:
            return Layouts.one(self.real)
        return declarer_layouts(self, sample, seed)

    def layout_at(self, index: int) -> int:
        """The ``index``-th layout in the order :meth:`layouts` lists them."""
        return self.forced[self.defenders[0]] | mask_of(unrank(index, cards_of(self.free), self.need))

    def layouts_at(self, indices, array: bool = False) -> Any:
        """``[self.layout_at(i) for i in indices]``, built in NumPy (``array``: as a NumPy array)."""
        import numpy as np

        from .layouts import _places_to_cards, _unrank_places

        m = len(indices)
        if not m:
            return np.zeros(0, np.int64) if array else []
        free = tuple(int(c) for c in cards_of(self.free))
        r = np.array(indices, np.int64).reshape(-1)
        rel = _unrank_places(np.full(m, len(free), np.int64), np.full(m, self.need, np.int64), r)
        out = _places_to_cards(free, rel) | self.forced[self.defenders[0]]
        return out if array else out.tolist()

    def layout_rank(self, first_hand: int) -> int:
        """The inverse of :meth:`layout_at`."""
        return rank(set(cards_of(first_hand & self.free)), cards_of(self.free))

    def hands(self, first_hand: int) -> tuple:
        """The three hands of the layout where the first defender holds ``first_hand``."""
        a, b = self.defenders
        h = list(self.pos.hands)
        h[a] = first_hand
        h[b] = self.unseen & ~first_hand
        return tuple(h)

    def hands_array(self, part):
        """The hands of the layouts ``part`` (first-defender masks) as an (n, 3) int64 NumPy
        array, seats 0, 1, 2: what a scan hands the engine, built at once, not tuple by tuple."""
        import numpy as np

        a, b = self.defenders
        out = np.empty((len(part), 3), np.int64)
        first = part if isinstance(part, np.ndarray) else np.fromiter(part, np.int64, len(part))
        out[:, self.pos.declarer] = self.pos.hands[self.pos.declarer]
        out[:, a] = first
        out[:, b] = self.unseen ^ first
        return out

    def position(self, first_hand: int) -> Position:
        """The current position with the defenders' hands replaced by this layout."""
        p = self.pos.copy(stack=False)
        p.hands = list(self.hands(first_hand))
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


@dataclass
class SeatView:
    """What one seat knows at ``pos``: his own hand, the cards played, the voids shown.

    ``hidden`` are the seats whose hands he does not see; with ``discard`` (the mask of the
    declarer's two discarded cards) he has not seen the discard either, and the unseen
    cards are split three ways. A layout is a tuple of masks, one per holder, in the order
    ``hidden`` then the discard. ``talon`` (the mask of the two talon cards): the talon was
    shown to all before the declarer took it, so a talon card not yet played lies with the
    declarer or in his discard, never with the declarer's opponents.
    """

    pos: Position
    seat: int
    hidden: tuple
    discard: int = 0
    voids: dict = field(default_factory=dict)
    talon: int = 0

    def __post_init__(self):
        self.hidden = tuple(int(s) for s in self.hidden)
        if self.seat in self.hidden or any(s not in (0, 1, 2) for s in self.hidden):
            raise PositionError.of("hidden_seats", "hidden", seat=self.seat, got=self.hidden)
        self.voids = {int(s): frozenset(v) for s, v in (self.voids or {}).items() if v and int(s) in self.hidden}
        self.holders = self.hidden + ((DISCARD,) if self.discard else ())
        self._hold()
        self.unseen = self.discard
        for h in self.hidden:
            self.unseen |= self.pos.hands[h]
        # which holders each unseen card may lie with: not a seat void in its suit; a talon
        # card only with the declarer or in the discard (one tuple a suit, shared by its cards)
        self.talon &= self.unseen
        by_suit = [tuple(i for i, h in enumerate(self.holders) if h == DISCARD or s not in self.voids.get(h, ()))
                   for s in range(4)]
        talon_ok = [tuple(i for i in a if self.holders[i] in (self.pos.declarer, DISCARD)) for a in by_suit]
        self.allowed = {}
        for low in bits_of(self.unseen):
            c = low.bit_length() - 1
            self.allowed[c] = (talon_ok if self.talon & low else by_suit)[c >> 3]
        self._numbering = None

    def _hold(self) -> None:
        """What each holder holds (``real``) and how many (``sizes``), from ``pos`` and ``discard``."""
        self.real = tuple(self.pos.hands[h] for h in self.hidden) + ((self.discard,) if self.discard else ())
        self.sizes = tuple(popcount(r) for r in self.real)

    @property
    def open_defence(self) -> bool:
        """He sees every card (one layout)."""
        return len(self.holders) <= 1

    def extra_masks(self) -> tuple:
        return (self.discard, self.talon)

    def shape(self) -> tuple:
        return self.hidden

    def after(self, card) -> SeatView:
        """The view once the seat to move has played ``card``."""
        c = Card.parse(card)
        voids = _shown_voids(self.voids, self.pos, c)
        p, _ = _played(self.pos, c)
        new = None
        if voids is not self.voids:
            # only a hidden seat's voids are kept (as ``__post_init__`` keeps them): a void he
            # had shown already, or one of a seat he sees, changes nothing
            seat = int(self.pos.to_move)
            if seat in self.hidden and voids[seat] != self.voids.get(seat, frozenset()):
                new = voids[seat] - self.voids.get(seat, frozenset())
                voids = dict(self.voids)
                voids[seat] = self.voids.get(seat, frozenset()) | new
            else:
                voids = self.voids
        # the fields ``__post_init__`` would compute, from this view's (the play was legal):
        # a hidden seat's card leaves the unseen; a void newly shown changes which holders
        # the cards of its suits may lie with, and only theirs
        out = SeatView.__new__(SeatView)
        out.pos, out.seat, out.hidden, out.discard, out.voids = p, self.seat, self.hidden, self.discard, voids
        out.holders = self.holders
        bit = 1 << int(c)
        if new:
            out.unseen, out.talon = self.unseen & ~bit, self.talon & ~bit
            out.allowed = allowed = dict(self.allowed)   # (a copy in C, the card's entry then dropped)
            del allowed[int(c)]
            holders, declarer = self.holders, p.declarer
            for s in new:
                by = tuple(i for i, h in enumerate(holders) if h == DISCARD or s not in voids.get(h, ()))
                talon_ok = tuple(i for i in by if holders[i] in (declarer, DISCARD))
                for x in allowed:
                    if x >> 3 == s:
                        allowed[x] = talon_ok if out.talon >> x & 1 else by
            out._hold()
            out._numbering = None
        elif self.unseen & bit:
            out.unseen, out.talon = self.unseen & ~bit, self.talon & ~bit
            out.allowed = allowed = dict(self.allowed)
            del allowed[int(c)]
            out._hold()
            out._numbering = None
        else:   # (his own card, or an open hand's: what he cannot see is as it was)
            out.unseen, out.talon, out.sizes, out.allowed, out.real = \
                self.unseen, self.talon, self.sizes, self.allowed, self.real
            out._numbering = self._numbering
        return out

    def opened(self) -> SeatView:
        """A whister's view once the defence has opened its cards: only the declarer's hand
        (and the discard, unless he saw it) unseen."""
        return SeatView(self.pos, self.seat, (self.pos.declarer,), self.discard, self.voids, self.talon)

    def without_discard(self) -> SeatView:
        """The same view once he has seen the discard."""
        return SeatView(self.pos, self.seat, self.hidden, 0, self.voids, self.talon)

    def consistent(self, layout) -> bool:
        return all(popcount(m) == n for m, n in zip(layout, self.sizes)) and all(
            i in self.allowed[int(c)] for i, m in enumerate(layout) for c in cards_of(m))

    @property
    def count(self) -> int:
        """Exact: cards grouped by the holders they may lie with, distributed by capacity
        (:class:`~solver.imperfect.layouts.Numbering`)."""
        if self.open_defence:
            return 1
        return self.numbering.ways(0, tuple(self.sizes))

    @property
    def numbering(self) -> Numbering:
        if self._numbering is None:
            self._numbering = Numbering(self)
        return self._numbering

    def layouts(self, sample: int | None = None, seed: int = 0) -> Layouts:
        """Every layout he could believe in (lazily listed; ``sample`` as for :class:`InfoSet`)."""
        if self.open_defence:
            return Layouts.one(self.real)
        return split_layouts(self, sample, seed)

    def layout_at(self, index: int) -> tuple:
        """The ``index``-th layout of :class:`~solver.imperfect.layouts.Numbering` (built once)."""
        return self.numbering.layout(index)

    def layouts_at(self, indices, array: bool = False) -> Any:
        """``[self.layout_at(i) for i in indices]``, built in NumPy (:meth:`Numbering.layouts`;
        ``array``: as an (m, holders) NumPy array)."""
        return self.numbering.layouts(indices, array)

    def layout_rank(self, layout) -> int:
        """The inverse of :meth:`layout_at`."""
        return self.numbering.rank(layout)

    def hands(self, layout) -> tuple:
        h = list(self.pos.hands)
        for s, m in zip(self.hidden, layout):
            h[s] = m
        return tuple(h)

    def hands_array(self, part):
        """The hands of the layouts ``part`` as an (n, 3) int64 NumPy array (see :meth:`InfoSet.hands_array`;
        ``part`` a list of layouts, or their array as ``Layouts.chunks`` builds it)."""
        import numpy as np

        out = np.empty((len(part), 3), np.int64)
        for s in range(3):
            if s not in self.hidden:
                out[:, s] = self.pos.hands[s]
        if len(part):
            cols = part if isinstance(part, np.ndarray) else np.array(part, np.int64).reshape(len(part), -1)
            for i, s in enumerate(self.hidden):
                out[:, s] = cols[:, i]
        return out

    def position(self, layout) -> Position:
        p = self.pos.copy(stack=False)
        p.hands = list(self.hands(layout))
        if self.discard:
            p.out = (p.out & ~self.unseen) | layout[-1]
        return p

    def key(self):
        p = self.pos
        return (tuple(p.hands), p.leader, tuple((s, int(c)) for s, c in p.trick),
                tuple(sorted((s, tuple(sorted(v))) for s, v in self.voids.items())), self.hidden, self.discard,
                self.talon)

    def describe(self) -> dict:
        out = {"seat": self.seat, "unseen": Hand(self.unseen).compact(),
               "holders": [str(h) for h in self.holders], "hand_sizes": list(self.sizes),
               "voids": {str(s): "".join(SUIT_LETTERS[x] for x in sorted(v)) for s, v in sorted(self.voids.items())},
               "layouts": self.count}
        if self.talon:
            out["talon"] = Hand(self.talon).compact()
        return out


INFOSET_FIELDS = frozenset({"open", "known", "voids"})


def infoset_from_json(rec: dict) -> InfoSet:
    """The declarer's information set from a position record (``prefdd solve``'s format).

    With ``history`` the voids are found by replaying it; otherwise those shown in the
    current trick count, plus an optional ``voids`` field (``{"1": "s", "2": ["h", "d"]}``).
    Optional ``known`` (``{"1": ["Ks"]}``) and ``open`` (true when the defence plays open).
    """
    from ..position import position_from_json

    if not isinstance(rec, dict):
        raise PositionError.of("expected_json_object", None, got=type(rec).__name__)
    open_defence = rec.get("open", False)
    if not isinstance(open_defence, bool):
        raise PositionError.of("expected_bool", "open", got=repr(open_defence))
    known = _seat_map(rec.get("known"), "known", cards=True)
    voids = _seat_map(rec.get("voids"), "voids", cards=False)
    if rec.get("history") is not None:
        if voids:
            raise PositionError.of("history_or_voids", "voids")
        base = {k: v for k, v in rec.items() if k != "history"}
        if "leader" not in base:
            base["leader"] = 0
        dealt = position_from_json(base, INFOSET_FIELDS)
        hist = rec["history"]
        if not isinstance(hist, list):
            raise PositionError.of("expected_card_list", "history")
        return InfoSet.from_history(dealt, hist, known, open_defence)
    return InfoSet.from_position(position_from_json(rec, INFOSET_FIELDS), voids, known, open_defence)


def _seat_map(value, field_name: str, cards: bool) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise PositionError.of("object_by_seat", field_name)
    out: dict[int, int | frozenset[int]] = {}
    for k, v in value.items():
        seat = parse_seat(k, f"{field_name}[{k}]", strict=False)  # a JSON key: "1" (or "second hand")
        items = list(v) if isinstance(v, str) and not cards else v
        if isinstance(v, str) and cards:
            items = v.split()
        if not isinstance(items, list):
            raise PositionError.of("expected_a_list", f"{field_name}[{k}]")
        try:
            if cards:
                out[seat] = mask_of(Card.parse(c) for c in items)
            else:
                out[seat] = frozenset(int(Suit.parse(x)) for x in items)
        except (ValueError, PrefError) as e:
            raise (e.under(PositionError, f"{field_name}[{k}]") if isinstance(e, PrefError)
                   else PositionError(f"{field_name}[{k}]: {e}")) from None
    return out


if TYPE_CHECKING:  # mypy checks that both views implement the one interface
    def _both_are_information_sets(a: InfoSet, b: SeatView) -> tuple[InformationSet, InformationSet]:
        return a, b
