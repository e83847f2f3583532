"""The layouts of a view: every split of the unseen cards, listed lazily and counted exactly.

A first lead has C(20, 10) = 184,756 layouts from the declarer's seat and 42.7 million from a
defender's (the declarer's ten, the partner's ten and the discard's two unseen): they are
generated in order, never held in a list, and consumed in chunks by the solver. A random
sample is a named setting, never a default (``method == "sample"``: the real layout is
always among the drawn ones, and every figure built on it says it was sampled).
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import chain, combinations, filterfalse, islice
from math import comb, gcd
from typing import Any

from ..errors import PositionError
from ..hands import bits_of, cards_of, mask_of

__all__ = ["Layouts", "Numbering", "capped_layouts", "declarer_layouts", "first_then", "split_layouts", "Stride", "rank",
           "unrank"]


@dataclass
class Layouts:
    """The layouts of one view: ``total`` of them, ``method`` "exact" (all), "open" (the
    cards are face up: one) or "sample" (a named setting: ``drawn`` of them, with ``seed``)."""

    total: int
    source: Any = field(repr=False)      # a callable giving a fresh iterator over the layouts
    method: str = "exact"
    seed: int | None = None
    drawn: int | None = None
    real: Any = None
    at: Any = field(default=None, repr=False)   # capped: position -> layout, so a share skips the rest unbuilt
    listing: Any = field(default=None, repr=False)   # the same order in NumPy: ``listing.between(a, b)``

    @classmethod
    def one(cls, real) -> Layouts:
        return cls(1, lambda: iter((real,)), "open", real=real)

    @property
    def exact(self) -> bool:
        return self.method != "sample"

    @property
    def used(self) -> int:
        return self.total if self.drawn is None else self.drawn

    def __len__(self) -> int:
        return self.used

    def __iter__(self) -> Iterator:
        return self.source()

    def chunks(self, size: int, share: tuple[int, int] = (0, 1), arrays: bool = False) -> Iterator[Any]:
        """The layouts in lists of at most ``size``, in order; ``share`` (k, n): only every
        n-th list from the k-th (one process's part of a split scan). ``arrays``: where the
        layouts have a ``listing``, each chunk as its NumPy array instead (rows of holders'
        masks, or first-hand masks: what ``hands_array`` takes), built there and only this
        share's (the same layouts in the same order; no Python object a layout)."""
        k, n = share
        if arrays and self.listing is not None:
            try:
                for j in range(k, -(-self.used // size), n):
                    yield self.listing.between(j * size, min(self.used, (j + 1) * size))
            finally:   # (read, or the scan stopped: the listing's rows are not kept with the decision)
                self.listing.release()
            return
        if self.at is not None:
            for j in range(k, -(-self.used // size), n):
                yield [self.at(q) for q in range(j * size, min(self.used, (j + 1) * size))]
            return
        it = iter(self)
        index = 0
        while True:
            part = list(islice(it, size))
            if not part:
                return
            if index % n == k:
                yield part
            index += 1

    def describe(self) -> dict:
        out: dict[str, Any] = {"layouts": self.total, "used": self.used, "method": self.method}
        if self.method == "sample":
            out["seed"] = self.seed
        return out


_C = [[comb(n, k) for k in range(33)] for n in range(33)]


def unrank(index: int, items: list, k: int) -> list:
    """The ``index``-th k-subset of ``items`` in lexicographic order (combinatorial number system)."""
    out = []
    n = len(items)
    i = 0
    while k:
        c = _C[n - i - 1][k - 1]
        if index < c:
            out.append(items[i])
            k -= 1
        else:
            index -= c
        i += 1
    return out


def _unrank_mask(index: int, items: list, k: int) -> tuple[int, list]:
    """:func:`unrank` of card numbers as (the mask of the chosen ones, the others in order):
    one pass, for :meth:`Numbering.layout` (a capped scan builds 200,000 layouts with it)."""
    mask, rest = 0, []
    n = len(items)
    for i, x in enumerate(items):
        if k:
            c = _C[n - i - 1][k - 1]
            if index < c:
                mask |= 1 << x
                k -= 1
                continue
            index -= c
        rest.append(x)
    return mask, rest


def rank(subset, items: list) -> int:
    """The inverse of :func:`unrank`: the position of ``subset`` (a set of ``items``) among
    the subsets of its size in lexicographic order."""
    k = len(subset)
    n = len(items)
    index = 0
    for i, x in enumerate(items):
        if not k:
            break
        if x in subset:
            k -= 1
        else:
            index += _C[n - i - 1][k - 1]
    return index


def _splits(n: int, k: int):
    """Every way of writing n as k ordered non-negative parts."""
    if k == 1:
        yield (n,)
        return
    for i in range(n + 1):
        for rest in _splits(n - i, k - 1):
            yield (i,) + rest


def _multinomial(n: int, split) -> int:
    out, left = 1, n
    for k in split:
        out *= _C[left][k]
        left -= k
    return out


def _room(allowed: tuple, n: int, caps: tuple):
    """Each way to split a group of ``n`` cards over its ``allowed`` holders within their room
    ``caps``: (the split, the room left, the ways to choose which cards go where)."""
    for split in _splits(n, len(allowed)):
        c = list(caps)
        mult, left = 1, n
        for h, k in zip(allowed, split):
            if k > c[h]:
                break
            c[h] -= k
            mult *= _C[left][k]
            left -= k
        else:
            yield split, tuple(c), mult


_WAYS: dict = {}


def _ways(shape: tuple, caps: tuple) -> int:
    """The layouts of groups of cards ``shape`` (each: the holders its cards may lie with, how
    many cards) into the holders' room ``caps``. It depends on the shape alone, not on which
    cards: the views a search meets by the thousand share their counts (a bounded memo)."""
    key = (shape, caps)
    w = _WAYS.get(key)
    if w is None:
        if not shape:
            w = int(not any(caps))
        else:
            (allowed, n), rest = shape[0], shape[1:]
            w = sum(mult * _ways(rest, nxt) for _, nxt, mult in _room(allowed, n, caps))
        if len(_WAYS) >= 1 << 18:
            _WAYS.clear()
        _WAYS[key] = w
    return w


def _unrank_places(left, k, r):
    """For each row, :func:`unrank`'s ``r``-th ``k``-subset of places 0 .. ``left``-1 as a mask
    (NumPy arrays, a pass over the places)."""
    import numpy as np

    binom = _binomials()
    k = k.copy()
    out = np.zeros(len(r), np.int64)
    for q in range(int(left.max(initial=0))):
        on = (k > 0) & (left > q)
        below = binom[np.maximum(left - q - 1, 0), np.maximum(k - 1, 0)]
        pick = on & (r < below)
        r = r - np.where(on & ~pick, below, 0)
        out |= pick.astype(np.int64) << q
        k -= pick
    return out


@cache
def _deposit_tables():
    """For each byte ``f`` of set bits and each value ``v`` of its width, ``v``'s bits put into
    ``f``'s set bits; and each byte's count of set bits (built once)."""
    import numpy as np

    table = np.zeros((256, 256), np.uint8)   # (64 KB: in the cache, where int64 would be 512)
    for f in range(256):
        places = [q for q in range(8) if f >> q & 1]
        for v in range(1 << len(places)):
            table[f, v] = sum(1 << places[i] for i in range(len(places)) if v >> i & 1)
    return table, np.array([bin(f).count("1") for f in range(256)], np.int64)


def _deposit(x, into, width: int = 3):
    """For each row, the low bits of ``x`` put into the set bits of ``into`` in order (bit i of
    ``x`` into the i-th set bit of ``into``; ``into`` of at most ``width`` bytes), a byte of
    ``into`` at a time through a table."""
    import numpy as np

    table, ones = _deposit_tables()
    out = np.zeros(len(x), np.int64)
    for b in range(width):
        f = (into >> (8 * b)) & 255
        c = ones[f]
        out |= table[f, x & ((1 << c) - 1)].astype(np.int64) << (8 * b)
        x = x >> c
    return out


@lru_cache(maxsize=4096)
def _place_tables(cards: tuple) -> list:
    """For each byte of places in ``cards``, every mask of those places as a mask of the cards."""
    import numpy as np

    v = np.arange(256, dtype=np.int64)[:, None]
    return [((v >> np.arange(len(part))) & 1) @ np.array([1 << c for c in part], np.int64)
            for part in (cards[b:b + 8] for b in range(0, len(cards), 8))]


def _places_to_cards(cards: tuple, rel):
    """Masks of places in ``cards`` (bit q: ``cards[q]``) as masks of the cards, a byte of
    places at a time through a table (one a group of cards, built once)."""
    tables = _place_tables(cards)
    if not tables:   # (no cards: every mask empty)
        return rel & 0
    out = tables[0][rel & 255]
    for j in range(1, len(tables)):
        out |= tables[j][(rel >> (8 * j)) & 255]
    return out


@cache
def _binomials():
    """:data:`_C` as a NumPy array (built once)."""
    import numpy as np

    return np.array(_C, np.int64)


def _popcount(x):
    """Each row's count of set bits (NumPy int64 masks of at most 32 bits)."""
    import numpy as np

    if hasattr(np, "bitwise_count"):   # (NumPy 2)
        return np.bitwise_count(x).astype(np.int64)
    _, ones = _deposit_tables()
    return ones[x & 255] + ones[(x >> 8) & 255] + ones[(x >> 16) & 255] + ones[(x >> 24) & 255]


@lru_cache(maxsize=64)
def _lex_places(p: int, k: int):
    """Every ``k``-subset of places 0 .. ``p``-1 as a mask, in the order ``combinations`` lists
    them (lexicographic: those with place 0 first), a NumPy int64 array (built once)."""
    import numpy as np

    row = {0: np.zeros(1, np.int64)}   # q places so far: j of them taken -> the subsets
    for q in range(1, p + 1):
        nxt = {}
        for j in range(max(0, k - (p - q)), min(k, q) + 1):
            parts = ([(row[j - 1] << 1) | 1] if j else []) + ([row[j] << 1] if j < q else [])
            nxt[j] = np.concatenate(parts)
        row = nxt
    return row[k] if k in row else np.zeros(0, np.int64)


def _places_at(p, k, idx):
    """For each row, the ``idx``-th ``k``-subset of ``p`` places (:func:`_lex_places`); ``p``,
    ``k`` and ``idx`` NumPy arrays (a table a distinct size)."""
    import numpy as np

    code = p * 64 + k
    first = int(code[0]) if len(code) else 0
    if not len(code) or not (code != first).any():
        return _lex_places(first >> 6, first & 63)[idx]
    out = np.empty(len(idx), np.int64)
    for c in np.unique(code).tolist():
        sel = code == c
        out[sel] = _lex_places(c >> 6, c & 63)[idx[sel]]
    return out


def _lex_ranks(sub, pool):
    """For each row, where ``sub`` (a subset of ``pool``; NumPy arrays of card masks) stands
    among the subsets of ``pool`` of its size in ``combinations`` order (:func:`rank` of
    each, a pass over the cards)."""
    import numpy as np

    binom = _binomials()
    left = _popcount(pool)
    k = _popcount(sub)
    out = np.zeros(len(sub), np.int64)
    every = int(np.bitwise_or.reduce(pool)) if len(pool) else 0
    for c in range(32):
        if not every >> c & 1:
            continue
        on = (pool >> c) & 1
        took = (sub >> c) & 1
        left = left - on
        out += np.where((on > took) & (k > 0), binom[left, np.maximum(k - 1, 0)], 0)
        k = k - took
    return out


class _SplitListing:
    """:func:`split_layouts`' enumeration in NumPy: the same layouts in the same order, any
    stretch of positions built at once (``between``), and the position of any layout
    (``ranks``). Two or three holders (two hidden seats and the discard at most).

    The first holders' hands (three holders: the first's) are listed whole, each a *row*;
    within a row the next-to-last holder takes ``sizes[-2]`` of the cards left that he may
    hold, in ``combinations`` order, keeping those that leave the last holder only cards he
    may hold: he must take the ones the last may not (``must``), and the rest of his hand is
    any subset of the others (``free``), in the same order (a fixed set added to two subsets
    of one size changes neither's place). Built at the first call (NumPy only then)."""

    def __init__(self, unseen: int, allow: list, sizes: tuple):
        self.unseen, self.allow, self.sizes = unseen, tuple(allow), tuple(sizes)
        self.n = len(sizes)
        self.total: int | None = None
        self.ends: Any = None

    def _rows(self, head):
        """For rows of first hands ``head`` (three holders; else the one empty row): the cards
        left (``free``), those the next-to-last must take (``must``), the others he may take
        (``rest``), how many of them he takes (``take``) and the row's layouts (``count``)."""
        import numpy as np

        allow, n = self.allow, self.n
        free = self.unseen & ~head if head is not None else np.array([self.unseen], np.int64)
        pool = free & allow[n - 2]
        must = free & ~allow[n - 1]
        take = self.sizes[n - 2] - _popcount(must)
        rest = pool & ~must
        p = _popcount(rest)
        ok = ((must & ~pool) == 0) & (take >= 0) & (take <= p)
        take = np.where(ok, take, 0)
        return free, must, rest, p, take, np.where(ok, _binomials()[p, take], 0)

    def _build(self) -> None:
        """The rows (three holders: the first holder's every hand) and where each ends; only
        these are kept (two arrays: a forked share builds its own, page by page)."""
        import numpy as np

        self.head = None
        if self.n == 3:
            pool = self.unseen & self.allow[0]
            cards = tuple(c for c in range(32) if pool >> c & 1)
            self.head = _places_to_cards(cards, _lex_places(len(cards), self.sizes[0])) \
                if len(cards) >= self.sizes[0] else np.zeros(0, np.int64)
        self.ends = np.cumsum(self._rows(self.head)[-1])
        self.total = int(self.ends[-1]) if len(self.ends) else 0

    def prepare(self) -> None:
        """The rows and every table their layouts read, built now (before a split scan forks:
        the shares read them, not build them each)."""
        import numpy as np

        if self.total is None:
            self._build()
        _, _, _, places, take, count = self._rows(self.head)
        for c in np.unique((places * 64 + take)[count > 0]).tolist():
            _lex_places(c >> 6, c & 63)

    def release(self) -> None:
        """Forget the rows (built again if asked again): a decision keeps its layouts."""
        self.head = self.ends = self.total = None

    def between(self, a: int, b: int):
        """The layouts at positions ``a`` .. ``b``-1, an (m, holders) int64 array."""
        import numpy as np

        if self.total is None:
            self._build()
        assert self.total is not None
        b = min(b, self.total)
        if a >= b:
            return np.zeros((0, self.n), np.int64)
        ends = self.ends
        rows = np.arange(int(np.searchsorted(ends, a, "right")), int(np.searchsorted(ends, b - 1, "right")) + 1)
        head = self.head[rows] if self.head is not None else None
        free, must, rest, places, take, count = self._rows(head)
        starts = ends[rows] - count
        lo = np.maximum(a - starts, 0)
        per = np.minimum(b - starts, count) - lo
        row = np.repeat(np.arange(len(rows)), per)
        idx = np.arange(b - a, dtype=np.int64) + np.repeat(lo - (np.cumsum(per) - per), per)
        rel = _places_at(places[row], take[row], idx)
        m = _deposit(rel, rest[row], 4) | must[row]
        out = np.empty((b - a, self.n), np.int64)
        if head is not None:
            out[:, 0] = head[row]
        out[:, -2] = m
        out[:, -1] = free[row] & ~m
        return out

    def ranks(self, lays):
        """The positions of layouts ``lays`` (an (m, holders) int64 array of this view's)."""
        import numpy as np

        if self.total is None:
            self._build()
        if self.n == 3:
            row = _lex_ranks(lays[:, 0], np.full(len(lays), self.unseen & self.allow[0], np.int64))
            _, must, rest, _, _, count = self._rows(lays[:, 0])
        else:
            row = np.zeros(len(lays), np.int64)
            _, must, rest, _, _, count = (x[row] for x in self._rows(None))
        return self.ends[row] - count + _lex_ranks(lays[:, -2] & ~must, rest)


class _CombListing:
    """:func:`declarer_layouts`' enumeration in NumPy (first-hand masks: ``base`` and ``need``
    of the cards of ``free`` in ``combinations`` order), as :class:`_SplitListing`."""

    def __init__(self, base: int, free: int, need: int):
        self.base, self.free, self.need = base, free, need
        self.cards = tuple(c for c in range(32) if free >> c & 1)
        self.total = comb(len(self.cards), need)

    def between(self, a: int, b: int):
        return _places_to_cards(self.cards, _lex_places(len(self.cards), self.need)[a:b]) | self.base

    def ranks(self, lays):
        import numpy as np

        return _lex_ranks(lays & self.free, np.full(len(lays), self.free, np.int64))

    def prepare(self) -> None:
        _lex_places(len(self.cards), self.need)

    def release(self) -> None:
        pass


class _FirstThen:
    """The listing of ``first`` (distinct layouts of ``listing``'s), then ``listing``'s others
    in its order (:func:`first_then`): a position past the first ones is found among the
    others by the first ones' positions there, sorted (``skip``)."""

    def __init__(self, listing, first: list):
        self.listing, self.first = listing, first
        self.arr: Any = None

    def _nth(self, q: int) -> int:
        """The position in ``listing`` of its ``q``-th layout not among the first ones."""
        import numpy as np

        e = q
        while True:   # the least e = q + (first ones at or before e): not one of them
            nxt = q + int(np.searchsorted(self.skip, e, "right"))
            if nxt == e:
                return e
            e = nxt

    def release(self) -> None:
        self.listing.release()
        self.arr = None

    def between(self, a: int, b: int):
        import numpy as np

        if self.arr is None:
            self.arr = np.array(self.first, np.int64)
            self.skip = np.sort(self.listing.ranks(self.arr))
        f = len(self.arr)
        parts = []
        if a < f:
            parts.append(self.arr[a:min(b, f)])
            a = min(b, f)
        if a < b:
            lo, hi = self._nth(a - f), self._nth(b - 1 - f) + 1
            got = self.listing.between(lo, hi)
            drop = self.skip[(self.skip >= lo) & (self.skip < hi)] - lo
            if len(drop):
                keep = np.ones(hi - lo, bool)
                keep[drop] = False
                got = got[keep]
            parts.append(got)
        return parts[0] if len(parts) == 1 else np.concatenate(parts)


def first_then(layouts: Layouts, first: list) -> Layouts:
    """``first`` (distinct layouts of ``layouts``, an exact enumeration), then the others in
    ``layouts``' order: every layout once. Listed as ``layouts`` is (in Python, or in NumPy
    where it has a ``listing``)."""
    seen = set(first)

    def every():   # (an iterator of C parts: no Python frame a layout)
        return chain(first, filterfalse(seen.__contains__, layouts))

    listing = None
    if layouts.listing is not None:   # (the scans split across processes come this way: built here, once)
        layouts.listing.prepare()
        listing = _FirstThen(layouts.listing, first)
    return Layouts(layouts.total, every, layouts.method, layouts.seed, layouts.drawn, layouts.real, listing=listing)


class Numbering:
    """The layouts of a :class:`~solver.imperfect.SeatView` numbered 0 .. count-1 without
    listing them: the unseen cards are grouped by the holders they may lie with; a layout
    is, group by group, a split of the group's count over its holders (each split weighted
    by the layouts it leaves) and a choice of which cards go where (combinations, in
    lexicographic order)."""

    def __init__(self, view):
        groups: dict = {}
        for c, allowed in sorted(view.allowed.items()):
            groups.setdefault(allowed, []).append(c)
        self.groups = sorted(groups.items())
        self.sizes = tuple(view.sizes)
        self.shape = tuple((allowed, len(cards)) for allowed, cards in self.groups)
        self._opts: dict = {}

    def ways(self, i: int, caps: tuple) -> int:
        """The layouts of groups ``i..`` into the holders' room left ``caps``."""
        return _ways(self.shape[i:], caps)

    def _moves(self, i: int, caps: tuple):
        allowed, cards = self.groups[i]
        return _room(allowed, len(cards), caps)

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
            chosen = None
            for split, nxt, rest in self._options(i, caps):
                size = _multinomial(len(cards), split) * rest
                if index < size:
                    chosen = (split, nxt, rest)
                    break
                index -= size
            if chosen is None:
                raise IndexError("layout index out of range")
            split, caps, rest = chosen
            a, index = divmod(index, rest)
            left = cards
            for h, k in zip(allowed, split):
                a, r = divmod(a, _C[len(left)][k])
                m, left = _unrank_mask(r, left, k)
                lay[h] |= m
        return tuple(lay)


    def layouts(self, indices, array: bool = False) -> Any:
        """``[self.layout(i) for i in indices]``, built in NumPy a group of cards at a time
        (a capped scan builds 200,000 layouts: 13 us each one by one, in Python); ``array``:
        as an (m, holders) int64 NumPy array."""
        import numpy as np

        if any(len(cards) > 24 for _, cards in self.groups):   # (the tables' width; never in a deal)
            out = [self.layout(int(i)) for i in indices]
            return np.array(out, np.int64).reshape(len(out), len(self.sizes)) if array else out
        idx = np.array(indices, np.int64).reshape(-1)
        m = len(idx)
        if m == 0:
            return np.zeros((0, len(self.sizes)), np.int64) if array else []
        binom = _binomials()
        lay = np.zeros((len(self.sizes), m), np.int64)
        states = {self.sizes: np.arange(m)}   # the holders' room left -> the rows there
        for i, (allowed, cards) in enumerate(self.groups):
            n, w = len(cards), len(allowed)
            split = np.zeros((m, w), np.int64)   # each row's split of the group over ``allowed``
            a = np.zeros(m, np.int64)
            after: dict = {}
            for caps, rows in states.items():
                opts = self._options(i, caps)
                sizes = np.array([_multinomial(n, sp) * rest for sp, _, rest in opts], np.int64)
                ends = np.cumsum(sizes)
                x = idx[rows]
                which = np.searchsorted(ends, x, side="right")
                if len(opts) == 0 or int(which.max()) >= len(opts):
                    raise IndexError("layout index out of range")
                x = x - (ends - sizes)[which]
                rests = np.array([rest for _, _, rest in opts], np.int64)[which]
                a[rows], idx[rows] = np.divmod(x, rests)
                split[rows] = np.array([sp for sp, _, _ in opts], np.int64).reshape(len(opts), w)[which]
                for o in np.unique(which).tolist():
                    after.setdefault(opts[o][1], []).append(rows[which == o])
            states = {caps: np.concatenate(parts) for caps, parts in after.items()}
            # which of the group's places (0 .. n-1, its cards in order) each holder takes: his
            # ``k`` among the places left, by rank (deposited into them), the last holder what
            # is left (his part of a split is all of it)
            full = (1 << n) - 1
            taken = np.zeros(m, np.int64)
            left = np.full(m, n, np.int64)
            for t, h in enumerate(allowed):
                if t == w - 1:
                    rel = full & ~taken
                else:
                    k = split[:, t]
                    a, r = np.divmod(a, binom[left, k])
                    rel = _unrank_places(left, k, r)
                    if t:
                        rel = _deposit(rel, full & ~taken)
                    left = left - k
                taken |= rel
                lay[h] |= _places_to_cards(tuple(cards), rel)
        return np.ascontiguousarray(lay.T) if array else list(zip(*lay.tolist()))

    def rank(self, lay) -> int:
        """The number of layout ``lay`` (the inverse of :meth:`layout`)."""
        caps = self.sizes
        index = 0
        for i, (allowed, cards) in enumerate(self.groups):
            split = tuple(sum(1 for c in cards if lay[h] >> c & 1) for h in allowed)
            for option in self._options(i, caps):
                if option[0] == split:
                    break
                index += _multinomial(len(cards), option[0]) * option[2]
            else:
                raise IndexError("not a layout of this view")
            _, nxt, rest = option
            a, radix, left = 0, 1, cards
            for h, k in zip(allowed, split):
                picked = {c for c in left if lay[h] >> c & 1}
                a += rank(picked, left) * radix
                radix *= _C[len(left)][k]
                left = [c for c in left if c not in picked]
            index += a * rest
            caps = nxt
        return index


class Stride:
    """Every number of ``0 .. total-1`` once, spread evenly: position ``j`` holds ``seed + j * a``
    modulo ``total``, with ``a`` the whole number nearest ``total / phi`` prime to ``total`` (a
    golden-ratio stride: any first stretch of the order covers the range evenly)."""

    def __init__(self, total: int, seed: int = 0):
        a = max(1, round(total * 0.6180339887498949))
        while gcd(a, total) != 1:
            a += 1
        self.total, self.seed, self.a = total, seed % total, a
        self._inverse = pow(a, -1, total) if total > 1 else 0

    def __getitem__(self, j: Any) -> Any:
        """The number at position ``j`` (an int, or a NumPy array of positions: theirs)."""
        return (self.seed + j * self.a) % self.total

    def position(self, number: int) -> int:
        """Where ``number`` stands in the order."""
        return (number - self.seed) * self._inverse % self.total


def capped_layouts(view, cap: int, seed: int = 0, every: bool = False) -> Layouts:
    """``cap`` of a view's layouts, for a decision with more than that: the real one first,
    then the others in :class:`Stride` order of their numbers (``view.layout_at``,
    ``view.layout_rank``), ``method`` "capped". Built as they are read (a share of a split
    scan builds only its own, a decision that settles early only the first); nothing random:
    the same view gives the same layouts. ``every``: all of them will be read (single-dummy
    figures): they are built at once and sorted, so neighbouring layouts share the engine's
    table (22 s against 33 s on a whister's first lead; the order changes no figure)."""
    total = view.count
    if total <= cap:
        return view.layouts()
    real = view.real
    order = Stride(total, seed)
    skip = order.position(view.layout_rank(real))   # the real one's place in the order, not repeated

    def at(q: int):
        if q == 0:
            return real
        j = q - 1
        return view.layout_at(order[j if j < skip else j + 1])

    if every:
        listed = sorted(at(q) for q in range(cap))
        return Layouts(total, lambda: iter(listed), "capped", seed, cap, real, listed.__getitem__)
    return Layouts(total, lambda: (at(q) for q in range(cap)), "capped", seed, cap, real, at)


def _check_sample(sample: int) -> None:
    if isinstance(sample, bool) or not isinstance(sample, int) or sample < 1:
        raise PositionError.of("whole_number_min1", "sample", got=repr(sample))


def declarer_layouts(view, sample: int | None, seed: int) -> Layouts:
    """The declarer's view: first-defender masks, ``C(free, need)`` of them."""
    total = view.count
    free = cards_of(view.free)
    base = view.forced[view.defenders[0]]
    need = view.need

    bits = [1 << int(c) for c in free]

    def every():   # the cards' bits are distinct: a sum is their union (and runs in C)
        return (base | m for m in map(sum, combinations(bits, need)))

    if sample is None or sample >= total:
        return Layouts(total, every, real=view.real, listing=_CombListing(base, view.free, need))
    _check_sample(sample)
    picks = random.Random(seed).sample(range(total), sample)
    drawn = [base | mask_of(unrank(i, free, need)) for i in picks]
    if view.real not in drawn:
        drawn.append(view.real)
    return Layouts(total, lambda: iter(drawn), "sample", seed, len(drawn), view.real)


def split_layouts(view, sample: int | None, seed: int) -> Layouts:
    """Any seat's view: the unseen cards dealt to the holders (hidden seats, the discard)
    of their sizes, each card only to a holder not void in its suit."""
    total = view.count
    n = len(view.holders)
    allow = [0] * n   # the unseen cards each holder may hold (not a seat void in the suit)
    for c, holders in view.allowed.items():
        for i in holders:
            allow[i] |= 1 << c
    sizes = view.sizes

    def every():
        # a layout's last hand is what the others left: only its mask is checked (the cards'
        # bits are distinct, so a sum of them is their union, and runs in C)
        # (the layouts of one choice of the first hands as one list, built by a comprehension:
        # a generator's yield a layout cost more than the scan's other Python)
        def go(i, free, head):
            pool = bits_of(free & allow[i])
            if i == n - 2:
                last = ~allow[n - 1]
                yield [head + (m, rest) for m in map(sum, combinations(pool, sizes[i]))
                       if not (rest := free & ~m) & last]
                return
            for m in map(sum, combinations(pool, sizes[i])):
                yield from go(i + 1, free & ~m, head + (m,))

        if n == 1:
            return iter([(view.unseen,)] if not view.unseen & ~allow[0] else [])
        return chain.from_iterable(go(0, view.unseen, ()))

    if sample is None or sample >= total:
        return Layouts(total, every, real=view.real, listing=_SplitListing(view.unseen, allow, sizes) if n in (2, 3) else None)
    _check_sample(sample)
    rng = random.Random(seed)
    cards = cards_of(view.unseen)
    seen: set = set()
    drawn: list = []
    for _ in range(200 * sample):
        rng.shuffle(cards)
        hands, k = [], 0
        for size in view.sizes:
            hands.append(mask_of(cards[k:k + size]))
            k += size
        lay = tuple(hands)
        if lay not in seen and view.consistent(lay):
            seen.add(lay)
            drawn.append(lay)
            if len(drawn) >= sample:
                break
    if view.real not in seen:
        drawn.append(view.real)
    return Layouts(total, lambda: iter(drawn), "sample", seed, len(drawn), view.real)
