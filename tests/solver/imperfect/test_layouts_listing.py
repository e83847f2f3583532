"""A view's layouts listed in NumPy (issue 38): ``Layouts.listing`` and ``chunks(arrays=True)``
against the one-at-a-time Python enumeration they replace in a scan — the same layouts in the
same order (a ruling's notes count "once N of them had decided" in that order), for random
deals with voids shown, the discard and the talon, split shares, the witnesses-first order and
capped scans."""
from itertools import chain, combinations

import numpy as np
from helpers.seat_views import random_seat_views

from solver.hands import bits_of
from solver.imperfect import InfoSet, SeatView
from solver.imperfect.candidates import _CappedInShares, witness_first
from solver.imperfect.layouts import capped_layouts, first_then


def _reference(view):
    """The seat view's enumeration as ``split_layouts`` listed it one layout at a time before
    the listing was built in NumPy (kept here as the reference)."""
    n = len(view.holders)
    allow = [0] * n
    for c, holders in view.allowed.items():
        for i in holders:
            allow[i] |= 1 << c
    sizes = view.sizes

    def go(i, free, head):
        pool = bits_of(free & allow[i])
        if i == n - 2:
            last = ~allow[n - 1]
            yield [head + (m, rest) for m in map(sum, combinations(pool, sizes[i])) if not (rest := free & ~m) & last]
            return
        for m in map(sum, combinations(pool, sizes[i])):
            yield from go(i + 1, free & ~m, head + (m,))

    return list(chain.from_iterable(go(0, view.unseen, ())))




def _rows(part):
    """A chunk as a list of layouts (tuples of masks, or first-hand masks)."""
    if isinstance(part, np.ndarray):
        return [tuple(r) for r in part.tolist()] if part.ndim == 2 else part.tolist()
    return list(part)


def _both_ways(layouts, size: int, share: tuple) -> tuple[list, list]:
    lists = [_rows(p) for p in layouts.chunks(size, share)]
    arrays = [p for p in layouts.chunks(size, share, arrays=True)]
    assert all(isinstance(p, np.ndarray) and p.dtype == np.int64 for p in arrays) or layouts.listing is None
    return lists, [_rows(p) for p in arrays]


def test_the_listing_is_the_python_enumeration():
    checked = voids = three = 0
    for rnd, pos, view in random_seat_views(21, 200, (8, 22)):
        for v in (view, InfoSet(pos.copy(stack=False))):
            if v.open_defence or v.count > 30_000:
                continue
            lay = v.layouts()
            old = _reference(v) if isinstance(v, SeatView) else list(lay)
            every = lay.listing.between(0, v.count + 5)
            assert len(old) == v.count == lay.listing.total
            assert list(lay) == old
            assert _rows(every) == old
            assert lay.listing.ranks(every).tolist() == list(range(v.count))
            for _ in range(3):   # any stretch, built on its own
                a = rnd.randrange(v.count)
                b = min(v.count, a + rnd.choice((1, 7, 64, 1024, 5000)))
                assert _rows(lay.listing.between(a, b)) == old[a:b]
            checked += 1
            if isinstance(v, SeatView):
                voids += any(v.voids.values())
                three += len(v.holders) == 3
    assert checked > 250 and voids > 40 and three > 40


def test_the_listing_near_the_end_of_the_hand():
    """Few cards left: empty hands, a holder with nothing to take, the declarer's free cards none."""
    checked = 0
    for _, pos, view in random_seat_views(26, 200, (20, 31)):
        for v in (view, InfoSet(pos.copy(stack=False))):
            if v.open_defence:
                continue
            lay = v.layouts()
            old = _reference(v) if isinstance(v, SeatView) else list(lay)
            assert _rows(lay.listing.between(0, v.count)) == old and len(old) == v.count
            assert [x for p in lay.chunks(3, (1, 2), arrays=True) for x in _rows(p)] == \
                [x for p in lay.chunks(3, (1, 2)) for x in p]
            checked += 1
    assert checked > 250


def test_array_chunks_are_the_list_chunks_share_by_share():
    checked = 0
    for rnd, pos, view in random_seat_views(22, 120, (0, 16)):
        for v in (view, InfoSet(pos.copy(stack=False))):
            if v.open_defence or v.count > 20_000:
                continue
            lay = v.layouts()
            size = rnd.choice((1, 64, 1000, 1024) if v.count < 500 else (64, 1000, 1024))
            for n in (1, 2, 3):
                got = []
                for k in range(n):
                    lists, arrays = _both_ways(lay, size, (k, n))
                    assert arrays == lists
                    got += [x for p in lists for x in p]
                assert sorted(got) == sorted(lay)
            checked += 1
    assert checked > 100


def test_the_witnesses_first_order_in_numpy():
    checked = 0
    for rnd, pos, view in random_seat_views(23, 120, (0, 16)):
        for v in (view, InfoSet(pos.copy(stack=False))):
            if v.open_defence or v.count < 2 or v.count > 20_000:
                continue
            lay = v.layouts()
            every = list(lay)
            first = [every[i] for i in rnd.sample(range(v.count), rnd.randrange(1, min(v.count, 2500)))]
            ft = first_then(lay, first)
            seen = set(first)
            assert list(ft) == first + [x for x in every if x not in seen]
            for share in ((0, 1), (0, 2), (1, 2)):
                lists, arrays = _both_ways(ft, rnd.choice((64, 999, 1024)), share)
                assert arrays == lists
            if v.count >= 200:   # the candidates' own: the real one and a spread chunk first
                wf = witness_first(v, lay, 63) if v.count >= 16 * 64 else None
                if wf is not None:
                    for share in ((0, 2), (1, 2)):
                        lists, arrays = _both_ways(wf, 64, share)
                        assert arrays == lists
            checked += 1
    assert checked > 100


def test_a_capped_scans_array_chunks_are_its_list_chunks():
    checked = 0
    for _, pos, view in random_seat_views(24, 16, (0, 6)):
        for v in (view, InfoSet(pos.copy(stack=False))):
            for cap in (300, 2000):
                if v.count <= cap:
                    continue
                capped = _CappedInShares(v, capped_layouts(v, cap), cap)
                for share in ((0, 1), (0, 2), (1, 2)):
                    lists, arrays = _both_ways(capped, 64, share)
                    assert arrays == lists
                checked += 1
    assert checked > 20


def test_hands_array_of_an_array_chunk_is_of_its_list():
    for _, pos, view in random_seat_views(25, 30, (0, 12)):
        for v in (view, InfoSet(pos.copy(stack=False))):
            if v.open_defence:
                continue
            lay = v.layouts()
            arr = next(lay.chunks(500, arrays=True))
            assert v.hands_array(arr).tolist() == v.hands_array(_rows(arr)).tolist() == \
                [list(v.hands(x)) for x in _rows(arr)]
